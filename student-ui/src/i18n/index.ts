/**
 * i18next for the public site, set up by @olymp/web-common. Kazakh (default and fallback) ships in the main bundle,
 * so the first paint never waits; Russian and English translation groups are separate chunks, found here by Vite.
 */
import { initI18n } from '@olymp/web-common';
import type { ResourceKey } from 'i18next';
import kkCommon from './locales/kk/common.json';

initI18n({
  bundled: { common: kkCommon },
  lazy: import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/kk/*.json'], { import: 'default' }),
});
