import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ROLE } from '@olymp/proto';
import { type CrudHooks, type CrudWriteContext, DomainError } from '@olymp/server-kit';
import type { EntityManager } from 'typeorm';
import { User } from '../users/user.entity';
import { Role } from '../roles/role.entity';
import { requirePhone } from '../signin/signin.dto';
import { SessionsService } from '../sessions/sessions.service';
import { assertMayGiveRole } from '../roles/grant-rule';
import type { Teacher } from './teacher.entity';

/** Only an administrator gives or takes the administrator role (a manager cannot raise anyone, themselves included). */
export function assertMayAssign(ctx: { user?: { isAdmin: boolean } }, ...roleIds: number[]): void {
  if (roleIds.includes(ROLE.admin) && !ctx.user?.isAdmin) throw new DomainError('FORBIDDEN');
}

export async function assertRoleExists(manager: EntityManager, roleId: number): Promise<void> {
  if (!(await manager.existsBy(Role, { id: roleId }))) throw new DomainError('RELATED_NOT_FOUND', { field: 'roleId', value: String(roleId) });
}

/** The last administrator stays: removing them (or their role) is refused. The admins are locked to count them. */
export async function assertNotLastAdmin(manager: EntityManager, user: User): Promise<void> {
  if (user.roleId !== ROLE.admin) return;
  const admins: unknown[] = await manager.query('SELECT id FROM users WHERE role_id = $1 FOR UPDATE', [ROLE.admin]);
  if (admins.length <= 1) throw new DomainError('LAST_ADMIN');
}

/**
 * Staff's `users` store and destroy: server-side id, normalized phones, a role that exists and whose keys the
 * creator holds (admins excepted, see roles/grant-rule.ts), no self-deletion.
 * Deleting a person first ends their sessions the usual way (`auth.session.revoked`, so every service refuses their
 * tokens at once; the rows themselves go with the person by cascade).
 */
@Injectable()
export class UserAdminHooks implements CrudHooks<User> {
  constructor(private readonly moduleRef: ModuleRef) {}

  async beforeStore(input: Partial<User>, ctx: CrudWriteContext): Promise<void> {
    input.id = randomUUID();
    input.phone = requirePhone(input.phone ?? '');
    if (input.parentPhone) input.parentPhone = requirePhone(input.parentPhone, 'parentPhone');
    if (input.email) input.email = input.email.toLowerCase();
    assertMayAssign(ctx, input.roleId ?? 0);
    await assertRoleExists(ctx.manager, input.roleId ?? 0);
    if (!ctx.user) throw new DomainError('FORBIDDEN');
    await assertMayGiveRole(ctx.manager, ctx.user, input.roleId ?? 0);
    if (await ctx.manager.existsBy(User, { phone: input.phone })) throw new DomainError('PHONE_TAKEN');
  }

  async beforeDestroy(row: User, ctx: CrudWriteContext): Promise<void> {
    if (row.id === ctx.user?.sub) throw new DomainError('SELF_DELETE_REFUSED');
    assertMayAssign(ctx, row.roleId);
    await assertNotLastAdmin(ctx.manager, row);
    // SessionsService belongs to AuthModule; the resource's module is the kit's, so it is looked up app-wide.
    await this.moduleRef.get(SessionsService, { strict: false }).endAll(row.id, 'staff_reset');
  }
}

/** Teachers' phones are normalized like everyone's. */
@Injectable()
export class TeacherHooks implements CrudHooks<Teacher> {
  beforeStore(input: Partial<Teacher>): void {
    if (input.phone) input.phone = requirePhone(input.phone);
  }

  beforeUpdate(_row: Teacher, input: Partial<Teacher>): void {
    if (input.phone) input.phone = requirePhone(input.phone);
  }
}
