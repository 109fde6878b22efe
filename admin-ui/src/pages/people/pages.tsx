/** This area's hand-written pages, merged into pages/registry.tsx (one file per area, so areas are built apart). */
import { lazy } from 'react';
import { installToastDrag } from '../../components/toast-drag';
import type { AreaPages } from '../registry';

const StudentShow = lazy(() => import('./StudentShow'));
const StaffShow = lazy(() => import('./StaffShow'));

// Spec 9: toasts are dismissed by dragging them sideways past 60% of their width. App.tsx imports this module (via
// the registry) before anything renders, so the document-wide listener is in place for every toast; idempotent, so
// App.tsx may also render <ToastDrag />.
installToastDrag();

export const PAGES: AreaPages = {
  pages: { students: { show: StudentShow }, teachers: { show: StaffShow } },
  routes: [
    // `students` and `users` serve one entity (User); meta/openapi.ts keeps one resource per entity schema, so
    // `students` gets no generated routes. Until it keeps both, the pupil's page is routed here (StudentShow checks
    // `sidebar:student_index` itself, as the access rules do not know `students` then). Same page either way.
    { path: '/students/:id', resource: 'students', action: 'show', component: StudentShow },
  ],
};
