/**
 * Platform settings stored by key (spec section 4, "settings (by key)"; admin "settings: general"). Only the keys of
 * this catalogue exist: each has a zod schema, so the auth service (which stores them) and the admin panel (which
 * edits them) validate the same way, and a default used until staff first set it.
 *
 *   support.email   the support e-mail shown to pupils (spec 9, "Support contact: {email}")
 *   support.phone   the support phone, normalized to +7XXXXXXXXXX, or null for none
 *   announcement    a short banner for olympiad mornings: { enabled, text: { kk, ru, en } }; when enabled every
 *                   language is required; each text is at most ANNOUNCEMENT_MAX_LENGTH characters
 *   landing         the olympiad landing pages' dates: { stages: { primary, senior, teachers }, updatedOn,
 *                   legalUpdatedOn }; each stage { name: { kk, ru, en }, date: 'YYYY-MM-DD' | null (to be announced) },
 *                   in the order shown; updatedOn is the landing pages' "Last updated" date, legalUpdatedOn the privacy
 *                   policy's and terms' (null: the line is not shown)
 */
import { z } from 'zod';
import { type ErrorDef, def } from './error-def';
import { LOCALES, type Locale, type Localized } from './locale';
import { normalizePhone } from './phone';

export const SETTING_KEYS = ['support.email', 'support.phone', 'announcement', 'landing'] as const;
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

/** The olympiads with a landing page: /altyn-saqa (primary), /altyn-tulek (senior), /altyn-asyq (teachers). */
export const LANDING_OLYMPIADS = ['primary', 'senior', 'teachers'] as const;
export type LandingOlympiad = (typeof LANDING_OLYMPIADS)[number];
export const LANDING_STAGES_MAX = 12;
export const STAGE_NAME_MAX_LENGTH = 120;

/** One stage of an olympiad as its landing page lists it: "School stage (grades 5–6)" on 1 October 2026. */
export interface LandingStage {
  name: Localized;
  /** The calendar day (YYYY-MM-DD, Almaty), or null while it is to be announced. */
  date: string | null;
}

export interface LandingDates {
  stages: Record<LandingOlympiad, LandingStage[]>;
  /** The landing pages' "Last updated" day (YYYY-MM-DD), null for none. */
  updatedOn: string | null;
  /** The privacy policy's and terms' "Last updated" day (YYYY-MM-DD), null for none. */
  legalUpdatedOn: string | null;
}

export interface SettingValues {
  'support.email': string;
  'support.phone': string | null;
  announcement: Announcement;
  landing: LandingDates;
}

/** What a key holds until staff first set it. */
export const SETTING_DEFAULTS: SettingValues = {
  'support.email': 'support@altynsaqa.kz',
  'support.phone': null,
  announcement: { enabled: false, text: { kk: '', ru: '', en: '' } },
  landing: { stages: { primary: [], senior: [], teachers: [] }, updatedOn: null, legalUpdatedOn: null },
};

/** One setting as the staff API shows it (`GET /api/settings[/{key}]`, `PUT /api/settings/{key}`). */
export interface SettingView<K extends SettingKey = SettingKey> {
  key: K;
  value: SettingValues[K];
  /** True while the key was never set: `value` is the default. */
  isDefault: boolean;
  updatedAt: string | null;
}

/**
 * What anyone may read, signed in or not (`GET /api/settings/public`): the support contact, a live announcement and
 * the landing pages' dates.
 */
export interface PublicSettings {
  support: { email: string; phone: string | null };
  /** Null while the announcement is disabled (its draft text is not public). */
  announcement: { text: Localized } | null;
  landing: LandingDates;
}

export function publicSettings(values: SettingValues): PublicSettings {
  const a = values.announcement;
  return {
    support: { email: values['support.email'], phone: values['support.phone'] },
    announcement: a.enabled ? { text: a.text } : null,
    landing: values.landing,
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
  stageName: {
    en: 'Name the stage in this language too.',
    ru: 'Назовите этап и на этом языке.',
    kk: 'Кезеңнің атауын осы тілде де жазыңыз.',
  },
  day: {
    en: 'Pick a day in the calendar (YYYY-MM-DD), or leave it empty.',
    ru: 'Выберите день в календаре (ГГГГ-ММ-ДД) или оставьте поле пустым.',
    kk: 'Күнтізбеден күнді таңдаңыз (ЖЖЖЖ-АА-КК) немесе бос қалдырыңыз.',
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
  const stageName = z.string().trim().min(1, { error: say(SETTING_FIELD_MESSAGES.stageName) }).max(STAGE_NAME_MAX_LENGTH);
  const day = z.iso.date({ error: say(SETTING_FIELD_MESSAGES.day) }).nullable();
  const stages = z.array(z.strictObject({ name: z.strictObject({ kk: stageName, ru: stageName, en: stageName }), date: day })).max(LANDING_STAGES_MAX);
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
    landing: z.strictObject({
      stages: z.strictObject({ primary: stages, senior: stages, teachers: stages }),
      updatedOn: day,
      legalUpdatedOn: day,
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
