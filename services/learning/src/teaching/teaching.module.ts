import { Module } from '@nestjs/common';
import { AuditModule } from '@olymp/server-kit';
import { CoursesModule } from '../courses/courses.module';
import { AttendanceReportService } from './attendance-report.service';
import { CalendarService } from './calendar.service';
import { HomeworkOverviewService } from './homework-overview.service';
import { LessonReminders } from './lesson-reminders';
import { ScheduleController } from './schedule.controller';
import { ScheduleService } from './schedule.service';
import { TeacherPayController } from './teacher-pay.controller';
import { WagesService } from './wages.service';

/**
 * Teaching (issue 15, docs/teaching.md): teachers' work and pay in tenge (held lessons, wage rates, salaries, wage
 * payments), cancelled lessons, the admin's class schedule, pupils' iCalendar feeds and the reminders an hour before
 * a live lesson. Stands on courses (GroupAccess: groups, lessons, people's names).
 */
@Module({
  imports: [CoursesModule, AuditModule],
  controllers: [TeacherPayController, ScheduleController],
  providers: [AttendanceReportService, HomeworkOverviewService, WagesService, ScheduleService, CalendarService, LessonReminders],
})
export class TeachingModule {}
