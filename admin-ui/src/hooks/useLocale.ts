import { DEFAULT_LOCALE, isLocale, type Locale } from '@olymp/web-common';
import { useTranslation } from 'react-i18next';

/** A text in the three interface languages, as the API sends names and titles. */
export type Text = Record<Locale, string>;

/** The interface language (kk until i18next has resolved one). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}
