import { Injectable } from '@nestjs/common';
import type { ScheduleLesson } from '@olymp/proto';
import { AuditLog, type AuthUser, Clock, DomainError } from '@olymp/server-kit';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { LessonAttendance } from '../floor/course.entities';
import { LessonCancellation } from '../floor/teaching.entities';
import { ZONE, almaty } from '../floor/time';
import { GroupAccess } from '../courses/group-access';

interface Row {
  id: string; groupId: string; groupName: string; kind: string; startsAt: Date; durationMinutes: number; held: boolean; cancelled: boolean;
  titleKk: string; titleRu: string; titleEn: string; courseKk: string; courseRu: string; courseEn: string;
}

/** The admin's class schedule (every group's lessons of an Almaty week, by teacher or group) and cancelling lessons. */
@Injectable()
export class ScheduleService {
  constructor(
    private readonly ds: DataSource,
    private readonly access: GroupAccess,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async week(q: { week?: string; teacherId?: string; groupId?: string }) {
    const base = q.week ? DateTime.fromISO(q.week, { zone: ZONE }) : DateTime.fromJSDate(this.clock.now(), { zone: ZONE });
    const from = base.startOf('week');
    const to = from.plus({ weeks: 1 });
    const params: unknown[] = [from.toJSDate(), to.toJSDate()];
    let where = '';
    if (q.groupId) {
      params.push(q.groupId);
      where += ` AND l.group_id = $${params.length}`;
    }
    if (q.teacherId) {
      params.push(q.teacherId);
      where += ` AND EXISTS (SELECT 1 FROM course_group_members t WHERE t.group_id = l.group_id AND t.role = 'teacher' AND t.user_id = $${params.length})`;
    }
    const rows = await this.ds.query(
      `SELECT l.id, l.group_id AS "groupId", g.name AS "groupName", l.kind, l.starts_at AS "startsAt", l.duration_minutes AS "durationMinutes",
              l.title_kk AS "titleKk", l.title_ru AS "titleRu", l.title_en AS "titleEn",
              c.title_kk AS "courseKk", c.title_ru AS "courseRu", c.title_en AS "courseEn",
              EXISTS (SELECT 1 FROM lesson_attendance a WHERE a.lesson_id = l.id) AS held,
              EXISTS (SELECT 1 FROM lesson_cancellations x WHERE x.lesson_id = l.id) AS cancelled
         FROM lessons l JOIN course_groups g ON g.id = l.group_id JOIN courses c ON c.id = g.course_id
        WHERE l.starts_at >= $1 AND l.starts_at < $2${where}
        ORDER BY l.starts_at ASC, g.name ASC`,
      params,
    ) as Row[];
    const teacherRows = await this.ds.query(
      `SELECT m.group_id AS "groupId", m.user_id AS "userId" FROM course_group_members m WHERE m.role = 'teacher'`,
    ) as { groupId: string; userId: string }[];
    const groups = await this.ds.query('SELECT id, name FROM course_groups ORDER BY name') as { id: string; name: string }[];
    const people = teacherRows.length ? await this.access.people(teacherRows.map((t) => t.userId)) : new Map();
    const nameOf = (id: string) => {
      const p = people.get(id);
      return p ? `${p.lastName} ${p.firstName}`.trim() : '';
    };
    const teachersOf = (groupId: string) => teacherRows.filter((t) => t.groupId === groupId).map((t) => ({ userId: t.userId, name: nameOf(t.userId) }));
    const data: ScheduleLesson[] = rows.map((r) => {
      const local = DateTime.fromJSDate(r.startsAt, { zone: ZONE });
      return {
        id: r.id, groupId: r.groupId, groupName: r.groupName, kind: r.kind,
        course: { kk: r.courseKk, ru: r.courseRu, en: r.courseEn }, title: { kk: r.titleKk, ru: r.titleRu, en: r.titleEn },
        startsAt: r.startsAt.toISOString(), endsAt: new Date(r.startsAt.getTime() + r.durationMinutes * 60_000).toISOString(),
        startsAtAlmaty: almaty(r.startsAt), day: local.toISODate() as string, weekday: local.weekday,
        teachers: teachersOf(r.groupId), held: r.held, cancelled: r.cancelled,
      };
    });
    const teachers = [...new Set(teacherRows.map((t) => t.userId))].map((userId) => ({ userId, name: nameOf(userId) })).sort((a, b) => a.name.localeCompare(b.name));
    return { data, from: from.toISODate() as string, to: to.minus({ days: 1 }).toISODate() as string, teachers, groups };
  }

  /** Staff (`group:update`) call a lesson off; a lesson with attendance taken was held and stays. Repeating is a no-op. */
  async cancel(user: AuthUser, lessonId: string, reason: string) {
    await this.access.lesson(lessonId);
    await this.ds.transaction(async (m) => {
      if (await m.existsBy(LessonAttendance, { lessonId })) throw new DomainError('LESSON_ALREADY_HELD');
      const before = await m.findOneBy(LessonCancellation, { lessonId });
      await m.upsert(LessonCancellation, { lessonId, reason, cancelledBy: user.sub, cancelledAt: this.clock.now() }, ['lessonId']);
      await this.audit.record(m, { actor: user, action: 'lesson.cancel', resource: 'lessons', resourceId: lessonId, before, after: { reason } });
    });
    return { data: { lessonId, cancelled: true, reason } };
  }

  async restore(user: AuthUser, lessonId: string) {
    await this.access.lesson(lessonId);
    await this.ds.transaction(async (m) => {
      const before = await m.findOneBy(LessonCancellation, { lessonId });
      if (!before) return;
      await m.delete(LessonCancellation, { lessonId });
      await this.audit.record(m, { actor: user, action: 'lesson.restore', resource: 'lessons', resourceId: lessonId, before, after: null });
    });
    return { data: { lessonId, cancelled: false, reason: '' } };
  }
}
