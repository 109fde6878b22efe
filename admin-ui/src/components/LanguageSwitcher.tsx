import { DEFAULT_LOCALE, changeLocale, isLocale, localeOptions } from '@olymp/web-common';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** In the order the admin header shows them (spec 2). */
const LOCALE_OPTIONS = localeOptions(['en', 'ru', 'kk']);

/** Eng / Рус / Қаз (spec 2, Russian in Cyrillic): a radio group, so the current language is announced as checked. */
export function LanguageSwitcher() {
  // Read from i18next itself: Refine's locale hooks keep the provider they first saw.
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  return (
    <div role="radiogroup" aria-label={t('language')}>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="small"
        value={locale}
        onChange={(event) => {
          const next = String(event.target.value);
          if (isLocale(next)) void changeLocale(next);
        }}
        options={LOCALE_OPTIONS.map(({ locale: value, label, name }) => ({
          value,
          label: (
            <span lang={value} title={name}>
              {label}
            </span>
          ),
        }))}
      />
    </div>
  );
}
