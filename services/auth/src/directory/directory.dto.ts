import { z } from 'zod';
import { PROVINCE_KINDS } from './directory.entities';

/**
 * Bodies of the directory's store (create) and update (PUT/PATCH: the same fields, all optional). Strict: an
 * unknown field is refused with UNKNOWN_FIELD. The same schemas give the OpenAPI request bodies.
 */
const name = (max: number) => z.string().trim().min(1).max(max);
const id = z.number().int().positive().max(2147483647);
/** The stable seed key: lower-case latin letters, digits, `-` and `:`. */
const code = (max: number) => z.string().trim().min(1).max(max).regex(/^[a-z0-9][a-z0-9:-]*$/);

const names = (max: number) => ({ nameKk: name(max), nameRu: name(max), nameEn: name(max) });

export const createProvince = z.strictObject({
  code: code(50),
  kind: z.enum(PROVINCE_KINDS),
  ...names(200),
});
export const updateProvince = createProvince.partial();

export const createDistrict = z.strictObject({
  provinceId: id,
  code: code(100).nullable().optional(),
  ...names(200),
});
export const updateDistrict = createDistrict.partial();

export const createSchool = z.strictObject({
  districtId: id,
  code: code(100).nullable().optional(),
  ...names(300),
});
export const updateSchool = createSchool.partial();
