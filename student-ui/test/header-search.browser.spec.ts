/**
 * The header's search box finds library chapters and cards too (issue 16), in Chromium at 390x844 and 1440x900, in
 * Kazakh, Russian and English: typing a word's start sends one library search after the 300 ms pause (not one per
 * key), the chapter and the card show with their kind, and a card opens its chapter as flashcards.
 */
import path from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { ROLE } from '@olymp/proto';
import { describeWithBrowser, testToken } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild, typeThenPause } from '@olymp/web-common/testing';
import en from '../src/i18n/locales/en/common.json';
import kk from '../src/i18n/locales/kk/common.json';
import ru from '../src/i18n/locales/ru/common.json';
import { startStack, type Stack } from './stack';
import { newPupil, useToken } from './session';

const UI_DIR = path.resolve(__dirname, '..');
const SIZES: [string, 'kk' | 'ru' | 'en', BrowserContextOptions][] = [
  ['390x844', 'kk', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['1440x900', 'ru', { viewport: { width: 1440, height: 900 } }],
  ['1440x900', 'en', { viewport: { width: 1440, height: 900 } }],
];
const TEXT = { kk, ru, en } as const;
const CHAPTER = { kk: 'Үшбұрыштар', ru: 'Треугольники', en: 'Triangles' } as const;
const FRONT = { kk: 'Үшбұрыштың ауданы', ru: 'Площадь треугольника', en: 'Area of a triangle' } as const;
/** The header search's pause after the last key (spec: 300 ms). */
const SEARCH_DEBOUNCE_MS = 300;
/** What the pupil types: the start of a word in their language (prefix search). */
const TYPED = { kk: 'үшбұр', ru: 'треуг', en: 'triang' } as const;

describeWithBrowser('the header search finds library chapters and cards in Chromium', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack!.close() };
  });
  const withPage = pageRunner(browser);
  const lib = { id: '', chapter: '' };

  async function staff(route: string, body: unknown): Promise<{ id: string }> {
    const token = await testToken({ roleId: ROLE.admin });
    const res = await fetch(`${site.url}/api/${route}`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  }

  beforeAll(async () => {
    lib.id = (await staff('library', { subject: 'math', grade: 6, titleKk: 'Геометрия', titleRu: 'Геометрия', titleEn: 'Geometry' })).id;
    lib.chapter = (await staff('chapters', { libraryId: lib.id, titleKk: CHAPTER.kk, titleRu: CHAPTER.ru, titleEn: CHAPTER.en })).id;
    const sub = (await staff('subchapters', { chapterId: lib.chapter, titleKk: 'Аудан', titleRu: 'Площадь', titleEn: 'Area' })).id;
    await staff('cards', { subchapterId: sub, frontKk: FRONT.kk, frontRu: FRONT.ru, frontEn: FRONT.en, backKk: 'S = ah/2', backRu: 'S = ah/2', backEn: 'S = ah/2', position: 1 });
    await staff(`library/${lib.id}/publish`, { published: true });
  }, 300_000);

  it.each(SIZES)('a pupil finds a card from the header at %s in %s and studies its chapter', async (_size, locale, options) => {
    const pupil = await newPupil(stack!, 6);
    const L = TEXT[locale].header;
    await withPage(async (page) => {
      await useToken(page, pupil, locale);
      const searches: string[] = [];
      page.on('request', (r) => r.url().includes('/api/library/search') && searches.push(r.url()));
      await page.clock.install();
      await page.goto(`${site.url}/student/home`);
      const field = page.getByPlaceholder(L.searchPlaceholder);
      // On a phone the field opens from the header's search button; on a desktop it stands in the header.
      if (options.isMobile) await page.getByRole('button', { name: L.searchOpen }).click();
      await field.waitFor();
      await typeThenPause(page, field, TYPED[locale], SEARCH_DEBOUNCE_MS, () => searches);
      const results = page.getByRole('list', { name: L.searchResults });
      const card = results.getByRole('link').filter({ hasText: FRONT[locale] });
      await card.waitFor();
      await results.getByRole('link').filter({ hasText: CHAPTER[locale] }).getByText(L.kindChapter).waitFor();
      await card.getByText(L.kindCard).waitFor();
      expect(searches).toEqual([`${site.url}/api/library/search?q=${encodeURIComponent(TYPED[locale])}&limit=4`]);
      const box = await results.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(options.viewport!.width);

      await card.click();
      await heading(page, CHAPTER[locale]).waitFor();
      await page.getByTestId('flashcard').filter({ hasText: FRONT[locale] }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/student/library/${lib.id}/study/chapter/${lib.chapter}`);
    }, options);
  });
});
