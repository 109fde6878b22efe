import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Permission, isPermission } from '@olymp/proto';
import type { PermissionSource } from '@olymp/server-kit';

/**
 * Reads which permissions a role holds; the source of truth other services ask over RPC. Keys staff created that
 * the code does not know are left out: no route checks them.
 */
@Injectable()
export class RolesService implements PermissionSource {
  constructor(private readonly ds: DataSource) {}

  async permissionsOf(roleId: number): Promise<Permission[]> {
    const rows: { name: string }[] = await this.ds.query(
      `SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
        WHERE rp.role_id = $1 ORDER BY p.name`,
      [roleId],
    );
    return rows.map((r) => r.name).filter(isPermission);
  }

  async exists(roleId: number): Promise<boolean> {
    const rows: unknown[] = await this.ds.query('SELECT 1 FROM roles WHERE id = $1', [roleId]);
    return rows.length > 0;
  }
}
