/**
 * Platform settings stored by key (spec section 4, "settings (by key)"; admin "settings: general"). Only the keys of
 * this catalogue exist: each has a zod schema, so the auth service (which stores them) and the admin panel (which
 * edits them) validate the same way, and a default used until staff first set it.
 *
 *   support.email   the support e-mail shown to pupils (spec 9, "Support contact: {email}")
 *   support.phone   the support phone, normalized to +7XXXXXXXXXX, or null for none
 *   announcement    a short banner for olympiad mornings: { enabled, text: { kk, ru, en } }; when enabled every
 *                   language is required; each text is at most ANNOUNCEMENT_MAX_LENGTH characters
 */
import { z } from 'zod';
import { type ErrorDef, def } from './error-def';
import { LOCALES, type Locale, type Localized } from './locale';
import { normalizePhone } from './phone';

export const SETTING_KEYS = ['support.email', 'support.phone', 'announcement'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && (SETTING_KEYS as readonly string[]).includes(value);
}

export const ANNOUNCEMENT_MAX_LENGTH = 280;
export const SUPPORT_EMAIL_MAX_LENGTH = 254;

export interface Announcement {
  enabled: boolean;
  text: Localized;
}

export interface SettingValues {
  'support.email': string;
  'support.phone': string | null;
  announcement: Announcement;
}

/** What a key holds until staff first set it. */
export const SETTING_DEFAULTS: SettingValues = {
  'support.email': 'support@altynsaqa.kz',
  'support.phone': null,
  announcement: { enabled: false, text: { kk: '', ru: '', en: '' } },
};

/** One setting as the staff API shows it (`GET /api/settings[/{key}]`, `PUT /api/settings/{key}`). */
export interface SettingView<K extends SettingKey = SettingKey> {
  key: K;
  value: SettingValues[K];
  /** True while the key was never set: `value` is the default. */
  isDefault: boolean;
  updatedAt: string | null;
}

/** What anyone may read, signed in or not (`GET /api/settings/public`): the support contact and a live announcement. */
export interface PublicSettings {
  support: { email: string; phone: string | null };
  /** Null while the announcement is disabled (its draft text is not public). */
  announcement: { text: Localized } | null;
}

export function publicSettings(values: SettingValues): PublicSettings {
  const a = values.announcement;
  return {
    support: { email: values['support.email'], phone: values['support.phone'] },
    announcement: a.enabled ? { text: a.text } : null,
  };
}

/** Field messages the generic validation messages cannot say well, in kk, ru and en. */
export const SETTING_FIELD_MESSAGES = {
  email: {
    en: 'Enter a valid e-mail address, e.g. support@altynsaqa.kz.',
    ru: 'Введите корректный адрес e-mail, например support@altynsaqa.kz.',
    kk: 'Дұрыс e-mail мекенжайын енгізіңіз, мысалы support@altynsaqa.kz.',
  },
  phone: {
    en: 'Enter a Kazakhstan phone number, e.g. +7 700 000 00 00, or leave it empty.',
    ru: 'Введите казахстанский номер телефона, например +7 700 000 00 00, или оставьте поле пустым.',
    kk: 'Қазақстан телефон нөмірін енгізіңіз, мысалы +7 700 000 00 00, немесе бос қалдырыңыз.',
  },
  announcementText: {
    en: 'Write the announcement in this language too, or turn the announcement off.',
    ru: 'Напишите объявление и на этом языке или выключите объявление.',
    kk: 'Хабарландыруды осы тілде де жазыңыз немесе хабарландыруды өшіріңіз.',
  },
} as const satisfies Record<string, Localized>;

/**
 * The schema of each key's value, with field messages in `locale` (the API validates in the caller's `X-Locale`,
 * the admin panel in its interface language). Values come out normalized: trimmed, the e-mail lower-cased, the
 * phone as +7XXXXXXXXXX and an empty phone as null.
 */
export function settingSchemas(locale: Locale) {
  const say = (m: Localized) => m[locale];
  const text = z.string().trim().max(ANNOUNCEMENT_MAX_LENGTH);
  return {
    'support.email': z
      .string()
      .trim()
      .toLowerCase()
      .max(SUPPORT_EMAIL_MAX_LENGTH)
      .pipe(z.email({ error: say(SETTING_FIELD_MESSAGES.email) })),
    'support.phone': z
      .string()
      .nullable()
      .transform((value, ctx) => {
        if (value === null || value.trim() === '') return null;
        const phone = normalizePhone(value);
        if (phone) return phone;
        ctx.addIssue({ code: 'custom', message: say(SETTING_FIELD_MESSAGES.phone) });
        return z.NEVER;
      }),
    announcement: z
      .strictObject({ enabled: z.boolean(), text: z.strictObject({ kk: text, ru: text, en: text }) })
      .superRefine((value, ctx) => {
        if (!value.enabled) return;
        for (const l of LOCALES) {
          if (value.text[l] === '') ctx.addIssue({ code: 'custom', path: ['text', l], message: say(SETTING_FIELD_MESSAGES.announcementText) });
        }
      }),
  } satisfies { [K in SettingKey]: z.ZodType<SettingValues[K], unknown> };
}

/** The body of `PUT /api/settings/{key}`: `{ value }`, so field errors read `value`, `value.text.kk`, ... */
export function settingBodySchema<K extends SettingKey>(key: K, locale: Locale): z.ZodType<{ value: SettingValues[K] }, unknown> {
  const value: z.ZodType<SettingValues[SettingKey], unknown> = settingSchemas(locale)[key];
  return z.strictObject({ value }) as z.ZodType<{ value: SettingValues[SettingKey] }, unknown> as z.ZodType<{ value: SettingValues[K] }, unknown>;
}

/** Error codes of settings (merged into ERRORS). */
export const SETTINGS_ERRORS = {
  SETTING_NOT_FOUND: def(
    404,
    'There is no setting "{key}". Known settings: {keys}.',
    'Настройки «{key}» нет. Известные настройки: {keys}.',
    '«{key}» баптауы жоқ. Белгілі баптаулар: {keys}.',
  ),
} as const satisfies Record<string, ErrorDef>;
