import { Injectable } from '@nestjs/common';
import { ROLE_IDS, type RoleId, isPermission } from '@olymp/proto';
import { type CrudChange, type CrudHooks, DomainError, PermissionCache } from '@olymp/server-kit';
import type { PermissionRow, Role } from './role.entity';

/** The roles of spec section 6 (seeded with fixed ids): the code refers to them, so they stay. */
export const isBuiltInRole = (id: number) => (ROLE_IDS as number[]).includes(id);

/**
 * Rules of the roles resource beyond its schema: a built-in role is never deleted and keeps its system name; a
 * deleted role's cached permissions are dropped at once (other services' caches expire within their TTL).
 */
@Injectable()
export class RoleCrudHooks implements CrudHooks<Role> {
  constructor(private readonly cache: PermissionCache) {}

  beforeUpdate(row: Role, input: Partial<Role>): void {
    if (isBuiltInRole(row.id) && input.name !== undefined && input.name !== row.name) throw new DomainError('ROLE_BUILT_IN', { role: row.name });
  }

  beforeDestroy(row: Role): void {
    if (isBuiltInRole(row.id)) throw new DomainError('ROLE_BUILT_IN', { role: row.name });
  }

  afterCommit(change: CrudChange<Role>): void {
    if (change.action === 'destroy') this.cache.invalidate(Number(change.id) as RoleId);
  }
}

/**
 * Rules of the permissions resource: a key the platform's code checks (proto PERMISSIONS) is never renamed or
 * deleted; a rename or delete of any other key changes what roles hold, so every cached role is dropped.
 */
@Injectable()
export class PermissionCrudHooks implements CrudHooks<PermissionRow> {
  constructor(private readonly cache: PermissionCache) {}

  beforeUpdate(row: PermissionRow, input: Partial<PermissionRow>): void {
    if (isPermission(row.name) && input.name !== undefined && input.name !== row.name) {
      throw new DomainError('PERMISSION_BUILT_IN', { permission: row.name });
    }
  }

  beforeDestroy(row: PermissionRow): void {
    if (isPermission(row.name)) throw new DomainError('PERMISSION_BUILT_IN', { permission: row.name });
  }

  afterCommit(change: CrudChange<PermissionRow>): void {
    if (change.action !== 'store') this.cache.invalidate();
  }
}
