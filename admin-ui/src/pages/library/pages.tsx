/** The library's hand-written page (its {uuid} page with tabs), merged into pages/registry.tsx. */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const LibraryShow = lazy(() => import('./LibraryShow'));

export const PAGES: AreaPages = {
  pages: { library: { show: LibraryShow } },
  routes: [],
};
