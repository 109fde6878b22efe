import { DatePicker, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../lib/time';

export { useLocale, type Text } from '../../hooks/useLocale';

/** The report period: inclusive days; empty means the API's default (the last 30 days). */
export function PeriodPicker({ value, onChange }: { value: { from?: string; to?: string }; onChange: (v: { from?: string; to?: string }) => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <span>{t('finance.period')}:</span>
      <DatePicker.RangePicker
        aria-label={t('finance.period')}
        value={value.from && value.to ? [dayjs(value.from), dayjs(value.to)] : null}
        onChange={(v) => onChange(v?.[0] && v[1] ? { from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') } : {})}
      />
    </Space>
  );
}
