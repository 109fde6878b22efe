import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { SalaryLine, TeacherLesson, WagePaymentView, WageRateView } from '@olymp/proto';
import { AuditLog, type AuthUser, Clock, DomainError, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { GroupMember } from '../floor/course.entities';
import { WagePayment, WageRate } from '../floor/teaching.entities';
import { holdsAny } from '../floor/access';
import { almaty } from '../floor/time';
import { GroupAccess } from '../courses/group-access';
import { dayOf, lessonPay, monthOf, monthRange, rateOn } from './teacher-work';

interface LessonRow {
  lessonId: string; groupId: string; groupName: string; startsAt: Date; durationMinutes: number; held: boolean; cancelled: boolean;
  titleKk: string; titleRu: string; titleEn: string; courseKk: string; courseRu: string; courseEn: string;
}

/**
 * A teacher's work and pay (docs/teaching.md): the lessons of the groups they teach (held = attendance taken), wage
 * rates from an Almaty day on, the month's salary from held, not cancelled lessons, and wage payments staff record
 * (audited). A teacher reads their own; others need `wage:view`.
 */
@Injectable()
export class WagesService {
  constructor(
    private readonly ds: DataSource,
    private readonly access: GroupAccess,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** 403 unless the caller is the teacher or holds the key; then 404 for a person auth does not know. */
  async assertReads(user: AuthUser, teacherId: string): Promise<void> {
    if (user.sub !== teacherId && !holdsAny(user, 'wage:view')) throw new DomainError('FORBIDDEN');
    if (user.sub !== teacherId && !(await this.access.people([teacherId])).has(teacherId)) throw notFound();
  }

  private async assertTeacher(teacherId: string): Promise<void> {
    if (!(await this.access.people([teacherId])).has(teacherId)) throw notFound();
    if (!(await this.ds.getRepository(GroupMember).existsBy({ userId: teacherId, role: 'teacher' }))) throw new DomainError('NOT_A_TEACHER');
  }

  private async lessonRows(teacherId: string, from: Date, to: Date): Promise<LessonRow[]> {
    return this.ds.query(
      `SELECT l.id AS "lessonId", l.group_id AS "groupId", g.name AS "groupName", l.starts_at AS "startsAt",
              l.duration_minutes AS "durationMinutes", l.title_kk AS "titleKk", l.title_ru AS "titleRu", l.title_en AS "titleEn",
              c.title_kk AS "courseKk", c.title_ru AS "courseRu", c.title_en AS "courseEn",
              EXISTS (SELECT 1 FROM lesson_attendance a WHERE a.lesson_id = l.id) AS held,
              EXISTS (SELECT 1 FROM lesson_cancellations x WHERE x.lesson_id = l.id) AS cancelled
         FROM lessons l
         JOIN course_group_members m ON m.group_id = l.group_id AND m.user_id = $1 AND m.role = 'teacher'
         JOIN course_groups g ON g.id = l.group_id
         JOIN courses c ON c.id = g.course_id
        WHERE l.starts_at >= $2 AND l.starts_at < $3
        ORDER BY l.starts_at ASC`,
      [teacherId, from, to],
    ) as Promise<LessonRow[]>;
  }

  private lessonView(r: LessonRow): TeacherLesson {
    return {
      lessonId: r.lessonId, groupId: r.groupId, groupName: r.groupName,
      course: { kk: r.courseKk, ru: r.courseRu, en: r.courseEn }, title: { kk: r.titleKk, ru: r.titleRu, en: r.titleEn },
      startsAt: r.startsAt.toISOString(), startsAtAlmaty: almaty(r.startsAt), durationMinutes: r.durationMinutes, held: r.held, cancelled: r.cancelled,
    };
  }

  /** The groups a teacher teaches, with their pupils and lessons counted. */
  async groups(user: AuthUser, teacherId: string) {
    await this.assertReads(user, teacherId);
    const rows = await this.ds.query(
      `SELECT g.id, g.name, c.title_kk AS kk, c.title_ru AS ru, c.title_en AS en,
              (SELECT count(*)::int FROM course_group_members p WHERE p.group_id = g.id AND p.role = 'pupil') AS pupils,
              (SELECT count(*)::int FROM lessons l WHERE l.group_id = g.id) AS lessons
         FROM course_group_members m JOIN course_groups g ON g.id = m.group_id JOIN courses c ON c.id = g.course_id
        WHERE m.user_id = $1 AND m.role = 'teacher' ORDER BY g.name`,
      [teacherId],
    ) as { id: string; name: string; kk: string; ru: string; en: string; pupils: number; lessons: number }[];
    return { data: rows.map((r) => ({ id: r.id, name: r.name, course: { kk: r.kk, ru: r.ru, en: r.en }, pupils: r.pupils, lessons: r.lessons })) };
  }

  /** The month's lessons of a teacher's groups that have started, newest first, held and cancelled flagged. */
  async pastLessons(user: AuthUser, teacherId: string, month?: string) {
    await this.assertReads(user, teacherId);
    const m = month ?? monthOf(this.clock.now());
    const { from, to } = monthRange(m);
    const now = this.clock.now();
    const rows = (await this.lessonRows(teacherId, from, to < now ? to : now)).reverse();
    return { data: rows.map((r) => this.lessonView(r)), month: m };
  }

  private async ratesOf(teacherId: string) {
    return this.ds.getRepository(WageRate).find({ where: { teacherId }, order: { effectiveFrom: 'DESC' } });
  }

  private async names(ids: string[]) {
    const people = ids.length ? await this.access.people(ids) : new Map();
    return (id: string) => {
      const p = people.get(id);
      return p ? `${p.lastName} ${p.firstName}`.trim() : '';
    };
  }

  async rates(user: AuthUser, teacherId: string) {
    await this.assertReads(user, teacherId);
    const rates = await this.ratesOf(teacherId);
    const name = await this.names(rates.map((r) => r.setBy));
    return { data: rates.map((r) => this.rateView(r, name(r.setBy))) };
  }

  private rateView(r: WageRate, setBy: string): WageRateView {
    return { id: r.id, teacherId: r.teacherId, per: r.per, amountTenge: r.amountTenge, effectiveFrom: r.effectiveFrom, setBy, setAt: r.setAt.toISOString() };
  }

  async setRate(user: AuthUser, teacherId: string, body: { per: WageRate['per']; amountTenge: number; effectiveFrom: string }) {
    await this.assertTeacher(teacherId);
    const row = await this.ds.transaction(async (m) => {
      if (await m.existsBy(WageRate, { teacherId, effectiveFrom: body.effectiveFrom })) throw new DomainError('WAGE_RATE_EXISTS', { day: body.effectiveFrom });
      const saved = await m.save(m.create(WageRate, { id: randomUUID(), teacherId, ...body, setBy: user.sub, setAt: this.clock.now() }));
      await this.audit.record(m, { actor: user, action: 'wage-rate.set', resource: 'teaching/wage-rates', resourceId: saved.id, after: { teacherId, ...body } });
      return saved;
    });
    return { data: this.rateView(row, (await this.names([user.sub]))(user.sub)) };
  }

  /** The month's salary: each held, not cancelled lesson at the rate in force on its Almaty day; less what was paid. */
  async salary(user: AuthUser, teacherId: string, month?: string) {
    await this.assertReads(user, teacherId);
    const m = month ?? monthOf(this.clock.now());
    const { from, to } = monthRange(m);
    const [rows, rates, paid] = await Promise.all([
      this.lessonRows(teacherId, from, to),
      this.ratesOf(teacherId),
      this.ds.getRepository(WagePayment).sum('amountTenge', { teacherId, month: m }),
    ]);
    const now = this.clock.nowMs();
    const lines: SalaryLine[] = [];
    let unrated = 0;
    for (const r of rows.filter((x) => x.held && !x.cancelled)) {
      const rate = rateOn(rates, dayOf(r.startsAt));
      if (!rate) unrated += 1;
      const { held: _h, cancelled: _c, ...view } = this.lessonView(r);
      lines.push({ ...view, per: rate?.per ?? null, rateTenge: rate?.amountTenge ?? null, amountTenge: lessonPay(rate, r.durationMinutes) });
    }
    const totalTenge = lines.reduce((s, l) => s + l.amountTenge, 0);
    const paidTenge = paid ?? 0;
    return {
      data: {
        teacherId, month: m, lines,
        heldLessons: lines.length,
        cancelledLessons: rows.filter((x) => x.cancelled).length,
        notHeldLessons: rows.filter((x) => !x.held && !x.cancelled && x.startsAt.getTime() < now).length,
        unratedLessons: unrated,
        totalTenge, paidTenge, dueTenge: totalTenge - paidTenge,
      },
    };
  }

  async payments(user: AuthUser, teacherId: string) {
    await this.assertReads(user, teacherId);
    const rows = await this.ds.getRepository(WagePayment).find({ where: { teacherId }, order: { paidAt: 'DESC' } });
    const name = await this.names(rows.map((r) => r.paidBy));
    return { data: rows.map((r) => this.paymentView(r, name(r.paidBy))) };
  }

  private paymentView(r: WagePayment, paidBy: string): WagePaymentView {
    return { id: r.id, teacherId: r.teacherId, month: r.month, amountTenge: r.amountTenge, note: r.note, paidBy, paidAt: r.paidAt.toISOString() };
  }

  /** Staff record tenge paid to a teacher for a month, with who and when, in the audit log in the same transaction. */
  async pay(user: AuthUser, teacherId: string, body: { month: string; amountTenge: number; note: string }) {
    await this.assertTeacher(teacherId);
    const row = await this.ds.transaction(async (m) => {
      const saved = await m.save(m.create(WagePayment, { id: randomUUID(), teacherId, ...body, paidBy: user.sub, paidAt: this.clock.now() }));
      await this.audit.record(m, { actor: user, action: 'wage.pay', resource: 'teaching/wage-payments', resourceId: saved.id, after: { teacherId, ...body } });
      return saved;
    });
    return { data: this.paymentView(row, (await this.names([user.sub]))(user.sub)) };
  }
}
