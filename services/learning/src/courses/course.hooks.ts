import { Injectable } from '@nestjs/common';
import { type CrudHooks, type CrudWriteContext, DomainError } from '@olymp/server-kit';
import type { EntityManager } from 'typeorm';
import { CourseGroup, CourseModule, Lesson } from '../floor/course.entities';

/**
 * What the constraints cannot say: a lesson's module is a module of its group's course. (A missing course or group
 * is the foreign key's RELATED_NOT_FOUND; a course that still has groups is RECORD_IN_USE.)
 */
@Injectable()
export class LessonHooks implements CrudHooks<Lesson> {
  private async assertModule(m: EntityManager, groupId: string, moduleId: string | null | undefined) {
    if (!moduleId) return;
    const group = await m.findOneBy(CourseGroup, { id: groupId });
    if (!group || !(await m.existsBy(CourseModule, { id: moduleId, courseId: group.courseId }))) {
      throw new DomainError('RELATED_NOT_FOUND', { field: 'moduleId', value: moduleId });
    }
  }

  async beforeStore(input: Partial<Lesson>, ctx: CrudWriteContext) {
    await this.assertModule(ctx.manager, input.groupId as string, input.moduleId);
  }

  async beforeUpdate(row: Lesson, input: Partial<Lesson>, ctx: CrudWriteContext) {
    if (input.moduleId !== undefined && input.moduleId !== row.moduleId) await this.assertModule(ctx.manager, row.groupId, input.moduleId);
  }
}
