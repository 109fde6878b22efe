import { changeLocale, isLocale, localeOptions } from '@olymp/web-common';
import { useTranslation } from 'react-i18next';

/** In the order the public site shows them (spec 2). */
const LOCALE_OPTIONS = localeOptions(['kk', 'ru', 'en']);

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
