import { keys } from './permission-keys';

/** API permission keys of the notifications service. */
export const NOTIFICATIONS_PERMISSIONS = [
  // Support staff read the notices a person was sent (what the pupil saw as toasts).
  ...keys('notice', ['index'] as const),
  // Chat groups (docs/chat.md): see groups, members, reports and every message; create extra groups; moderate
  // (hide a message, mute a member, close a group, pinned announcements, group settings).
  ...keys('chat', ['group_index', 'group_create', 'moderate'] as const),
] as const;
