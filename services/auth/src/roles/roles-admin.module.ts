import { Module } from '@nestjs/common';
import { AuditModule, CrudResource } from '@olymp/server-kit';
import { PermissionRow, Role } from './role.entity';
import { createPermission, createRole, updatePermission, updateRole } from './roles.dto';
import { PermissionCrudHooks, RoleCrudHooks } from './roles.hooks';
import { RolePermissionsController } from './role-permissions.controller';
import { RolePermissionsService } from './role-permissions.service';

/**
 * Admin settings: roles and permission keys as standard resources (spec section 7), and which keys a role holds
 * (`/api/roles/{id}/permissions`). Every change is audited; auth's permission cache drops what changed at once.
 */
@Module({
  imports: [
    AuditModule,
    CrudResource.register({
      path: 'roles',
      entity: Role,
      create: createRole,
      update: updateRole,
      access: { read: 'sidebar:role_index', store: 'role:create', update: 'role:update', destroy: 'role:delete' },
      searchable: ['name', 'titleKk', 'titleRu', 'titleEn'],
      // Screens show a role by its title; the platform's roles keep their spec order (ids 1-7, staff's from 101).
      label: ['title'],
      fields: { name: { hiddenInList: true } },
      defaultSort: [{ field: 'id', order: 'ASC' }],
      hooks: RoleCrudHooks,
      description: 'Roles: the platform\'s own (spec ids, never deleted) and those staff add (ids from 101).',
    }),
    CrudResource.register({
      path: 'permissions',
      entity: PermissionRow,
      create: createPermission,
      update: updatePermission,
      access: { read: 'sidebar:permission_index', store: 'permission:create', update: 'permission:update', destroy: 'permission:delete' },
      searchable: ['name'],
      label: ['name'],
      defaultSort: [{ field: 'name', order: 'ASC' }],
      hooks: PermissionCrudHooks,
      description: 'Permission keys (`group:name`); the platform\'s own keys cannot be renamed or deleted.',
    }),
  ],
  controllers: [RolePermissionsController],
  providers: [RolePermissionsService],
})
export class RolesAdminModule {}
