/**
 * Interface languages and the stored preference (spec 9): kk is the default and the fallback; the choice lives in
 * localStorage under `currentLocale`. Pure helpers, no i18next here, so they are usable anywhere (and in tests).
 */
export const LOCALES = ['kk', 'ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'kk';
export const LOCALE_STORAGE_KEY = 'currentLocale';

/** Translation groups (spec 9); each is one JSON file per language, loaded when a page asks for it. */
export const DEFAULT_NAMESPACE = 'common';

/** One entry of a language switcher: `label` is what it shows (spec 2), `name` the language's own name, shown as a hint. */
export interface LocaleOption {
  locale: Locale;
  label: string;
  name: string;
}

const LOCALE_OPTIONS: Readonly<Record<Locale, LocaleOption>> = {
  kk: { locale: 'kk', label: 'Қаз', name: 'Қазақша' },
  // Cyrillic: spec 2's "Pyc" is Latin letters that only look Russian (screen readers and search spell them as such).
  ru: { locale: 'ru', label: 'Рус', name: 'Русский' },
  en: { locale: 'en', label: 'Eng', name: 'English' },
};

/** The switcher's entries in the order a UI shows them. */
export function localeOptions(order: readonly Locale[]): readonly LocaleOption[] {
  return order.map((locale) => LOCALE_OPTIONS[locale]);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export type LocaleStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): LocaleStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): fall back to the default language.
    return undefined;
  }
}

/** The stored preference if it is a known language, otherwise kk. */
export function detectLocale(storage: LocaleStorage | undefined = browserStorage()): Locale {
  try {
    const stored = storage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function persistLocale(locale: Locale, storage: LocaleStorage | undefined = browserStorage()): void {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisting is acceptable: the language still changes for this visit.
  }
}
