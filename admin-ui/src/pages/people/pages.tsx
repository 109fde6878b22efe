/** This area's hand-written pages, merged into pages/registry.tsx (one file per area, so areas are built apart). */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const StudentShow = lazy(() => import('./StudentShow'));
const StaffShow = lazy(() => import('./StaffShow'));

export const PAGES: AreaPages = {
  pages: { students: { show: StudentShow }, teachers: { show: StaffShow } },
  routes: [],
};
