/**
 * HTTP contracts of teaching (issue 15, docs/teaching.md): teachers' work and pay (held lessons, wage rates, the
 * month's salary in tenge, wage payments), cancelled lessons, the admin's class schedule, and a pupil's iCalendar
 * feed of their timetable. Wages are tenge owed to people and never touch finance's points ledger.
 */
import { z } from 'zod';
import { dataOf, isoInstant, localizedText } from './http';
import { attendanceStatus } from './http.courses';

export const wageRatePer = z.enum(['lesson', 'hour']);
export type WageRatePer = z.output<typeof wageRatePer>;

/** `yyyy-MM`, a month of the Almaty calendar. */
export const almatyMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
/** `yyyy-MM-dd`, a day of the Almaty calendar. */
export const almatyDay = z.iso.date();

/** A wage rate of a teacher, in force from an Almaty day until the next rate's day. */
export const wageRateView = z.object({
  id: z.uuid(),
  teacherId: z.uuid(),
  per: wageRatePer,
  amountTenge: z.number().int(),
  effectiveFrom: z.string(),
  setBy: z.string(),
  setAt: isoInstant,
});
export type WageRateView = z.output<typeof wageRateView>;
export const wageRatesReply = dataOf(z.array(wageRateView));
export type WageRatesReply = z.output<typeof wageRatesReply>;
export const wageRateReply = dataOf(wageRateView);

/** A lesson of a teacher's groups as the staff page shows it: held = attendance taken; cancelled ones are not paid. */
export const teacherLesson = z.object({
  lessonId: z.uuid(),
  groupId: z.uuid(),
  groupName: z.string(),
  course: localizedText,
  title: localizedText,
  startsAt: isoInstant,
  /** `yyyy-LL-dd HH:mm` in Asia/Almaty. */
  startsAtAlmaty: z.string(),
  durationMinutes: z.number().int(),
  held: z.boolean(),
  cancelled: z.boolean(),
});
export type TeacherLesson = z.output<typeof teacherLesson>;
export const teacherLessonsReply = z.object({ data: z.array(teacherLesson), month: z.string() });
export type TeacherLessonsReply = z.output<typeof teacherLessonsReply>;

/** A group a teacher teaches. */
export const teacherGroupsReply = dataOf(
  z.array(z.object({ id: z.uuid(), name: z.string(), course: localizedText, pupils: z.number().int(), lessons: z.number().int() })),
);
export type TeacherGroupsReply = z.output<typeof teacherGroupsReply>;

/** One paid line of a month's salary: a held lesson at the rate in force on its Almaty day. */
export const salaryLine = teacherLesson.omit({ held: true, cancelled: true }).extend({
  per: wageRatePer.nullable(),
  rateTenge: z.number().int().nullable(),
  amountTenge: z.number().int(),
});
export type SalaryLine = z.output<typeof salaryLine>;

export const salaryReply = dataOf(
  z.object({
    teacherId: z.uuid(),
    month: z.string(),
    lines: z.array(salaryLine),
    heldLessons: z.number().int(),
    /** Lessons of the month left out: cancelled, or not held (no attendance) though their time has passed. */
    cancelledLessons: z.number().int(),
    notHeldLessons: z.number().int(),
    /** Held lessons with no rate in force (paid 0 until a rate is set from that day). */
    unratedLessons: z.number().int(),
    totalTenge: z.number().int(),
    paidTenge: z.number().int(),
    dueTenge: z.number().int(),
  }),
);
export type SalaryReply = z.output<typeof salaryReply>;

export const wagePaymentView = z.object({
  id: z.uuid(),
  teacherId: z.uuid(),
  month: z.string(),
  amountTenge: z.number().int(),
  note: z.string(),
  /** Who recorded it, by name; and when. */
  paidBy: z.string(),
  paidAt: isoInstant,
});
export type WagePaymentView = z.output<typeof wagePaymentView>;
export const wagePaymentsReply = dataOf(z.array(wagePaymentView));
export type WagePaymentsReply = z.output<typeof wagePaymentsReply>;
export const wagePaymentReply = dataOf(wagePaymentView);

/** A lesson called off: left out of salaries, reminders and shown cancelled in the calendar feed. */
export const lessonCancellationReply = dataOf(z.object({ lessonId: z.uuid(), cancelled: z.boolean(), reason: z.string() }));

/** The admin's class schedule: every group's lessons of an Almaty week, with teachers by name. */
export const scheduleLesson = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  groupName: z.string(),
  course: localizedText,
  title: localizedText,
  kind: z.string(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  startsAtAlmaty: z.string(),
  /** The Almaty day (`yyyy-LL-dd`) and weekday (1 = Monday). */
  day: z.string(),
  weekday: z.number().int(),
  teachers: z.array(z.object({ userId: z.uuid(), name: z.string() })),
  held: z.boolean(),
  cancelled: z.boolean(),
});
export type ScheduleLesson = z.output<typeof scheduleLesson>;
export const classScheduleReply = z.object({
  data: z.array(scheduleLesson),
  from: z.string(),
  to: z.string(),
  /** What the filters offer: every teacher of a group and every group, by name. */
  teachers: z.array(z.object({ userId: z.uuid(), name: z.string() })),
  groups: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type ClassScheduleReply = z.output<typeof classScheduleReply>;

/** A pupil's calendar feed: the secret URL (null until made, or after it was revoked). */
export const calendarFeedReply = dataOf(z.object({ url: z.string().nullable(), createdAt: isoInstant.nullable() }));
export type CalendarFeedReply = z.output<typeof calendarFeedReply>;

/**
 * `GET attendance-report?group&from&to` (`sidebar:attendance_index` or a teacher of the group): a group's pupils x the
 * lessons that start in the Almaty days `from`..`to` (both included, at most 366 days), each mark or null, totals per
 * pupil. Staff read full names; no ids but the row keys. `attendance-report/csv` gives the same table as UTF-8 CSV with a BOM.
 */
export const attendanceReportLesson = z.object({
  id: z.uuid(),
  title: localizedText,
  /** `yyyy-LL-dd HH:mm` in Asia/Almaty. */
  startsAtAlmaty: z.string(),
  cancelled: z.boolean(),
});
export const attendanceReportPupil = z.object({
  userId: z.uuid(),
  name: z.string(),
  /** One per lesson, in the lessons' order: present, late, absent, excused, or null (not marked). */
  marks: z.array(attendanceStatus.nullable()),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
});
export const attendanceReportReply = z.object({
  group: z.object({ id: z.uuid(), name: z.string(), course: localizedText }),
  from: z.string(),
  to: z.string(),
  lessons: z.array(attendanceReportLesson),
  data: z.array(attendanceReportPupil),
});
export type AttendanceReportReply = z.output<typeof attendanceReportReply>;
/** Groups staff may pick on the attendance page (by name). */
export const attendanceGroupsReply = dataOf(z.array(z.object({ id: z.uuid(), name: z.string(), course: localizedText })));
export type AttendanceGroupsReply = z.output<typeof attendanceGroupsReply>;

/**
 * `GET homework-overview?group&dueFrom&dueTo` (signed in): the homework tasks of the groups the caller may see (every
 * group with `sidebar:group_index`, else those they teach), due in the Almaty days given, soonest due last-first, with
 * how many pupils handed in, how many of those are graded and how many came late. `groups` are the filter's options.
 */
export const homeworkOverviewRow = z.object({
  id: z.uuid(),
  title: z.string(),
  dueAt: isoInstant,
  /** `yyyy-LL-dd HH:mm` in Asia/Almaty. */
  dueAtAlmaty: z.string(),
  maxPoints: z.number().int(),
  lesson: z.object({ id: z.uuid(), title: localizedText, startsAtAlmaty: z.string() }),
  group: z.object({ id: z.uuid(), name: z.string(), course: localizedText }),
  pupils: z.number().int(),
  handedIn: z.number().int(),
  graded: z.number().int(),
  late: z.number().int(),
});
export type HomeworkOverviewRow = z.output<typeof homeworkOverviewRow>;
export const homeworkOverviewReply = z.object({
  data: z.array(homeworkOverviewRow),
  groups: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type HomeworkOverviewReply = z.output<typeof homeworkOverviewReply>;
