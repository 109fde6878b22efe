import { Injectable } from '@nestjs/common';
import { Clock, type CrudHooks, type CrudWriteContext, DomainError, EventOutbox, RpcClient, notFound } from '@olymp/server-kit';
import { CONSULTATION_MAX_MINUTES } from '@olymp/proto';
import { Course } from '../floor/course.entities';
import { ConsultationSlot, CourseNewsPost, CourseTerms } from '../floor/course-pages.entities';
import { assertSomeText } from './course-pages.service';
import { NewsAnnouncer } from './news-announcer';
import { tellSlotCancelled } from './slot-cancellation';

/**
 * Staff's resources of the course pages (course-news, consultation-slots, course-terms): what the bodies cannot say.
 * The author, teacher or writer is the caller (named as auth knows them), the time is the Clock's. Only global
 * providers are injected: the CRUD kit builds hooks outside this module.
 */
async function callerName(rpc: RpcClient, ctx: CrudWriteContext): Promise<{ name: string }> {
  const id = ctx.user?.sub;
  if (!id) throw new DomainError('UNAUTHENTICATED');
  const { users } = await rpc.request('auth.users.get', { userIds: [id] });
  const u = users[0];
  return { name: u ? `${u.firstName} ${u.lastName}`.trim().slice(0, 200) : '' };
}

@Injectable()
export class NewsPostHooks implements CrudHooks<CourseNewsPost> {
  private readonly announcer: NewsAnnouncer;

  constructor(private readonly rpc: RpcClient, private readonly clock: Clock, outbox: EventOutbox) {
    this.announcer = new NewsAnnouncer(outbox);
  }

  /** The author and time are the caller's and now; the group's pupils are told in the same transaction. */
  async beforeStore(input: Partial<CourseNewsPost>, ctx: CrudWriteContext): Promise<void> {
    assertSomeText(input);
    const me = await callerName(this.rpc, ctx);
    Object.assign(input, { authorName: me.name, createdAt: this.clock.now() });
    const post = input as CourseNewsPost;
    await this.announcer.announce(ctx.manager, { id: post.id, groupId: post.groupId, textKk: post.textKk ?? '', textRu: post.textRu ?? '', textEn: post.textEn ?? '', createdAt: post.createdAt });
  }

  beforeUpdate(row: CourseNewsPost, input: Partial<CourseNewsPost>): void {
    assertSomeText({ ...row, ...input });
  }
}

@Injectable()
export class ConsultationSlotHooks implements CrudHooks<ConsultationSlot> {
  constructor(private readonly rpc: RpcClient, private readonly clock: Clock, private readonly outbox: EventOutbox) {}

  /** Staff call a booked consultation off by deleting its slot: the booking pupil is told (slot-cancellation.ts). */
  async beforeDestroy(row: ConsultationSlot, ctx: CrudWriteContext): Promise<void> {
    await tellSlotCancelled(ctx.manager, this.outbox, row, this.clock.now());
  }

  async beforeStore(input: Partial<ConsultationSlot>, ctx: CrudWriteContext): Promise<void> {
    if ((input.startsAt?.getTime() ?? 0) <= this.clock.now().getTime()) throw new DomainError('CONSULTATION_SLOT_PAST');
    const me = await callerName(this.rpc, ctx);
    Object.assign(input, { teacherName: me.name, createdAt: this.clock.now() });
  }

  /** A booked time stays as the pupil booked it; a free one moves within the rules a new one keeps. */
  beforeUpdate(row: ConsultationSlot, input: Partial<ConsultationSlot>): void {
    if (row.bookedBy) throw new DomainError('CONSULTATION_SLOT_BOOKED');
    const startsAt = input.startsAt ?? row.startsAt;
    const endsAt = input.endsAt ?? row.endsAt;
    if (startsAt.getTime() <= this.clock.now().getTime()) throw new DomainError('CONSULTATION_SLOT_PAST');
    const span = endsAt.getTime() - startsAt.getTime();
    if (span <= 0 || span > CONSULTATION_MAX_MINUTES * 60_000) {
      throw new DomainError('VALIDATION_FAILED', { details: 'endsAt' }, { endsAt: `endsAt: after startsAt, at most ${CONSULTATION_MAX_MINUTES} minutes later` });
    }
  }
}

@Injectable()
export class CourseTermsHooks implements CrudHooks<CourseTerms> {
  constructor(private readonly rpc: RpcClient, private readonly clock: Clock) {}

  /** The next version of the course's terms: the course row is locked so two writers never take one number. */
  async beforeStore(input: Partial<CourseTerms>, ctx: CrudWriteContext): Promise<void> {
    const course = await ctx.manager.findOne(Course, { where: { id: input.courseId }, lock: { mode: 'pessimistic_write' } });
    if (!course) throw notFound();
    const last = await ctx.manager.findOne(CourseTerms, { where: { courseId: course.id }, order: { version: 'DESC' } });
    const me = await callerName(this.rpc, ctx);
    Object.assign(input, { version: (last?.version ?? 0) + 1, createdByName: me.name, createdAt: this.clock.now() });
  }
}
