import { type ErrorDef, def } from './error-def';

/** Error codes of the notifications service (merged into ERRORS). */
export const NOTIFICATIONS_ERRORS = {
  LEADERBOARD_TOO_MANY_BOARDS: def(
    400,
    'You are watching too many leaderboards at once (at most {max}). Close one and try again.',
    'Вы следите за слишком многими рейтингами сразу (не больше {max}). Закройте один и попробуйте снова.',
    'Бір уақытта тым көп рейтингті бақылап отырсыз (ең көбі {max}). Біреуін жауып, қайталап көріңіз.',
  ),
  SOCKET_HANDSHAKE_INVALID: def(
    400,
    'The live connection was refused: its settings (token, language or boards) are not valid. Reload the page and try again.',
    'Подключение к обновлениям отклонено: его параметры (токен, язык или рейтинги) неверны. Обновите страницу и попробуйте снова.',
    'Жаңартуларға қосылу қабылданбады: оның параметрлері (токен, тіл немесе рейтингтер) дұрыс емес. Бетті жаңартып, қайталап көріңіз.',
  ),
  SOCKET_SUBSCRIBE_RATE_LIMITED: def(
    429,
    'Too many leaderboard subscriptions in a short time. Wait {seconds} s and try again.',
    'Слишком много подписок на рейтинги за короткое время. Подождите {seconds} с и попробуйте снова.',
    'Қысқа уақытта рейтингтерге тым көп жазылу. {seconds} с күтіп, қайталап көріңіз.',
  ),
  // Chat (docs/chat.md).
  CHAT_GROUP_CLOSED: def(
    409,
    'This chat is closed by staff: messages cannot be sent. You can still read it.',
    'Этот чат закрыт сотрудниками: отправлять сообщения нельзя. Читать его можно.',
    'Бұл чатты қызметкерлер жапты: хабар жіберуге болмайды. Оны оқуға болады.',
  ),
  CHAT_MUTED: def(
    403,
    'A moderator has muted you in this chat until {until}. You can read it; write again after that time.',
    'Модератор ограничил вам отправку сообщений в этом чате до {until}. Читать можно; пишите снова после этого времени.',
    'Модератор сізге бұл чатта {until} дейін хабар жазуды шектеді. Оқуға болады; сол уақыттан кейін қайта жазыңыз.',
  ),
  CHAT_RATE_LIMITED: def(
    429,
    'You are sending messages too fast. Wait {seconds} s and send again.',
    'Вы отправляете сообщения слишком часто. Подождите {seconds} с и отправьте снова.',
    'Сіз хабарларды тым жиі жіберіп жатырсыз. {seconds} с күтіп, қайта жіберіңіз.',
  ),
  CHAT_MESSAGE_EMPTY: def(
    400,
    'The message is empty. Write some text or attach a picture.',
    'Сообщение пустое. Напишите текст или прикрепите картинку.',
    'Хабар бос. Мәтін жазыңыз немесе сурет тіркеңіз.',
  ),
  CHAT_EDIT_WINDOW_PASSED: def(
    409,
    'A message can be edited only within {minutes} minutes of sending. Send a new message instead.',
    'Сообщение можно изменить только в течение {minutes} минут после отправки. Отправьте новое сообщение.',
    'Хабарды жібергеннен кейін тек {minutes} минут ішінде өзгертуге болады. Жаңа хабар жіберіңіз.',
  ),
  CHAT_NOT_AUTHOR: def(
    403,
    'Only the author can change or delete this message. Report it if something is wrong with it.',
    'Изменить или удалить сообщение может только его автор. Пожалуйтесь на него, если с ним что-то не так.',
    'Хабарды тек оның авторы өзгерте не өшіре алады. Онда бір мәселе болса, шағымданыңыз.',
  ),
  CHAT_MESSAGE_GONE: def(
    409,
    'This message was deleted or hidden, so it cannot be changed or answered. Reload the chat.',
    'Это сообщение удалено или скрыто, его нельзя изменить или ответить на него. Обновите чат.',
    'Бұл хабар өшірілген немесе жасырылған, оны өзгертуге немесе оған жауап беруге болмайды. Чатты жаңартыңыз.',
  ),
  CHAT_REPLY_NOT_FOUND: def(
    400,
    'The message you are answering is not in this chat. Choose a message of this chat to reply to.',
    'Сообщения, на которое вы отвечаете, нет в этом чате. Выберите сообщение этого чата.',
    'Сіз жауап беріп отырған хабар бұл чатта жоқ. Осы чаттың хабарын таңдаңыз.',
  ),
  CHAT_NOT_A_MEMBER: def(
    400,
    'This person is not in the group this chat belongs to. Add only its members.',
    'Этого человека нет в группе, к которой относится чат. Добавляйте только её участников.',
    'Бұл адам чат тиесілі топта жоқ. Тек оның мүшелерін қосыңыз.',
  ),
  CHAT_IMAGE_NOT_FOUND: def(
    400,
    'This picture was not uploaded to this chat by you. Attach the picture again.',
    'Эта картинка не загружена вами в этот чат. Прикрепите картинку ещё раз.',
    'Бұл суретті сіз осы чатқа жүктемегенсіз. Суретті қайта тіркеңіз.',
  ),
} as const satisfies Record<string, ErrorDef>;
