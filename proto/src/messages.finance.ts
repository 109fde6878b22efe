import type { Localized } from './locale';

const msg = (en: string, ru: string, kk: string): Localized => ({ en, ru, kk });

/** Success messages of the finance service (merged into MESSAGES). */
export const FINANCE_MESSAGES = {
  INVOICE_PAID: msg('The invoice is paid. Thank you!', 'Счёт оплачен. Спасибо!', 'Шот төленді. Рақмет!'),
  INVOICE_PAYABLE: msg('The invoice can be paid now.', 'Счёт можно оплатить сейчас.', 'Шотты қазір төлеуге болады.'),
  INVOICE_CANCELLED: msg('The invoice is cancelled.', 'Счёт отменён.', 'Шот жойылды.'),
  INVOICE_CREATED: msg('The invoice is created.', 'Счёт создан.', 'Шот жасалды.'),
  INVOICE_REFUNDED: msg(
    'The payment is refunded: {amountZp} ZP returned to the wallet.',
    'Оплата возвращена: {amountZp} ZP вернулись в кошелёк.',
    'Төлем қайтарылды: {amountZp} ZP әмиянға қайтты.',
  ),
  RECHARGE_CREATED: msg(
    'The recharge is created. Go on to payment.',
    'Пополнение создано. Перейдите к оплате.',
    'Толтыру жасалды. Төлемге өтіңіз.',
  ),
  RECHARGE_PAYMENT_STARTED: msg(
    'Payment started. Finish it on the payment page.',
    'Оплата начата. Завершите её на странице оплаты.',
    'Төлем басталды. Оны төлем бетінде аяқтаңыз.',
  ),
  RECHARGE_COMPLETED: msg(
    '{amountZp} ZP added to your wallet.',
    '{amountZp} ZP зачислены в кошелёк.',
    'Әмиянға {amountZp} ZP түсті.',
  ),
  RECHARGE_FAILED: msg(
    'The payment did not go through. No money was taken; you can start a new recharge.',
    'Оплата не прошла. Деньги не списаны; можно начать новое пополнение.',
    'Төлем өтпеді. Ақша алынған жоқ; жаңа толтыруды бастауға болады.',
  ),
  CALLBACK_ACCEPTED: msg('Accepted.', 'Принято.', 'Қабылданды.'),
} as const satisfies Record<string, Localized>;
