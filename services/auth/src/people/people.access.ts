import { type AuthUser, DomainError } from '@olymp/server-kit';

/**
 * Object-level rule of every people route: a person acts on their own `users/{uuid}` data; staff need
 * `user:update` (admin holds it) to act on anyone's. Checked before the body is read, so a refused caller learns
 * nothing about the body or the person, and nothing changes.
 */
export function assertMayActOn(caller: AuthUser, userId: string): void {
  if (caller.sub !== userId && !caller.isAdmin && !caller.permissions.has('user:update')) throw new DomainError('FORBIDDEN');
}
