import { changeLocale, isLocale, localeOptions } from '@olymp/web-common';
import { useTranslation } from 'react-i18next';

/**
 * In the order the public site shows them (spec 2). Russian is labelled "Рус" in Cyrillic (the shared list's "Pyc"
 * is Latin letters that only look Russian: screen readers and search spell it out as such).
 */
const LOCALE_OPTIONS = localeOptions(['kk', 'ru', 'en']).map((option) => (option.locale === 'ru' ? { ...option, label: 'Рус' } : option));

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const active = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
  return (
    <div className="lang-switch" role="group" aria-label={t('language')}>
      {LOCALE_OPTIONS.map(({ locale, label, name }) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          title={name}
          className="lang-switch__option"
          aria-pressed={active === locale}
          onClick={() => void changeLocale(locale)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
