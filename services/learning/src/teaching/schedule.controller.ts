import { Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { type Locale, calendarFeedReply, classScheduleReply, lessonCancellationReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, Public, RequestLocale, RequirePermission, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { cancelLesson, feedQuery, scheduleQuery } from './teaching.dto';
import { CalendarService } from './calendar.service';
import { ScheduleService } from './schedule.service';

/** The class schedule (staff), cancelling a lesson (staff), and a pupil's calendar feed (its secret URL). */
@Controller()
export class ScheduleController {
  constructor(
    private readonly schedule: ScheduleService,
    private readonly calendar: CalendarService,
  ) {}

  @Get('class-schedule')
  @ApiShape({ response: classScheduleReply })
  @RequirePermission('sidebar:group_index')
  week(@ValidQuery(scheduleQuery) q: z.output<typeof scheduleQuery>) {
    return this.schedule.week(q);
  }

  @Put('lessons/:lesson/cancellation')
  @ApiShape({ response: lessonCancellationReply })
  @RequirePermission('group:update')
  cancel(@CurrentUser() user: AuthUser, @UuidParam('lesson') lessonId: string, @ValidBody(cancelLesson) body: z.output<typeof cancelLesson>) {
    return this.schedule.cancel(user, lessonId, body.reason);
  }

  @Delete('lessons/:lesson/cancellation')
  @ApiShape({ response: lessonCancellationReply })
  @RequirePermission('group:update')
  restore(@CurrentUser() user: AuthUser, @UuidParam('lesson') lessonId: string) {
    return this.schedule.restore(user, lessonId);
  }

  @Get('my-calendar')
  @ApiShape({ response: calendarFeedReply })
  @SignedIn()
  mine(@CurrentUser() user: AuthUser) {
    return this.calendar.mine(user);
  }

  /** A new secret URL; the old one stops working. */
  @Post('my-calendar')
  @ApiShape({ response: calendarFeedReply })
  @SignedIn()
  renew(@CurrentUser() user: AuthUser) {
    return this.calendar.renew(user);
  }

  @Delete('my-calendar')
  @ApiShape({ response: calendarFeedReply })
  @SignedIn()
  revoke(@CurrentUser() user: AuthUser) {
    return this.calendar.revoke(user);
  }

  /** The feed calendar apps fetch: public, the unguessable token is the key. Titles in `lang`, else `X-Locale` (default kk). */
  @Get('calendar/:token')
  @ApiShape({ responseType: 'text/calendar', summary: "A pupil's timetable as iCalendar, by its secret token" })
  @Public()
  async feed(@Param('token') token: string, @ValidQuery(feedQuery) q: z.output<typeof feedQuery>, @RequestLocale() locale: Locale, @Res() reply: FastifyReply) {
    const body = await this.calendar.render(token, q.lang ?? locale);
    reply.header('content-type', 'text/calendar; charset=utf-8');
    reply.header('cache-control', 'private, max-age=300');
    reply.header('content-disposition', 'inline; filename="olymp.ics"');
    return reply.send(body);
  }
}
