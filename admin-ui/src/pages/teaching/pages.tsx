/** Teaching's hand-written pages, merged into pages/registry.tsx: the class schedule (the staff page's tabs are in people/). */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const ClassSchedule = lazy(() => import('./ClassSchedule'));

export const PAGES: AreaPages = { pages: { 'class-schedule': { list: ClassSchedule } }, routes: [] };
