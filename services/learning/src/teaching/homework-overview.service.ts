import { Injectable } from '@nestjs/common';
import type { HomeworkOverviewReply } from '@olymp/proto';
import { type AuthUser, DomainError } from '@olymp/server-kit';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { holdsAny } from '../floor/access';
import { ZONE, almaty } from '../floor/time';
import { GroupAccess } from '../courses/group-access';
import { MAX_REPORT_DAYS } from './attendance-report.service';

interface Row {
  id: string; title: string; dueAt: Date; maxPoints: number; lessonId: string; lessonKk: string; lessonRu: string; lessonEn: string; startsAt: Date;
  groupId: string; groupName: string; courseKk: string; courseRu: string; courseEn: string; pupils: number; handedIn: number; graded: number; late: number;
}

/**
 * The admin's "Homework" (spec 2 sidebar): every homework task of the groups the caller may see, with hand-in counts.
 * Staff with `sidebar:group_index` see all groups; anyone else the groups they teach (none: an empty list).
 */
@Injectable()
export class HomeworkOverviewService {
  constructor(
    private readonly ds: DataSource,
    private readonly access: GroupAccess,
  ) {}

  async list(user: AuthUser, q: { group?: string; dueFrom?: string; dueTo?: string }): Promise<HomeworkOverviewReply> {
    const from = q.dueFrom ? DateTime.fromISO(q.dueFrom, { zone: ZONE }).startOf('day') : null;
    const to = q.dueTo ? DateTime.fromISO(q.dueTo, { zone: ZONE }).startOf('day') : null;
    if (from && to && (to < from || to.diff(from, 'days').days + 1 > MAX_REPORT_DAYS)) throw new DomainError('DATE_RANGE_INVALID', { maxDays: MAX_REPORT_DAYS });
    const staff = holdsAny(user, 'sidebar:group_index');
    if (q.group) {
      await this.access.group(q.group);
      if (!staff && (await this.access.roleIn(q.group, user.sub)) !== 'teacher') throw new DomainError('NOT_GROUP_TEACHER');
    }
    const mine = `($1 OR EXISTS (SELECT 1 FROM course_group_members t WHERE t.group_id = g.id AND t.role = 'teacher' AND t.user_id = $2))`;
    const params: unknown[] = [staff, user.sub];
    let where = '';
    if (q.group) { params.push(q.group); where += ` AND g.id = $${params.length}`; }
    if (from) { params.push(from.toJSDate()); where += ` AND h.due_at >= $${params.length}`; }
    if (to) { params.push(to.plus({ days: 1 }).toJSDate()); where += ` AND h.due_at < $${params.length}`; }
    const rows = await this.ds.query(
      `SELECT h.id, h.title, h.due_at AS "dueAt", h.max_points AS "maxPoints", l.id AS "lessonId", l.starts_at AS "startsAt",
              l.title_kk AS "lessonKk", l.title_ru AS "lessonRu", l.title_en AS "lessonEn",
              g.id AS "groupId", g.name AS "groupName", c.title_kk AS "courseKk", c.title_ru AS "courseRu", c.title_en AS "courseEn",
              (SELECT count(*)::int FROM course_group_members p WHERE p.group_id = g.id AND p.role = 'pupil') AS pupils,
              (SELECT count(*)::int FROM homework_submissions s WHERE s.homework_id = h.id) AS "handedIn",
              (SELECT count(*)::int FROM homework_submissions s WHERE s.homework_id = h.id AND s.graded_at IS NOT NULL) AS graded,
              (SELECT count(*)::int FROM homework_submissions s WHERE s.homework_id = h.id AND s.submitted_at > h.due_at) AS late
         FROM homeworks h JOIN lessons l ON l.id = h.lesson_id JOIN course_groups g ON g.id = l.group_id JOIN courses c ON c.id = g.course_id
        WHERE ${mine}${where}
        ORDER BY h.due_at DESC, h.id
        LIMIT 500`,
      params,
    ) as Row[];
    const groups = await this.ds.query(`SELECT g.id, g.name FROM course_groups g WHERE ${mine} ORDER BY g.name, g.id`, [staff, user.sub]) as { id: string; name: string }[];
    return {
      data: rows.map((r) => ({
        id: r.id, title: r.title, dueAt: r.dueAt.toISOString(), dueAtAlmaty: almaty(r.dueAt), maxPoints: r.maxPoints,
        lesson: { id: r.lessonId, title: { kk: r.lessonKk, ru: r.lessonRu, en: r.lessonEn }, startsAtAlmaty: almaty(r.startsAt) },
        group: { id: r.groupId, name: r.groupName, course: { kk: r.courseKk, ru: r.courseRu, en: r.courseEn } },
        pupils: r.pupils, handedIn: r.handedIn, graded: r.graded, late: r.late,
      })),
      groups,
    };
  }
}
