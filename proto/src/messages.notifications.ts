import type { Localized } from './locale';

/** Success messages of the notifications service (merged into MESSAGES). */
export const NOTIFICATIONS_MESSAGES = {
} as const satisfies Record<string, Localized>;
