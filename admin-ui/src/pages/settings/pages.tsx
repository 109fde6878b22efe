/** This area's hand-written pages, merged into pages/registry.tsx (one file per area, so areas are built apart). */
import type { AreaPages } from '../registry';

export const PAGES: AreaPages = { pages: {}, routes: [] };
