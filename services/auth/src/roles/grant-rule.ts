import type { EntityManager } from 'typeorm';
import { ALL_PERMISSIONS_ROLE } from '@olymp/proto';
import { DomainError } from '@olymp/server-kit';

/** Who grants: the caller's role decides what they hold (read fresh, not from the guard's 30 s cache). */
export interface Granter {
  roleId: number;
}

/** Permission keys a role holds in the table (staff's own keys included), sorted. */
export async function keysOfRole(m: EntityManager, roleId: number): Promise<string[]> {
  const rows: { name: string }[] = await m.query(
    `SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
      WHERE rp.role_id = $1 ORDER BY p.name`,
    [roleId],
  );
  return rows.map((r) => r.name);
}

/**
 * Nobody hands out a permission key they do not hold themselves: giving a person a role, adding keys to a role.
 * The administrator (role 1) holds every key and is the only exception. Refused with 403 PERMISSION_NOT_HELD
 * naming the keys, before anything is written (callers run it inside their transaction, so nothing is).
 */
export async function assertGranterHolds(m: EntityManager, granter: Granter, keys: readonly string[]): Promise<void> {
  if (granter.roleId === ALL_PERMISSIONS_ROLE || keys.length === 0) return;
  const held = new Set(await keysOfRole(m, granter.roleId));
  const missing = [...new Set(keys)].filter((k) => !held.has(k)).sort();
  if (missing.length) throw new DomainError('PERMISSION_NOT_HELD', { keys: missing.join(', ') });
}

/** Giving a person `roleId`: every key the role holds must be the granter's too. */
export async function assertMayGiveRole(m: EntityManager, granter: Granter, roleId: number): Promise<void> {
  if (granter.roleId === ALL_PERMISSIONS_ROLE) return;
  // FOR SHARE: the role's keys cannot grow between this check and the caller's commit.
  await m.query('SELECT id FROM roles WHERE id = $1 FOR SHARE', [roleId]);
  await assertGranterHolds(m, granter, await keysOfRole(m, roleId));
}
