import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { type Locale, flexBoardReply, flexChapterReply, flexCompleteReply, flexCourseReply, flexCoursesReply, flexLessonReply, message } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequestLocale, SignedIn, UuidParam, ValidBody } from '@olymp/server-kit';
import { emptyBody } from './flex.dto';
import { FlexCourses } from './flex.service';

/**
 * A pupil's flex (self-paced) courses under `flex-courses` (issue 15): the course page (course-info, teachers,
 * chapters, progress and the lesson to continue with), a chapter, a lesson, marking it done, the leaderboard.
 * Lessons, chapters and the leaderboard need a running enrolment (403 FLEX_NOT_ENROLLED) or staff's course key.
 */
@Controller('flex-courses')
export class FlexController {
  constructor(private readonly flex: FlexCourses) {}

  @Get()
  @SignedIn()
  @ApiShape({ response: flexCoursesReply, summary: 'Published flex courses with the caller\'s progress' })
  list(@CurrentUser() user: AuthUser) {
    return this.flex.list(user);
  }

  @Get(':course')
  @SignedIn()
  @ApiShape({ response: flexCourseReply, summary: 'A flex course: course-info, teachers, chapters (lessons while access runs), progress, the lesson to continue' })
  async show(@CurrentUser() user: AuthUser, @UuidParam('course') courseId: string) {
    return { data: await this.flex.show(user, courseId) };
  }

  @Get(':course/chapters/:chapter')
  @SignedIn()
  @ApiShape({ response: flexChapterReply, summary: 'A chapter of a flex course with its lessons (enrolled pupils)' })
  async chapter(@CurrentUser() user: AuthUser, @UuidParam('course') courseId: string, @UuidParam('chapter') chapterId: string) {
    return { data: await this.flex.chapter(user, courseId, chapterId) };
  }

  @Get(':course/lessons/:lesson')
  @SignedIn()
  @ApiShape({ response: flexLessonReply, summary: 'A flex lesson: text in kk/ru/en, its videos, its test (enrolled pupils)' })
  async lesson(@CurrentUser() user: AuthUser, @UuidParam('course') courseId: string, @UuidParam('lesson') lessonId: string) {
    return { data: await this.flex.lesson(user, courseId, lessonId) };
  }

  @Post(':course/lessons/:lesson/complete')
  @HttpCode(200)
  @SignedIn()
  @ApiShape({ response: flexCompleteReply, body: emptyBody, summary: 'Marks the lesson done (once; a lesson with a test after a finished attempt)' })
  async complete(
    @CurrentUser() user: AuthUser, @UuidParam('course') courseId: string, @UuidParam('lesson') lessonId: string,
    @ValidBody(emptyBody) _body: unknown, @RequestLocale() locale: Locale,
  ) {
    return { data: await this.flex.complete(user, courseId, lessonId), message: message('FLEX_LESSON_DONE', locale) };
  }

  @Get(':course/leaderboard')
  @SignedIn()
  @ApiShape({ response: flexBoardReply, summary: 'The course\'s pupils by points earned in it ("Aigerim S.", no ids)' })
  leaderboard(@CurrentUser() user: AuthUser, @UuidParam('course') courseId: string) {
    return this.flex.leaderboard(user, courseId);
  }
}
