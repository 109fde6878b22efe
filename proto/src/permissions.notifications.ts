import { keys } from './permission-keys';

/** API permission keys of the notifications service. */
export const NOTIFICATIONS_PERMISSIONS = [
  // Support staff read the notices a person was sent (what the pupil saw as toasts).
  ...keys('notice', ['index'] as const),
] as const;
