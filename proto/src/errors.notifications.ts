import type { ErrorDef } from './error-def';

/** Error codes of the notifications service (merged into ERRORS). Add entries with `def(status, en, ru, kk)` from './error-def'. */
export const NOTIFICATIONS_ERRORS = {
} as const satisfies Record<string, ErrorDef>;
