import type { ErrorDef } from './error-def';

/** Error codes of the finance service (merged into ERRORS). Add entries with `def(status, en, ru, kk)` from './error-def'. */
export const FINANCE_ERRORS = {
} as const satisfies Record<string, ErrorDef>;
