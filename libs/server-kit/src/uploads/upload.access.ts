import type { AuthUser } from '../auth/decorators';
import { forbidden } from '../errors/domain-error';

/**
 * Who may act on an existing upload. Routes already require `upload:create` (send) or `upload:delete` (delete);
 * on top of that a file belongs to whoever uploaded it: only they may continue or delete it, unless they hold
 * `upload:delete_any` (staff who look after shared content) or are admin.
 */
export function managesAllUploads(user: AuthUser): boolean {
  return user.isAdmin || user.permissions.has('upload:delete_any');
}

export function assertOwner(user: AuthUser, ownerId: string): void {
  if (ownerId !== user.sub) throw forbidden();
}

export function assertMayManage(user: AuthUser, ownerId: string): void {
  if (ownerId !== user.sub && !managesAllUploads(user)) throw forbidden();
}
