import { Module } from '@nestjs/common';
import { CrudResource } from '@olymp/server-kit';
import { FlexChapter, FlexLesson } from '../floor/flex.entities';
import { CoursesModule } from '../courses/courses.module';
import { createFlexChapter, createFlexLesson, updateFlexChapter, updateFlexLesson } from './flex.dto';
import { FlexChapterHooks } from './flex.hooks';
import { FlexController } from './flex.controller';
import { FlexCourses } from './flex.service';

const titles = ['titleKk', 'titleRu', 'titleEn'] as const;

/**
 * Flex (self-paced) courses (issue 15, "Flex courses"; docs/learning.md "Flex courses"): staff CRUD of a flex
 * course's chapters and lessons (read `sidebar:course_index`, write `course:update`; the admin's generated screens),
 * and the pupils' course page, chapters, lessons, progress and leaderboard (FlexController). A lesson's videos are
 * media's materials (owner kind `flex-lesson`); its test is played through attempts in the `flex` context.
 */
@Module({
  imports: [
    CoursesModule,
    CrudResource.register({
      path: 'flex-chapters', entity: FlexChapter, create: createFlexChapter, update: updateFlexChapter,
      access: { read: 'sidebar:course_index', store: 'course:update', update: 'course:update', destroy: 'course:update' },
      searchable: titles, relations: { course: {} }, label: ['title'], hooks: FlexChapterHooks,
      defaultSort: [{ field: 'position', order: 'ASC' }, { field: 'createdAt', order: 'ASC' }],
    }),
    CrudResource.register({
      path: 'flex-lessons', entity: FlexLesson, create: createFlexLesson, update: updateFlexLesson,
      access: { read: 'sidebar:course_index', store: 'course:update', update: 'course:update', destroy: 'course:update' },
      searchable: titles, relations: { chapter: {}, quiz: {} }, label: ['title'],
      fields: { bodyKk: { hiddenInList: true }, bodyRu: { hiddenInList: true }, bodyEn: { hiddenInList: true } },
      defaultSort: [{ field: 'position', order: 'ASC' }, { field: 'createdAt', order: 'ASC' }],
    }),
  ],
  controllers: [FlexController],
  providers: [FlexChapterHooks, FlexCourses],
})
export class FlexModule {}
