import { Injectable } from '@nestjs/common';
import { Clock, type CrudHooks, type CrudWriteContext, DomainError, EventOutbox, RpcClient } from '@olymp/server-kit';
import type { LearningEvent } from '../floor/event.entities';
import { EventMembership } from './event-membership';

/** What one field cannot say alone: a place or a link, the audience's grade or course, the end after the start. */
export function assertEventWhole(e: Partial<LearningEvent>): void {
  if (!e.onlineUrl && e.centerId == null) throw new DomainError('EVENT_PLACE_REQUIRED');
  if (e.audience === 'grade' && e.grade == null) throw new DomainError('EVENT_AUDIENCE_INCOMPLETE', { audience: 'grade', field: 'grade' });
  if (e.audience === 'course' && !e.courseId) throw new DomainError('EVENT_AUDIENCE_INCOMPLETE', { audience: 'course', field: 'courseId' });
  if (e.startsAt && e.endsAt && e.endsAt.getTime() <= e.startsAt.getTime()) throw new DomainError('EVENT_ENDS_BEFORE_START');
}

/**
 * Checks a whole event on create and edit; a published event's chat follows an edit of its audience and its deletion
 * (event-membership.ts). Only global providers are used: the CRUD resource's hooks are built outside this module.
 */
@Injectable()
export class EventHooks implements CrudHooks<LearningEvent> {
  private readonly membership: EventMembership;

  constructor(outbox: EventOutbox, rpc: RpcClient, clock: Clock) {
    this.membership = new EventMembership(outbox, rpc, clock);
  }

  beforeStore(input: Partial<LearningEvent>, _ctx: CrudWriteContext) {
    assertEventWhole(input);
  }

  async beforeUpdate(row: LearningEvent, input: Partial<LearningEvent>, ctx: CrudWriteContext) {
    const after = { ...row, ...input };
    assertEventWhole(after);
    await this.membership.audienceChanged(ctx.manager, row, after);
  }

  /** Deleting a published event ends its chat membership (its course's pupils leave; an open chat closes). */
  async beforeDestroy(row: LearningEvent, ctx: CrudWriteContext) {
    if (row.published) await this.membership.published(ctx.manager, row, false);
  }
}
