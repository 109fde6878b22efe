import { Injectable } from '@nestjs/common';
import type { groupBoardReply, groupTeachersReply } from '@olymp/proto';
import { type AuthUser, RpcClient } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { GroupMember } from '../floor/course.entities';
import { GroupAccess, publicName } from '../courses/group-access';

type GroupTeachersReply = z.input<typeof groupTeachersReply>;
type GroupBoardReply = z.input<typeof groupBoardReply>;

/**
 * The people tabs of an online course's page (docs/course-pages.md): the group's teachers (name, photo, subject; never
 * phones or ids) and the group's leaderboard (pupils by points in the course: their graded homework). Members of the
 * group and staff who read groups see them; pupils see pupils as "Aigerim S.".
 */
@Injectable()
export class CoursePeopleService {
  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
    private readonly access: GroupAccess,
  ) {}

  async teachers(user: AuthUser, groupId: string): Promise<GroupTeachersReply> {
    await this.access.group(groupId);
    await this.access.viewer(user, groupId);
    const ids = (await this.ds.getRepository(GroupMember).find({ where: { groupId, role: 'teacher' }, order: { addedAt: 'ASC' } })).map((m) => m.userId);
    if (!ids.length) return { data: [] };
    const { teachers } = await this.rpc.request('auth.teachers.cards', { userIds: ids.slice(0, 200) });
    const byId = new Map(teachers.map((t) => [t.userId, t]));
    return {
      data: ids.flatMap((id) => {
        const t = byId.get(id);
        return t ? [{ name: `${t.firstName} ${t.lastName}`.trim(), photoUrl: t.photoUrl, subject: t.subject }] : [];
      }),
    };
  }

  /**
   * The group's pupils ranked by the points of their graded homework in the group (pupils with none have 0); equal
   * points share a rank ("1, 2, 2, 4"). Every pupil of the group is listed (a group is small), the caller's row marked.
   */
  async leaderboard(user: AuthUser, groupId: string): Promise<GroupBoardReply> {
    await this.access.group(groupId);
    await this.access.viewer(user, groupId);
    const rows = await this.ds.query(
      `SELECT m.user_id AS "userId", COALESCE(SUM(s.points), 0)::int AS points,
              RANK() OVER (ORDER BY COALESCE(SUM(s.points), 0) DESC)::int AS rank
         FROM course_group_members m
         LEFT JOIN lessons l ON l.group_id = m.group_id
         LEFT JOIN homeworks h ON h.lesson_id = l.id
         LEFT JOIN homework_submissions s ON s.homework_id = h.id AND s.user_id = m.user_id AND s.points IS NOT NULL
        WHERE m.group_id = $1 AND m.role = 'pupil'
        GROUP BY m.user_id ORDER BY rank, m.user_id`,
      [groupId],
    ) as { userId: string; points: number; rank: number }[];
    const people = rows.length ? await this.access.people(rows.map((r) => r.userId)) : new Map();
    const data = rows.map((r) => ({ rank: r.rank, name: publicName(people.get(r.userId)), points: r.points, me: r.userId === user.sub }));
    return { data, me: data.find((r) => r.me) ?? null };
  }
}
