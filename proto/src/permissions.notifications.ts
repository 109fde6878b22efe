/** API permission keys of the notifications service (build them with `keys(group, names)` from './permission-keys'). */
export const NOTIFICATIONS_PERMISSIONS = [
] as const;
