import { Injectable } from '@nestjs/common';
import type { GroupMemberRole } from '@olymp/proto';
import { Clock, type CrudHooks, type CrudWriteContext, EventOutbox, RpcClient } from '@olymp/server-kit';
import type { EntityManager } from 'typeorm';
import { Course, CourseGroup, GroupMember } from '../floor/course.entities';
import { publicName } from './group-access';

export interface MemberFact {
  userId: string;
  role: GroupMemberRole;
}

/**
 * Chat membership of course groups (docs/chat.md): every change of a group's people writes
 * `learning.membership.changed` (kind `course_group`) through the outbox, in the change's own transaction, so the
 * group's chat in notifications follows joins and leaves without asking learning. Names are public ("Aigerim S.").
 * Only global providers are used: the CRUD resource's hooks (deleting a group) are built outside this module.
 */
@Injectable()
export class GroupMembership {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly rpc: RpcClient,
    private readonly clock: Clock,
  ) {}

  /** Public names through auth's `auth.users.get` (asked before the transaction where possible). */
  async names(userIds: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const ids = [...new Set(userIds)];
    for (let i = 0; i < ids.length; i += 1000) {
      const { users } = await this.rpc.request('auth.users.get', { userIds: ids.slice(i, i + 1000) });
      for (const u of users) out.set(u.userId, publicName(u));
    }
    return out;
  }

  /** One fact per member, joined (`active`) or left, in the transaction of `m`. */
  async announce(m: EntityManager, groupId: string, members: MemberFact[], active: boolean, names: Map<string, string>): Promise<void> {
    if (!members.length) return;
    const group = await m.findOne(CourseGroup, { where: { id: groupId }, relations: { course: true } });
    if (!group) return;
    const c = group.course as Course;
    const title = (t: string) => `${t || c.titleKk || c.titleRu || c.titleEn} · ${group.name}`;
    const at = this.clock.now().toISOString();
    for (const member of members) {
      await this.outbox.add(m, 'learning.membership.changed', {
        group: { kind: 'course_group', id: groupId },
        userId: member.userId,
        name: (names.get(member.userId) || '?').slice(0, 120),
        role: member.role,
        title: { kk: title(c.titleKk), ru: title(c.titleRu), en: title(c.titleEn) },
        active,
        at,
      });
    }
  }
}

/** Deleting a group (its members go with it by the foreign key) tells the chat that every member left. */
@Injectable()
export class CourseGroupHooks implements CrudHooks<CourseGroup> {
  private readonly membership: GroupMembership;

  constructor(outbox: EventOutbox, rpc: RpcClient, clock: Clock) {
    this.membership = new GroupMembership(outbox, rpc, clock);
  }

  async beforeDestroy(row: CourseGroup, ctx: CrudWriteContext): Promise<void> {
    const members = await ctx.manager.findBy(GroupMember, { groupId: row.id });
    const names = await this.membership.names(members.map((x) => x.userId));
    await this.membership.announce(ctx.manager, row.id, members.map((x) => ({ userId: x.userId, role: x.role })), false, names);
  }
}
