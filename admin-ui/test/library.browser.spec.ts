/**
 * The library's staff screens (generated from the CRUD metadata) on the whole platform in Chromium, at 390x844 (the
 * whole flow) and 1440x900 (a layout pass over the same screens), for a content maker: the library list names rows by title with the subject translated, a library's
 * page with its tabs (chapters narrowed to it) publishes it, a library is created through the generated form, and a card is edited through the generated edit page (checked through the API).
 */
import path from 'node:path';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, serveUiBuild } from '@olymp/web-common/testing';
import type { BrowserContext, Page } from 'playwright-core';
import kk from '../src/i18n/locales/kk/common.json';
import { chooseInForm, expectEventually, fillLocalized, goInApp, onAdminOrigin, pageRunnerAllowingHttpErrors, PHONES, storageOf, tokenOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
const SIZES = [
  ['390x844', { width: 390, height: 844 }],
  ['1440x900', { width: 1440, height: 900 }],
] as const;

describeWithBrowser('admin-ui library screens in Chromium', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  let storage: Storage | undefined;
  const api = async (page: Page, p: string, init: RequestInit = {}) => {
    const res = await fetch(`${gateway.url}/api/${p}`, { ...init, headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  async function asMaker(run: (page: Page) => Promise<void>, viewport: { width: number; height: number }) {
    if (!storage) {
      const context = await browser().newContext();
      storage = await storageOf(context, gateway.url, PHONES.contentMaker);
      await context.close();
    }
    await withPage(run, { storageState: storage, viewport });
  }

  /** Nothing on the page is wider than the screen. */
  const fits = (page: Page) => expectEventually(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);

  /** A library of its own for `size` with a chapter, a subchapter and a card, made through the API. */
  async function seed(page: Page, size: string) {
    const post = async (p: string, body: unknown) => {
      const res = await api(page, p, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const libraryId = await post('library', { subject: 'kazakh', grade: 6, titleKk: `Сөздік ${size}`, titleRu: `Словарь ${size}`, titleEn: `Words ${size}` });
    const chapterId = await post('chapters', { libraryId, titleKk: 'Зат есім', titleRu: 'Существительное', titleEn: 'Nouns' });
    const subId = await post('subchapters', { chapterId, titleKk: 'Көптік', titleRu: 'Множественное', titleEn: 'Plural' });
    const cardId = await post('cards', { subchapterId: subId, frontKk: 'кітап', frontRu: 'книга', frontEn: 'book', backKk: 'кітаптар', backRu: 'книги', backEn: 'books' });
    return { libraryId, cardId };
  }

  /** On the admin's origin, a library of this size's own made, the libraries list open. */
  async function seededList(page: Page, size: string) {
    await onAdminOrigin(page, gateway.url);
    const ids = await seed(page, size);
    await page.goto(`${gateway.url}/admin/library`);
    await heading(page, kk.sidebar.library).waitFor();
    return ids;
  }

  it('390x844: a content maker lists, publishes, creates and edits library content (what is saved, the subject translated, names not codes)', async () => {
    const [size, viewport] = SIZES[0];
    await asMaker(async (page) => {
      const base = gateway.url;
      const { libraryId, cardId } = await seededList(page, size);
      const row = page.getByRole('row').filter({ hasText: `Сөздік ${size}` });
      await row.waitFor();
      await row.getByText('Қазақ тілі').waitFor();
      await fits(page);

      // The library's page: its tabs (chapters, teachers, collections), the chapters tab narrowed to it, publishing.
      await goInApp(page, `/library/${libraryId}`);
      await heading(page, `Сөздік ${size}`).waitFor();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual([kk.library.tabs.chapters, kk.library.tabs.teachers, kk.library.tabs.collections]);
      await page.getByRole('row').filter({ hasText: 'Зат есім' }).waitFor();
      await page.getByText(kk.library.unpublished, { exact: true }).waitFor();
      await fits(page);
      const published = page.waitForResponse((r) => r.url().endsWith(`/api/library/${libraryId}/publish`));
      await page.getByRole('button', { name: kk.buttons.publish }).click();
      expect((await published).status()).toBe(200);
      await page.getByText(kk.library.published, { exact: true }).waitFor();

      await goInApp(page, '/library/create');
      await heading(page, `${kk.sidebar.library}: ${kk.actions.create}`).waitFor();
      await fillLocalized(page, kk.fields.title, [`Физика ${size}`, `Физика ${size}`, `Physics ${size}`]);
      await page.locator('form').getByLabel(kk.fields.grade, { exact: true }).fill('7');
      // The subject's codes show translated (x-enum-labels): open the list from the keyboard and choose one.
      await chooseInForm(page, kk.fields.subject, 'Физика');
      await fits(page);
      const created = page.waitForResponse((r) => r.url().endsWith('/api/library') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      const done = await created;
      expect(done.status()).toBe(201);
      expect(await done.json()).toMatchObject({ subject: 'physics', grade: 7, titleEn: `Physics ${size}`, published: false });

      // The edit page loads the card; on a busy machine that alone can take seconds, so wait for it before the form.
      const loaded = page.waitForResponse((r) => r.url().includes(`/api/cards/${cardId}`) && r.request().method() === 'GET', { timeout: 60_000 });
      await page.goto(`${base}/admin/library-cards/${cardId}/edit`);
      expect((await loaded).status()).toBe(200);
      const front = page.locator('form').getByLabel(`${kk.fields.front} (${kk.languages.kk})`, { exact: true });
      // The form holds the card before it is changed (filling earlier would be overwritten by the loaded record).
      await expectEventually(() => front.inputValue(), 'кітап');
      await front.fill('дәптер');
      await fits(page);
      const saved = page.waitForResponse((r) => r.url().includes(`/api/cards/${cardId}`) && ['PUT', 'PATCH'].includes(r.request().method()));
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await saved).status()).toBe(200);
      expect((await api(page, `cards/${cardId}`)).body.frontKk).toBe('дәптер');
    }, viewport);
  }, 180_000);

  it('1440x900 layout: the library list, a library\'s page, the new library form and a card\'s edit form show their Kazakh headings and labels, the records by name and their buttons, and fit the screen', async () => {
    const [size, viewport] = SIZES[1];
    await asMaker(async (page) => {
      const { libraryId, cardId } = await seededList(page, size);
      await page.getByRole('row').filter({ hasText: `Сөздік ${size}` }).getByText('Қазақ тілі').waitFor();
      await fits(page);

      await goInApp(page, `/library/${libraryId}`);
      await heading(page, `Сөздік ${size}`).waitFor();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual([kk.library.tabs.chapters, kk.library.tabs.teachers, kk.library.tabs.collections]);
      await page.getByRole('row').filter({ hasText: 'Зат есім' }).waitFor();
      await page.getByRole('button', { name: kk.buttons.publish }).waitFor();
      await fits(page);

      await goInApp(page, '/library/create');
      await heading(page, `${kk.sidebar.library}: ${kk.actions.create}`).waitFor();
      for (const l of ['kk', 'ru', 'en'] as const) await page.locator('form').getByLabel(`${kk.fields.title} (${kk.languages[l]})`, { exact: true }).waitFor();
      await page.locator('form').getByLabel(kk.fields.subject, { exact: true }).waitFor();
      await page.getByRole('button', { name: kk.buttons.save }).waitFor();
      await fits(page);

      await goInApp(page, `/library-cards/${cardId}/edit`);
      await expectEventually(() => page.locator('form').getByLabel(`${kk.fields.front} (${kk.languages.kk})`, { exact: true }).inputValue(), 'кітап', 60_000);
      await page.getByRole('button', { name: kk.buttons.save }).waitFor();
      await fits(page);
    }, viewport);
  }, 180_000);
});
