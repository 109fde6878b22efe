/** The three interface languages. Kazakh is the default and the fallback (spec section 9). */
export const LOCALES = ['kk', 'ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'kk';

export type Localized = Record<Locale, string>;

/** Picks a supported locale from an `X-Locale` or `Accept-Language` style value; falls back to kk. */
export function resolveLocale(value: string | string[] | undefined | null): Locale {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return DEFAULT_LOCALE;
  for (const part of raw.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'kz') return 'kk';
    if ((LOCALES as readonly string[]).includes(tag)) return tag as Locale;
  }
  return DEFAULT_LOCALE;
}

/** Fills `{name}` placeholders of a message with params. */
export function interpolate(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    params[key] === undefined ? whole : String(params[key]),
  );
}
