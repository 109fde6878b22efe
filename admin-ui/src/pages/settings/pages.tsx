/** This area's hand-written pages, merged into pages/registry.tsx (one file per area, so areas are built apart). */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const SettingsGeneralPage = lazy(() => import('./SettingsGeneralPage'));

export const PAGES: AreaPages = { pages: { 'settings-general': { list: SettingsGeneralPage } }, routes: [] };
