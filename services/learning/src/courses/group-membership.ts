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

  /**
   * One fact per member of a course group, joined (`active`) or left, in the transaction of `m`; its pupils also
   * join (or leave) the chats of the course's published events (`courseEvents`).
   */
  async announce(m: EntityManager, groupId: string, members: MemberFact[], active: boolean, names: Map<string, string>): Promise<void> {
    if (!members.length) return;
    const group = await m.findOne(CourseGroup, { where: { id: groupId }, relations: { course: true } });
    if (!group) return;
    const c = group.course as Course;
    const title = (t: string) => `${t || c.titleKk || c.titleRu || c.titleEn} · ${group.name}`;
    await this.write(m, { kind: 'course_group', id: groupId }, { kk: title(c.titleKk), ru: title(c.titleRu), en: title(c.titleEn) }, members, active, names);
    await this.courseEvents(m, group, members.filter((x) => x.role === 'pupil').map((x) => x.userId), active, names);
  }

  /**
   * A pupil put on a group of a course joins the chats of that course's published events for the course's pupils;
   * a pupil taken off leaves them, unless still a pupil of another group of the course. Call it in the change's
   * transaction: a leaving pupil's row of `group` may still exist (a group being deleted), so `group` is left out.
   */
  async courseEvents(m: EntityManager, group: Pick<CourseGroup, 'id' | 'courseId'>, pupils: string[], active: boolean, names: Map<string, string>): Promise<void> {
    if (!pupils.length) return;
    const events = (await m.query(
      `SELECT id, title_kk, title_ru, title_en FROM events WHERE audience = 'course' AND course_id = $1 AND published ORDER BY id`,
      [group.courseId],
    )) as { id: string; title_kk: string; title_ru: string; title_en: string }[];
    if (!events.length) return;
    let who = pupils;
    if (!active) {
      const staying = (await m.query(
        `SELECT DISTINCT gm.user_id FROM course_group_members gm JOIN course_groups g ON g.id = gm.group_id
          WHERE g.course_id = $1 AND gm.group_id <> $2 AND gm.role = 'pupil' AND gm.user_id = ANY($3)`,
        [group.courseId, group.id, pupils],
      )) as { user_id: string }[];
      const kept = new Set(staying.map((r) => r.user_id));
      who = pupils.filter((id) => !kept.has(id));
    }
    for (const e of events) {
      await this.write(m, { kind: 'event', id: e.id }, { kk: e.title_kk, ru: e.title_ru, en: e.title_en }, who.map((userId) => ({ userId, role: 'pupil' as const })), active, names);
    }
  }

  /** One fact per member of any chat-bearing thing (a course group, an event), in the transaction of `m`. */
  async write(
    m: EntityManager, group: { kind: 'course_group' | 'event'; id: string }, title: { kk: string; ru: string; en: string },
    members: MemberFact[], active: boolean, names: Map<string, string>, when?: Date,
  ): Promise<void> {
    const fallback = title.kk || title.ru || title.en || group.kind;
    const at = (when ?? this.clock.now()).toISOString();
    for (const member of members) {
      await this.outbox.add(m, 'learning.membership.changed', {
        group,
        userId: member.userId,
        name: (names.get(member.userId) || '?').slice(0, 120),
        role: member.role,
        title: { kk: title.kk || fallback, ru: title.ru || fallback, en: title.en || fallback },
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
