import type { Permission } from '@olymp/proto';
import { type AuthUser, DomainError } from '@olymp/server-kit';

/** Whether the caller holds any of the permissions (admin holds all). */
export const holdsAny = (user: AuthUser, ...permissions: Permission[]) =>
  user.isAdmin || permissions.some((p) => user.permissions.has(p));

/** A pupil acts only as themself under `users/{user}/...`; 403 otherwise. */
export function assertSelf(user: AuthUser, userId: string): void {
  if (user.sub !== userId) throw new DomainError('FORBIDDEN');
}

/** Reading a pupil's results: the pupil, or staff who see test results. */
export const RESULT_READERS: Permission[] = ['challenge:test_result_tab', 'training:test_results_tab', 'quiz:index'];

export function assertSelfOrStaff(user: AuthUser, userId: string, ...permissions: Permission[]): void {
  if (user.sub !== userId && !holdsAny(user, ...permissions)) throw new DomainError('FORBIDDEN');
}
