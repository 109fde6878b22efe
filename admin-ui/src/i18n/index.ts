/**
 * i18next for the admin panel, set up by @olymp/web-common. Kazakh (default and fallback) ships in the main bundle,
 * so the first paint never waits; Russian and English translation groups are separate chunks, found here by Vite.
 */
import { initI18n } from '@olymp/web-common';
import type { ResourceKey } from 'i18next';
import kkCommon from './locales/kk/common.json';

initI18n({
  bundled: { common: kkCommon },
  // kk is listed too: i18next asks the backend for every language it switches to (bundled ones included), and a
  // failed read is retried for seconds before the switch back to Kazakh completes. Vite keeps kk in the main chunk.
  lazy: import.meta.glob<ResourceKey>('./locales/*/*.json', { import: 'default' }),
});
