import type { Localized } from './locale';

const msg = (en: string, ru: string, kk: string): Localized => ({ en, ru, kk });

/**
 * Success messages of the notifications service (merged into MESSAGES): the titles and texts of per-user
 * notices, shown as toasts by the student UI and kept in the notices list.
 */
export const NOTIFICATIONS_MESSAGES = {
  NOTICE_INVOICE_PAID_TITLE: msg('Payment received', 'Оплата получена', 'Төлем қабылданды'),
  NOTICE_INVOICE_PAID: msg(
    'Your invoice is paid: {amount}. Access is open.',
    'Ваш счёт оплачен: {amount}. Доступ открыт.',
    'Шотыңыз төленді: {amount}. Қолжетімділік ашық.',
  ),
  NOTICE_ORDER_STATUS_TITLE: msg('Order update', 'Заказ обновлён', 'Тапсырыс жаңартылды'),
  NOTICE_ORDER_STATUS: msg(
    'Your order is now "{status}".',
    'Статус вашего заказа: «{status}».',
    'Тапсырысыңыздың күйі: «{status}».',
  ),
  /** The SMS when an order waits at the pickup point (Kazakh and Russian in one message: no language is stored). */
  SMS_ORDER_READY: msg(
    'Olymp: your order is ready for pickup. Show the code {code} at the desk.',
    'Olymp: заказ готов к выдаче. Назовите код {code} в пункте выдачи.',
    'Olymp: тапсырысыңыз беруге дайын. Беру пунктінде {code} кодын айтыңыз.',
  ),
  ORDER_STATUS_AWAITING_PAYMENT: msg('awaiting payment', 'ожидает оплаты', 'төлемді күтуде'),
  ORDER_STATUS_PAID: msg('paid', 'оплачен', 'төленді'),
  ORDER_STATUS_PROCESSING: msg('being prepared', 'собирается', 'жиналуда'),
  ORDER_STATUS_SHIPPED: msg('on its way', 'в пути', 'жолда'),
  ORDER_STATUS_DELIVERED: msg('delivered', 'доставлен', 'жеткізілді'),
  ORDER_STATUS_READY_FOR_PICKUP: msg('ready for pickup', 'готов к выдаче', 'беруге дайын'),
  ORDER_STATUS_PICKED_UP: msg('picked up', 'получен', 'алынды'),
  ORDER_STATUS_CANCELLED: msg('cancelled', 'отменён', 'болдырылмады'),
  ORDER_STATUS_RETURN_REQUESTED: msg('return requested', 'запрошен возврат', 'қайтару сұралды'),
  ORDER_STATUS_RETURNED: msg('returned, money refunded', 'возвращён, деньги возвращены', 'қайтарылды, ақша қайтарылды'),
  ORDER_STATUS_RETURN_REFUSED: msg('return refused', 'в возврате отказано', 'қайтарудан бас тартылды'),
  NOTICE_ACHIEVEMENT_TITLE: msg('New achievement!', 'Новое достижение!', 'Жаңа жетістік!'),
  NOTICE_ACHIEVEMENT: msg('You earned "{title}".', 'Вы получили «{title}».', 'Сіз «{title}» алдыңыз.'),
  /** How an amount reads in a notice: tenge, wallet points, or both. */
  AMOUNT_TENGE: msg('{tenge} ₸', '{tenge} ₸', '{tenge} ₸'),
  AMOUNT_ZP: msg('{zp} ZP', '{zp} ZP', '{zp} ZP'),
  NOTICE_CHAT_ANNOUNCEMENT_TITLE: msg('Announcement in "{group}"', 'Объявление в «{group}»', '«{group}» тобындағы хабарландыру'),
  NOTICE_CHAT_ANNOUNCEMENT: msg('{text}', '{text}', '{text}'),
  NOTICE_EVENT_REMINDER_TITLE: msg('Starts in an hour: {title}', 'Через час: {title}', 'Бір сағаттан кейін: {title}'),
  NOTICE_EVENT_REMINDER: msg('"{title}" starts at {time} (Almaty time).', '«{title}» начнётся в {time} (по времени Алматы).', '«{title}» басталу уақыты: {time} (Алматы уақыты).'),
  NOTICE_COURSE_ENROLLED_TITLE: msg('You are enrolled', 'Вы зачислены', 'Сіз курсқа жазылдыңыз'),
  NOTICE_COURSE_ENROLLED: msg(
    'You are enrolled in "{title}". Access is open until {until}.',
    'Вы зачислены на курс «{title}». Доступ открыт до {until}.',
    'Сіз «{title}» курсына жазылдыңыз. Қолжетімділік {until} дейін ашық.',
  ),
  NOTICE_COURSE_RENEWED_TITLE: msg('Access extended', 'Доступ продлён', 'Қолжетімділік ұзартылды'),
  NOTICE_COURSE_RENEWED: msg(
    'Your access to "{title}" is extended until {until}.',
    'Доступ к курсу «{title}» продлён до {until}.',
    '«{title}» курсына қолжетімділік {until} дейін ұзартылды.',
  ),
  NOTICE_COURSE_NEWS_TITLE: msg('News in "{course}"', 'Новость курса «{course}»', '«{course}» курсының жаңалығы'),
  NOTICE_COURSE_NEWS: msg('{text}', '{text}', '{text}'),
  NOTICE_HOMEWORK_GRADED_TITLE: msg('Homework graded', 'Домашнее задание проверено', 'Үй тапсырмасы тексерілді'),
  NOTICE_HOMEWORK_GRADED: msg(
    '"{title}" in "{course}": {points} of {max} points.',
    '«{title}» по курсу «{course}»: {points} из {max} баллов.',
    '«{course}» курсындағы «{title}»: {max} ұпайдың {points}.',
  ),
  NOTICE_CONSULTATION_CANCELLED_TITLE: msg('Consultation called off', 'Консультация отменена', 'Кеңес болдырылмады'),
  NOTICE_CONSULTATION_CANCELLED: msg(
    'Your consultation in "{course}" on {date} at {time} (Almaty time) was called off by the school. Book another free time on the course page.',
    'Ваша консультация по курсу «{course}» {date} в {time} (время Алматы) отменена школой. Запишитесь на другое свободное время на странице курса.',
    '«{course}» курсы бойынша {date} күні сағат {time}-дағы (Алматы уақыты) кеңесіңізді мектеп болдырмады. Курс бетінде басқа бос уақытқа жазылыңыз.',
  ),
  NOTICE_LESSON_SOON_TITLE: msg('A lesson soon', 'Скоро урок', 'Жақында сабақ'),
  NOTICE_LESSON_SOON: msg(
    '"{title}" starts at {time} (Almaty time). The group link opens 15 minutes before.',
    '«{title}» начнётся в {time} (время Алматы). Ссылка группы откроется за 15 минут.',
    '«{title}» сабағы {time}-да басталады (Алматы уақыты). Топ сілтемесі 15 минут бұрын ашылады.',
  ),
  /** The SMS an hour before a live lesson (Kazakh and Russian in one message: no language is stored). */
  SMS_LESSON_SOON: msg(
    'Olymp: lesson "{title}" at {time}.',
    'Olymp: урок «{title}» в {time}.',
    'Olymp: «{title}» сабағы {time}-да.',
  ),
  MARKED_READ: msg('Marked as read.', 'Отмечено как прочитанное.', 'Оқылды деп белгіленді.'),
} as const satisfies Record<string, Localized>;
