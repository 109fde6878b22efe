import { useGetLocale, useSetLocale } from '@refinedev/core';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS } from '../i18n/config';

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
        options={LOCALE_LABELS.map(({ locale: value, label, name }) => ({
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
