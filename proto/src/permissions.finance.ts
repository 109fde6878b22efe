/** API permission keys of the finance service (build them with `keys(group, names)` from './permission-keys'). */
export const FINANCE_PERMISSIONS = [
] as const;
