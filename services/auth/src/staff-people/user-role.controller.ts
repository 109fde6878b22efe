import { Controller, Put } from '@nestjs/common';
import { type Locale, message, roleChangeReply } from '@olymp/proto';
import { ApiShape, AuditLog, type AuthUser, CurrentUser, DomainError, RequestLocale, RequirePermission, UuidParam, ValidBody, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { User } from '../users/user.entity';
import { SessionsService } from '../sessions/sessions.service';
import { roleChangeBody } from './staff-people.dto';
import { assertMayAssign, assertNotLastAdmin, assertRoleExists } from './staff-people.hooks';
import { assertMayGiveRole } from '../roles/grant-rule';

/**
 * `PUT /api/users/{user}/role { roleId }` (`user:role_update`): staff move a person to another role. Not one's
 * own account; only an administrator gives or takes the administrator role; nobody but an administrator gives a
 * role holding a key they do not hold themselves (403 PERMISSION_NOT_HELD); the last administrator keeps it. The
 * change is audited in its transaction, then every session of the person ends (`staff_reset`) so the next tokens
 * carry the new role.
 */
@Controller()
export class UserRoleController {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
    private readonly sessions: SessionsService,
  ) {}

  @Put('users/:user/role')
  @ApiShape({ response: roleChangeReply })
  @RequirePermission('user:role_update')
  async changeRole(
    @CurrentUser() caller: AuthUser,
    @UuidParam('user') userId: string,
    @ValidBody(roleChangeBody) body: z.output<typeof roleChangeBody>,
    @RequestLocale() locale: Locale,
  ) {
    if (userId === caller.sub) throw new DomainError('SELF_ROLE_CHANGE_REFUSED');
    const changed = await this.ds.transaction(async (manager) => {
      const before = await manager.findOne(User, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw notFound();
      if (before.roleId === body.roleId) return null;
      assertMayAssign({ user: caller }, before.roleId, body.roleId);
      await assertRoleExists(manager, body.roleId);
      await assertMayGiveRole(manager, caller, body.roleId);
      await assertNotLastAdmin(manager, before);
      await manager.update(User, { id: userId }, { roleId: body.roleId });
      const after = await manager.findOneByOrFail(User, { id: userId });
      await this.audit.record(manager, { actor: caller, action: 'role.update', resource: 'users', resourceId: userId, before, after });
      return after;
    });
    const ended = changed ? await this.sessions.endAll(userId, 'staff_reset') : 0;
    const user = changed ?? (await this.ds.getRepository(User).findOneByOrFail({ id: userId }));
    return { data: { id: user.id, roleId: user.roleId, sessionsEnded: ended }, message: message('SAVED', locale) };
  }
}
