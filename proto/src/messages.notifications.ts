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
  NOTICE_ACHIEVEMENT_TITLE: msg('New achievement!', 'Новое достижение!', 'Жаңа жетістік!'),
  NOTICE_ACHIEVEMENT: msg('You earned "{title}".', 'Вы получили «{title}».', 'Сіз «{title}» алдыңыз.'),
  /** How an amount reads in a notice: tenge, wallet points, or both. */
  AMOUNT_TENGE: msg('{tenge} ₸', '{tenge} ₸', '{tenge} ₸'),
  AMOUNT_ZP: msg('{zp} ZP', '{zp} ZP', '{zp} ZP'),
  NOTICE_CHAT_ANNOUNCEMENT_TITLE: msg('Announcement in "{group}"', 'Объявление в «{group}»', '«{group}» тобындағы хабарландыру'),
  NOTICE_CHAT_ANNOUNCEMENT: msg('{text}', '{text}', '{text}'),
  MARKED_READ: msg('Marked as read.', 'Отмечено как прочитанное.', 'Оқылды деп белгіленді.'),
} as const satisfies Record<string, Localized>;
