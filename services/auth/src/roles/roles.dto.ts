import { z } from 'zod';
import { fieldMessage } from '../field-messages';

/**
 * Bodies of the roles and permissions resources and of the role's permission set. Strict: an unknown field is
 * refused with UNKNOWN_FIELD. Ids are never in a body (new roles get theirs from the sequence, from 101).
 */
const title = z.string().trim().min(1).max(100);

/** A role's system name, as the platform's own roles are named (`contentMaker`). */
export const ROLE_NAME_RE = /^[a-z][a-zA-Z0-9_-]*$/;
/** `group:name`, as spec section 6 writes permission keys (`sidebar:role_index`). */
export const PERMISSION_KEY_RE = /^[a-z][a-z0-9_]*:[a-z][a-z0-9_]*$/;

const roleName = z.string().trim().min(2).max(50).regex(ROLE_NAME_RE, {
  error: fieldMessage({
    en: 'use latin letters, digits, _ and -, starting with a lower-case letter, e.g. schoolTeacher',
    ru: 'используйте латинские буквы, цифры, _ и -, начиная со строчной буквы, например schoolTeacher',
    kk: 'латын әріптерін, цифрларды, _ және - белгілерін қолданыңыз, кіші әріптен бастаңыз, мысалы schoolTeacher',
  }),
});

const permissionKey = z.string().trim().max(100).regex(PERMISSION_KEY_RE, {
  error: fieldMessage({
    en: 'write it as group:name in lower-case latin letters, digits and _, e.g. role:create',
    ru: 'запишите в виде группа:имя строчными латинскими буквами, цифрами и _, например role:create',
    kk: 'топ:атау түрінде кіші латын әріптерімен, цифрлармен және _ белгісімен жазыңыз, мысалы role:create',
  }),
});

export const createRole = z.strictObject({ name: roleName, titleKk: title, titleRu: title, titleEn: title });
export const updateRole = createRole.partial();

export const createPermission = z.strictObject({ name: permissionKey });
export const updatePermission = createPermission.partial();

/** PUT /api/roles/{id}/permissions: the whole set the role holds afterwards. */
export const replaceRolePermissions = z.strictObject({ permissions: z.array(permissionKey).max(1000) });
