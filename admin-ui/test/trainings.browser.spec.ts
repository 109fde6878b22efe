/**
 * The training pages of the admin UI (spec 2 and 6) on the whole platform in Chromium: the demo training's page with
 * its tabs, a chapter and a subchapter made and a subchapter edited through the forms (checked through the API), the
 * statistics tab's charts after a pupil joined, publishing, tries and hearts, a new training opening on its page, and a content maker
 * (who holds only the chapters tab's key) seeing no other tab.
 */
import path from 'node:path';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, serveUiBuild, waitForTitle } from '@olymp/web-common/testing';
import type { BrowserContext, Page } from 'playwright-core';
import kk from '../src/i18n/locales/kk/common.json';
import enT from '../src/i18n/locales/en/training.json';
import kkT from '../src/i18n/locales/kk/training.json';
import { PHONES, expectEventually, fillLocalized, pageRunnerAllowingHttpErrors, storageOf, tokenOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
const DEMO_TITLE = 'Бөлшектер мен пайыздар';
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

interface ChapterView {
  id: string;
  title: { kk: string };
  subchapters: { id: string; title: { kk: string } }[];
}

describeWithBrowser('admin-ui training pages in Chromium', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  const sessions = new Map<string, Storage>();
  const apiWith = async (token: string, p: string, init: RequestInit = {}) => {
    const res = await fetch(`${gateway.url}/api/${p}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const api = async (page: Page, p: string, init: RequestInit = {}) => apiWith(await tokenOf(page), p, init);
  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
  const ALL_TABS = [kkT.tabs.chapters, kkT.tabs.leaderboard, kkT.tabs.chatGroups, kkT.tabs.subscriptions, kkT.tabs.invoices, kkT.tabs.statistics, kkT.tabs.testResults, kkT.tabs.testStatistics];

  async function session(who: keyof typeof PHONES): Promise<Storage> {
    if (!sessions.has(who)) {
      const context = await browser().newContext();
      sessions.set(who, await storageOf(context, gateway.url, PHONES[who]));
      await context.close();
    }
    return sessions.get(who) as Storage;
  }

  /** Runs `run` signed in as `who` (one sign-in per phone and file: the API sends one code a minute per phone). */
  async function as(who: keyof typeof PHONES, run: (page: Page) => Promise<void>) {
    await withPage(run, { storageState: await session(who) });
  }

  async function demoTrainingId(): Promise<string> {
    const list = (await (await fetch(`${gateway.url}/api/trainings-all`)).json()) as { data: { id: string; title: { kk: string } }[] };
    const demo = list.data.find((t) => t.title.kk === DEMO_TITLE);
    expect(demo).toBeDefined();
    return (demo as { id: string }).id;
  }


  it('admin opens the demo training with every tab, adds a chapter and a subchapter, edits a subchapter; the API has them', async () => {
    const id = await demoTrainingId();
    await as('admin', async (page) => {
      const base = gateway.url;
      await page.goto(`${base}/admin/trainings/${id}`);
      await heading(page, DEMO_TITLE).waitFor();
      await waitForTitle(page, `${DEMO_TITLE} - Altyn Saqa`);
      await tab(page, kkT.tabs.chapters).waitFor();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual(ALL_TABS);
      expect(await tab(page, kkT.tabs.chapters).getAttribute('aria-selected')).toBe('true');
      await page.getByTestId('chapter').first().waitFor();
      expect(await page.getByTestId('chapter').getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Бөлшектер', 'Пайыздар']);

      // The active tab is in the URL; the chat groups tab lists the training's groups (none before a member joins).
      await tab(page, kkT.tabs.chatGroups).click();
      await page.waitForURL(`${base}/admin/trainings/${id}?tab=chat-groups`);
      await page.getByText(kk.chat.empty, { exact: false }).or(page.getByText(kk.chat.default)).first().waitFor();
      await tab(page, kkT.tabs.chapters).click();
      await page.waitForURL(`${base}/admin/trainings/${id}?tab=chapters`);

      // A new chapter through the generated form, the training fixed by the path.
      await page.getByRole('button', { name: kkT.addChapter }).click();
      await page.waitForURL(`${base}/admin/trainings/${id}/chapters/create`);
      await heading(page, `${kk.resources['training-chapters'].title}: ${kk.actions.create}`).waitFor();
      await fillLocalized(page, kk.fields.title, ['Үлестер', 'Доли', 'Shares']);
      await page.locator('form').getByLabel(kk.fields.position, { exact: true }).fill('5');
      const chapterCreated = page.waitForResponse((r) => r.url().endsWith('/api/training-chapters') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await chapterCreated).status()).toBe(201);
      const chapter = (await (await chapterCreated).json()) as { id: string; trainingId: string };
      expect(chapter.trainingId).toBe(id);
      await page.waitForURL(`${base}/admin/trainings/${id}?tab=chapters`);
      await expectEventually(() => page.getByTestId('chapter').getByRole('heading', { level: 2 }).allInnerTexts(), ['Бөлшектер', 'Пайыздар', 'Үлестер']);
      const chaptersOf = async () => ((await api(page, `trainings/${id}/chapters`)).body.data as ChapterView[]).map((c) => [c.title.kk, c.subchapters.map((s) => s.title.kk)]);
      expect(await chaptersOf()).toEqual([
        ['Бөлшектер', ['Бөлшектер: 1-сабақ', 'Бөлшектер: 2-сабақ']],
        ['Пайыздар', ['Пайыздар: 1-сабақ', 'Пайыздар: 2-сабақ']],
        ['Үлестер', []],
      ]);

      // A subchapter in it: the lesson's text in three languages; saving opens the subchapter.
      const newChapter = page.getByTestId('chapter').filter({ has: page.getByRole('heading', { name: 'Үлестер', exact: true }) });
      await newChapter.getByRole('button', { name: kkT.addSubchapter }).click();
      await page.waitForURL(`${base}/admin/trainings/${id}/chapters/${chapter.id}/subchapters/create`);
      await heading(page, `${kk.resources['training-subchapters'].title}: ${kk.actions.create}`).waitFor();
      await fillLocalized(page, kk.fields.title, ['Үлес деген не', 'Что такое доля', 'What a share is']);
      await fillLocalized(page, kk.fields.content, ['Үлес — бүтіннің бөлігі.', 'Доля — часть целого.', 'A share is a part of a whole.']);
      const subCreated = page.waitForResponse((r) => r.url().endsWith('/api/training-subchapters') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await subCreated).status()).toBe(201);
      const sub = (await (await subCreated).json()) as { id: string; chapterId: string; trainingId: string };
      expect(sub).toMatchObject({ chapterId: chapter.id, trainingId: id });
      await page.waitForURL(`${base}/admin/trainings/${id}/subchapters/${sub.id}`);
      await heading(page, 'Үлес деген не').waitFor();
      await page.getByText('Үлес — бүтіннің бөлігі.').waitFor();

      // Editing a demo subchapter from the chapters tab.
      await page.getByRole('button', { name: kkT.backToTraining }).click();
      await page.waitForURL(`${base}/admin/trainings/${id}?tab=chapters`);
      const firstLesson = page
        .getByTestId('chapter')
        .filter({ has: page.getByRole('heading', { name: 'Бөлшектер', exact: true }) })
        .getByRole('row')
        .filter({ hasText: 'Бөлшектер: 1-сабақ' });
      const lessonId = ((await api(page, `trainings/${id}/chapters`)).body.data as ChapterView[])[0].subchapters[0].id;
      await firstLesson.getByRole('button', { name: kkT.editSubchapter }).click();
      await page.waitForURL(`${base}/admin/trainings/${id}/subchapters/${lessonId}/edit`);
      await heading(page, `${kk.resources['training-subchapters'].title}: ${kk.actions.edit}`).waitFor();
      const titleKk = page.locator('form').getByLabel(`${kk.fields.title} (${kk.languages.kk})`, { exact: true });
      await expectEventually(() => titleKk.inputValue(), 'Бөлшектер: 1-сабақ');
      await titleKk.fill('Бөлшектер: кіріспе');
      const updated = page.waitForResponse((r) => r.url().endsWith(`/api/training-subchapters/${lessonId}`) && r.request().method() === 'PATCH');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await updated).status()).toBe(200);
      await page.waitForURL(`${base}/admin/trainings/${id}/subchapters/${lessonId}`);
      await heading(page, 'Бөлшектер: кіріспе').waitFor();

      expect((await api(page, `training-subchapters/${lessonId}`)).body).toMatchObject({ titleKk: 'Бөлшектер: кіріспе', titleEn: 'Fractions: lesson 1' });
      expect(await chaptersOf()).toEqual([
        ['Бөлшектер', ['Бөлшектер: кіріспе', 'Бөлшектер: 2-сабақ']],
        ['Пайыздар', ['Пайыздар: 1-сабақ', 'Пайыздар: 2-сабақ']],
        ['Үлестер', ['Үлес деген не']],
      ]);
    });
  }, 120_000);

  it('the statistics tab charts the participants after a pupil joins; unpublishing hides the training from the public API; tries and hearts change', async () => {
    const id = await demoTrainingId();
    const pupil = await session('pupil');
    const pupilToken = pupil.origins.flatMap((o) => o.localStorage).find((e) => e.name === 'authToken')?.value ?? '';
    expect((await apiWith(pupilToken, `trainings/${id}/join`, { method: 'POST', body: '{}' })).status).toBe(201);

    await as('admin', async (page) => {
      const base = gateway.url;
      await page.goto(`${base}/admin/trainings/${id}?tab=statistics`);
      await heading(page, DEMO_TITLE).waitFor();
      expect(await tab(page, kkT.tabs.statistics).getAttribute('aria-selected')).toBe('true');
      const participants = page.locator('.ant-statistic').filter({ hasText: kkT.summary.participants }).locator('.ant-statistic-content-value');
      await expectEventually(() => participants.innerText(), '1');

      // Two charts: the subchapter tests (by their subchapters) and the participants by how they joined.
      const byVia = page.getByRole('figure', { name: kkT.charts.byVia });
      await byVia.locator('svg.recharts-surface').first().waitFor();
      // SVG text has no innerText: its text content.
      await expectEventually(
        () => byVia.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents(),
        [kkT.via.free, kkT.via.invoice, kkT.via.code, kkT.via.invited, kkT.via.staff],
      );
      // One bar: the free joins (zero-height bars draw no rectangle).
      await expectEventually(() => byVia.locator('path.recharts-rectangle').count(), 1);
      const perTest = page.getByRole('figure', { name: kkT.charts.perTest });
      await perTest.locator('svg.recharts-surface').first().waitFor();
      await perTest.locator('.recharts-legend-item-text', { hasText: kkT.charts.pupils }).waitFor();
      const stats = (await api(page, `trainings/${id}/statistics`)).body.data as { participants: number; byVia: Record<string, number>; tests: unknown[] };
      expect(stats).toMatchObject({ participants: 1, byVia: { free: 1 } });
      expect(stats.tests).toHaveLength(4);

      // The subscriptions tab lists the pupil; test statistics chart each of the four tests.
      await tab(page, kkT.tabs.subscriptions).click();
      await page.waitForURL(`${base}/admin/trainings/${id}?tab=subscriptions`);
      await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Айгерім Бесінші' }).getByText(kkT.via.free).waitFor();
      await tab(page, kkT.tabs.testStatistics).click();
      await expectEventually(() => page.getByRole('figure', { name: kk.statistics.distribution }).count(), 4);

      // Unpublish: the public page answers 404; publish again.
      const unpublished = page.waitForResponse((r) => r.url().endsWith(`/api/trainings/${id}/publish`));
      await page.getByRole('button', { name: kk.buttons.unpublish }).click();
      expect((await unpublished).status()).toBe(200);
      await page.getByText(kkT.unpublished, { exact: true }).waitFor();
      expect((await fetch(`${base}/api/trainings-all/${id}`)).status).toBe(404);
      const published = page.waitForResponse((r) => r.url().endsWith(`/api/trainings/${id}/publish`));
      await page.getByRole('button', { name: kk.buttons.publish }).click();
      expect((await published).status()).toBe(200);
      await page.getByText(kkT.published, { exact: true }).waitFor();
      expect((await fetch(`${base}/api/trainings-all/${id}`)).status).toBe(200);

      // Tries and hearts through their own actions; the pupil's bar follows the new maximum.
      await page.getByRole('button', { name: kkT.settings.title }).click();
      const settings = page.locator('form#trainingSettings');
      await settings.getByLabel(kk.fields.tryNumber, { exact: true }).fill('7');
      await settings.getByLabel(kk.fields.heartsMax, { exact: true }).fill('4');
      const hearts = page.waitForResponse((r) => r.url().endsWith(`/api/trainings/${id}/update-heart-reset-interval`));
      await settings.getByRole('button', { name: kk.buttons.save }).click();
      expect((await hearts).status()).toBe(200);
      await expectEventually(() => settings.count(), 0);
      expect((await api(page, `trainings/${id}`)).body).toMatchObject({ tryNumber: 7, heartsMax: 4, heartResetMinutes: 60 });
      const check = (await apiWith(pupilToken, `trainings/${id}/check`)).body.data as { participation: { hearts: { hearts: number; max: number } } };
      expect(check.participation.hearts).toMatchObject({ hearts: 4, max: 4 });
    });
  }, 120_000);

  it('creating a training goes on to its page', async () => {
    await as('admin', async (page) => {
      const base = gateway.url;
      await page.goto(`${base}/admin/trainings/create`);
      await heading(page, `${kk.sidebar.trainings}: ${kk.actions.create}`).waitFor();
      await fillLocalized(page, kk.fields.title, ['Геометрия', 'Геометрия', 'Geometry']);
      const created = page.waitForResponse((r) => r.url().endsWith('/api/trainings') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await created).status()).toBe(201);
      const training = (await (await created).json()) as { id: string; published: boolean };
      expect(training.published).toBe(false);
      await page.waitForURL(`${base}/admin/trainings/${training.id}`);
      await heading(page, 'Геометрия').waitFor();
      await page.getByText(kkT.noChapters).waitFor();
      await page.getByText(kkT.unpublished, { exact: true }).waitFor();
    });
  }, 60_000);

  it('a content maker, holding only the chapters tab key, sees that tab and no other, even when the URL names one', async () => {
    const id = await demoTrainingId();
    await as('contentMaker', async (page) => {
      await page.goto(`${gateway.url}/admin/trainings/${id}?tab=statistics`);
      await heading(page, DEMO_TITLE).waitFor();
      await tab(page, kkT.tabs.chapters).waitFor();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual([kkT.tabs.chapters]);
      expect(await tab(page, kkT.tabs.chapters).getAttribute('aria-selected')).toBe('true');
      await page.getByTestId('chapter').first().waitFor();
      expect(await page.getByRole('figure').count()).toBe(0);
      // The API agrees: the statistics need the key the role lacks.
      expect((await api(page, `trainings/${id}/statistics`)).status).toBe(403);

      // The training group of translations loads with the language.
      await page.getByText('Eng', { exact: true }).click();
      await tab(page, enT.tabs.chapters).waitFor();
      await page.getByTestId('chapter').getByRole('button', { name: enT.addSubchapter }).first().waitFor();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual([enT.tabs.chapters]);
    });
  }, 60_000);
});
