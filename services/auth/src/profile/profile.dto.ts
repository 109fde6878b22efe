import { z } from 'zod';
import { LOCALES } from '@olymp/proto';
import { phone } from '../signin/signin.dto';

/**
 * What a person may change about themselves (`PUT /api/users/{user}`). Strict: `roleId`, `phone` and other fields
 * the caller may not set are refused. `grade` is accepted only to say clearly that it cannot change.
 */
export const updateUserBody = z.strictObject({
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  email: z.email().max(254).transform((v) => v.toLowerCase()).nullable().optional(),
  parentPhone: phone.nullable().optional(),
  grade: z.number().int().min(1).max(11).optional(),
  province: z.number().int().positive().max(2_147_483_647).optional(),
  district: z.number().int().positive().max(2_147_483_647).optional(),
  school: z.number().int().positive().max(2_147_483_647).optional(),
  /** The language certificates and other bulk-made papers are in. */
  locale: z.enum(LOCALES).optional(),
});
export type UpdateUserBody = z.output<typeof updateUserBody>;
