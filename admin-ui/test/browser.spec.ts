/**
 * The production build of admin-ui served by the real gateway in front of all five services (fresh schemas, demo
 * data), in real Chromium: sign-in through the development SMS inbox, generated CRUD screens doing their paging,
 * sorting, filtering and search on the server, access control by role, and the interface language.
 */
import path from 'node:path';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, serveUiBuild, waitForTitle } from '@olymp/web-common/testing';
import type { BrowserContext, Page } from 'playwright-core';
import en from '../src/i18n/locales/en/common.json';
import kk from '../src/i18n/locales/kk/common.json';
import { PHONES, expectEventually, fillLocalized, nextApiRequest, pageRunnerAllowingHttpErrors, searchOf, signInOnPage, storageOf, tokenOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

describeWithBrowser('admin-ui on the whole platform in Chromium', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  const sessions = new Map<string, Storage>();
  const sidebar = (page: Page) => page.locator('aside.ant-layout-sider');
  const api = async (page: Page, p: string, init: RequestInit = {}) => {
    const res = await fetch(`${gateway.url}/api/${p}`, { ...init, headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

  /** Runs `run` signed in as `who` (signing in once per test file: the API sends one code a minute per phone). */
  async function as(who: keyof typeof PHONES, run: (page: Page) => Promise<void>) {
    if (!sessions.has(who)) {
      const context = await browser().newContext();
      sessions.set(who, await storageOf(context, gateway.url, PHONES[who]));
      await context.close();
    }
    await withPage(run, { storageState: sessions.get(who) });
  }

  it('admin signs in through the dev inbox; provinces and districts: create, search, filter, sort, page, edit, delete on the server', async () => {
    await withPage(async (page) => {
      const base = gateway.url;
      await page.goto(`${base}/admin/management/provinces`);
      await page.waitForURL(`${base}/admin/login?to=%2Fmanagement%2Fprovinces`);
      await waitForTitle(page, `${kk.login.title} - Altyn Saqa`);
      await signInOnPage(page, base, PHONES.admin);
      await heading(page, kk.sidebar.provinces).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/management/provinces');
      await waitForTitle(page, `${kk.sidebar.provinces} - Altyn Saqa`);
      sessions.set('admin', await page.context().storageState());

      // Page 2 of the provinces comes from the server: limit 10, page 2, and the rows are what the API answers.
      const second = nextApiRequest(page, '/api/provinces?', (u) => u.searchParams.get('page') === '2');
      await page.locator('.ant-pagination-item-2').click();
      const pageRequest = new URL((await second).url());
      expect(pageRequest.searchParams.get('limit')).toBe('10');
      // The declared default order (newest first), never the id; the first column is the name in the reader's language.
      expect(pageRequest.searchParams.getAll('sort[0]')).toEqual(['createdAt,DESC']);
      const expected = (await api(page, `provinces${pageRequest.search}`)).body.data as { nameKk: string }[];
      await expectEventually(async () => tableRows(page).locator('td:nth-child(2)').allInnerTexts(), expected.map((p) => p.nameKk));

      // Create a province.
      await page.getByRole('button', { name: kk.buttons.create }).click();
      await heading(page, `${kk.sidebar.provinces}: ${kk.actions.create}`).waitFor();
      await page.getByLabel(kk.fields.code, { exact: true }).fill('qwerty-region');
      await page.getByLabel(kk.fields.kind, { exact: true }).click();
      await page.getByTitle(kk.enums.region).click();
      await page.getByLabel(`${kk.fields.name} (${kk.languages.kk})`).fill('Qwerty облысы');
      await page.getByLabel(`${kk.fields.name} (${kk.languages.ru})`).fill('Qwerty область');
      await page.getByLabel(`${kk.fields.name} (${kk.languages.en})`).fill('Qwerty Region');
      const created = page.waitForResponse((r) => r.url().endsWith('/api/provinces') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await created).status()).toBe(201);
      const province = (await (await created).json()) as { id: number };
      await heading(page, kk.sidebar.provinces).waitFor();

      // A district in it: the province picker searches provinces on the server.
      await page.goto(`${base}/admin/management/districts/create`);
      await heading(page, `${kk.sidebar.districts}: ${kk.actions.create}`).waitFor();
      const provinceSearch = nextApiRequest(page, '/api/provinces?', (u) => searchOf(u).includes('"q":{"$contL":"qwerty"}'));
      await page.getByLabel(kk.fields.provinceId, { exact: true }).fill('qwerty');
      await provinceSearch;
      await page.getByTitle('Qwerty облысы').click();
      await page.getByLabel(`${kk.fields.name} (${kk.languages.kk})`).fill('Qwerty ауданы');
      await page.getByLabel(`${kk.fields.name} (${kk.languages.ru})`).fill('Qwerty район');
      await page.getByLabel(`${kk.fields.name} (${kk.languages.en})`).fill('Qwerty District');
      const districtCreated = page.waitForResponse((r) => r.url().endsWith('/api/districts') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      const district = (await (await districtCreated).json()) as { id: number; provinceId: number };
      expect(district.provinceId).toBe(province.id);
      await heading(page, kk.sidebar.districts).waitFor();

      // Sorting by a column is the server's: the rows shown are the API's answer to the same query.
      const sorted = nextApiRequest(page, '/api/districts?', (u) => u.searchParams.getAll('sort[0]').includes('nameKk,ASC'));
      await page.locator('.ant-table-thead th', { hasText: kk.fields.name }).click();
      const sortRequest = new URL((await sorted).url());
      const sortedRows = (await api(page, `districts${sortRequest.search}`)).body.data as { nameKk: string }[];
      expect(sortedRows).toHaveLength(10);
      await expectEventually(async () => tableRows(page).locator('td:nth-child(2)').allInnerTexts(), sortedRows.map((d) => d.nameKk));

      // Search (debounced, one request for the whole word) finds it.
      const searched = nextApiRequest(page, '/api/districts?', (u) => searchOf(u).includes('"q":{"$contL":"qwerty"}'));
      await page.getByRole('searchbox', { name: kk.list.search }).pressSequentially('qwerty', { delay: 20 });
      await searched;
      await expectEventually(async () => tableRows(page).count(), 1);
      await tableRows(page).getByText('Qwerty ауданы').waitFor();
      await page.getByRole('searchbox', { name: kk.list.search }).fill('');

      // The province filter is a server condition on provinceId.
      const filtered = nextApiRequest(page, '/api/districts?', (u) => searchOf(u).includes(`"provinceId":{"$eq":${province.id}}`));
      await page.locator('.ant-space').getByRole('combobox').first().fill('qwerty');
      await page.getByTitle('Qwerty облысы').click();
      await filtered;
      await expectEventually(async () => tableRows(page).count(), 1);

      // Edit.
      await tableRows(page).locator('.refine-edit-button').click();
      await heading(page, `${kk.sidebar.districts}: ${kk.actions.edit}`).waitFor();
      await expectEventually(() => page.getByLabel(`${kk.fields.name} (${kk.languages.en})`).inputValue(), 'Qwerty District');
      await page.getByLabel(`${kk.fields.name} (${kk.languages.en})`).fill('Qwerty District Two');
      const updated = page.waitForResponse((r) => r.url().endsWith(`/api/districts/${district.id}`) && r.request().method() === 'PATCH');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await updated).status()).toBe(200);
      await heading(page, kk.sidebar.districts).waitFor();
      expect((await api(page, `districts/${district.id}`)).body.nameEn).toBe('Qwerty District Two');

      // Delete.
      await page.getByRole('searchbox', { name: kk.list.search }).fill('qwerty');
      await expectEventually(async () => tableRows(page).count(), 1);
      await tableRows(page).locator('.refine-delete-button').click();
      const deleted = page.waitForResponse((r) => r.url().endsWith(`/api/districts/${district.id}`) && r.request().method() === 'DELETE');
      await page.locator('.ant-popconfirm').getByRole('button', { name: kk.buttons.delete }).click();
      expect((await deleted).status()).toBe(200);
      expect((await api(page, `districts/${district.id}`)).status).toBe(404);
    });
  }, 120_000);

  it('admin builds a challenge with a checkpoint and a quiz of three questions and publishes it; the change is visible through the API', async () => {
    await as('admin', async (page) => {
      const base = gateway.url;
      const pickDate = async (label: string, date: string) => {
        const input = page.locator('form').getByLabel(label, { exact: true });
        await input.click();
        await input.fill(date);
        await input.press('Enter');
        await expectEventually(() => input.inputValue(), date);
      };

      await page.goto(`${base}/admin/challenges/create`);
      await heading(page, `${kk.sidebar.challenges}: ${kk.actions.create}`).waitFor();
      await fillLocalized(page, kk.fields.title, ['Сынақ челлендж', 'Тестовый челлендж', 'Test challenge']);
      await pickDate(kk.fields.startsAt, '2030-01-10');
      await pickDate(kk.fields.endsAt, '2030-01-15');
      const created = page.waitForResponse((r) => r.url().endsWith('/api/challenges') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await created).status()).toBe(201);
      const challenge = (await (await created).json()) as { id: string; startsAt: string };
      // 9:00 in Almaty (UTC+5) is 04:00 UTC.
      expect(challenge.startsAt).toBe('2030-01-10T04:00:00.000Z');
      await page.waitForURL(`${base}/admin/challenges/${challenge.id}`);
      await heading(page, 'Сынақ челлендж').waitFor();

      // A checkpoint opening at 9:00 (the picker's default hour) Almaty time on the first day.
      await page.getByRole('button', { name: kk.challenge.addCheckpoint }).click();
      await fillLocalized(page, kk.fields.title, ['1-күн', 'День 1', 'Day 1']);
      // Enter confirms the typed date; it must not submit the form (only Save does).
      await pickDate(kk.fields.opensAt, '2030-01-10');
      expect(await page.getByRole('button', { name: kk.challenge.addCheckpoint }).count()).toBe(0);
      const checkpointCreated = page.waitForResponse((r) => r.url().endsWith('/api/checkpoints') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      const checkpoint = (await (await checkpointCreated).json()) as { id: string; opensAt: string; challengeId: string };
      expect(checkpoint).toMatchObject({ challengeId: challenge.id, opensAt: '2030-01-10T04:00:00.000Z' });
      await page.getByTestId('challenge-day').getByText('1-күн').waitFor();

      // Its test, built in the quiz builder.
      await page.getByTestId('challenge-day').getByRole('button', { name: kk.challenge.openCheckpoint }).click();
      await page.waitForURL(`${base}/admin/challenges/${challenge.id}/checkpoints/${checkpoint.id}`);
      await fillLocalized(page, kk.checkpoint.newQuizTitle, ['1-тест', 'Тест 1', 'Test 1']);
      await page.getByRole('button', { name: kk.checkpoint.createQuiz }).click();
      await page.waitForURL(/\/admin\/quizzes\/[0-9a-f-]{36}$/);
      const quizId = new URL(page.url()).pathname.split('/').pop() as string;
      await heading(page, '1-тест').waitFor();

      const saveQuestion = async () => {
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/questions') && r.request().method() === 'POST');
        await page.getByRole('button', { name: kk.quiz.saveQuestion }).click();
        expect((await saved).status()).toBe(201);
        await page.getByText(kk.quiz.questionAdded).first().waitFor();
      };
      const chooseKind = async (kind: keyof typeof kk.enums) => {
        // The chosen kind covers the select's input: open the list from the keyboard.
        await page.getByLabel(kk.quiz.kind).focus();
        await page.keyboard.press('ArrowDown');
        await page.locator('.ant-select-item-option').getByText(kk.enums[kind], { exact: true }).click();
        await expectEventually(() => page.locator('.ant-select-selection-item').filter({ hasText: kk.enums[kind] }).count(), 1);
      };
      // 1: single choice with two answers, the first correct.
      await fillLocalized(page, kk.fields.text, ['2 + 3 = ?', '2 + 3 = ?', '2 + 3 = ?']);
      await page.getByLabel(kk.fields.points).fill('5');
      for (const [n, texts] of [[1, ['5', '5', '5']], [2, ['6', '6', '6']]] as const) {
        await fillLocalized(page, kk.quiz.answer.replace('{{number}}', String(n)), [...texts]);
      }
      await page.getByLabel(kk.quiz.correct.replace('{{number}}', '1')).check();
      await saveQuestion();
      await expectEventually(() => page.getByTestId('question').count(), 1);
      // 2: a number.
      await chooseKind('numeric');
      await fillLocalized(page, kk.fields.text, ['4 × 3 = ?', '4 × 3 = ?', '4 × 3 = ?']);
      await page.getByLabel(kk.quiz.value).fill('12');
      await saveQuestion();
      await expectEventually(() => page.getByTestId('question').count(), 2);
      // 3: a short text.
      await chooseKind('text');
      await fillLocalized(page, kk.fields.text, ['Қазақстанның астанасы?', 'Столица Казахстана?', 'Capital of Kazakhstan?']);
      await page.getByLabel(kk.quiz.acceptedTexts).fill('Астана, Astana');
      await saveQuestion();
      await expectEventually(() => page.getByTestId('question').count(), 3);

      const questions = (await api(page, `questions?filter=quizId||$eq||${quizId}&sort=position,ASC`)).body as unknown as { kind: string; accepted: unknown }[];
      expect(questions.map((q) => q.kind)).toEqual(['single', 'numeric', 'text']);
      expect(questions[2].accepted).toEqual({ texts: ['Астана', 'Astana'] });

      // Publish, then the public API lists the checkpoint with its three-question test.
      await page.goto(`${base}/admin/challenges/${challenge.id}`);
      const published = page.waitForResponse((r) => r.url().endsWith(`/api/challenges/${challenge.id}/publish`));
      await page.getByRole('button', { name: kk.buttons.publish }).click();
      expect((await published).status()).toBe(200);
      await page.getByText(kk.challenge.published, { exact: true }).waitFor();
      const publicPage = await fetch(`${base}/api/challenges-all/${challenge.id}`);
      expect(publicPage.status).toBe(200);
      const body = (await publicPage.json()) as { data: { checkpoints: { id: string; quizzes: { id: string; questionCount: number }[] }[] } };
      expect(body.data.checkpoints).toHaveLength(1);
      expect(body.data.checkpoints[0]).toMatchObject({ id: checkpoint.id, quizzes: [{ id: quizId, questionCount: 3 }] });
    });
  }, 120_000);

  it('a manager lacking sidebar:role_index sees no Roles item and gets the unauthorized page on its URL', async () => {
    await as('manager', async (page) => {
      await page.goto(`${gateway.url}/admin/`);
      await sidebar(page).getByText(kk.sidebar.adminPanel).click();
      await sidebar(page).getByRole('link', { name: kk.sidebar.otp }).waitFor();
      expect(await sidebar(page).getByRole('link', { name: kk.sidebar.roles }).count()).toBe(0);
      await page.goto(`${gateway.url}/admin/settings/roles`);
      await heading(page, kk.unauthorized.title).waitFor();
      await waitForTitle(page, `${kk.unauthorized.title} - Altyn Saqa`);
    });
  });

  it('a student sees not-found under /admin, without the staff sidebar', async () => {
    await as('pupil', async (page) => {
      await page.goto(`${gateway.url}/admin/settings/roles`);
      await heading(page, kk.notFound.title).waitFor();
      expect(await sidebar(page).count()).toBe(0);
      await page.goto(`${gateway.url}/admin/`);
      await heading(page, kk.notFound.title).waitFor();
    });
  });

  it('switching to Eng and back to Қаз changes the sidebar labels and the server validation message', async () => {
    await as('admin', async (page) => {
      await page.goto(`${gateway.url}/admin/management/provinces/create`);
      await heading(page, `${kk.sidebar.provinces}: ${kk.actions.create}`).waitFor();
      await page.getByText('Eng', { exact: true }).click();
      await sidebar(page).getByText(en.sidebar.management, { exact: true }).waitFor();
      await heading(page, `${en.sidebar.provinces}: ${en.actions.create}`).waitFor();
      await waitForTitle(page, `${en.sidebar.provinces}: ${en.actions.create} - Altyn Saqa`);
      expect(await page.evaluate(() => localStorage.getItem('currentLocale'))).toBe('en');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');

      const body = { code: 'Not A Code', kind: 'region', nameKk: 'А', nameRu: 'А', nameEn: 'A' };
      const messageIn = async (locale: string) => {
        const res = await api(page, 'provinces', { method: 'POST', body: JSON.stringify(body), headers: { 'x-locale': locale } });
        expect(res.status).toBe(400);
        return (res.body.errors as Record<string, string>).code;
      };
      const [english, kazakh] = [await messageIn('en'), await messageIn('kk')];
      expect(english).not.toBe(kazakh);

      await page.getByLabel(en.fields.code, { exact: true }).fill(body.code);
      await page.getByLabel(en.fields.kind, { exact: true }).click();
      await page.getByTitle(en.enums.region).click();
      await page.getByLabel(`${en.fields.name} (${en.languages.kk})`).fill(body.nameKk);
      await page.getByLabel(`${en.fields.name} (${en.languages.ru})`).fill(body.nameRu);
      await page.getByLabel(`${en.fields.name} (${en.languages.en})`).fill(body.nameEn);
      const englishAnswer = page.waitForResponse((r) => r.url().endsWith('/api/provinces') && r.request().method() === 'POST');
      await page.getByRole('button', { name: en.buttons.save }).click();
      expect((await englishAnswer).request().headers()['x-locale']).toBe('en');
      await expectEventually(() => page.locator('.ant-form-item-explain-error').allInnerTexts(), [english]);

      // Toasts sit at the top right, over the switcher: close them first.
      for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click();
      await page.getByText('Қаз', { exact: true }).click();
      await sidebar(page).getByText(kk.sidebar.management, { exact: true }).waitFor();
      expect(await sidebar(page).getByText(en.sidebar.management, { exact: true }).count()).toBe(0);
      const kazakhAnswer = page.waitForResponse((r) => r.url().endsWith('/api/provinces') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await kazakhAnswer).request().headers()['x-locale']).toBe('kk');
      await expectEventually(() => page.locator('.ant-form-item-explain-error').allInnerTexts(), [kazakh]);
    });
  });

  it('shows the dashboard not-found page inside the layout for an unknown path', async () => {
    await as('admin', async (page) => {
      await page.goto(`${gateway.url}/admin/nope`);
      await heading(page, kk.notFound.title).waitFor();
      await sidebar(page).getByRole('link', { name: kk.sidebar.home }).waitFor();
      await waitForTitle(page, `${kk.notFound.title} - Altyn Saqa`);
    });
  });
});
