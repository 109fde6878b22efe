import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type RoleId, type Permission, isPermission } from '@olymp/proto';
import type { PermissionSource } from '@olymp/server-kit';

/** Reads which permissions a role holds; the source of truth other services ask over RPC. */
@Injectable()
export class RolesService implements PermissionSource {
  constructor(private readonly ds: DataSource) {}

  async permissionsOf(roleId: RoleId): Promise<Permission[]> {
    const rows: { name: string }[] = await this.ds.query(
      `SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
        WHERE rp.role_id = $1 ORDER BY p.name`,
      [roleId],
    );
    return rows.map((r) => r.name).filter(isPermission);
  }
}
