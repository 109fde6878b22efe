import { z } from 'zod';
import { normalizePhone } from '@olymp/proto';
import { fieldMessage } from '../field-messages';

/**
 * Bodies of the catalogues' store (create) and update (PUT/PATCH: the same fields, all optional). Strict: an
 * unknown field is refused with UNKNOWN_FIELD.
 */
const name = z.string().trim().min(1).max(200);
const names = { nameKk: name, nameRu: name, nameEn: name };
const id = z.number().int().positive().max(2147483647);
/** The stable seed key: lower-case latin letters, digits, `-` and `:` (as the directory's codes). */
const code = (max: number) => z.string().trim().min(1).max(max).regex(/^[a-z0-9][a-z0-9:-]*$/).nullable().optional();

const phone = z
  .string()
  .max(30)
  .transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (normalized) return normalized;
    ctx.addIssue({
      code: 'custom',
      input: value,
      message: fieldMessage({
        en: 'enter a Kazakhstan phone number, e.g. +7 700 000 00 00',
        ru: 'введите казахстанский номер телефона, например +7 700 000 00 00',
        kk: 'қазақстандық телефон нөмірін енгізіңіз, мысалы +7 700 000 00 00',
      })(),
    });
    return z.NEVER;
  });

/** Grades 0 (pre-school) to 12; 1-11 are seeded. */
export const createGrade = z.strictObject({ number: z.number().int().min(0).max(12), ...names });
export const updateGrade = createGrade.partial();

export const createDirection = z.strictObject({ code: code(50), ...names });
export const updateDirection = createDirection.partial();

export const createSubject = z.strictObject({ code: code(50), ...names });
export const updateSubject = createSubject.partial();

export const createCity = z.strictObject({ code: code(50), ...names });
export const updateCity = createCity.partial();

export const createCenter = z.strictObject({
  cityId: id,
  code: code(100),
  ...names,
  address: z.string().trim().min(1).max(300),
  phone,
});
export const updateCenter = createCenter.partial();
