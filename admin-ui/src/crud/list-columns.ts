/**
 * What a generated list shows, from the resource's metadata (pure, no React): a label column first (the row's
 * `x-label` in the reader's language: a title, a name, a question's text) in place of the columns it is made of,
 * then the columns people read, never the ones marked `x-hidden-in-list` (ids, uuids, codes, storage), and the
 * order the server declares (`x-default-sort`) when the reader picked none.
 */
import type { Locale } from '@olymp/web-common';
import type { FieldMeta, ResourceMeta } from '../meta/openapi';
import { labelColumns } from './labels';

const HIDDEN_COLUMNS = new Set(['updatedAt', 'password', 'certificateTemplate']);
const MAX_COLUMNS = 8;
const cap = (l: Locale) => l.charAt(0).toUpperCase() + l.slice(1);

/** The columns the label column stands for (titleKk, titleRu, titleEn for `title`). */
export function labelFieldsOf(meta: ResourceMeta): Set<string> {
  const names = new Set(meta.fields.map((f) => f.name));
  return new Set(labelColumns(meta.label ?? []).filter((f) => names.has(f)));
}

/** The label column's sort field in `locale`: the reader's own language of a localized trio, else the column. */
export function labelSortField(meta: ResourceMeta, locale: Locale): string | undefined {
  const first = meta.label?.[0];
  if (!first) return undefined;
  const names = new Set(meta.fields.map((f) => f.name));
  if (names.has(`${first}${cap(locale)}`)) return `${first}${cap(locale)}`;
  return names.has(first) ? first : undefined;
}

export function listColumns(meta: ResourceMeta): FieldMeta[] {
  const replaced = labelFieldsOf(meta);
  const visible = meta.fields.filter(
    (f) => !f.hiddenInList && f.name !== meta.primaryKey && !replaced.has(f.name) && !HIDDEN_COLUMNS.has(f.name) && f.kind !== 'json' && f.kind !== 'text',
  );
  return visible.slice(0, MAX_COLUMNS - (replaced.size ? 1 : 0));
}

/** The initial order of a list: the declared default, as Refine sorters. */
export function initialSorters(meta: ResourceMeta | undefined): { field: string; order: 'asc' | 'desc' }[] {
  return meta?.defaultSort?.length ? meta.defaultSort : [];
}
