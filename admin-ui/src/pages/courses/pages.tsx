/** Courses' hand-written pages, merged into pages/registry.tsx: a group's page (people, timetable, attendance, chat), a course's (details, programme, groups, tariffs; a flex course's chapters and chat), the Mini Course list (self-study courses). */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const GroupShow = lazy(() => import('./GroupShow'));
const CourseShow = lazy(() => import('./CourseShow'));
const MiniCourses = lazy(() => import('./MiniCourses'));

export const PAGES: AreaPages = { pages: { groups: { show: GroupShow }, courses: { show: CourseShow }, 'mini-courses': { list: MiniCourses } }, routes: [] };
