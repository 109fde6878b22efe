import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type AuthUser, Clock, DomainError, EventOutbox, RpcClient, notFound } from '@olymp/server-kit';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import { Course, CourseGroup, GroupMember } from '../floor/course.entities';
import { CourseTariff, Enrolment, EnrolmentPeriod, RENEWAL_LEAD_DAYS } from '../floor/enrolment.entities';
import { assertSelf } from '../floor/access';
import { ZONE } from '../floor/time';
import { publicName } from '../courses/group-access';
import { GroupMembership } from '../courses/group-membership';
import { subscriptionView, titleOf } from './views';

const DAY_MS = 24 * 3600_000;

/**
 * Paid enrolment (docs/learning.md "Store and enrolment"): each period of a pupil's enrolment has its own invoice at
 * finance (product `{ kind: 'course', id: <period id> }`); `invoice.paid` of it extends the access and, in a live
 * course, puts the pupil into a group with a seat left; renewal invoices open RENEWAL_LEAD_DAYS before the end;
 * an unpaid end takes the pupil out of the group. Every change to one enrolment holds its row lock.
 */
@Injectable()
export class Enrolments {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly rpc: RpcClient,
    private readonly outbox: EventOutbox,
  ) {}

  /** A published course, else 404 (pupils never see unpublished ones). */
  async publishedCourse(courseId: string, m: EntityManager = this.ds.manager): Promise<Course> {
    const course = await m.findOneBy(Course, { id: courseId, published: true });
    if (!course) throw notFound();
    return course;
  }

  /** The pupil's invoice for a period of the tariff: the pending one if there is one, else a new period's. */
  async invoice(user: AuthUser, userId: string, courseId: string, tariffId: string) {
    assertSelf(user, userId);
    const course = await this.publishedCourse(courseId);
    const tariff = await this.ds.getRepository(CourseTariff).findOneBy({ id: tariffId, courseId, published: true });
    if (!tariff) throw new DomainError('TARIFF_NOT_OFFERED');
    const replaced: string[] = [];
    const period = await this.ds.transaction(async (m) => {
      const e = await this.lockOrCreate(m, userId, courseId, tariffId);
      const now = this.clock.nowMs();
      const active = e.accessUntil !== null && now < e.accessUntil.getTime();
      const pending = await m.findOneBy(EnrolmentPeriod, { enrolmentId: e.id, status: 'pending' });
      // While access runs, the open renewal is what can be paid (at its own tariff); otherwise one is already running.
      if (pending && (active || pending.tariffId === tariffId)) return pending;
      if (active) throw new DomainError('ALREADY_ENROLLED', { until: DateTime.fromJSDate(e.accessUntil as Date, { zone: ZONE }).toFormat('yyyy-LL-dd HH:mm'), days: RENEWAL_LEAD_DAYS });
      if (pending) {
        // Another tariff chosen before paying: the earlier invoice is cancelled (a payment that still lands counts).
        await m.update(EnrolmentPeriod, { id: pending.id }, { status: 'cancelled' });
        replaced.push(pending.id);
      }
      await m.update(Enrolment, { id: e.id }, { tariffId });
      return this.openPeriod(m, e.id, e.accessUntil ? 'renewal' : 'first', tariff);
    });
    for (const id of replaced) await this.rpc.request('finance.invoice.cancel-unpaid', { product: { kind: 'course', id } });
    return this.openInvoice(period, userId, course, tariff);
  }

  private async lockOrCreate(m: EntityManager, userId: string, courseId: string, tariffId: string): Promise<Enrolment> {
    await m.createQueryBuilder().insert().into(Enrolment)
      .values({ id: randomUUID(), userId, courseId, tariffId, groupId: null, accessUntil: null, renew: true, lapsedAt: null })
      .orIgnore().execute();
    return m.getRepository(Enrolment).findOneOrFail({ where: { userId, courseId }, lock: { mode: 'pessimistic_write' } });
  }

  private async openPeriod(m: EntityManager, enrolmentId: string, kind: 'first' | 'renewal', tariff: CourseTariff): Promise<EnrolmentPeriod> {
    return m.save(m.create(EnrolmentPeriod, {
      id: randomUUID(), enrolmentId, tariffId: tariff.id, kind, status: 'pending', invoiceId: null,
      amountTenge: tariff.priceTenge, amountZp: tariff.priceZp, startsAt: null, endsAt: null, paidAt: null,
    }));
  }

  /** Finance opens the period's invoice once (one live invoice per product); asking again answers the same one. */
  private async openInvoice(period: EnrolmentPeriod, userId: string, course: Course, tariff: CourseTariff) {
    const title = titleOf(course);
    const t = titleOf(tariff);
    const invoice = await this.rpc.request('finance.invoice.open', {
      userId,
      product: { kind: 'course', id: period.id },
      title: { kk: `${title.kk} — ${t.kk}`, ru: `${title.ru} — ${t.ru}`, en: `${title.en} — ${t.en}` },
      amountTenge: period.amountTenge,
      amountZp: period.amountZp,
    });
    if (period.invoiceId !== invoice.invoiceId) await this.ds.getRepository(EnrolmentPeriod).update({ id: period.id }, { invoiceId: invoice.invoiceId });
    return { data: invoice };
  }

  /**
   * `invoice.paid` of a period: once per period (a paid period is left alone, so a redelivered or republished event
   * changes nothing). The period starts when the access ends, or at payment if it has ended; a live course's pupil
   * goes into the group they had, else the first published group with a seat left.
   */
  async paid(m: EntityManager, paid: EventPayload<'invoice.paid'>): Promise<void> {
    const found = await m.findOneBy(EnrolmentPeriod, { id: paid.product.id });
    if (!found) return;
    const e = await m.getRepository(Enrolment).findOne({ where: { id: found.enrolmentId }, lock: { mode: 'pessimistic_write' } });
    const period = await m.findOneBy(EnrolmentPeriod, { id: found.id });
    if (!e || !period || period.status === 'paid') return;
    const tariff = await m.findOneByOrFail(CourseTariff, { id: period.tariffId });
    const course = await m.findOneByOrFail(Course, { id: e.courseId });
    const paidAt = new Date(paid.paidAt);
    const startsAt = e.accessUntil && e.accessUntil > paidAt ? e.accessUntil : paidAt;
    const accessUntil = DateTime.fromJSDate(startsAt, { zone: ZONE }).plus({ months: tariff.periodMonths }).toJSDate();
    const groupId = course.kind === 'live' ? await this.seat(m, e, course) : null;
    await m.update(EnrolmentPeriod, { id: period.id }, { status: 'paid', startsAt, endsAt: accessUntil, paidAt, invoiceId: paid.invoiceId });
    await m.update(Enrolment, { id: e.id }, { accessUntil, groupId, lapsedAt: null, tariffId: period.tariffId });
    // A flex course has no group: its own chat follows the paid access (docs/chat.md).
    if (course.kind === 'flex') await this.announceCourse(m, course, e.userId, true);
    await this.outbox.add(m, 'course.enrolled', {
      enrolmentId: e.id, periodId: period.id, userId: e.userId, courseId: e.courseId, course: titleOf(course), tariffId: period.tariffId, groupId,
      invoiceId: paid.invoiceId, renewal: period.kind === 'renewal', startsAt: startsAt.toISOString(), accessUntil: accessUntil.toISOString(),
    });
  }

  /** The pupil's group: the one they are in, else the first published group (oldest first) with a seat left. */
  private async seat(m: EntityManager, e: Enrolment, course: Course): Promise<string | null> {
    const mine = await m.createQueryBuilder(GroupMember, 'gm').innerJoin(CourseGroup, 'g', 'g.id = gm.group_id')
      .where('gm.user_id = :userId AND g.course_id = :courseId', { userId: e.userId, courseId: course.id })
      .orderBy('gm.added_at', 'ASC').getOne();
    if (mine) return mine.groupId;
    const groups = await m.getRepository(CourseGroup).find({ where: { courseId: course.id, published: true }, order: { createdAt: 'ASC', id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    for (const g of groups) {
      if (g.capacity !== null && (await m.countBy(GroupMember, { groupId: g.id, role: 'pupil' })) >= g.capacity) continue;
      await m.insert(GroupMember, { groupId: g.id, userId: e.userId, role: 'pupil', addedAt: this.clock.now() });
      await this.announce(m, g, course, e.userId, true);
      return g.id;
    }
    return null;
  }

  /** `learning.membership.changed` for a course group (chat membership), the pupil named "Aigerim S.". */
  private async announce(m: EntityManager, g: CourseGroup, course: Course, userId: string, active: boolean): Promise<void> {
    const { users } = await this.rpc.request('auth.users.get', { userIds: [userId] });
    const title = titleOf(course);
    const name = (publicName(users[0]) || '?').slice(0, 120);
    // The course's published events follow the group seat (their chats: docs/chat.md).
    await new GroupMembership(this.outbox, this.rpc, this.clock).courseEvents(m, g, [userId], active, new Map([[userId, name]]));
    await this.outbox.add(m, 'learning.membership.changed', {
      group: { kind: 'course_group', id: g.id },
      userId,
      name,
      role: 'pupil',
      title: { kk: `${title.kk} · ${g.name}`, ru: `${title.ru} · ${g.name}`, en: `${title.en} · ${g.name}` },
      active,
      at: this.clock.now().toISOString(),
    });
  }

  /** `learning.membership.changed` for a flex course's own chat (kind `course`), the pupil named "Aigerim S.". */
  private async announceCourse(m: EntityManager, course: Course, userId: string, active: boolean): Promise<void> {
    const { users } = await this.rpc.request('auth.users.get', { userIds: [userId] });
    await this.outbox.add(m, 'learning.membership.changed', {
      group: { kind: 'course', id: course.id },
      userId,
      name: (publicName(users[0]) || '?').slice(0, 120),
      role: 'pupil',
      title: titleOf(course),
      active,
      at: this.clock.now().toISOString(),
    });
  }

  /** Enrolments whose renewal invoice is due now (renewing, within the lead, none open). */
  async renewalsDue(limit: number): Promise<string[]> {
    const now = this.clock.now();
    const rows = await this.ds.getRepository(Enrolment).createQueryBuilder('e')
      .select('e.id', 'id')
      .where('e.renew AND e.access_until > :now AND e.access_until <= :lead', { now, lead: new Date(now.getTime() + RENEWAL_LEAD_DAYS * DAY_MS) })
      .andWhere(`NOT EXISTS (SELECT 1 FROM course_enrolment_periods p WHERE p.enrolment_id = e.id AND p.status = 'pending')`)
      .orderBy('e.access_until', 'ASC').limit(limit).getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /** Opens the renewal period and its invoice (at the enrolment's tariff's price now). */
  async openRenewal(enrolmentId: string): Promise<boolean> {
    const opened = await this.ds.transaction(async (m) => {
      const e = await m.getRepository(Enrolment).findOne({ where: { id: enrolmentId }, lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' } });
      const now = this.clock.nowMs();
      if (!e?.renew || !e.accessUntil || e.accessUntil.getTime() <= now || e.accessUntil.getTime() - RENEWAL_LEAD_DAYS * DAY_MS > now) return null;
      if (await m.existsBy(EnrolmentPeriod, { enrolmentId, status: 'pending' })) return null;
      const tariff = await m.findOneByOrFail(CourseTariff, { id: e.tariffId });
      const course = await m.findOneByOrFail(Course, { id: e.courseId });
      return { period: await this.openPeriod(m, e.id, 'renewal', tariff), e, tariff, course };
    });
    if (!opened) return false;
    await this.openInvoice(opened.period, opened.e.userId, opened.course, opened.tariff);
    return true;
  }

  /** Enrolments whose access ended unpaid and that still hold a seat. */
  async lapsesDue(limit: number): Promise<string[]> {
    const rows = await this.ds.getRepository(Enrolment).createQueryBuilder('e').select('e.id', 'id')
      .where('e.access_until <= :now AND e.lapsed_at IS NULL', { now: this.clock.now() })
      .orderBy('e.access_until', 'ASC').limit(limit).getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /**
   * `invoice.refunded` of a period's invoice: the access that period gave ends at the refund's instant (finance's
   * kit Clock), or at the period's start if it had not begun (a refunded renewal leaves the paid period before it).
   * Once per period (`refundedAt`): a redelivered or republished event changes nothing. When the access has ended by
   * learning's Clock, the pupil leaves the group at once (as the sweeper's lapse would).
   */
  async refunded(m: EntityManager, refund: EventPayload<'invoice.refunded'>): Promise<void> {
    const found = await m.findOneBy(EnrolmentPeriod, { id: refund.product.id });
    if (!found) return;
    const e = await m.getRepository(Enrolment).findOne({ where: { id: found.enrolmentId }, lock: { mode: 'pessimistic_write' } });
    const period = await m.findOneBy(EnrolmentPeriod, { id: found.id });
    if (!e || !period || period.status !== 'paid' || period.refundedAt) return;
    const refundedAt = new Date(refund.refundedAt);
    await m.update(EnrolmentPeriod, { id: period.id }, { refundedAt });
    const endsAt = period.startsAt && period.startsAt > refundedAt ? period.startsAt : refundedAt;
    if (!e.accessUntil || e.accessUntil <= endsAt) return;
    e.accessUntil = endsAt;
    await m.update(Enrolment, { id: e.id }, { accessUntil: endsAt });
    await this.lapseIn(m, e);
  }

  /** The access ended unpaid: the pupil leaves the group (their seat frees); paying later seats them again. */
  async lapse(enrolmentId: string): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const e = await m.getRepository(Enrolment).findOne({ where: { id: enrolmentId }, lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' } });
      return e ? this.lapseIn(m, e) : false;
    });
  }

  /** Takes the pupil of a locked enrolment whose access has ended (learning's Clock) out of its group (a flex course: its chat), once. */
  private async lapseIn(m: EntityManager, e: Enrolment): Promise<boolean> {
    const now = this.clock.now();
    if (!e.accessUntil || e.accessUntil > now || e.lapsedAt) return false;
    const course = await m.findOneByOrFail(Course, { id: e.courseId });
    if (e.groupId) {
      const { affected } = await m.delete(GroupMember, { groupId: e.groupId, userId: e.userId, role: 'pupil' });
      const g = await m.findOneBy(CourseGroup, { id: e.groupId });
      if (affected && g) await this.announce(m, g, course, e.userId, false);
    }
    if (course.kind === 'flex') await this.announceCourse(m, course, e.userId, false);
    await m.update(Enrolment, { id: e.id }, { lapsedAt: now, groupId: null });
    return true;
  }

  /** `manage-subscription`: the enrolment, its tariff and periods. */
  async subscription(user: AuthUser, userId: string, courseId: string) {
    assertSelf(user, userId);
    await this.publishedCourse(courseId);
    const e = await this.ds.getRepository(Enrolment).findOneBy({ userId, courseId });
    if (!e) throw new DomainError('NOT_ENROLLED');
    return this.subscriptionOf(this.ds.manager, e);
  }

  private async subscriptionOf(m: EntityManager, e: Enrolment) {
    const tariff = await m.findOneByOrFail(CourseTariff, { id: e.tariffId });
    const periods = await m.find(EnrolmentPeriod, { where: { enrolmentId: e.id }, order: { createdAt: 'DESC' } });
    return subscriptionView(e, tariff, periods, this.clock.nowMs());
  }

  /** Stops (or resumes) renewal; stopping cancels an open renewal invoice. The paid period runs to its end. */
  async setRenew(user: AuthUser, userId: string, courseId: string, renew: boolean) {
    assertSelf(user, userId);
    await this.publishedCourse(courseId);
    const cancelled: string[] = [];
    const e = await this.ds.transaction(async (m) => {
      const row = await m.getRepository(Enrolment).findOne({ where: { userId, courseId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new DomainError('NOT_ENROLLED');
      if (!renew) {
        const open = await m.findOneBy(EnrolmentPeriod, { enrolmentId: row.id, status: 'pending', kind: 'renewal' });
        if (open) {
          await m.update(EnrolmentPeriod, { id: open.id }, { status: 'cancelled' });
          cancelled.push(open.id);
        }
      }
      await m.update(Enrolment, { id: row.id }, { renew });
      return { ...row, renew };
    });
    for (const id of cancelled) await this.rpc.request('finance.invoice.cancel-unpaid', { product: { kind: 'course', id } });
    return this.subscriptionOf(this.ds.manager, e);
  }
}
