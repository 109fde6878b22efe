/** The pure part of generated forms: what narrows a relation picker, and the body sent to the API. */
import type { FieldMeta, ResourceMeta } from '../meta/openapi';

export const PARENT_PREFIX = '__parent_';

/**
 * For a relation field, what narrows its choices: another field of the same form pointing at the parent of its
 * target (`districtId` by `provinceId`), or else an extra picker of that parent that is not sent (`__parent_districtId`).
 */
export interface Narrowing {
  /** The target resource's own foreign key to the parent (`provinceId` of districts). */
  targetField: string;
  parentResource: string;
  /** The form field holding the parent id. */
  formField: string;
  extra: boolean;
}

export function narrowingOf(field: FieldMeta, formFields: readonly FieldMeta[], all: ReadonlyMap<string, ResourceMeta>): Narrowing | undefined {
  // Another service's rows (a pupil) are found by typing their name: nothing narrows them.
  if (!field.relation || field.relation.remote) return undefined;
  const target = all.get(field.relation.resource);
  const parentFk = target?.fields.find((f) => f.relation && f.relation.resource !== field.relation?.resource);
  if (!parentFk?.relation) return undefined;
  const inForm = formFields.find((f) => f.relation?.resource === parentFk.relation?.resource);
  return inForm
    ? { targetField: parentFk.name, parentResource: parentFk.relation.resource, formField: inForm.name, extra: false }
    : { targetField: parentFk.name, parentResource: parentFk.relation.resource, formField: `${PARENT_PREFIX}${field.name}`, extra: true };
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

/** Form values as the API takes them: no helper pickers, empty optional texts as null, JSON parsed. */
export function toBody(values: Record<string, unknown>, fields: readonly FieldMeta[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.name in values)) continue;
    let v = values[f.name];
    if (f.kind === 'json') v = parseJson(v);
    if ((v === '' || v === undefined) && f.nullable) v = null;
    if (v === undefined) continue;
    out[f.name] = v;
  }
  return out;
}


const PER_MINUTE: Readonly<Record<string, number>> = { seconds: 60, minutes: 1 };

/**
 * How many stored units make one unit people read (`x-unit` over `x-stored-unit`): 60 for a duration stored in
 * seconds and shown in minutes, else 1.
 */
export function storedPerShown(field: Pick<FieldMeta, 'unit' | 'storedUnit'>): number {
  return field.unit === 'minutes' ? (PER_MINUTE[field.storedUnit ?? 'minutes'] ?? 1) : 1;
}

/** A stored number as a form shows it (2700 seconds as 45 minutes); anything else as it is. */
export function toShown(field: Pick<FieldMeta, 'unit' | 'storedUnit'>, value: unknown): unknown {
  const per = storedPerShown(field);
  return per === 1 || typeof value !== 'number' ? value : value / per;
}

/** A number typed in the shown unit as the API stores it (45 minutes as 2700 seconds, whole); anything else as it is. */
export function toStored(field: Pick<FieldMeta, 'unit' | 'storedUnit'>, value: unknown): unknown {
  const per = storedPerShown(field);
  return per === 1 || typeof value !== 'number' ? value : Math.round(value * per);
}
