import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CONSULTATION_CANCEL_HOURS, NEWS_PAGE_DEFAULT, type agreementView, type consultationSlotView, type newsFeedReply, type newsPostView,
} from '@olymp/proto';
import { type AuthUser, Clock, DomainError, EventOutbox, notFound } from '@olymp/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { Course, CourseGroup, GroupMember } from '../floor/course.entities';
import { ConsultationSlot, CourseNewsPost, CourseTerms, CourseTermsAcceptance } from '../floor/course-pages.entities';
import { FreeTrial } from '../floor/enrolment.entities';
import { localized } from '../floor/localized';
import { GroupAccess, type GroupViewer, publicName } from '../courses/group-access';
import type { newsQuery, openSlot, postNews } from './course-pages.dto';
import { NewsAnnouncer } from './news-announcer';
import { tellSlotCancelled } from './slot-cancellation';

// What the routes answer, before JSON turns instants into ISO text (proto's schemas take both).
type AgreementView = z.input<typeof agreementView>;
type ConsultationSlotView = z.input<typeof consultationSlotView>;
type NewsFeedReply = z.input<typeof newsFeedReply>;
type NewsPostView = z.input<typeof newsPostView>;

const HOUR = 3_600_000;
const fullName = (p: { firstName: string; lastName: string } | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : '');

/** Each language as written; at least one must hold text (a post in one language is fine). */
export function assertSomeText(t: { textKk?: string; textRu?: string; textEn?: string }): void {
  if (!t.textKk && !t.textRu && !t.textEn) throw new DomainError('NEWS_POST_EMPTY');
}

/**
 * An online course's pupil pages (docs/course-pages.md): the group's news feed, consultation slots (booked once: a
 * conditional UPDATE decides races), and the course's terms. Who may do what is GroupAccess's: staff by their keys,
 * otherwise membership in the group (a pupil whose paid access ended is no member).
 */
@Injectable()
export class CoursePagesService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly access: GroupAccess,
    private readonly announcer: NewsAnnouncer,
    private readonly outbox: EventOutbox,
  ) {}

  /** A name for staff screens (full) of the caller, asked from auth. */
  async nameOf(userId: string): Promise<string> {
    return fullName((await this.access.people([userId])).get(userId)).slice(0, 200);
  }

  // ── news ──────────────────────────────────────────────────────────────────────────────────────────────────────

  async feed(user: AuthUser, groupId: string, q: z.output<typeof newsQuery>): Promise<NewsFeedReply> {
    await this.access.group(groupId);
    const viewer = await this.access.viewer(user, groupId);
    const limit = q.limit ?? NEWS_PAGE_DEFAULT;
    const qb = this.ds.getRepository(CourseNewsPost).createQueryBuilder('p').where('p.groupId = :groupId', { groupId });
    if (q.cursor) {
      const [ms, id] = [Number(q.cursor.slice(0, q.cursor.indexOf('_'))), q.cursor.slice(q.cursor.indexOf('_') + 1)];
      qb.andWhere('(p.createdAt, p.id) < (:at, :id)', { at: new Date(ms), id });
    }
    const rows = await qb.orderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'DESC').take(limit + 1).getMany();
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map((p) => this.postView(p, viewer)),
      nextCursor: rows.length > limit && last ? `${last.createdAt.getTime()}_${last.id}` : null,
    };
  }

  async post(user: AuthUser, groupId: string, body: z.output<typeof postNews>): Promise<NewsPostView> {
    await this.access.group(groupId);
    await this.access.assertTeaches(user, groupId);
    assertSomeText(body);
    const row = this.ds.getRepository(CourseNewsPost).create({
      id: randomUUID(), groupId, ...body, authorName: await this.nameOf(user.sub), createdAt: this.clock.now(),
    });
    await this.ds.transaction(async (m) => {
      await m.insert(CourseNewsPost, row);
      await this.announcer.announce(m, row);
    });
    return this.postView(row, { kind: 'teacher' });
  }

  private postView(p: CourseNewsPost, viewer: GroupViewer): NewsPostView {
    const name = viewer.kind === 'pupil' ? publicName(splitName(p.authorName)) : p.authorName;
    return { id: p.id, groupId: p.groupId, text: localized(p, 'text'), linkUrl: p.linkUrl, author: name, createdAt: p.createdAt };
  }

  // ── consultations ─────────────────────────────────────────────────────────────────────────────────────────────

  /** Slots not yet over, soonest first. */
  async slots(user: AuthUser, groupId: string): Promise<ConsultationSlotView[]> {
    await this.access.group(groupId);
    const viewer = await this.access.viewer(user, groupId);
    const rows = await this.ds.getRepository(ConsultationSlot).createQueryBuilder('s')
      .where('s.groupId = :groupId AND s.endsAt > :now', { groupId, now: this.clock.now() })
      .orderBy('s.startsAt', 'ASC').addOrderBy('s.id', 'ASC').getMany();
    return rows.map((s) => this.slotView(s, viewer, user.sub));
  }

  async openSlot(user: AuthUser, groupId: string, body: z.output<typeof openSlot>): Promise<ConsultationSlotView> {
    await this.access.group(groupId);
    await this.access.assertTeaches(user, groupId);
    if (body.startsAt.getTime() <= this.clock.now().getTime()) throw new DomainError('CONSULTATION_SLOT_PAST');
    const row = this.ds.getRepository(ConsultationSlot).create({
      id: randomUUID(), groupId, startsAt: body.startsAt, endsAt: body.endsAt, teacherName: await this.nameOf(user.sub),
      bookedBy: null, bookedByName: null, bookedAt: null, createdAt: this.clock.now(),
    });
    await this.ds.getRepository(ConsultationSlot).insert(row);
    return this.slotView(row, { kind: 'teacher' }, user.sub);
  }

  /**
   * A teacher of the group (or staff with `group:update`) calls a time off by deleting it, booked or not: the booking
   * pupil of a time not yet started is told in the delete's transaction (slot-cancellation.ts). A slot of another
   * group is 404 here, like a missing one.
   */
  async deleteSlot(user: AuthUser, groupId: string, slotId: string): Promise<{ id: string; groupId: string; pupilTold: boolean }> {
    await this.access.group(groupId);
    await this.access.assertTeaches(user, groupId);
    return this.ds.transaction(async (m) => {
      const row = await m.findOne(ConsultationSlot, { where: { id: slotId, groupId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw notFound();
      const pupilTold = await tellSlotCancelled(m, this.outbox, row, this.clock.now());
      await m.delete(ConsultationSlot, { id: slotId });
      return { id: slotId, groupId, pupilTold };
    });
  }

  /**
   * A pupil of the slot's group books it. One conditional UPDATE (`booked_by IS NULL`) decides: of concurrent
   * bookings exactly one changes the row; the others read who holds it and get 409. Booking one's own again is a no-op.
   */
  async book(user: AuthUser, slotId: string): Promise<ConsultationSlotView> {
    const slot = await this.slot(slotId);
    if ((await this.access.roleIn(slot.groupId, user.sub)) !== 'pupil') throw new DomainError('NOT_GROUP_MEMBER');
    const now = this.clock.now();
    if (slot.startsAt.getTime() <= now.getTime()) throw new DomainError('CONSULTATION_SLOT_PAST');
    if (slot.bookedBy === user.sub) return this.slotView(slot, { kind: 'pupil' }, user.sub);
    if (slot.bookedBy) throw new DomainError('CONSULTATION_SLOT_TAKEN');
    const name = await this.nameOf(user.sub);
    const done = await this.ds.createQueryBuilder().update(ConsultationSlot)
      .set({ bookedBy: user.sub, bookedByName: name, bookedAt: now })
      .where('id = :id AND booked_by IS NULL AND starts_at > :now', { id: slotId, now })
      .execute();
    const after = await this.slot(slotId);
    if (!done.affected && after.bookedBy !== user.sub) throw new DomainError('CONSULTATION_SLOT_TAKEN');
    return this.slotView(after, { kind: 'pupil' }, user.sub);
  }

  /** The booking pupil cancels, until CONSULTATION_CANCEL_HOURS before the start; later they write to the teacher. */
  async cancel(user: AuthUser, slotId: string): Promise<ConsultationSlotView> {
    const slot = await this.slot(slotId);
    if (slot.bookedBy !== user.sub) throw notFound();
    const now = this.clock.now();
    if (now.getTime() > slot.startsAt.getTime() - CONSULTATION_CANCEL_HOURS * HOUR) {
      throw new DomainError('CONSULTATION_CANCEL_TOO_LATE', { hours: CONSULTATION_CANCEL_HOURS });
    }
    await this.ds.createQueryBuilder().update(ConsultationSlot)
      .set({ bookedBy: null, bookedByName: null, bookedAt: null })
      .where('id = :id AND booked_by = :user', { id: slotId, user: user.sub })
      .execute();
    return this.slotView(await this.slot(slotId), { kind: 'pupil' }, user.sub);
  }

  private async slot(id: string): Promise<ConsultationSlot> {
    const slot = await this.ds.getRepository(ConsultationSlot).findOneBy({ id });
    if (!slot) throw notFound();
    return slot;
  }

  private slotView(s: ConsultationSlot, viewer: GroupViewer, me: string): ConsultationSlotView {
    const mine = s.bookedBy === me;
    const teacher = viewer.kind === 'pupil' ? publicName(splitName(s.teacherName)) : s.teacherName;
    return {
      id: s.id,
      groupId: s.groupId,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      teacher,
      state: mine ? 'mine' : s.bookedBy ? 'taken' : 'free',
      bookedBy: viewer.kind === 'pupil' ? null : s.bookedByName,
      bookedAt: viewer.kind === 'pupil' && !mine ? null : s.bookedAt,
      cancellableUntil: mine ? new Date(s.startsAt.getTime() - CONSULTATION_CANCEL_HOURS * HOUR) : null,
    };
  }

  // ── terms (onboarding and agreements) ─────────────────────────────────────────────────────────────────────────

  async agreement(user: AuthUser, courseId: string): Promise<AgreementView> {
    if (!(await this.ds.getRepository(Course).existsBy({ id: courseId }))) throw notFound();
    return this.agreementOf(this.ds.manager, courseId, user.sub);
  }

  /** A pupil of one of the course's groups (or given its free trial lesson) accepts the current version (again is a no-op); an older one is 409. */
  async accept(user: AuthUser, courseId: string, version: number): Promise<AgreementView> {
    if (!(await this.ds.getRepository(Course).existsBy({ id: courseId }))) throw notFound();
    const groups = await this.ds.getRepository(GroupMember).createQueryBuilder('m')
      .innerJoin(CourseGroup, 'g', 'g.id = m.groupId')
      .where('g.courseId = :courseId AND m.userId = :userId AND m.role = :role', { courseId, userId: user.sub, role: 'pupil' })
      .getMany();
    let member = false;
    for (const g of groups) if ((await this.access.roleIn(g.groupId, user.sub)) === 'pupil') member = true;
    // A pupil given the course's free trial lesson accepts the terms too: the trial's link waits for them.
    if (!member && !(await this.ds.getRepository(FreeTrial).existsBy({ courseId, userId: user.sub }))) throw new DomainError('NOT_GROUP_MEMBER');
    const current = await this.currentTerms(this.ds.manager, courseId);
    if (!current) throw notFound();
    if (current.version !== version) throw new DomainError('TERMS_OUTDATED', { version: current.version });
    await this.ds.createQueryBuilder().insert().into(CourseTermsAcceptance)
      .values({ courseId, userId: user.sub, version, acceptedAt: this.clock.now() })
      .orIgnore().execute();
    return this.agreementOf(this.ds.manager, courseId, user.sub);
  }

  private currentTerms(m: EntityManager, courseId: string): Promise<CourseTerms | null> {
    return m.findOne(CourseTerms, { where: { courseId }, order: { version: 'DESC' } });
  }

  private async agreementOf(m: EntityManager, courseId: string, userId: string): Promise<AgreementView> {
    const current = await this.currentTerms(m, courseId);
    const accepted = await m.findOne(CourseTermsAcceptance, { where: { courseId, userId }, order: { version: 'DESC' } });
    return {
      courseId,
      current: current ? { courseId, version: current.version, text: localized(current, 'text'), createdAt: current.createdAt } : null,
      acceptedVersion: accepted?.version ?? null,
      acceptedAt: accepted?.acceptedAt ?? null,
      mustAccept: current !== null && accepted?.version !== current.version,
    };
  }
}

/** "First Last" as stored for staff, back into parts for the public form. */
function splitName(full: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = full.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}
