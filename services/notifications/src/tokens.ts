/** Injection tokens of the notifications service. */
export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
