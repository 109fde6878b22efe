import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n';
import { LOCALE_LABELS, isLocale } from '../i18n/config';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const active = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
  return (
    <div className="lang-switch" role="group" aria-label={t('language')}>
      {LOCALE_LABELS.map(({ locale, label, name }) => (
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
