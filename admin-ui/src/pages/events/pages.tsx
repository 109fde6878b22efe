/** Events' hand-written page (information and chat-groups tabs), merged into pages/registry.tsx. */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const EventShow = lazy(() => import('./EventShow'));

export const PAGES: AreaPages = { pages: { events: { show: EventShow } }, routes: [] };
