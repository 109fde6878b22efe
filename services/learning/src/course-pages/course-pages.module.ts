import { Module } from '@nestjs/common';
import { CrudResource } from '@olymp/server-kit';
import { ConsultationSlot, CourseNewsPost, CourseTerms } from '../floor/course-pages.entities';
import { CoursesModule } from '../courses/courses.module';
import { CoursePagesController } from './course-pages.controller';
import { createNewsPost, createSlot, createTerms, updateNewsPost, updateSlot } from './course-pages.dto';
import { ConsultationSlotHooks, CourseTermsHooks, NewsPostHooks } from './course-pages.hooks';
import { CoursePagesService } from './course-pages.service';
import { CoursePeopleService } from './course-people.service';
import { NewsAnnouncer } from './news-announcer';

/**
 * An online course's pupil pages (issue 15, docs/course-pages.md): news feed, book-consultation, onboarding and
 * agreements. Pupils and the groups' teachers use the routes of CoursePagesController (membership decides); staff
 * keep the same things through three resources with generated admin screens: news posts and consultation slots with
 * who booked them (a group's things: the group keys, as lessons), and the versions of a course's terms (the course
 * keys; never edited: a new version asks pupils again).
 * Stands on courses (GroupAccess).
 */
@Module({
  imports: [
    CoursesModule,
    CrudResource.register({
      path: 'course-news', entity: CourseNewsPost, create: createNewsPost, update: updateNewsPost,
      access: { read: 'sidebar:group_index', write: 'group:update' },
      searchable: ['textKk', 'textRu', 'textEn', 'authorName'], relations: { group: {} }, hooks: NewsPostHooks, label: ['text'],
      filterable: ['groupId', 'createdAt', 'authorName'],
      fields: { textEn: { hiddenInList: true }, linkUrl: { hiddenInList: true } },
      defaultSort: [{ field: 'createdAt', order: 'DESC' }],
    }),
    CrudResource.register({
      path: 'consultation-slots', entity: ConsultationSlot, create: createSlot, update: updateSlot,
      access: { read: 'sidebar:group_index', write: 'group:update' },
      searchable: ['teacherName', 'bookedByName'], relations: { group: {} }, hooks: ConsultationSlotHooks, label: ['teacherName'],
      filterable: ['groupId', 'startsAt', 'endsAt', 'teacherName', 'bookedByName', 'bookedAt'],
      defaultSort: [{ field: 'startsAt', order: 'DESC' }],
    }),
    CrudResource.register({
      path: 'course-terms', entity: CourseTerms, create: createTerms, actions: ['index', 'show', 'store'],
      access: { read: 'sidebar:course_index', store: 'course:update' },
      relations: { course: {} }, hooks: CourseTermsHooks, label: ['version'],
      filterable: ['courseId', 'version', 'createdAt'],
      fields: { textEn: { hiddenInList: true }, textRu: { hiddenInList: true } },
      defaultSort: [{ field: 'createdAt', order: 'DESC' }],
    }),
  ],
  controllers: [CoursePagesController],
  providers: [CoursePagesService, CoursePeopleService, NewsAnnouncer, NewsPostHooks, ConsultationSlotHooks, CourseTermsHooks],
})
export class CoursePagesModule {}
