import type { Locale } from '@olymp/web-common';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatInstant } from '../lib/time';
import type { FieldMeta, ResourceMeta } from '../meta/openapi';
import { storedPerShown } from './form-logic';
import { recordLabel } from './labels';

/** An enum value as people read it: the resource's own labels (`x-enum-labels`), else the shared `enums.*`. */
export function enumText(field: FieldMeta, value: unknown, t: TFunction, locale: Locale): string {
  const own = field.enumLabels?.[String(value)]?.[locale];
  return own ?? t(`enums.${String(value)}`, { defaultValue: String(value) });
}

/** The shop's own currencies are brand names, written the same in kk, ru and en. */
const CURRENCY_SUFFIX: Record<string, string> = { tenge: '₸', zp: 'ZP', altynSaqa: 'Altyn Saqa' };

/** A number in the unit the metadata asks for (`x-unit`): durations in minutes, money in tenge, ZP or Altyn Saqa. */
export function unitText(field: FieldMeta, value: unknown, t: TFunction, locale: Locale): string | undefined {
  if (!field.unit || value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) return undefined;
  if (field.unit === 'minutes') {
    const minutes = n / storedPerShown(field);
    return t('units.minutes', { count: Math.round(minutes * 10) / 10 });
  }
  const currency = CURRENCY_SUFFIX[field.unit];
  if (currency) return `${new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ru-RU').format(n)} ${currency}`;
  return undefined;
}

/**
 * What tells a row apart from a namesake (`x-describe`), after its label in a picker: "5-сынып, №1 мектеп, Абай
 * облысы". A column by `describe.<field>` when the locale has one (a grade), else as it is; a relation (`school`) by
 * the related row's label (the caller joins it).
 */
export function describeText(record: Record<string, unknown>, meta: ResourceMeta | undefined, t: TFunction, locale: Locale): string {
  const parts = (meta?.describe ?? []).map((name) => {
    const value = record[name];
    if (value === null || value === undefined || value === '') return '';
    if (typeof value === 'object') {
      const label = meta?.fields.find((f) => f.relation?.name === name)?.relation?.label;
      return recordLabel(value as Record<string, unknown>, locale, label);
    }
    return t(`describe.${name}`, { value: String(value), defaultValue: String(value) });
  });
  return parts.filter(Boolean).join(', ');
}

/** How a generated screen shows one value of a row. */
export function renderValue(field: FieldMeta, record: Record<string, unknown>, meta: ResourceMeta, t: TFunction, locale: Locale): ReactNode {
  const value = record[field.name];
  if (field.relation) {
    const related = record[field.relation.name] as Record<string, unknown> | false | undefined;
    if (related) return recordLabel(related, locale, field.relation.label);
    // Another service's row (references.ts): not found there, or not looked up (yet): never the bare id.
    if (field.relation.remote && value !== null && value !== undefined && value !== '') {
      return related === false ? <Typography.Text type="secondary">{t('values.notFound')}</Typography.Text> : <Typography.Text type="secondary" title={String(value)}>…</Typography.Text>;
    }
  }
  const withUnit = unitText(field, value, t, locale);
  if (withUnit !== undefined) return withUnit;
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">—</Typography.Text>;
  switch (field.kind) {
    case 'boolean':
      return value ? <Tag color="green">{t('values.yes')}</Tag> : <Tag>{t('values.no')}</Tag>;
    case 'datetime':
      return formatInstant(value);
    case 'json':
      return <Typography.Text code>{JSON.stringify(value).slice(0, 120)}</Typography.Text>;
    case 'enum':
      return enumText(field, value, t, locale);
    case 'text':
      return String(value).length > 120 ? `${String(value).slice(0, 120)}…` : String(value);
    case 'date':
    case 'decimal':
    case 'integer':
    case 'number':
    case 'string':
    case 'uuid':
      void meta;
      return String(value);
  }
}
