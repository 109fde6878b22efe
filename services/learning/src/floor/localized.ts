import { z } from 'zod';

/** `{prefix}Kk`, `{prefix}Ru`, `{prefix}En` string fields of a strict body. */
export function localizedFields<P extends string>(prefix: P, schema: z.ZodString | z.ZodDefault<z.ZodString>) {
  return {
    [`${prefix}Kk`]: schema,
    [`${prefix}Ru`]: schema,
    [`${prefix}En`]: schema,
  } as Record<`${P}Kk` | `${P}Ru` | `${P}En`, typeof schema>;
}

export const title = z.string().trim().min(1).max(300);
export const longText = z.string().max(20000).default('');
export const uuid = z.uuid();
export const imageUrl = z.string().trim().max(500).nullable().optional();

/** A row's `{prefix}Kk/Ru/En` as `{ kk, ru, en }`. */
export function localized<P extends string>(row: Record<`${P}Kk` | `${P}Ru` | `${P}En`, string>, prefix: P) {
  return { kk: row[`${prefix}Kk`], ru: row[`${prefix}Ru`], en: row[`${prefix}En`] };
}
