import { Controller, Delete, Get, Header, Param, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { type Locale, homeworkOverviewReply, attendanceGroupsReply, attendanceReportReply, calendarFeedReply, classScheduleReply, lessonCancellationReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, Public, RequestLocale, RequirePermission, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { attendanceReportQuery, homeworkOverviewQuery, cancelLesson, feedQuery, scheduleQuery } from './teaching.dto';
import { AttendanceReportService } from './attendance-report.service';
import { HomeworkOverviewService } from './homework-overview.service';
import { CalendarService } from './calendar.service';
import { ScheduleService } from './schedule.service';

/** The class schedule (staff), cancelling a lesson (staff), and a pupil's calendar feed (its secret URL). */
@Controller()
export class ScheduleController {
  constructor(
    private readonly schedule: ScheduleService,
    private readonly calendar: CalendarService,
    private readonly attendance: AttendanceReportService,
    private readonly homework: HomeworkOverviewService,
  ) {}

  /** Homework tasks across the groups the caller may see, with hand-in, graded and late counts (sidebar "Homework"). */
  @Get('homework-overview')
  @ApiShape({ response: homeworkOverviewReply })
  @SignedIn()
  homeworkOverview(@CurrentUser() user: AuthUser, @ValidQuery(homeworkOverviewQuery) q: z.output<typeof homeworkOverviewQuery>) {
    return this.homework.list(user, q);
  }

  /** The groups the attendance page offers: every group with `sidebar:attendance_index`, else the caller's own. */
  @Get('attendance-report/groups')
  @ApiShape({ response: attendanceGroupsReply })
  @SignedIn()
  attendanceGroups(@CurrentUser() user: AuthUser) {
    return this.attendance.groups(user);
  }

  /** Pupils x lessons of a group in Almaty days `from`..`to`, with totals per pupil. */
  @Get('attendance-report')
  @ApiShape({ response: attendanceReportReply })
  @SignedIn()
  attendanceReport(@CurrentUser() user: AuthUser, @ValidQuery(attendanceReportQuery) q: z.output<typeof attendanceReportQuery>) {
    return this.attendance.report(user, q);
  }

  /** The same table as CSV (UTF-8 with a BOM, names and marks in `lang`, else X-Locale), for Excel. */
  @Get('attendance-report/csv')
  @ApiShape({ responseType: 'text/csv', summary: "A group's attendance in a range of Almaty days as CSV (UTF-8 with BOM)" })
  @SignedIn()
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('cache-control', 'no-store')
  async attendanceCsv(
    @CurrentUser() user: AuthUser,
    @ValidQuery(attendanceReportQuery) q: z.output<typeof attendanceReportQuery>,
    @RequestLocale() locale: Locale,
    @Res({ passthrough: true }) reply: { header(name: string, value: string): unknown },
  ) {
    const report = await this.attendance.report(user, q);
    reply.header('content-disposition', `attachment; filename="attendance-${q.from}-${q.to}.csv"`);
    return this.attendance.csv(report, q.lang ?? locale);
  }

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
