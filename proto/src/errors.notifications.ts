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
} as const satisfies Record<string, ErrorDef>;
