import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ALL_PERMISSIONS_ROLE, type RoleId } from '@olymp/proto';
import { type AuditActor, AuditLog, DomainError, PermissionCache, notFound } from '@olymp/server-kit';
import { assertGranterHolds } from './grant-rule';

export interface RolePermissionSet {
  /** Permission keys the role holds, sorted. */
  data: string[];
  /** False for the administrator role, which holds every key implicitly. */
  editable: boolean;
}

/**
 * Which permission keys a role holds, and replacing that set in one transaction with its audit entry. Auth's own
 * cache drops the role at once; other services' caches expire within their TTL (30 s).
 */
@Injectable()
export class RolePermissionsService {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
    private readonly cache: PermissionCache,
  ) {}

  async list(roleId: number): Promise<RolePermissionSet> {
    const [role] = await this.ds.query<{ id: number }[]>('SELECT id FROM roles WHERE id = $1', [roleId]);
    if (!role) throw notFound();
    if (roleId === ALL_PERMISSIONS_ROLE) {
      const all = await this.ds.query<{ name: string }[]>('SELECT name FROM permissions ORDER BY name');
      return { data: all.map((p) => p.name), editable: false };
    }
    return { data: await this.namesOf(this.ds.manager, roleId), editable: true };
  }

  /**
   * Unknown keys are refused (400, none of them applied); so is any change to the administrator role (409), and
   * adding a key the caller does not hold themselves (403 PERMISSION_NOT_HELD; removing keys is allowed).
   */
  async replace(roleId: number, keys: readonly string[], actor: AuditActor): Promise<RolePermissionSet> {
    if (roleId === ALL_PERMISSIONS_ROLE) throw new DomainError('ROLE_PERMISSIONS_FIXED');
    const wanted = [...new Set(keys)].sort();
    const data = await this.ds.transaction(async (m) => {
      const [role] = await m.query<{ id: number }[]>('SELECT id FROM roles WHERE id = $1 FOR UPDATE', [roleId]);
      if (!role) throw notFound();
      // FOR SHARE: a key cannot be deleted between this check and the insert below.
      const known = await m.query<{ id: number; name: string }[]>(
        'SELECT id, name FROM permissions WHERE name = ANY($1::text[]) FOR SHARE',
        [wanted],
      );
      const found = new Set(known.map((p) => p.name));
      const unknown = wanted.filter((k) => !found.has(k));
      if (unknown.length) throw new DomainError('PERMISSION_UNKNOWN', { keys: unknown.join(', ') });
      const before = await this.namesOf(m, roleId);
      await assertGranterHolds(m, actor, wanted.filter((k) => !before.includes(k)));
      const ids = known.map((p) => p.id);
      await m.query('DELETE FROM role_permissions WHERE role_id = $1 AND NOT (permission_id = ANY($2::int[]))', [roleId, ids]);
      await m.query(
        'INSERT INTO role_permissions (role_id, permission_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
        [roleId, ids],
      );
      const after = await this.namesOf(m, roleId);
      if (before.join() !== after.join()) {
        await this.audit.record(m, {
          actor,
          action: 'permissions.replace',
          resource: 'roles',
          resourceId: roleId,
          before: { permissions: before },
          after: { permissions: after },
        });
      }
      return after;
    });
    this.cache.invalidate(roleId as RoleId);
    return { data, editable: true };
  }

  private async namesOf(m: EntityManager, roleId: number): Promise<string[]> {
    const rows = await m.query<{ name: string }[]>(
      `SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
        WHERE rp.role_id = $1 ORDER BY p.name`,
      [roleId],
    );
    return rows.map((r) => r.name);
  }
}
