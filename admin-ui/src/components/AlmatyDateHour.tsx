import { DatePicker, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { almatyInstant, almatyParts, toDayjs } from '../lib/time';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));

/**
 * A date and an hour in Asia/Almaty (how staff think of a checkpoint's opening) whose value is the ISO instant the
 * API takes. Used by antd Form.Item (value/onChange).
 */
export function AlmatyDateHour({ value, onChange, id }: { value?: string | null; onChange?: (iso: string | null) => void; id?: string }) {
  const { t } = useTranslation();
  const parts = value ? almatyParts(value) : undefined;
  // The hour can be chosen before the date; it applies when the date is picked.
  const [pendingHour, setPendingHour] = useState(9);
  return (
    <Space.Compact>
      <DatePicker
        id={id}
        aria-label={id ? undefined : t('time.date')}
        value={parts ? toDayjs(parts.date) : null}
        format="YYYY-MM-DD"
        // Enter confirms a typed date (the picker does that first); it must not also submit the surrounding form.
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        onChange={(d) => onChange?.(d ? almatyInstant(d.format('YYYY-MM-DD'), parts?.hour ?? pendingHour) : null)}
      />
      <Select
        aria-label={t('time.hour')}
        style={{ width: 100 }}
        options={HOURS}
        value={parts?.hour ?? pendingHour}
        onChange={(h: number) => {
          setPendingHour(h);
          if (parts) onChange?.(almatyInstant(parts.date, h));
        }}
      />
      <span style={{ alignSelf: 'center', paddingInline: 8, color: 'rgba(0,0,0,.45)' }}>{t('time.zone')}</span>
    </Space.Compact>
  );
}
