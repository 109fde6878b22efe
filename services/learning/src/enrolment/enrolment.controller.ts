import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { type Locale, courseInvoiceReply, courseStudentsReply, courseStandingReply, freeTrialGrantReply, freeTrialReply, message, myCoursesReply, subscriptionChangeReply, subscriptionReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequestLocale, RequirePermission, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { CourseStudentsService } from './course-students.service';
import { courseStudentsQuery, emptyBody, invoiceBody, renewBody } from './enrolment.dto';
import { Enrolments } from './enrolments.service';
import { StandingService } from './standing.service';

/** A pupil's own enrolment under `users/{user}/courses/{course}` (someone else's: 403), and their courses. */
@Controller()
export class EnrolmentController {
  constructor(
    private readonly enrolments: Enrolments,
    private readonly standing: StandingService,
    private readonly students: CourseStudentsService,
  ) {}

  /** The admin's course page, "students" tab: reading who is in a course's groups and enrolments takes both read keys. */
  @Get('courses/:course/students')
  @RequirePermission('sidebar:course_index', 'sidebar:group_index')
  @ApiShape({ response: courseStudentsReply, query: courseStudentsQuery, summary: 'A course\'s pupils across its groups and enrolments, by name, a page at a time' })
  courseStudents(@UuidParam('course') courseId: string, @ValidQuery(courseStudentsQuery) q: z.output<typeof courseStudentsQuery>) {
    return this.students.list(courseId, q);
  }

  @Get('users/:user/courses/:course')
  @SignedIn()
  @ApiShape({ response: courseStandingReply, summary: 'A pupil\'s standing in a course (their own; staff who read courses)' })
  async show(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('course') courseId: string) {
    return { data: await this.standing.standing(user, userId, courseId) };
  }

  @Post('users/:user/courses/:course/invoice')
  @HttpCode(200)
  @SignedIn()
  @ApiShape({ response: courseInvoiceReply, body: invoiceBody, summary: 'The invoice for a period of a course tariff (the open one if any)' })
  invoice(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('course') courseId: string, @ValidBody(invoiceBody) body: z.output<typeof invoiceBody>) {
    return this.enrolments.invoice(user, userId, courseId, body.tariffId);
  }

  @Get('users/:user/courses/:course/manage-subscription')
  @SignedIn()
  @ApiShape({ response: subscriptionReply, summary: 'The pupil\'s subscription: tariff, access, renewal, periods' })
  async subscription(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('course') courseId: string) {
    return { data: await this.enrolments.subscription(user, userId, courseId) };
  }

  @Post('users/:user/courses/:course/manage-subscription')
  @HttpCode(200)
  @SignedIn()
  @ApiShape({ response: subscriptionChangeReply, body: renewBody, summary: 'Stops or resumes renewal' })
  async setRenew(
    @CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('course') courseId: string,
    @ValidBody(renewBody) body: z.output<typeof renewBody>, @RequestLocale() locale: Locale,
  ) {
    const data = await this.enrolments.setRenew(user, userId, courseId, body.renew);
    return { data, message: message(body.renew ? 'RENEWAL_ON' : 'RENEWAL_OFF', locale) };
  }

  @Get('users/:user/courses/:course/free-trial-lesson')
  @SignedIn()
  @ApiShape({ response: freeTrialReply, summary: 'The free trial lesson given to the pupil (null: none yet)' })
  async trial(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('course') courseId: string) {
    return { data: await this.standing.freeTrial(user, userId, courseId) };
  }

  @Post('users/:user/courses/:course/free-trial-lesson')
  @SignedIn()
  @ApiShape({ response: freeTrialGrantReply, summary: 'Gives the pupil one free lesson of the course, once' })
  async grantTrial(
    @CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('course') courseId: string,
    @ValidBody(emptyBody) _body: unknown, @RequestLocale() locale: Locale,
  ) {
    return { data: await this.standing.grantTrial(user, userId, courseId), message: message('FREE_TRIAL_GIVEN', locale) };
  }

  @Get('my-courses')
  @SignedIn()
  @ApiShape({ response: myCoursesReply, summary: 'The courses the caller is enrolled in' })
  mine(@CurrentUser() user: AuthUser) {
    return this.standing.mine(user);
  }
}
