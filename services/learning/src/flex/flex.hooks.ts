import { Injectable } from '@nestjs/common';
import { type CrudHooks, type CrudWriteContext, DomainError } from '@olymp/server-kit';
import { Course } from '../floor/course.entities';
import type { FlexChapter } from '../floor/flex.entities';

/**
 * What the constraints cannot say: chapters belong to a course of the `flex` kind (a missing course is the foreign
 * key's RELATED_NOT_FOUND; a live course is FLEX_COURSE_ONLY).
 */
@Injectable()
export class FlexChapterHooks implements CrudHooks<FlexChapter> {
  async beforeStore(input: Partial<FlexChapter>, ctx: CrudWriteContext) {
    const course = await ctx.manager.findOneBy(Course, { id: input.courseId as string });
    if (course && course.kind !== 'flex') throw new DomainError('FLEX_COURSE_ONLY');
  }
}
