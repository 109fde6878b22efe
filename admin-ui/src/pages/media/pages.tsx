/** This area's hand-written pages (learning's media/), merged into pages/registry.tsx. */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const MaterialsPage = lazy(() => import('./MaterialsPage'));
const SocialMediaPage = lazy(() => import('./SocialMediaPage'));

export const PAGES: AreaPages = { pages: { materials: { list: MaterialsPage }, 'social-media': { list: SocialMediaPage } }, routes: [] };
