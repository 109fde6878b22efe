/**
 * Flex (self-paced) courses (learning's flex/, docs/learning.md "Flex courses"): the course page, a chapter, a
 * lesson, marking it done, the leaderboard. Types are proto's contracts, imported type-only.
 */
import type { FlexBoardReply, FlexChapterReply, FlexCompleteReply, FlexCourseReply, FlexCoursesReply, FlexLessonReply } from '@olymp/proto';
import { authJson } from './session';

export type { FlexBoardRow, FlexChapterView, FlexCourse, FlexLessonItem, FlexLessonView } from '@olymp/proto';

export const getFlexCourses = () => authJson<FlexCoursesReply>('flex-courses').then((a) => a.data);
export const getFlexCourse = (id: string) => authJson<FlexCourseReply>(`flex-courses/${id}`).then((a) => a.data);
export const getFlexChapter = (course: string, chapter: string) => authJson<FlexChapterReply>(`flex-courses/${course}/chapters/${chapter}`).then((a) => a.data);
export const getFlexLesson = (course: string, lesson: string) => authJson<FlexLessonReply>(`flex-courses/${course}/lessons/${lesson}`).then((a) => a.data);
export const completeFlexLesson = (course: string, lesson: string) =>
  authJson<FlexCompleteReply>(`flex-courses/${course}/lessons/${lesson}/complete`, { method: 'POST', body: {} });
export const getFlexBoard = (course: string) => authJson<FlexBoardReply>(`flex-courses/${course}/leaderboard`);
