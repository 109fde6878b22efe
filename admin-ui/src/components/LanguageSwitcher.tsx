import { localeOptions } from '@olymp/web-common';
import { useGetLocale, useSetLocale } from '@refinedev/core';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** In the order the admin header shows them (spec 2). */
const LOCALE_OPTIONS = localeOptions(['en', 'ru', 'kk']);

/** Eng / Pyc / Қаз (spec 2): a radio group, so the current language is announced as checked. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useGetLocale()();
  const setLocale = useSetLocale();
  return (
    <div role="radiogroup" aria-label={t('language')}>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="small"
        value={locale}
        onChange={(event) => {
          void setLocale(String(event.target.value));
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
