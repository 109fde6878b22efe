/**
 * i18next for the student site, set up by @olymp/web-common. Kazakh `common` (default and fallback) ships in the
 * main bundle, so the first paint never waits; every other translation group (spec section 9: loginPage,
 * challenges, training, finances, profile, front-landing) is its own chunk, loaded with the page that needs it.
 */
import { initI18n } from '@olymp/web-common';
import type { ResourceKey } from 'i18next';
import kkCommon from './locales/kk/common.json';

initI18n({
  bundled: { common: kkCommon },
  lazy: import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/kk/common.json'], { import: 'default' }),
});
