/** Courses' hand-written pages, merged into pages/registry.tsx: a group's page (people, timetable, attendance). */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const GroupShow = lazy(() => import('./GroupShow'));

export const PAGES: AreaPages = { pages: { groups: { show: GroupShow } }, routes: [] };
