import { z } from 'zod';
import { attendanceStatus, courseKind, groupMemberRole, lessonKind } from '@olymp/proto';
import { imageUrl, localizedFields, longText, title, uuid } from '../floor/localized';

const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const position = z.number().int().min(0).max(1_000_000);

const courseFields = {
  ...localizedFields('title', title),
  ...localizedFields('description', longText),
  imageUrl,
  published: z.boolean().default(false),
  position: position.default(0),
};

/** How a course is taught is chosen once: its groups and lessons (or chapters) depend on it. */
export const createCourse = z.strictObject({ kind: courseKind, ...courseFields });
export const updateCourse = z.strictObject(courseFields).partial();

const moduleFields = { ...localizedFields('title', title), ...localizedFields('description', longText), position: position.default(0) };
/** A module stays in its course. */
export const createModule = z.strictObject({ courseId: uuid, ...moduleFields });
export const updateModule = z.strictObject(moduleFields).partial();

const groupFields = {
  name: z.string().trim().min(1).max(200),
  capacity: z.number().int().min(1).max(10_000).nullable().default(null),
  /** The group link: where its live lessons are held. */
  meetingUrl: z.url({ protocol: /^https?$/ }).max(500).nullable().default(null),
  published: z.boolean().default(false),
};
/** A group stays in its course. */
export const createGroup = z.strictObject({ courseId: uuid, ...groupFields });
export const updateGroup = z.strictObject(groupFields).partial();

const lessonFields = {
  ...localizedFields('title', title),
  /** The instant the lesson starts; staff screens pick a date and an hour in Asia/Almaty. */
  startsAt: instant,
  durationMinutes: z.number().int().min(1).max(600).default(90),
  moduleId: uuid.nullable().default(null),
  kind: lessonKind.default('live'),
  /** The lesson's recording, http(s); members open it for 60 days after the start. */
  recordingUrl: z.url({ protocol: /^https?$/ }).max(500).nullable().default(null),
};
/** A lesson stays in its group. */
export const createLesson = z.strictObject({ groupId: uuid, ...lessonFields });
export const updateLesson = z.strictObject(lessonFields).partial();

/** `POST groups/{group}/members`: a pupil (counted against the capacity) or a teacher (a staff user). */
export const addMember = z.strictObject({ userId: uuid, role: groupMemberRole });

const almatyDay = z.iso.date();
/** A group's timetable: an Almaty date range, at most 62 days; default the current Almaty week. */
export const timetableQuery = z.strictObject({ from: almatyDay.optional(), to: almatyDay.optional() });
/** `my-timetable`: the Almaty week (Monday to Sunday) holding `week` (default today). */
export const weekQuery = z.strictObject({ week: almatyDay.optional() });

export const markAttendance = z.strictObject({
  marks: z.array(z.strictObject({ userId: uuid, status: attendanceStatus })).min(1).max(500),
});

export const createHomework = z.strictObject({
  title: z.string().trim().min(1).max(300),
  text: z.string().max(20000).default(''),
  dueAt: instant,
  maxPoints: z.number().int().min(1).max(1000).default(10),
});

export const submitHomework = z.strictObject({
  /** The answer in words; may be empty when a file is handed in (neither: HOMEWORK_EMPTY). */
  text: z.string().trim().max(20000).default(''),
  /** The name of a file handed in through the kit's uploads (shown to the teacher). */
  uploadName: z.string().trim().min(1).max(300).nullable().default(null),
});

export const gradeSubmission = z.strictObject({
  points: z.number().int().min(0).max(1000),
  comment: z.string().trim().max(5000).nullable().default(null),
});
