/**
 * HTTP contracts of flex (self-paced) courses (issue 15, "Flex courses"; docs/learning.md "Flex courses"): a pupil's
 * course page (course-info, chapters and lessons with their progress, the lesson to continue with), a chapter, a
 * lesson (text in kk/ru/en, its videos through media's `videos/{id}/info`, an optional test through the attempts
 * engine in the `flex` context), marking a lesson done, the course's leaderboard (public names only) and teachers.
 */
import { z } from 'zod';
import { dataOf, dataWithMessage, isoInstant, localizedText } from './http';
import { enrolmentStatus } from './http.enrolment';

/** A lesson in a list: whether the caller has done it and what it has (no text). */
export const flexLessonItem = z.object({
  id: z.uuid(),
  chapterId: z.uuid(),
  title: localizedText,
  points: z.number().int(),
  hasTest: z.boolean(),
  hasVideo: z.boolean(),
  done: z.boolean(),
});
export type FlexLessonItem = z.output<typeof flexLessonItem>;

export const flexChapterView = z.object({
  id: z.uuid(),
  title: localizedText,
  lessonsDone: z.number().int(),
  lessonsTotal: z.number().int(),
  /** The chapter's lessons; empty for a pupil who may not open them (only the count shows). */
  lessons: z.array(flexLessonItem),
});
export type FlexChapterView = z.output<typeof flexChapterView>;

/** The pupil's progress in the course: lessons done and points earned (lessons' points plus their tests' points). */
export const flexProgress = z.object({
  lessonsDone: z.number().int(),
  lessonsTotal: z.number().int(),
  points: z.number().int(),
  /** The first lesson not done yet in the course's order (null: all done, or no access). */
  next: z.object({ chapterId: z.uuid(), lessonId: z.uuid(), title: localizedText }).nullable(),
});
export type FlexProgressView = z.output<typeof flexProgress>;

/** `GET flex-courses/{course}`: the course page. Lessons are listed only while the caller's access runs. */
export const flexCourse = z.object({
  id: z.uuid(),
  title: localizedText,
  description: localizedText,
  imageUrl: z.string().nullable(),
  /** Whether the caller may open the lessons (active enrolment, or staff who read courses). */
  access: z.boolean(),
  enrolment: z.object({ status: enrolmentStatus, accessUntil: isoInstant.nullable() }).nullable(),
  /** Teachers' public names ("Aigerim S."). */
  teachers: z.array(z.string()),
  chapters: z.array(flexChapterView),
  progress: flexProgress,
});
export type FlexCourse = z.output<typeof flexCourse>;
export const flexCourseReply = dataOf(flexCourse);
export type FlexCourseReply = z.output<typeof flexCourseReply>;

/** `GET flex-courses`: the published flex courses with the caller's progress in each. */
export const flexCoursesReply = dataOf(z.array(z.object({
  id: z.uuid(),
  title: localizedText,
  imageUrl: z.string().nullable(),
  access: z.boolean(),
  lessonsDone: z.number().int(),
  lessonsTotal: z.number().int(),
  points: z.number().int(),
})));
export type FlexCoursesReply = z.output<typeof flexCoursesReply>;

/** `GET flex-courses/{course}/chapters/{chapter}`. */
export const flexChapterReply = dataOf(flexChapterView.extend({ courseId: z.uuid() }));
export type FlexChapterReply = z.output<typeof flexChapterReply>;

/** `GET flex-courses/{course}/lessons/{lesson}`: one lesson to study. */
export const flexLessonView = flexLessonItem.extend({
  courseId: z.uuid(),
  chapterTitle: localizedText,
  body: localizedText,
  /** Its videos (media's materials); play one through `GET videos/{id}/info`. */
  videos: z.array(z.object({ id: z.uuid(), title: localizedText, durationSeconds: z.number().nullable() })),
  /** The test (a quiz): play it at `users/{me}/quizzes/{quizId}` with `flexLesson` = this lesson. */
  quizId: z.uuid().nullable(),
  /** The caller's best finished attempt at the test (null: none yet). */
  testPoints: z.number().int().nullable(),
  /** Points this lesson earned the caller (null: not done). */
  pointsEarned: z.number().int().nullable(),
  previousLessonId: z.uuid().nullable(),
  nextLessonId: z.uuid().nullable(),
});
export type FlexLessonView = z.output<typeof flexLessonView>;
export const flexLessonReply = dataOf(flexLessonView);
export type FlexLessonReply = z.output<typeof flexLessonReply>;

/** `POST flex-courses/{course}/lessons/{lesson}/complete`: the lesson done (once) and the progress after it. */
export const flexCompleteReply = dataWithMessage(z.object({ lessonId: z.uuid(), pointsEarned: z.number().int(), progress: flexProgress }));
export type FlexCompleteReply = z.output<typeof flexCompleteReply>;

/** A leaderboard row as pupils read it (minors: "Aigerim S.", no ids, no phones). */
export const flexBoardRow = z.object({
  rank: z.number().int(),
  name: z.string(),
  points: z.number().int(),
  lessonsDone: z.number().int(),
  /** Whether the row is the caller's own. */
  me: z.boolean(),
});
export type FlexBoardRow = z.output<typeof flexBoardRow>;
/** `GET flex-courses/{course}/leaderboard`: the course's pupils by points earned in it (top 100 and the caller). */
export const flexBoardReply = z.object({ data: z.array(flexBoardRow), me: flexBoardRow.nullable() });
export type FlexBoardReply = z.output<typeof flexBoardReply>;
