/** This area's hand-written pages, merged into pages/registry.tsx (one file per area, so areas are built apart). */
import { lazy } from 'react';
import { CreateThenShow } from '../../crud/CreateThenShow';
import type { AreaPages } from '../registry';

const TrainingShow = lazy(() => import('./TrainingShow'));
const chapterPage = (name: 'ChapterCreate' | 'ChapterEdit' | 'SubchapterCreate' | 'SubchapterShow' | 'SubchapterEdit') =>
  lazy(() => import('./ChapterPages').then((m) => ({ default: m[name] })));

export const PAGES: AreaPages = {
  pages: { trainings: { show: TrainingShow, create: CreateThenShow } },
  // Under their training; each is guarded by its resource's own keys (the API's: chapter_create, update,
  // chapter_tab, subchapter_update).
  routes: [
    { path: '/trainings/:trainingId/chapters/create', resource: 'training-chapters', action: 'create', component: chapterPage('ChapterCreate') },
    { path: '/trainings/:trainingId/chapters/:id/edit', resource: 'training-chapters', action: 'edit', component: chapterPage('ChapterEdit') },
    { path: '/trainings/:trainingId/chapters/:chapterId/subchapters/create', resource: 'training-subchapters', action: 'create', component: chapterPage('SubchapterCreate') },
    { path: '/trainings/:trainingId/subchapters/:id', resource: 'training-subchapters', action: 'show', component: chapterPage('SubchapterShow') },
    { path: '/trainings/:trainingId/subchapters/:id/edit', resource: 'training-subchapters', action: 'edit', component: chapterPage('SubchapterEdit') },
  ],
};
