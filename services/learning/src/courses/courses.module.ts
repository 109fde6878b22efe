import { Module } from '@nestjs/common';
import { CrudResource, UploadsModule } from '@olymp/server-kit';
import { Course, CourseGroup, CourseModule, Lesson } from '../floor/course.entities';
import { COURSE_KIND_LABELS, LESSON_KIND_LABELS } from '../floor/display';
import {
  createCourse, createGroup, createLesson, createModule, updateCourse, updateGroup, updateLesson, updateModule,
} from './course.dto';
import { LessonHooks } from './course.hooks';
import { ClassworkController } from './classwork.controller';
import { ClassworkService } from './classwork.service';
import { GroupAccess } from './group-access';
import { GroupsController } from './groups.controller';
import { GroupsService } from './groups.service';
import { CourseGroupHooks, GroupMembership } from './group-membership';

const titles = ['titleKk', 'titleRu', 'titleEn'] as const;
const label = ['title'] as const;

/**
 * Courses (issue 15), first step: staff CRUD of courses, their modules (the programme), groups and the groups'
 * lessons. Reading is the sidebar's key (course_index, group_index); writing is course:* and group:*. The store,
 * enrolment, attendance and homework build on these.
 */
@Module({
  imports: [
    // Pupils' hand-in files go through the kit's chunked uploads (ClassworkService.upload).
    UploadsModule,
    CrudResource.register({
      path: 'courses', entity: Course, create: createCourse, update: updateCourse,
      access: { read: 'sidebar:course_index', store: 'course:create', update: 'course:update', destroy: 'course:delete' },
      searchable: titles, label,
      fields: { kind: { enumLabels: COURSE_KIND_LABELS }, imageUrl: { hiddenInList: true } },
      defaultSort: [{ field: 'position', order: 'ASC' }, { field: 'createdAt', order: 'DESC' }],
    }),
    CrudResource.register({
      path: 'modules', entity: CourseModule, create: createModule, update: updateModule,
      access: { read: 'sidebar:course_index', store: 'course:update', update: 'course:update', destroy: 'course:update' },
      searchable: titles, relations: { course: {} }, label,
      defaultSort: [{ field: 'position', order: 'ASC' }],
    }),
    CrudResource.register({
      path: 'groups', entity: CourseGroup, create: createGroup, update: updateGroup,
      access: { read: 'sidebar:group_index', store: 'group:create', update: 'group:update', destroy: 'group:delete' },
      searchable: ['name'], relations: { course: {} }, label: ['name'], hooks: CourseGroupHooks,
      fields: { meetingUrl: { hiddenInList: true } },
      defaultSort: [{ field: 'createdAt', order: 'DESC' }],
    }),
    CrudResource.register({
      path: 'lessons', entity: Lesson, create: createLesson, update: updateLesson,
      access: { read: 'sidebar:group_index', store: 'group:update', update: 'group:update', destroy: 'group:update' },
      searchable: titles, relations: { group: {}, module: {} }, hooks: LessonHooks, label,
      fields: { durationMinutes: { unit: 'minutes' }, kind: { enumLabels: LESSON_KIND_LABELS }, recordingUrl: { hiddenInList: true } },
      defaultSort: [{ field: 'startsAt', order: 'ASC' }],
    }),
  ],
  controllers: [GroupsController, ClassworkController],
  providers: [LessonHooks, GroupAccess, GroupMembership, GroupsService, ClassworkService],
  // Teaching (a feature above) reads groups, lessons and people's names through it.
  exports: [GroupAccess],
})
export class CoursesModule {}
