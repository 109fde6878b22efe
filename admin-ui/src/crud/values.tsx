import type { Locale } from '@olymp/web-common';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatInstant } from '../lib/time';
import type { FieldMeta, ResourceMeta } from '../meta/openapi';
import { recordLabel } from './labels';

/** How a generated screen shows one value of a row. */
export function renderValue(field: FieldMeta, record: Record<string, unknown>, meta: ResourceMeta, t: TFunction, locale: Locale): ReactNode {
  const value = record[field.name];
  if (field.relation) {
    const related = record[field.relation.name] as Record<string, unknown> | undefined;
    if (related) return recordLabel(related, locale);
  }
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">—</Typography.Text>;
  switch (field.kind) {
    case 'boolean':
      return value ? <Tag color="green">{t('values.yes')}</Tag> : <Tag>{t('values.no')}</Tag>;
    case 'datetime':
      return formatInstant(value);
    case 'json':
      return <Typography.Text code>{JSON.stringify(value).slice(0, 120)}</Typography.Text>;
    case 'enum':
      return t(`enums.${String(value)}`, { defaultValue: String(value) });
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
