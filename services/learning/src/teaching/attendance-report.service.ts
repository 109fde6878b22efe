import { Injectable } from '@nestjs/common';
import { type AttendanceReportReply, type AttendanceStatus, type Locale, attendanceStatus } from '@olymp/proto';
import { type AuthUser, DomainError, toCsv } from '@olymp/server-kit';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { holdsAny } from '../floor/access';
import { ZONE, almaty } from '../floor/time';
import { GroupAccess } from '../courses/group-access';

/** The longest period one report covers, in days (both ends included). */
export const MAX_REPORT_DAYS = 366;

const STATUSES = attendanceStatus.options;

/** The CSV's words: the admin's `courses.statuses` (kk/ru/en locale JSON) say the same on the screen. */
const WORDS: Record<Locale, Record<AttendanceStatus | 'pupil' | 'cancelled', string>> = {
  kk: { pupil: 'Оқушы', present: 'Келді', late: 'Кешікті', absent: 'Келмеді', excused: 'Себепті', cancelled: 'болдырылмады' },
  ru: { pupil: 'Ученик', present: 'Был', late: 'Опоздал', absent: 'Не был', excused: 'Уважительная причина', cancelled: 'отменён' },
  en: { pupil: 'Pupil', present: 'Present', late: 'Late', absent: 'Absent', excused: 'Excused', cancelled: 'cancelled' },
};


/**
 * The admin's attendance page (spec 2, "Attendance"): a group's pupils x its lessons in a range of Almaty days with
 * their marks and totals, as JSON or as CSV. Staff with `sidebar:attendance_index` see every group; a teacher theirs.
 */
@Injectable()
export class AttendanceReportService {
  constructor(
    private readonly ds: DataSource,
    private readonly access: GroupAccess,
  ) {}

  private async assertReads(user: AuthUser, groupId: string) {
    if (holdsAny(user, 'sidebar:attendance_index')) return;
    if ((await this.access.roleIn(groupId, user.sub)) !== 'teacher') throw new DomainError('NOT_GROUP_TEACHER');
  }

  /** The groups the caller may report on, by name: all for staff with the key, else those they teach. */
  async groups(user: AuthUser) {
    const staff = holdsAny(user, 'sidebar:attendance_index');
    const rows = await this.ds.query(
      `SELECT g.id, g.name, c.title_kk AS kk, c.title_ru AS ru, c.title_en AS en
         FROM course_groups g JOIN courses c ON c.id = g.course_id
        WHERE $1 OR EXISTS (SELECT 1 FROM course_group_members m WHERE m.group_id = g.id AND m.role = 'teacher' AND m.user_id = $2)
        ORDER BY g.name, g.id`,
      [staff, user.sub],
    ) as { id: string; name: string; kk: string; ru: string; en: string }[];
    return { data: rows.map((r) => ({ id: r.id, name: r.name, course: { kk: r.kk, ru: r.ru, en: r.en } })) };
  }

  async report(user: AuthUser, q: { group: string; from: string; to: string }): Promise<AttendanceReportReply> {
    const from = DateTime.fromISO(q.from, { zone: ZONE }).startOf('day');
    const to = DateTime.fromISO(q.to, { zone: ZONE }).startOf('day');
    const days = to.diff(from, 'days').days + 1;
    if (!from.isValid || !to.isValid || days < 1 || days > MAX_REPORT_DAYS) throw new DomainError('DATE_RANGE_INVALID', { maxDays: MAX_REPORT_DAYS });
    const group = await this.access.group(q.group);
    await this.assertReads(user, group.id);
    const [course] = await this.ds.query('SELECT title_kk AS kk, title_ru AS ru, title_en AS en FROM courses WHERE id = $1', [group.courseId]) as { kk: string; ru: string; en: string }[];
    const lessons = await this.ds.query(
      `SELECT l.id, l.starts_at AS "startsAt", l.title_kk AS kk, l.title_ru AS ru, l.title_en AS en,
              EXISTS (SELECT 1 FROM lesson_cancellations x WHERE x.lesson_id = l.id) AS cancelled
         FROM lessons l WHERE l.group_id = $1 AND l.starts_at >= $2 AND l.starts_at < $3 ORDER BY l.starts_at, l.id`,
      [group.id, from.toJSDate(), to.plus({ days: 1 }).toJSDate()],
    ) as { id: string; startsAt: Date; kk: string; ru: string; en: string; cancelled: boolean }[];
    const marks = lessons.length ? await this.ds.query(
      'SELECT lesson_id AS "lessonId", user_id AS "userId", status FROM lesson_attendance WHERE lesson_id = ANY($1)', [lessons.map((l) => l.id)],
    ) as { lessonId: string; userId: string; status: AttendanceStatus }[] : [];
    // Today's pupils, and anyone marked in the period who has since left the group.
    const members = (await this.ds.query(
      `SELECT user_id AS "userId" FROM course_group_members WHERE group_id = $1 AND role = 'pupil' ORDER BY added_at, user_id`, [group.id],
    ) as { userId: string }[]).map((m) => m.userId);
    const ids = [...new Set([...members, ...marks.map((m) => m.userId)])];
    const people = ids.length ? await this.access.people(ids) : new Map();
    const nameOf = (id: string) => {
      const p = people.get(id);
      return p ? `${p.lastName} ${p.firstName}`.trim() : '';
    };
    const byKey = new Map(marks.map((m) => [`${m.lessonId}:${m.userId}`, m.status]));
    const data = ids.map((userId) => {
      const row = lessons.map((l) => byKey.get(`${l.id}:${userId}`) ?? null);
      const count = (s: AttendanceStatus) => row.filter((x) => x === s).length;
      return { userId, name: nameOf(userId), marks: row, present: count('present'), late: count('late'), absent: count('absent'), excused: count('excused') };
    }).sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.userId.localeCompare(b.userId));
    return {
      group: { id: group.id, name: group.name, course: course ?? { kk: '', ru: '', en: '' } },
      from: q.from,
      to: q.to,
      lessons: lessons.map((l) => ({ id: l.id, title: { kk: l.kk, ru: l.ru, en: l.en }, startsAtAlmaty: almaty(l.startsAt), cancelled: l.cancelled })),
      data,
    };
  }

  /** The same table as CSV: UTF-8 with a BOM (Excel then reads Cyrillic), CRLF lines, names and translated marks, no ids. */
  csv(report: AttendanceReportReply, locale: Locale): string {
    const w = WORDS[locale];
    const head = [w.pupil, ...report.lessons.map((l) => `${l.startsAtAlmaty} ${l.title[locale]}${l.cancelled ? ` (${w.cancelled})` : ''}`), ...STATUSES.map((s) => w[s])];
    const rows = report.data.map((p) => [p.name, ...p.marks.map((m) => (m ? w[m] : '')), p.present, p.late, p.absent, p.excused]);
    return toCsv(head, rows);
  }
}
