/** Role ids of spec section 6. The numbers are part of the API (clients send them), so they never change. */
export const ROLE = {
  admin: 1,
  manager: 3,
  student: 7,
  contentMaker: 10,
  regionalDirector: 11,
  examAdmin: 12,
  examObserver: 13,
} as const;

export type RoleName = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleName];
export const ROLE_IDS = Object.values(ROLE) as RoleId[];

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ROLE_IDS as number[]).includes(value);
}

/** Admin holds every permission (spec section 6). */
export const ALL_PERMISSIONS_ROLE: RoleId = ROLE.admin;
