import { isLocale, DEFAULT_LOCALE } from '@olymp/web-common';
import { useSelect } from '@refinedev/antd';
import type { BaseKey, BaseRecord, CrudFilter } from '@refinedev/core';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceMeta } from '../meta/MetaContext';
import { recordLabel } from './labels';
import { describeText } from './values';

export interface RelationSelectProps {
  /** The resource the value points at (`districts`). */
  resource: string;
  value?: BaseKey | BaseKey[] | null;
  onChange?: (value: BaseKey | null) => void;
  /** Only rows whose `field` equals `value` (district by province, school by district). */
  scope?: { field: string; value: unknown };
  id?: string;
  placeholder?: string;
  mode?: 'multiple';
  style?: React.CSSProperties;
  disabled?: boolean;
  /** Its accessible name when no form label names it (a list's filter). */
  'aria-label'?: string;
}

/**
 * A searchable picker of rows of another resource, searching on the server (debounced 300 ms); of any service (a
 * pupil in auth for the shop's prizes). Each option is the row's label, then what tells it from a namesake
 * (`x-describe`: "Айгерім Бесінші, 5-сынып, Абай облысы"); a chosen option keeps its label when the search moves on.
 */
export function RelationSelect({ resource, value, onChange, scope, id, placeholder, mode, style, disabled, 'aria-label': ariaLabel }: RelationSelectProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const meta = useResourceMeta(resource);
  const search = meta?.search;
  const numericKey = meta?.fields.find((f) => f.name === meta.primaryKey)?.kind === 'integer';
  const permanent: CrudFilter[] = scope && scope.value !== undefined && scope.value !== null && scope.value !== '' ? [{ field: scope.field, operator: 'eq', value: scope.value }] : [];
  const join = useMemo(() => (meta?.describe ?? []).filter((d) => meta?.relations.some((r) => r.name === d)).map((field) => ({ field })), [meta]);
  const [picked, setPicked] = useState<{ label: string; value: string }[]>([]);
  const { selectProps } = useSelect<BaseRecord>({
    resource,
    meta: { join },
    optionLabel: (item) => [recordLabel(item, locale, meta?.label), describeText(item, meta, t, locale)].filter(Boolean).join(', '),
    optionValue: (item) => String(item.id),
    filters: permanent,
    pagination: { pageSize: 50, mode: 'server' },
    debounce: 300,
    defaultValue: value === null || value === undefined ? undefined : Array.isArray(value) ? value.map(String) : String(value),
    onSearch: search ? (text) => (text ? [{ field: search.field, operator: 'contains', value: text }] : []) : undefined,
    queryOptions: { enabled: Boolean(meta) },
  });
  const found = (selectProps.options ?? []) as { label: string; value: string }[];
  const options = [...found, ...picked.filter((p) => !found.some((o) => o.value === p.value))];
  return (
    <Select<string | string[]>
      options={options}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      id={id}
      mode={mode}
      disabled={disabled}
      aria-label={ariaLabel}
      allowClear
      showSearch={Boolean(search)}
      filterOption={false}
      placeholder={placeholder}
      style={{ minWidth: 200, ...style }}
      value={value === null || value === undefined ? undefined : Array.isArray(value) ? value.map(String) : String(value)}
      onChange={(v: string | string[] | undefined) => {
        const chosen = new Set(Array.isArray(v) ? v : v ? [v] : []);
        setPicked((before) => [...before, ...found].filter((o, i, all) => chosen.has(o.value) && all.findIndex((x) => x.value === o.value) === i));
        onChange?.(typeof v === 'string' && v ? (numericKey ? Number(v) : v) : null);
      }}
    />
  );
}
