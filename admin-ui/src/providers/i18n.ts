import { DEFAULT_LOCALE, changeLocale, isLocale } from '@olymp/web-common';
import type { I18nProvider } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Refine's i18n provider on top of i18next. It is rebuilt whenever the language changes, so everything Refine
 * renders (menu, buttons, notifications) re-translates at once.
 */
export function useI18nProvider(): I18nProvider {
  const { t, i18n } = useTranslation();
  return useMemo<I18nProvider>(
    () => ({
      translate: (key: string, options?: unknown, defaultMessage?: string) => {
        // Refine calls both translate(key, defaultMessage) and translate(key, options, defaultMessage).
        if (typeof options === 'string') return t(key, { defaultValue: options });
        const params = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
        return t(key, { ...params, defaultValue: defaultMessage ?? key });
      },
      changeLocale: (locale: string) => (isLocale(locale) ? changeLocale(locale) : Promise.resolve()),
      getLocale: () => (isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE),
    }),
    [t, i18n],
  );
}
