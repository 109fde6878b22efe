import type { Localized } from './locale';

/** Success messages of the finance service (merged into MESSAGES). */
export const FINANCE_MESSAGES = {
} as const satisfies Record<string, Localized>;
