import { Injectable } from '@nestjs/common';
import { EventOutbox } from '@olymp/server-kit';
import type { EntityManager } from 'typeorm';
import { Course, CourseGroup, GroupMember } from '../floor/course.entities';
import type { CourseNewsPost } from '../floor/course-pages.entities';

/**
 * Writes `course.news.posted` for a new post in the post's own transaction (the outbox), so notifications gives the
 * group's pupils a notice exactly when the post exists. Only global providers: the CRUD kit's hooks build it too.
 */
@Injectable()
export class NewsAnnouncer {
  constructor(private readonly outbox: EventOutbox) {}

  async announce(m: EntityManager, post: Pick<CourseNewsPost, 'id' | 'groupId' | 'textKk' | 'textRu' | 'textEn' | 'createdAt'>): Promise<void> {
    const group = await m.findOne(CourseGroup, { where: { id: post.groupId }, relations: { course: true } });
    if (!group) return;
    const c = group.course as Course;
    const pupils = (await m.find(GroupMember, { where: { groupId: post.groupId, role: 'pupil' }, select: { userId: true }, take: 1000 })).map((x) => x.userId);
    const fallback = c.titleKk || c.titleRu || c.titleEn;
    await this.outbox.add(m, 'course.news.posted', {
      postId: post.id,
      groupId: post.groupId,
      courseId: c.id,
      pupils,
      course: { kk: c.titleKk || fallback, ru: c.titleRu || fallback, en: c.titleEn || fallback },
      text: { kk: post.textKk.slice(0, 200), ru: post.textRu.slice(0, 200), en: post.textEn.slice(0, 200) },
      postedAt: post.createdAt.toISOString(),
    });
  }
}
