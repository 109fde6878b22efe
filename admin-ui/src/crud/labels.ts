/**
 * Names people read for generated screens: a field's label (`resources.<resource>.fields.<field>`, then the shared
 * `fields.<field>`, then the field name made readable), a resource's title, and the label of a row (its name or
 * title in the interface language, a person's name, else its code or id).
 */
import type { Locale } from '@olymp/web-common';
import type { TFunction } from 'i18next';

const SUFFIX: Record<string, Locale> = { Kk: 'kk', Ru: 'ru', En: 'en' };

export function humanize(name: string): string {
  const words = name.replace(/Id$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_/]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldLabel(t: TFunction, resource: string, field: string): string {
  const direct = t([`resources.${resource}.fields.${field}`, `fields.${field}`], { defaultValue: '' });
  if (direct) return direct;
  const m = /^(.*)(Kk|Ru|En)$/.exec(field);
  if (m) {
    const base = t([`resources.${resource}.fields.${m[1]}`, `fields.${m[1]}`], { defaultValue: humanize(m[1]) });
    return `${base} (${t(`languages.${SUFFIX[m[2]]}`)})`;
  }
  return humanize(field);
}

export function resourceTitle(t: TFunction, resource: string): string {
  return t(`resources.${resource}.title`, { defaultValue: humanize(resource) });
}

const cap = (l: Locale) => l.charAt(0).toUpperCase() + l.slice(1);

/**
 * The text of a localized trio in the reader's language, else the first language that has one (kk, ru, en): a post
 * written in Kazakh only still shows its Kazakh text to an English reader, never nothing (or the row's id).
 */
export function localized(record: Record<string, unknown> | undefined, base: string, locale: Locale): string | undefined {
  if (!record) return undefined;
  for (const l of [locale, 'kk', 'ru', 'en'] as const) {
    const v = record[`${base}${cap(l)}`];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}

/** The fields a label names: a column, or the base of a localized trio (`title` stands for titleKk, titleRu, titleEn). */
export function labelColumns(label: readonly string[]): string[] {
  return label.flatMap((f) => [f, ...Object.keys(SUFFIX).map((s) => `${f}${s}`)]);
}

/** A row's label from the resource's declared `x-label` fields: each a column or a localized trio, joined by a space. */
export function declaredLabel(record: Record<string, unknown>, label: readonly string[], locale: Locale): string {
  return label
    .map((f) => localized(record, f, locale) ?? (typeof record[f] === 'string' || typeof record[f] === 'number' ? String(record[f]) : ''))
    .filter(Boolean)
    .join(' ');
}

export function recordLabel(record: Record<string, unknown> | undefined, locale: Locale, label?: readonly string[]): string {
  if (!record) return '';
  const declared = label?.length ? declaredLabel(record, label, locale) : '';
  if (declared) return declared;
  const name = localized(record, 'name', locale) ?? localized(record, 'title', locale) ?? localized(record, 'text', locale);
  if (name) return name;
  const person = [record.firstName, record.lastName].filter((v) => typeof v === 'string' && v).join(' ');
  if (person) return person;
  for (const key of ['name', 'title', 'code', 'phone', 'action']) if (typeof record[key] === 'string' && record[key]) return record[key] as string;
  return String(record.id ?? '');
}
