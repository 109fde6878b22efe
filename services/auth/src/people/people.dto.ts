import { z } from 'zod';
import { phone } from '../signin/signin.dto';
import { fieldMessage } from '../field-messages';
import { RELATIVES } from './people.entities';

/**
 * Bodies of the people routes (spec section 7: students update-personal-info / update-school / update-home-address,
 * profile school-address / home-address / parents). All strict: an unknown field is refused with UNKNOWN_FIELD.
 */
const name = z.string().trim().min(1).max(100);

/** PUT students/{user}/update-personal-info. `grade` is accepted only to say clearly that it cannot change. */
export const personalInfoBody = z.strictObject({
  firstName: name,
  lastName: name,
  parentPhone: phone,
  grade: z.number().int().min(1).max(11).optional(),
});

/** PUT students/{user}/update-school: ids of the directory, checked to fit together. */
export const schoolBody = z.strictObject({
  province: z.number().int().positive().max(2_147_483_647),
  district: z.number().int().positive().max(2_147_483_647),
  school: z.number().int().positive().max(2_147_483_647),
});

const postalCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, {
    error: fieldMessage({
      en: 'A postal code is 6 digits, e.g. 050000',
      ru: 'Почтовый индекс — 6 цифр, например 050000',
      kk: 'Пошта индексі — 6 цифр, мысалы 050000',
    }),
  });
const optionalText = (max: number) =>
  z.string().trim().max(max).nullable().optional().transform((v) => (v ? v : null));

/** A postal address (home or school): region and city, street, house, apartment, postal code. */
export const addressBody = z.strictObject({
  region: optionalText(100),
  city: z.string().trim().min(1).max(100),
  street: z.string().trim().min(1).max(200),
  house: z.string().trim().min(1).max(20),
  apartment: optionalText(20),
  postalCode: postalCode.nullable().optional().transform((v) => v ?? null),
});

export const relative = z.enum(RELATIVES);
const fullName = z.string().trim().min(1).max(200);

/** POST users/{user}/parents. */
export const addParentBody = z.strictObject({ relative, fullName, phone });
/** PUT users/{user}/parents/{relative}. */
export const updateParentBody = z.strictObject({ fullName, phone });
export const relativeParam = z.strictObject({ relative });

export type PersonalInfoBody = z.output<typeof personalInfoBody>;
export type SchoolBody = z.output<typeof schoolBody>;
export type AddressBody = z.output<typeof addressBody>;
export type AddParentBody = z.output<typeof addParentBody>;
export type UpdateParentBody = z.output<typeof updateParentBody>;
