import { Injectable } from '@nestjs/common';
import type { CourseStudent, CourseStudentsReply } from '@olymp/proto';
import { Clock, RpcClient, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { Course } from '../floor/course.entities';
import { enrolmentStatus, iso } from './views';

interface Enrolled { user_id: string; access_until: Date | null; renew: boolean; period_start: Date | null; title_kk: string; title_ru: string; title_en: string }
interface Named { userId: string; firstName: string; lastName: string }

const byUser = <T extends { user_id: string }>(rows: T[]) => new Map(rows.map((r) => [r.user_id, r]));

/**
 * A course's pupils for the admin's course page ("students" tab): the pupils of its groups and its enrolments, one row
 * each, named by auth, sorted by last and first name, searched by name, a page at a time. Names are asked of auth for
 * every pupil of the course (batches of 1000, `auth.users.get`) because the search and the order are by name, which
 * learning does not hold; a course has hundreds of pupils, not hundreds of thousands. Progress is counted for the page.
 */
@Injectable()
export class CourseStudentsService {
  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
    private readonly clock: Clock,
  ) {}

  async list(courseId: string, q: { page: number; perPage: number; search?: string }): Promise<CourseStudentsReply> {
    const course = await this.ds.getRepository(Course).findOneBy({ id: courseId });
    if (!course) throw notFound();
    const [members, enrolled] = await Promise.all([
      this.ds.query(
        `SELECT m.user_id, g.id, g.name FROM course_group_members m JOIN course_groups g ON g.id = m.group_id
          WHERE g.course_id = $1 AND m.role = 'pupil' ORDER BY g.name, g.id`,
        [courseId],
      ) as Promise<{ user_id: string; id: string; name: string }[]>,
      this.ds.query(
        `SELECT e.user_id, e.access_until, e.renew, t.title_kk, t.title_ru, t.title_en,
                (SELECT p.starts_at FROM course_enrolment_periods p WHERE p.enrolment_id = e.id AND p.status = 'paid' AND p.refunded_at IS NULL
                  ORDER BY p.ends_at DESC NULLS LAST LIMIT 1) AS period_start
           FROM course_enrolments e JOIN course_tariffs t ON t.id = e.tariff_id WHERE e.course_id = $1`,
        [courseId],
      ) as Promise<Enrolled[]>,
    ]);
    const ids = [...new Set([...members.map((m) => m.user_id), ...enrolled.map((e) => e.user_id)])];
    const people = await this.names(ids);
    const needle = q.search?.toLocaleLowerCase('ru');
    // Accounts auth no longer knows are left out: staff would see a nameless row.
    const found = ids.map((id) => people.get(id)).filter((p): p is Named => !!p)
      .filter((p) => !needle || `${p.firstName} ${p.lastName}`.toLocaleLowerCase('ru').includes(needle) || `${p.lastName} ${p.firstName}`.toLocaleLowerCase('ru').includes(needle))
      .sort((a, b) => a.lastName.localeCompare(b.lastName, 'ru') || a.firstName.localeCompare(b.firstName, 'ru') || a.userId.localeCompare(b.userId));
    const page = found.slice((q.page - 1) * q.perPage, q.page * q.perPage);
    const pageIds = page.map((p) => p.userId);
    const progress = pageIds.length ? await (course.kind === 'flex' ? this.flexProgress(courseId, pageIds) : this.liveProgress(courseId, pageIds)) : new Map();
    const enrolments = byUser(enrolled);
    const now = this.clock.nowMs();
    const data = page.map((p): CourseStudent => {
      const e = enrolments.get(p.userId);
      return {
        userId: p.userId, firstName: p.firstName, lastName: p.lastName,
        groups: members.filter((m) => m.user_id === p.userId).map((m) => ({ id: m.id, name: m.name })),
        enrolment: e ? {
          status: enrolmentStatus({ accessUntil: e.access_until }, now), tariff: { kk: e.title_kk, ru: e.title_ru, en: e.title_en },
          periodStart: iso(e.period_start), accessUntil: iso(e.access_until), renew: e.renew,
        } : null,
        progress: progress.get(p.userId) ?? null,
      };
    });
    return { data, count: data.length, total: found.length, page: q.page, pageCount: Math.ceil(found.length / q.perPage) };
  }

  private async names(ids: string[]): Promise<Map<string, Named>> {
    const out = new Map<string, Named>();
    for (let i = 0; i < ids.length; i += 1000) {
      const { users } = await this.rpc.request('auth.users.get', { userIds: ids.slice(i, i + 1000) });
      for (const u of users) out.set(u.userId, { userId: u.userId, firstName: u.firstName, lastName: u.lastName });
    }
    return out;
  }

  /** A live course: the lessons of the pupil's groups of the course (held by now, and all), attended, homework handed in of set. */
  private async liveProgress(courseId: string, userIds: string[]): Promise<Map<string, CourseStudent['progress']>> {
    const [lessons, attended, homework] = await Promise.all([
      this.ds.query(
        // Cancelled lessons count nowhere; a lesson is held once it has begun or attendance was taken (a teacher may
        // mark the register a few minutes early), so "attended" never exceeds "held".
        `SELECT m.user_id, COUNT(l.id) FILTER (WHERE c.lesson_id IS NULL)::int AS total,
                COUNT(l.id) FILTER (WHERE c.lesson_id IS NULL AND (l.starts_at <= $3
                  OR EXISTS (SELECT 1 FROM lesson_attendance a WHERE a.lesson_id = l.id)))::int AS held
           FROM course_group_members m JOIN course_groups g ON g.id = m.group_id AND g.course_id = $1
           LEFT JOIN lessons l ON l.group_id = m.group_id
           LEFT JOIN lesson_cancellations c ON c.lesson_id = l.id
          WHERE m.role = 'pupil' AND m.user_id = ANY($2) GROUP BY m.user_id`,
        [courseId, userIds, this.clock.now()],
      ) as Promise<{ user_id: string; total: number; held: number }[]>,
      this.ds.query(
        `SELECT a.user_id, COUNT(*)::int AS n FROM lesson_attendance a JOIN lessons l ON l.id = a.lesson_id
           JOIN course_groups g ON g.id = l.group_id
          WHERE g.course_id = $1 AND a.user_id = ANY($2) AND a.status IN ('present', 'late') GROUP BY a.user_id`,
        [courseId, userIds],
      ) as Promise<{ user_id: string; n: number }[]>,
      this.ds.query(
        `SELECT m.user_id, COUNT(h.id)::int AS set, COUNT(s.id)::int AS done
           FROM course_group_members m JOIN course_groups g ON g.id = m.group_id AND g.course_id = $1
           JOIN lessons l ON l.group_id = m.group_id JOIN homeworks h ON h.lesson_id = l.id
           LEFT JOIN homework_submissions s ON s.homework_id = h.id AND s.user_id = m.user_id
          WHERE m.role = 'pupil' AND m.user_id = ANY($2) GROUP BY m.user_id`,
        [courseId, userIds],
      ) as Promise<{ user_id: string; set: number; done: number }[]>,
    ]);
    const att = byUser(attended);
    const hw = byUser(homework);
    // A pupil in none of the course's groups (enrolled, waiting for a seat) has nothing to count yet.
    return new Map(lessons.map((l) => [l.user_id, {
      kind: 'live' as const, lessonsHeld: l.held, lessonsTotal: l.total, attended: att.get(l.user_id)?.n ?? 0,
      homeworkSet: hw.get(l.user_id)?.set ?? 0, homeworkDone: hw.get(l.user_id)?.done ?? 0,
    }]));
  }

  /** A flex course: the published lessons of its published chapters, the ones the pupil finished and their points. */
  private async flexProgress(courseId: string, userIds: string[]): Promise<Map<string, CourseStudent['progress']>> {
    const [[total], done] = await Promise.all([
      this.ds.query(
        `SELECT COUNT(*)::int AS n FROM flex_lessons l JOIN flex_chapters c ON c.id = l.chapter_id
          WHERE c.course_id = $1 AND c.published AND l.published`,
        [courseId],
      ) as Promise<{ n: number }[]>,
      this.ds.query(
        `SELECT user_id, COUNT(*)::int AS n, COALESCE(SUM(points), 0)::int AS points FROM flex_progress
          WHERE course_id = $1 AND user_id = ANY($2) GROUP BY user_id`,
        [courseId, userIds],
      ) as Promise<{ user_id: string; n: number; points: number }[]>,
    ]);
    const mine = byUser(done);
    return new Map(userIds.map((id) => [id, { kind: 'flex' as const, lessonsDone: mine.get(id)?.n ?? 0, lessonsTotal: total.n, points: mine.get(id)?.points ?? 0 }]));
  }
}
