import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent } from '@olymp/server-kit';
import { NoticesService } from './notices.service';

/**
 * A booked consultation slot deleted by staff (learning's `consultation.slot.cancelled`): the booking pupil gets a
 * notice with the course and the time. Written in the handler's transaction; a redelivered event is dropped by the
 * inbox, and the notice's source (`consultation.cancelled:<slot>:<pupil>`) is unique besides.
 */
@Injectable()
export class ConsultationCancelledConsumer {
  constructor(private readonly notices: NoticesService) {}

  // Durable name: never rename it (a new name is a new consumer, which replays the stream's 14 days).
  @OnEvent('consultation.slot.cancelled', { durable: 'notifications.consultation-cancelled' })
  async cancelled(e: EventPayload<'consultation.slot.cancelled'>, ctx: EventContext): Promise<void> {
    await this.notices.addMany(ctx.manager, [{
      userId: e.pupilId, kind: 'consultation.cancelled' as const,
      params: { slotId: e.slotId, groupId: e.groupId, courseId: e.courseId, course: e.course, startsAt: e.startsAt },
      source: `consultation.cancelled:${e.slotId}:${e.pupilId}`, at: new Date(e.cancelledAt),
    }]);
  }
}
