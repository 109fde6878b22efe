/**
 * The library for a pupil in Chromium, at 390x844 and 1440x900, through the gateway serving the production build:
 * the list, a library's chapters, and a chapter studied as flashcards (flip, four rating buttons) until none is
 * left, in Kazakh, Russian and English; each answer is stored as the pupil's FSRS state.
 */
import path from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { ROLE } from '@olymp/proto';
import { describeWithBrowser, testToken } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import { DataSource } from 'typeorm';
import en from '../src/i18n/locales/en/library.json';
import kk from '../src/i18n/locales/kk/library.json';
import ru from '../src/i18n/locales/ru/library.json';
import { startStack, type Stack } from './stack';
import { newPupil, useToken } from './session';
import { FAILED_LOADS } from './waits';

const UI_DIR = path.resolve(__dirname, '..');
const SIZES: [string, 'kk' | 'ru' | 'en', BrowserContextOptions][] = [
  ['390x844', 'kk', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['1440x900', 'ru', { viewport: { width: 1440, height: 900 } }],
  ['1440x900', 'en', { viewport: { width: 1440, height: 900 } }],
];
const TEXT = { kk, ru, en } as const;


describeWithBrowser('the library and flashcards in Chromium', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack!.close() };
  });
  const withPage = pageRunner(browser, { allowConsole: FAILED_LOADS });
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
    const t = (s: string) => ({ titleKk: `${s} kk`, titleRu: `${s} ru`, titleEn: `${s} en` });
    lib.id = (await staff('library', { subject: 'math', grade: 5, ...t('Lib') })).id;
    lib.chapter = (await staff('chapters', { libraryId: lib.id, ...t('Chapter') })).id;
    const sub = (await staff('subchapters', { chapterId: lib.chapter, ...t('Sub') })).id;
    for (const [i, n] of [[1, 'two'], [2, 'three']] as const) {
      await staff('cards', { subchapterId: sub, frontKk: `${n} алды`, frontRu: `${n} лицо`, frontEn: `${n} front`, backKk: `${n} арты`, backRu: `${n} оборот`, backEn: `${n} back`, formula: 'a^2', position: i });
    }
    await staff(`library/${lib.id}/publish`, { published: true });
  }, 300_000);

  it.each(SIZES)('a pupil studies a chapter as flashcards at %s in %s', async (_size, locale, options) => {
    const pupil = await newPupil(stack!, 5);
    const L = TEXT[locale];
    await withPage(async (page) => {
      await useToken(page, pupil, locale);
      await page.goto(`${site.url}/student/library`);
      await heading(page, L.list.title).waitFor();
      await page.getByTestId('library').filter({ hasText: `Lib ${locale}` }).click();
      await heading(page, `Lib ${locale}`).waitFor();
      await page.getByTestId('study-chapter').click();
      await page.getByText(`two ${locale === 'kk' ? 'алды' : locale === 'ru' ? 'лицо' : 'front'}`).waitFor();
      const box = await page.getByTestId('flashcard').boundingBox();
      const width = options.viewport!.width;
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.getByTestId('flip').click();
      await page.getByText(`two ${locale === 'kk' ? 'арты' : locale === 'ru' ? 'оборот' : 'back'}`).waitFor();
      expect(await page.getByRole('group', { name: L.study.how }).getByRole('button').allTextContents()).toEqual(
        [L.study.ratings.again, L.study.ratings.hard, L.study.ratings.good, L.study.ratings.easy]);
      await page.getByTestId('rate-good').click();
      // The second card, flipped by tapping the card itself; then the deck is done.
      await page.getByTestId('flashcard').filter({ hasText: 'three' }).click();
      await page.getByTestId('rate-easy').click();
      await page.getByText(L.study.finished).waitFor();
      const states = (await stack!.services.learning.app.get(DataSource).query(
        'SELECT state, reps FROM library_review_states WHERE user_id = $1 ORDER BY state', [pupil.id])) as { state: number; reps: number }[];
      expect(states).toEqual([{ state: 1, reps: 1 }, { state: 2, reps: 1 }]);
    }, options);
  });
});
