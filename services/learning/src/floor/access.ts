import type { Locale, Permission } from '@olymp/proto';
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

/**
 * Who asks for a board, which decides the rows' shape (pupils are minors): `staff` holding the board's leaderboard
 * tab get full rows; a signed-in `member` gets everyone's rows as the live board shows them to signed-in viewers
 * (proto's memberRow: "Aigerim S.", no ids) and their own full row as `me`; `public` (no token) gets proto's
 * publicRow, exactly the live board's public row, and no `me`.
 */
export type BoardViewer =
  | { kind: 'staff'; userId: string; locale: Locale }
  | { kind: 'member'; userId: string; locale: Locale }
  | { kind: 'public'; locale: Locale };

/** Who reads a leaderboard (its rows' shape, boards/leaderboard.service.ts): staff by the board's leaderboard tab. */
export function boardViewer(user: AuthUser | undefined, locale: Locale, staffPermission: Permission): BoardViewer {
  if (!user) return { kind: 'public', locale };
  return { kind: holdsAny(user, staffPermission) ? 'staff' : 'member', userId: user.sub, locale };
}

export function assertSelfOrStaff(user: AuthUser, userId: string, ...permissions: Permission[]): void {
  if (user.sub !== userId && !holdsAny(user, ...permissions)) throw new DomainError('FORBIDDEN');
}
