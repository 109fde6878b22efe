/**
 * The flex course editor of the admin UI (learning's flex/; issue 15 "Flex courses") on the whole platform in
 * Chromium, at 390x844 (the whole flow) and 1440x900 (a layout pass over the same screens): a content maker (who holds the courses' keys) adds a chapter to the demo flex
 * course and a lesson with its text in kk/ru/en to that chapter through the generated forms (the course and chapter
 * chosen by name, never by id), finds them in the lists, edits the lesson's Russian text; the API has each change.
 */
import path from 'node:path';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, serveUiBuild } from '@olymp/web-common/testing';
import type { BrowserContext, Page } from 'playwright-core';
import kk from '../src/i18n/locales/kk/common.json';
import { PHONES, chooseInForm, expectEventually, fillLocalized, goInApp, pageRunnerAllowingHttpErrors, storageOf, tokenOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
const SIZES = [
  ['390x844', { width: 390, height: 844 }],
  ['1440x900', { width: 1440, height: 900 }],
] as const;
const COURSE_KK = 'Бөлшектер: өз қарқыныңмен';
const chapterT = kk.resources['flex-chapters'].fields;
const lessonT = kk.resources['flex-lessons'].fields;

describeWithBrowser('admin-ui flex course editor in Chromium', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  let storage: Storage | undefined;
  const api = async (page: Page, p: string) => {
    const res = await fetch(`${gateway.url}/api/${p}`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
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

  it('390x844: a content maker adds a chapter and a lesson in kk/ru/en and edits the lesson (what is saved, relations by name)', async () => {
    const [size, viewport] = SIZES[0];
    await asMaker(async (page) => {
      const base = gateway.url;
      await page.goto(`${base}/admin/flex-chapters/create`);
      await heading(page, `${kk.sidebar.flexChapters}: ${kk.actions.create}`).waitFor();
      await chooseInForm(page, chapterT.courseId, COURSE_KK);
      await fillLocalized(page, chapterT.title, [`Көбейту ${size}`, `Умножение ${size}`, `Multiplying ${size}`]);
      const chapterSaved = page.waitForResponse((r) => r.url().endsWith('/api/flex-chapters') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      const chapter = await chapterSaved;
      expect(chapter.status()).toBe(201);
      const chapterBody = (await chapter.json()) as { id: string; courseId: string; titleEn: string };
      expect(chapterBody.titleEn).toBe(`Multiplying ${size}`);
      expect((await api(page, `courses/${chapterBody.courseId}`)).body.titleKk).toBe(COURSE_KK);

      // Loaded again, not through the app's router: the list the save goes on to rewrites the address as it mounts.
      await page.goto(`${base}/admin/flex-lessons/create`);
      await heading(page, `${kk.sidebar.flexLessons}: ${kk.actions.create}`).waitFor();
      await chooseInForm(page, lessonT.chapterId, `Көбейту ${size}`);
      await fillLocalized(page, lessonT.title, [`Бөлшекті санға көбейту ${size}`, `Дробь на число ${size}`, `A fraction times a number ${size}`]);
      await fillLocalized(page, lessonT.body, ['Алымын санға көбейтеміз.', 'Умножаем числитель на число.', 'Multiply the numerator by the number.']);
      const lessonSaved = page.waitForResponse((r) => r.url().endsWith('/api/flex-lessons') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      const lesson = await lessonSaved;
      expect(lesson.status()).toBe(201);
      const lessonBody = (await lesson.json()) as { id: string };
      expect(lessonBody).toMatchObject({ chapterId: chapterBody.id, bodyKk: 'Алымын санға көбейтеміз.', bodyEn: 'Multiply the numerator by the number.', points: 10 });

      // The save goes on to the list, which names the lesson and its chapter by title.
      await page.waitForURL((url) => url.pathname.endsWith('/flex-lessons'));
      const row = page.getByRole('row').filter({ hasText: `Бөлшекті санға көбейту ${size}` });
      await row.waitFor();
      await row.getByRole('cell', { name: `Көбейту ${size}`, exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

      // Edit: the form holds the lesson before it is changed, then the Russian text changes.
      const loaded = page.waitForResponse((r) => r.url().includes(`/api/flex-lessons/${lessonBody.id}`) && r.request().method() === 'GET', { timeout: 60_000 });
      await goInApp(page, `/flex-lessons/${lessonBody.id}/edit`);
      expect((await loaded).status()).toBe(200);
      const bodyRu = page.locator('form').getByLabel(`${lessonT.body} (${kk.languages.ru})`, { exact: true });
      await expectEventually(() => bodyRu.inputValue(), 'Умножаем числитель на число.');
      await bodyRu.fill('Числитель умножаем на число, знаменатель не меняется.');
      const saved = page.waitForResponse((r) => r.url().includes(`/api/flex-lessons/${lessonBody.id}`) && ['PUT', 'PATCH'].includes(r.request().method()));
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await saved).status()).toBe(200);
      expect((await api(page, `flex-lessons/${lessonBody.id}`)).body.bodyRu).toBe('Числитель умножаем на число, знаменатель не меняется.');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    }, viewport);
  }, 180_000);

  it('1440x900 layout: the chapter and lesson forms, the lessons list and a lesson\'s edit form show their Kazakh headings and labels, the lessons and chapters by name, and fit the screen', async () => {
    const [, viewport] = SIZES[1];
    const fits = (page: Page) => expectEventually(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), true);
    await asMaker(async (page) => {
      await page.goto(`${gateway.url}/admin/flex-chapters/create`);
      await heading(page, `${kk.sidebar.flexChapters}: ${kk.actions.create}`).waitFor();
      await page.locator('form').getByLabel(chapterT.courseId, { exact: true }).waitFor();
      for (const l of ['kk', 'ru', 'en'] as const) await page.locator('form').getByLabel(`${chapterT.title} (${kk.languages[l]})`, { exact: true }).waitFor();
      await page.getByRole('button', { name: kk.buttons.save }).waitFor();
      await fits(page);

      await goInApp(page, '/flex-lessons/create');
      await heading(page, `${kk.sidebar.flexLessons}: ${kk.actions.create}`).waitFor();
      await page.locator('form').getByLabel(lessonT.chapterId, { exact: true }).waitFor();
      for (const l of ['kk', 'ru', 'en'] as const) await page.locator('form').getByLabel(`${lessonT.body} (${kk.languages[l]})`, { exact: true }).waitFor();
      await page.getByRole('button', { name: kk.buttons.save }).waitFor();
      await fits(page);

      // The demo flex course's first lesson, listed with its chapter by title, and its edit form.
      const lessons = (await api(page, 'flex-lessons?limit=1&page=1')).body.data as { id: string; titleKk: string; chapterId: string }[];
      const chapterTitle = (await api(page, `flex-chapters/${lessons[0].chapterId}`)).body.titleKk as string;
      await goInApp(page, '/flex-lessons');
      await heading(page, kk.sidebar.flexLessons).waitFor();
      await page.getByRole('row').filter({ hasText: lessons[0].titleKk }).getByRole('cell', { name: chapterTitle, exact: true }).first().waitFor();
      await fits(page);
      await goInApp(page, `/flex-lessons/${lessons[0].id}/edit`);
      await expectEventually(() => page.locator('form').getByLabel(`${lessonT.title} (${kk.languages.kk})`, { exact: true }).inputValue(), lessons[0].titleKk, 60_000);
      await page.getByRole('button', { name: kk.buttons.save }).waitFor();
      await fits(page);
    }, viewport);
  }, 180_000);
});
