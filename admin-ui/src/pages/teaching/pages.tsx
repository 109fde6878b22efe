/**
 * Teaching's hand-written pages, merged into pages/registry.tsx: the class schedule, the attendance report, the homework list, and "My groups" (a teacher's own
 * groups and a group's page; the staff page's tabs are in people/).
 */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const AttendanceReport = lazy(() => import('./AttendanceReport'));
const ClassSchedule = lazy(() => import('./ClassSchedule'));
const HomeworkOverview = lazy(() => import('./HomeworkOverview'));
const MyGroups = lazy(() => import('./MyGroups'));
const MyGroupPage = lazy(() => import('./MyGroupPage'));

export const PAGES: AreaPages = {
  pages: { attendance: { list: AttendanceReport }, 'homework-overview': { list: HomeworkOverview }, 'class-schedule': { list: ClassSchedule }, 'my-groups': { list: MyGroups } },
  routes: [{ path: '/my-groups/:id', resource: 'my-groups', action: 'show', component: MyGroupPage }],
};
