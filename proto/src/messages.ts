import type { Locale, Localized } from './locale';
import { interpolate } from './locale';
import { LEARNING_MESSAGES } from './messages.learning';
import { FINANCE_MESSAGES } from './messages.finance';
import { NOTIFICATIONS_MESSAGES } from './messages.notifications';

/** Success messages the API returns beside data (spec section 7: "Response has a message"), in kk, ru and en. */
const msg = (en: string, ru: string, kk: string): Localized => ({ en, ru, kk });

const BASE_MESSAGES = {
  OTP_SENT: msg(
    'We sent a code to {target}. It is valid for {minutes} minutes.',
    'Мы отправили код на {target}. Он действует {minutes} минут.',
    '{target} нөміріне код жібердік. Ол {minutes} минут жарамды.',
  ),
  OTP_VALID: msg('The code is correct.', 'Код верный.', 'Код дұрыс.'),
  SIGNED_IN: msg('You are signed in.', 'Вы вошли в систему.', 'Жүйеге кірдіңіз.'),
  REGISTERED: msg('Registration is complete. Welcome!', 'Регистрация завершена. Добро пожаловать!', 'Тіркелу аяқталды. Қош келдіңіз!'),
  SIGNED_OUT: msg('You are signed out.', 'Вы вышли из системы.', 'Жүйеден шықтыңыз.'),
  SAVED: msg('Saved.', 'Сохранено.', 'Сақталды.'),
  /** The SMS itself. Short: one SMS segment in Cyrillic is 70 characters. */
  OTP_SMS: msg(
    'Altyn Saqa code: {code}. Do not share it.',
    'Код Altyn Saqa: {code}. Никому не сообщайте.',
    'Altyn Saqa коды: {code}. Ешкімге айтпаңыз.',
  ),
} as const satisfies Record<string, Localized>;

/** One catalogue; each domain keeps its messages in `messages.<domain>.ts`. */
export const MESSAGES = { ...BASE_MESSAGES, ...LEARNING_MESSAGES, ...FINANCE_MESSAGES, ...NOTIFICATIONS_MESSAGES } as const;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, locale: Locale, params?: Record<string, unknown>): string {
  return interpolate(MESSAGES[key][locale], params);
}
