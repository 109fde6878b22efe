import { Controller, Delete, Get, Post } from '@nestjs/common';
import type { z } from 'zod';
import {
  CONSULTATION_CANCEL_HOURS, agreementReply, consultationSlotDeletedReply, consultationSlotReply, consultationSlotsReply, groupBoardReply, groupTeachersReply, newsFeedReply, newsPostReply,
} from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { acceptTerms, newsQuery, openSlot, postNews } from './course-pages.dto';
import { CoursePagesService } from './course-pages.service';
import { CoursePeopleService } from './course-people.service';

/**
 * An online course's pupil pages (docs/course-pages.md). Access is by membership (GroupAccess): the group's pupils
 * read, its teachers (or staff with `group:update`) write; staff who read groups (`sidebar:group_index`) see all.
 */
@Controller()
export class CoursePagesController {
  constructor(private readonly pages: CoursePagesService, private readonly people: CoursePeopleService) {}

  @Get('groups/:group/news')
  @ApiShape({ summary: 'The group\'s news feed, newest first; `nextCursor` pages back.', response: newsFeedReply, query: newsQuery })
  @SignedIn()
  feed(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string, @ValidQuery(newsQuery) q: z.output<typeof newsQuery>) {
    return this.pages.feed(user, groupId, q);
  }

  @Post('groups/:group/news')
  @ApiShape({ summary: 'A teacher of the group (or staff) posts news to its pupils.', response: newsPostReply, body: postNews })
  @SignedIn()
  async post(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string, @ValidBody(postNews) body: z.output<typeof postNews>) {
    return { data: await this.pages.post(user, groupId, body) };
  }

  @Get('groups/:group/consultation-slots')
  @ApiShape({ summary: 'Consultation times of the group not yet over, soonest first.', response: consultationSlotsReply })
  @SignedIn()
  async slots(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string) {
    return { data: await this.pages.slots(user, groupId), cancelHours: CONSULTATION_CANCEL_HOURS };
  }

  @Post('groups/:group/consultation-slots')
  @ApiShape({ summary: 'A teacher of the group (or staff) opens a consultation time.', response: consultationSlotReply, body: openSlot })
  @SignedIn()
  async open(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string, @ValidBody(openSlot) body: z.output<typeof openSlot>) {
    return { data: await this.pages.openSlot(user, groupId, body) };
  }

  @Delete('groups/:group/consultation-slots/:slot')
  @ApiShape({ summary: 'A teacher of the group (or staff) calls a consultation time off; a booking pupil is told.', response: consultationSlotDeletedReply })
  @SignedIn()
  async deleteSlot(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string, @UuidParam('slot') slotId: string) {
    return { data: await this.pages.deleteSlot(user, groupId, slotId) };
  }

  @Post('consultation-slots/:slot/booking')
  @ApiShape({ summary: 'A pupil of the group books a free consultation time (409 when someone else has it).', response: consultationSlotReply })
  @SignedIn()
  async book(@CurrentUser() user: AuthUser, @UuidParam('slot') slotId: string) {
    return { data: await this.pages.book(user, slotId) };
  }

  @Delete('consultation-slots/:slot/booking')
  @ApiShape({ summary: 'The booking pupil cancels, up to CONSULTATION_CANCEL_HOURS before the start.', response: consultationSlotReply })
  @SignedIn()
  async cancel(@CurrentUser() user: AuthUser, @UuidParam('slot') slotId: string) {
    return { data: await this.pages.cancel(user, slotId) };
  }

  @Get('groups/:group/teachers')
  @ApiShape({ summary: 'The group\'s teachers as pupils see them: name, photo, subject (no phones).', response: groupTeachersReply })
  @SignedIn()
  teachers(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string) {
    return this.people.teachers(user, groupId);
  }

  @Get('groups/:group/leaderboard')
  @ApiShape({ summary: 'The group\'s pupils by points in the course (graded homework); public names, no ids.', response: groupBoardReply })
  @SignedIn()
  leaderboard(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string) {
    return this.people.leaderboard(user, groupId);
  }

  @Get('courses/:course/agreement')
  @ApiShape({ summary: 'The course\'s current terms and the caller\'s acceptance.', response: agreementReply })
  @SignedIn()
  async agreement(@CurrentUser() user: AuthUser, @UuidParam('course') courseId: string) {
    return { data: await this.pages.agreement(user, courseId) };
  }

  @Post('courses/:course/agreement')
  @ApiShape({ summary: 'A pupil of the course accepts the current version of its terms.', response: agreementReply, body: acceptTerms })
  @SignedIn()
  async accept(@CurrentUser() user: AuthUser, @UuidParam('course') courseId: string, @ValidBody(acceptTerms) body: z.output<typeof acceptTerms>) {
    return { data: await this.pages.accept(user, courseId, body.version) };
  }
}
