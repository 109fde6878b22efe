/** Courses' hand-written pages, merged into pages/registry.tsx: a group's page (people, timetable, attendance, chat), a course's (details; a flex course's chat). */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const GroupShow = lazy(() => import('./GroupShow'));
const CourseShow = lazy(() => import('./CourseShow'));

export const PAGES: AreaPages = { pages: { groups: { show: GroupShow }, courses: { show: CourseShow } }, routes: [] };
