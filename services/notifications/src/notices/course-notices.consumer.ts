import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent } from '@olymp/server-kit';
import { NoticesService } from './notices.service';

/**
 * A course's notices to one pupil: a booked consultation slot deleted by staff (learning's
 * `consultation.slot.cancelled`: the course and the time) and a graded homework (`homework.graded`). Written in the handler's transaction; a redelivered event is dropped by the
 * inbox, and the notice's source (`consultation.cancelled:<slot>:<pupil>`) is unique besides.
 */
@Injectable()
export class CourseNoticesConsumer {
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

  /** A graded homework (learning's `homework.graded`): the pupil's notice, once per grade (source with the grade's time). */
  // Durable name: never rename it.
  @OnEvent('homework.graded', { durable: 'notifications.homework-graded' })
  async graded(e: EventPayload<'homework.graded'>, ctx: EventContext): Promise<void> {
    await this.notices.addMany(ctx.manager, [{
      userId: e.pupilId, kind: 'homework.graded' as const,
      params: { submissionId: e.submissionId, homeworkId: e.homeworkId, groupId: e.groupId, courseId: e.courseId, course: e.course, title: e.title, points: e.points, maxPoints: e.maxPoints },
      source: `homework.graded:${e.submissionId}:${Date.parse(e.gradedAt)}`, at: new Date(e.gradedAt),
    }]);
  }
}
