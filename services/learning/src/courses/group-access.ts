import { Injectable } from '@nestjs/common';
import type { GroupMemberRole } from '@olymp/proto';
import { type AuthUser, Clock, DomainError, RpcClient, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { CourseGroup, GroupMember, Lesson } from '../floor/course.entities';
import { holdsAny } from '../floor/access';
import { enrolmentLapsed } from '../floor/enrolment.entities';

/** Who asks about a group: staff holding a key (all groups), or one of its teachers or pupils (their own only). */
export type GroupViewer = { kind: 'staff' } | { kind: 'teacher' } | { kind: 'pupil' };

export interface Person { userId: string; roleId: number; firstName: string; lastName: string }

/**
 * The one place that decides who may see or do what in a group: staff by their keys (`sidebar:group_index` reads,
 * `group:update` writes), otherwise membership in the group (`course_group_members`).
 */
@Injectable()
export class GroupAccess {
  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
    private readonly clock: Clock,
  ) {}

  async group(id: string): Promise<CourseGroup> {
    const group = await this.ds.getRepository(CourseGroup).findOneBy({ id });
    if (!group) throw notFound();
    return group;
  }

  async lesson(id: string): Promise<Lesson> {
    const lesson = await this.ds.getRepository(Lesson).findOneBy({ id });
    if (!lesson) throw notFound();
    return lesson;
  }

  /** A pupil whose paid access to the course has ended (to the millisecond on the Clock) is no member any more. */
  async roleIn(groupId: string, userId: string): Promise<GroupMemberRole | null> {
    const row = await this.ds.getRepository(GroupMember).findOneBy({ groupId, userId });
    if (row?.role === 'pupil' && (await enrolmentLapsed(this.ds.manager, groupId, userId, this.clock.now()))) return null;
    return row?.role ?? null;
  }

  /** Reading a group's things (or, with `write`, changing them): staff holding the key, or any member of the group. */
  async viewer(user: AuthUser, groupId: string, write = false): Promise<GroupViewer> {
    if (holdsAny(user, write ? 'group:update' : 'sidebar:group_index')) return { kind: 'staff' };
    const role = await this.roleIn(groupId, user.sub);
    if (!role) throw new DomainError(write ? 'NOT_GROUP_TEACHER' : 'NOT_GROUP_MEMBER');
    return { kind: role };
  }

  /** Staff with `group:update`, or a teacher of the group: marking attendance, setting and grading homework. */
  async assertTeaches(user: AuthUser, groupId: string): Promise<void> {
    const v = await this.viewer(user, groupId, true);
    if (v.kind === 'pupil') throw new DomainError('NOT_GROUP_TEACHER');
  }

  /** Staff who read groups, or a teacher of the group (pupils' names, everyone's marks and hand-ins). */
  async assertSeesPupils(user: AuthUser, groupId: string): Promise<void> {
    if (holdsAny(user, 'sidebar:group_index')) return;
    if ((await this.roleIn(groupId, user.sub)) !== 'teacher') throw new DomainError('NOT_GROUP_TEACHER');
  }

  /** People through auth's `auth.users.get` (names, role); unknown ids are left out. */
  async people(userIds: string[]): Promise<Map<string, Person>> {
    const ids = [...new Set(userIds)];
    const out = new Map<string, Person>();
    for (let i = 0; i < ids.length; i += 1000) {
      const { users } = await this.rpc.request('auth.users.get', { userIds: ids.slice(i, i + 1000) });
      for (const u of users) out.set(u.userId, { userId: u.userId, roleId: u.roleId, firstName: u.firstName, lastName: u.lastName });
    }
    return out;
  }
}

/** "Aigerim S.": how a person is shown to pupils (minors: never full names, ids or phones). */
export const publicName = (p: { firstName: string; lastName: string } | undefined) =>
  p ? `${p.firstName}${p.lastName ? ` ${p.lastName.slice(0, 1)}.` : ''}` : '';
