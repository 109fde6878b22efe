import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiShape, type AuthUser, CurrentUser, DomainError, RequirePermission, parseInput } from '@olymp/server-kit';
import { roleSet } from '@olymp/proto';
import { replaceRolePermissions } from './roles.dto';
import { type RolePermissionSet, RolePermissionsService } from './role-permissions.service';

/** A role id in a path: a positive int4, else 400 INVALID_NUMERIC_ID before any lookup (as the CRUD kit answers). */
function roleIdOf(raw: string): number {
  const n = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(n <= 2147483647)) throw new DomainError('INVALID_NUMERIC_ID', { value: String(raw).slice(0, 64) });
  return n;
}

/** GET and PUT /api/roles/{id}/permissions: the set of permission keys a role holds. */
@Controller('roles/:id/permissions')
export class RolePermissionsController {
  constructor(private readonly rolePermissions: RolePermissionsService) {}

  @Get()
  @ApiShape({ response: roleSet })
  @RequirePermission('sidebar:role_index')
  list(@Param('id') id: string): Promise<RolePermissionSet> {
    return this.rolePermissions.list(roleIdOf(id));
  }

  /** Replaces the whole set: `{ "permissions": ["sidebar:student_index", ...] }`. */
  @Put()
  @ApiShape({ response: roleSet, body: replaceRolePermissions })
  @RequirePermission('role:update')
  replace(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: AuthUser): Promise<RolePermissionSet> {
    const roleId = roleIdOf(id);
    return this.rolePermissions.replace(roleId, parseInput(replaceRolePermissions, body ?? {}).permissions, user);
  }
}
