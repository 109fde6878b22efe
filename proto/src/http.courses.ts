/**
 * HTTP contracts of courses (issue 15, docs/learning.md "Courses"): a group's members (teachers and pupils), the
 * timetable (a group's lessons, "my timetable" of a pupil or a teacher), attendance and homework.
 */
import { z } from 'zod';
import { dataOf, isoInstant, localizedText } from './http';

export const groupMemberRole = z.enum(['pupil', 'teacher']);
export type GroupMemberRole = z.output<typeof groupMemberRole>;
export const lessonKind = z.enum(['live', 'recorded']);
export type LessonKind = z.output<typeof lessonKind>;
/** `excused`: absent for a reason the teacher accepts. */
export const attendanceStatus = z.enum(['present', 'late', 'absent', 'excused']);
export type AttendanceStatus = z.output<typeof attendanceStatus>;

/** A member of a group as staff and the group's teachers see it (they teach the pupil: full names). */
export const groupMember = z.object({
  userId: z.uuid(),
  role: groupMemberRole,
  firstName: z.string(),
  lastName: z.string(),
  addedAt: isoInstant,
});
export type GroupMember = z.output<typeof groupMember>;
export const groupMembersReply = z.object({
  data: z.array(groupMember),
  /** Pupils in the group and its capacity (null = no limit). */
  pupils: z.number().int(),
  capacity: z.number().int().nullable(),
});
export type GroupMembersReply = z.output<typeof groupMembersReply>;
export const groupMemberReply = dataOf(groupMember);
/** `DELETE groups/{group}/members/{user}`: who left which group. */
export const groupMemberRemovedReply = dataOf(z.object({ groupId: z.uuid(), userId: z.uuid() }));

/** A group the caller is in (a pupil's or a teacher's), with its course and teachers ("Aigerim S." form). */
export const myGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  role: groupMemberRole,
  course: z.object({ id: z.uuid(), kind: z.string(), title: localizedText }),
  teachers: z.array(z.string()),
});
export type MyGroup = z.output<typeof myGroup>;
export const myGroupsReply = dataOf(z.array(myGroup));
export type MyGroupsReply = z.output<typeof myGroupsReply>;

/**
 * `GET my-teaching-groups`: the groups the caller teaches (their `course_group_members` rows with role teacher), for
 * the admin's "My groups" whatever the caller's role: pupils counted against the capacity, the next lesson not yet
 * over (Almaty time), the group link.
 */
export const myTeachingGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  course: z.object({ id: z.uuid(), kind: z.string(), title: localizedText }),
  pupils: z.number().int(),
  capacity: z.number().int().nullable(),
  meetingUrl: z.string().nullable(),
  nextLesson: z.object({ id: z.uuid(), title: localizedText, startsAt: isoInstant, startsAtAlmaty: z.string() }).nullable(),
});
export type MyTeachingGroup = z.output<typeof myTeachingGroup>;
export const myTeachingGroupsReply = dataOf(z.array(myTeachingGroup));
export type MyTeachingGroupsReply = z.output<typeof myTeachingGroupsReply>;

/**
 * A lesson in a timetable: instants in UTC (screens show them in Asia/Almaty). `meetingUrl` is the group link, given
 * only to the group's members and staff from 15 minutes before the start until the end; `recordingUrl` only to them
 * and only for 60 days after the start (null otherwise).
 */
export const timetableLesson = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  groupName: z.string(),
  course: z.object({ id: z.uuid(), title: localizedText }),
  title: localizedText,
  kind: lessonKind,
  startsAt: isoInstant,
  endsAt: isoInstant,
  /** `yyyy-LL-dd HH:mm` in Asia/Almaty. */
  startsAtAlmaty: z.string(),
  meetingUrl: z.string().nullable(),
  recordingUrl: z.string().nullable(),
});
export type TimetableLesson = z.output<typeof timetableLesson>;
export const timetableReply = z.object({
  data: z.array(timetableLesson),
  /** The Almaty week shown (Monday to Sunday, `yyyy-LL-dd`), or the range asked for. */
  from: z.string(),
  to: z.string(),
});
export type TimetableReply = z.output<typeof timetableReply>;

/** Attendance of one lesson: every pupil of the group with their mark (null = not marked yet). */
export const lessonAttendanceReply = dataOf(
  z.array(z.object({ userId: z.uuid(), firstName: z.string(), lastName: z.string(), status: attendanceStatus.nullable(), markedAt: isoInstant.nullable() })),
);
export type LessonAttendanceReply = z.output<typeof lessonAttendanceReply>;

/** A pupil's own marks. */
export const myAttendanceReply = dataOf(
  z.array(z.object({ lessonId: z.uuid(), groupId: z.uuid(), title: localizedText, startsAt: isoInstant, status: attendanceStatus })),
);
export type MyAttendanceReply = z.output<typeof myAttendanceReply>;

/** Counts per pupil of a group (lessons marked so far). */
export const attendanceCountsReply = z.object({
  data: z.array(z.object({ userId: z.uuid(), firstName: z.string(), lastName: z.string(), present: z.number().int(), late: z.number().int(), absent: z.number().int(), excused: z.number().int() })),
  lessons: z.number().int(),
});
export type AttendanceCountsReply = z.output<typeof attendanceCountsReply>;

export const submissionView = z.object({
  id: z.uuid(),
  homeworkId: z.uuid(),
  userId: z.uuid(),
  text: z.string(),
  /** The handed-in file's stored name (a chunked upload of the pupil's, `<uuid>.<ext>`), or null. */
  uploadName: z.string().nullable(),
  /**
   * The handed-in file's name as the pupil picked it (null without a file); its bytes are read through
   * `GET homework/{homework}/submissions/{submission}/file`.
   */
  fileName: z.string().nullable(),
  submittedAt: isoInstant,
  late: z.boolean(),
  points: z.number().int().nullable(),
  comment: z.string().nullable(),
  gradedAt: isoInstant.nullable(),
});
export type SubmissionView = z.output<typeof submissionView>;

export const homeworkView = z.object({
  id: z.uuid(),
  lessonId: z.uuid(),
  groupId: z.uuid(),
  title: z.string(),
  text: z.string(),
  dueAt: isoInstant,
  maxPoints: z.number().int(),
  createdAt: isoInstant,
  /** The caller's own hand-in (pupils); null for staff and teachers or before handing in. */
  mine: submissionView.nullable(),
  /** Hand-ins so far (teachers and staff); null for pupils. */
  submissions: z.number().int().nullable(),
});
export type HomeworkView = z.output<typeof homeworkView>;
export const homeworkReply = dataOf(homeworkView);
export const homeworkListReply = dataOf(z.array(homeworkView));
export type HomeworkListReply = z.output<typeof homeworkListReply>;
export const submissionReply = dataOf(submissionView);
export const submissionsReply = dataOf(z.array(submissionView.extend({ firstName: z.string(), lastName: z.string() })));
export type SubmissionsReply = z.output<typeof submissionsReply>;
