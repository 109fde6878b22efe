import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent } from '@olymp/server-kit';
import { NoticesService } from './notices.service';

/**
 * News posted to a course group (learning's `course.news.posted`): each pupil of the group gets a notice with the
 * course's title and the post's start. Written in the handler's transaction; a redelivered event is dropped by the
 * inbox, and each notice's source (`course.news:<post>:<pupil>`) is unique besides.
 */
@Injectable()
export class CourseNewsConsumer {
  constructor(private readonly notices: NoticesService) {}

  // Durable name: never rename it (a new name is a new consumer, which replays the stream's 14 days).
  @OnEvent('course.news.posted', { durable: 'notifications.course-news' })
  async posted(e: EventPayload<'course.news.posted'>, ctx: EventContext): Promise<void> {
    const at = new Date(e.postedAt);
    await this.notices.addMany(ctx.manager, e.pupils.map((userId) => ({
      userId, kind: 'course.news' as const, params: { postId: e.postId, groupId: e.groupId, courseId: e.courseId, course: e.course, text: e.text },
      source: `course.news:${e.postId}:${userId}`, at,
    })));
  }
}
