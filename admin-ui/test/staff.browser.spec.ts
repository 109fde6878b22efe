/**
 * The staff area as staff read it, on a phone (390x844) and a desktop (1440x900), in kk, ru and en (each flow in full
 * on the phone, a layout pass over the same screens on the desktop), on the whole
 * platform (demo data) in real Chromium: generated lists show labels, translated enums and minutes instead of ids
 * and codes; a challenge's days in day order with their tests and a certificate tab without `null`; the home's
 * figures and the sidebar's groups follow the role; the quiz builder reorders, edits and previews; nothing is wider
 * than the screen.
 */
import path from 'node:path';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, serveUiBuild } from '@olymp/web-common/testing';
import type { BrowserContext, Page } from 'playwright-core';
import en from '../src/i18n/locales/en/common.json';
import kk from '../src/i18n/locales/kk/common.json';
import ru from '../src/i18n/locales/ru/common.json';
import { expectEventually, goInApp, onAdminOrigin, pageRunnerAllowingHttpErrors, PHONES, storageOf, tokenOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
const LOCALES = { kk, ru, en } as const;
type LocaleName = keyof typeof LOCALES;
/**
 * The sizes. Every flow (what is saved, listed, translated, allowed) runs once, on the phone, in the two longest
 * languages (Kazakh and Russian words are what overflow a narrow screen); the desktop gets a layout pass over the same
 * screens in English (headings, labels, the key record, the main buttons, nothing wider than the screen), so every
 * language is read and every screen is seen at both sizes.
 */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, locales: ['kk', 'ru'] },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, locales: ['en'] },
] as const satisfies readonly { name: string; viewport: { width: number; height: number }; locales: readonly LocaleName[] }[];
const localesOf = (size: (typeof SIZES)[number]) => size.locales.map((l) => [l, LOCALES[l]] as [LocaleName, typeof kk]);
const CAP = { kk: 'Kk', ru: 'Ru', en: 'En' } as const;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const KIND_LABELS: Record<string, Record<LocaleName, string>> = {
  single: { kk: 'Бір жауап', ru: 'Один ответ', en: 'Single choice' },
  multiple: { kk: 'Бірнеше жауап', ru: 'Несколько ответов', en: 'Multiple choice' },
  numeric: { kk: 'Сан', ru: 'Число', en: 'Number' },
  text: { kk: 'Мәтін', ru: 'Текст', en: 'Short text' },
};

describeWithBrowser('the staff area on a phone and a desktop, in kk, ru and en', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  const sessions = new Map<string, Storage>();
  const api = async <T,>(page: Page, p: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${gateway.url}/api/${p}`, { ...init, headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    expect(res.status).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

  async function as(who: keyof typeof PHONES, viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) {
    if (!sessions.has(who)) {
      const context = await browser().newContext();
      sessions.set(who, await storageOf(context, gateway.url, PHONES[who]));
      await context.close();
    }
    await withPage(
      async (page) => {
        // On the admin's origin first: the API token is read from its storage.
        await onAdminOrigin(page, gateway.url);
        await run(page);
      },
      { storageState: sessions.get(who), viewport },
    );
  }

  /** Opens `route` in `locale` (the language the switch would store); the page is on the admin's origin already. */
  async function open(page: Page, route: string, locale: LocaleName) {
    await page.evaluate((l) => localStorage.setItem('currentLocale', l), locale);
    await page.goto(`${gateway.url}/admin${route}`);
  }

  /** Nothing on the page is wider than the screen: wide tables scroll inside their card. */
  async function fitsTheScreen(page: Page, width: number) {
    await expectEventually(() => page.evaluate((w) => document.documentElement.scrollWidth <= w, width), true);
  }

  /**
   * No fixed button (the phone's menu button floats at the left edge under the header) lies over the page's heading:
   * how many do. On a desktop there is none to overlap.
   */
  const buttonsOverHeading = (page: Page) =>
    page.evaluate(() => {
      const h = document.querySelector('h1')!.getBoundingClientRect();
      return [...document.querySelectorAll('button')]
        .filter((b) => getComputedStyle(b).position === 'fixed')
        .map((b) => b.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.left < h.right && h.left < r.right && r.top < h.bottom && h.top < r.bottom).length;
    });

  const [PHONE, DESKTOP] = SIZES;

  it('phone: lists show labels, translated kinds, minutes and relations by name, never ids, sorted by position or newest (kk, ru)', async () => {
    const { width } = PHONE.viewport;
    await as('admin', PHONE.viewport, async (page) => {
      for (const [locale, t] of localesOf(PHONE)) {
        // Questions: the text in the reader's language, the kind translated, the quiz by its title.
        const listed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/questions');
        await open(page, '/resources/questions', locale);
        const request = new URL((await listed).url());
        expect(request.searchParams.getAll('sort[0]')).toEqual(['position,ASC']);
        await heading(page, t.resources.questions.title).waitFor();
        const rows = (await api<{ data: ({ kind: string; quiz: Record<string, string> } & Record<string, string>)[] }>(page, `questions${request.search}`)).data;
        await expectEventually(async () => (await tableRows(page).count()) > 0, true);
        const first = tableRows(page).first();
        await first.getByText(rows[0][`text${CAP[locale]}`].slice(0, 20)).first().waitFor();
        await first.getByText(KIND_LABELS[rows[0].kind][locale], { exact: true }).waitFor();
        await first.getByText(rows[0].quiz[`title${CAP[locale]}`], { exact: true }).waitFor();
        const headers = await page.locator('.ant-table-thead th').allInnerTexts();
        expect(headers.map((h) => h.trim().toLowerCase())).not.toContain('id');
        expect(await page.locator('.ant-table-tbody').innerText()).not.toMatch(UUID);
        await fitsTheScreen(page, width);

        // Quizzes (the next screen opened inside the app): the duration in minutes, newest first, no ids.
        const quizzesListed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/quizzes');
        await goInApp(page, '/quizzes');
        expect(new URL((await quizzesListed).url()).searchParams.getAll('sort[0]')).toEqual(['createdAt,DESC']);
        await heading(page, t.sidebar.quizzes).waitFor();
        await expectEventually(async () => (await tableRows(page).count()) > 0, true);
        const quizzes = (await api<{ data: { durationSeconds: number }[] }>(page, 'quizzes?sort=createdAt,DESC&limit=10&page=1')).data;
        await tableRows(page).first().getByText(t.units.minutes.replace('{{count}}', String(quizzes[0].durationSeconds / 60)), { exact: true }).waitFor();
        expect(await page.locator('.ant-table-tbody').innerText()).not.toMatch(UUID);
        await fitsTheScreen(page, width);

        // Districts: the name in the reader's language and the province by its name; the code and id only in the detail view.
        await goInApp(page, '/management/districts');
        await heading(page, t.sidebar.districts).waitFor();
        await expectEventually(async () => (await tableRows(page).count()) > 0, true);
        const headerTexts = (await page.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
        expect(headerTexts).not.toContain(t.fields.code);
        expect(headerTexts).not.toContain('ID');
        expect(headerTexts).not.toContain(`${t.fields.name} (${t.languages.kk})`);
        const district = (await api<{ data: ({ province: Record<string, string> } & Record<string, string>)[] }>(page, 'districts?join=province&sort=createdAt,DESC&limit=10&page=1')).data[0];
        await tableRows(page).first().getByText(district[`name${CAP[locale]}`], { exact: true }).waitFor();
        await tableRows(page).first().getByText(district.province[`name${CAP[locale]}`], { exact: true }).waitFor();
        await fitsTheScreen(page, width);
      }
    });
  });

  it('desktop layout, en: the questions, quizzes and districts lists have English headings, show their first record by name and no ids, and fit the screen', async () => {
    const { width } = DESKTOP.viewport;
    await as('admin', DESKTOP.viewport, async (page) => {
      const listed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/questions');
      await open(page, '/resources/questions', 'en');
      const request = new URL((await listed).url());
      await heading(page, en.resources.questions.title).waitFor();
      const rows = (await api<{ data: ({ kind: string; quiz: Record<string, string> } & Record<string, string>)[] }>(page, `questions${request.search}`)).data;
      const first = tableRows(page).first();
      await first.getByText(rows[0].textEn.slice(0, 20)).first().waitFor();
      await first.getByText(KIND_LABELS[rows[0].kind].en, { exact: true }).waitFor();
      await first.getByText(rows[0].quiz.titleEn, { exact: true }).waitFor();
      expect(await page.locator('.ant-table-tbody').innerText()).not.toMatch(UUID);
      await fitsTheScreen(page, width);

      await goInApp(page, '/quizzes');
      await heading(page, en.sidebar.quizzes).waitFor();
      const quizzes = (await api<{ data: { durationSeconds: number }[] }>(page, 'quizzes?sort=createdAt,DESC&limit=10&page=1')).data;
      await tableRows(page).first().getByText(en.units.minutes.replace('{{count}}', String(quizzes[0].durationSeconds / 60)), { exact: true }).waitFor();
      await page.getByRole('button', { name: en.buttons.create }).waitFor();
      await fitsTheScreen(page, width);

      await goInApp(page, '/management/districts');
      await heading(page, en.sidebar.districts).waitFor();
      const district = (await api<{ data: ({ province: Record<string, string> } & Record<string, string>)[] }>(page, 'districts?join=province&sort=createdAt,DESC&limit=10&page=1')).data[0];
      await tableRows(page).first().getByText(district.nameEn, { exact: true }).waitFor();
      await tableRows(page).first().getByText(district.province.nameEn, { exact: true }).waitFor();
      expect(await page.locator('.ant-table-tbody').innerText()).not.toMatch(UUID);
      await fitsTheScreen(page, width);
    });
  });

  async function fiveDayChallenge(page: Page) {
    const challenges = (await api<{ data: { id: string; titleEn: string }[] }>(page, 'challenges?limit=50&page=1')).data;
    return challenges.find((c) => c.titleEn.startsWith('5-day'))!;
  }

  it('phone: a challenge lists its days in order with their tests; the certificate tab never shows null (kk, ru)', async () => {
    const { width } = PHONE.viewport;
    await as('admin', PHONE.viewport, async (page) => {
      const fiveDay = await fiveDayChallenge(page);
      const options = (await api<{ data: { quizzes: { id: string; title: Record<string, string>; group: { id: string } }[] } }>(page, `challenges/${fiveDay.id}/quiz-results-filter-options`)).data;
      const days = (await api<{ data: { id: string; day: number }[] }>(page, `checkpoints?filter=challengeId||$eq||${fiveDay.id}&limit=50&page=1`)).data;
      for (const [locale, t] of localesOf(PHONE)) {
        await open(page, `/challenges/${fiveDay.id}`, locale);
        const items = page.getByTestId('challenge-day');
        await expectEventually(() => items.count(), 5);
        const titles = await items.locator('.ant-list-item-meta-title').allInnerTexts();
        expect(titles.map((x) => x.split(' · ')[0])).toEqual([1, 2, 3, 4, 5].map((d) => t.challenge.day.replace('{{day}}', String(d))));
        for (const [i, day] of [...days].sort((a, b) => a.day - b.day).entries()) {
          const tests = options.quizzes.filter((q) => q.group.id === day.id).map((q) => q.title[locale]);
          expect(tests.length).toBeGreaterThan(0);
          await expectEventually(async () => (await items.nth(i).getByTestId('day-test').allInnerTexts()).sort(), [...tests].sort());
        }
        await fitsTheScreen(page, width);

        await goInApp(page, `/challenges/${fiveDay.id}?tab=certificate-images`);
        await page.getByTestId('certificate-empty').waitFor();
        expect(await page.getByTestId('certificate-empty').innerText()).toBe(t.challenge.noCertificate);
        expect(await page.locator('.ant-tabs-tabpane-active').innerText()).not.toContain('null');
        await fitsTheScreen(page, width);
      }
    });
  });

  it('desktop layout, en: a challenge page shows its five days with English titles and its certificate tab, and fits the screen', async () => {
    const { width } = DESKTOP.viewport;
    await as('admin', DESKTOP.viewport, async (page) => {
      const fiveDay = await fiveDayChallenge(page);
      await open(page, `/challenges/${fiveDay.id}`, 'en');
      const items = page.getByTestId('challenge-day');
      await expectEventually(() => items.count(), 5);
      const titles = await items.locator('.ant-list-item-meta-title').allInnerTexts();
      expect(titles.map((x) => x.split(' · ')[0])).toEqual([1, 2, 3, 4, 5].map((d) => en.challenge.day.replace('{{day}}', String(d))));
      await expectEventually(async () => (await items.first().getByTestId('day-test').count()) > 0, true);
      await fitsTheScreen(page, width);

      await goInApp(page, `/challenges/${fiveDay.id}?tab=certificate-images`);
      await page.getByTestId('certificate-empty').waitFor();
      expect(await page.getByTestId('certificate-empty').innerText()).toBe(en.challenge.noCertificate);
      await fitsTheScreen(page, width);
    });
  });

  /** The header's language switch and sign-out are on the screen. */
  async function headerFits(page: Page, t: typeof kk, width: number) {
    const switcher = page.getByRole('radiogroup', { name: t.language });
    const box = await switcher.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    // Russian is "Рус" in Cyrillic, as on the student site (Latin "Pyc" only looks Russian: a screen reader spells it).
    expect(await switcher.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.closest('label')?.textContent))).toEqual(['Eng', 'Рус', 'Қаз']);
    const logout = await page.getByRole('button', { name: t.buttons.logout }).boundingBox();
    expect(logout && logout.x + logout.width <= width).toBe(true);
  }

  it("phone: the home shows today's figures the role may see, each linking to its list; the header fits (kk, ru)", async () => {
    const { width } = PHONE.viewport;
    await as('admin', PHONE.viewport, async (page) => {
      for (const [locale, t] of localesOf(PHONE)) {
        await open(page, '/', locale);
        const stats = (await api<{ data: { liveChallenges: number; participants: number; testsStarted: number; pupilsActive: number } }>(page, 'stats/learning')).data;
        for (const id of ['pupils-active', 'tests-started', 'tests-finished', 'live-challenges', 'participants', 'invoices-paid', 'revenue']) await page.getByTestId(`figure-${id}`).waitFor();
        await expectEventually(() => page.getByTestId('figure-live-challenges').locator('.ant-statistic-content-value').innerText(), String(stats.liveChallenges));
        expect(await page.getByTestId('figure-live-challenges').innerText()).toContain(t.home.liveChallenges);
        await expectEventually(() => page.getByTestId('figure-pupils-active').locator('.ant-statistic-content-value').innerText(), String(stats.pupilsActive));
        expect(await page.getByTestId('figure-pupils-active').innerText()).toContain(t.home.pupilsActive);
        await headerFits(page, t, width);
        await fitsTheScreen(page, width);
      }
      await page.getByTestId('figure-live-challenges').click();
      await page.waitForURL((u) => u.pathname === '/admin/challenges'); // a list adds its page and size to the address once shown
    });
    await as('contentMaker', PHONE.viewport, async (page) => {
      await open(page, '/', 'ru');
      await page.getByTestId('figure-tests-started').waitFor();
      expect(await page.getByTestId('figure-revenue').count()).toBe(0);
      expect(await page.getByTestId('figure-invoices-paid').count()).toBe(0);
      await fitsTheScreen(page, width);
    });
  });

  it("desktop layout, en: the home's figures have English labels, the header's switch and sign-out are on the screen, nothing is wider", async () => {
    const { width } = DESKTOP.viewport;
    await as('admin', DESKTOP.viewport, async (page) => {
      await open(page, '/', 'en');
      for (const id of ['pupils-active', 'tests-started', 'tests-finished', 'live-challenges', 'participants', 'invoices-paid', 'revenue']) await page.getByTestId(`figure-${id}`).waitFor();
      expect(await page.getByTestId('figure-live-challenges').innerText()).toContain(en.home.liveChallenges);
      expect(await page.getByTestId('figure-pupils-active').innerText()).toContain(en.home.pupilsActive);
      await headerFits(page, en, width);
      await fitsTheScreen(page, width);
    });
  });

  it('phone: the sidebar shows only the groups the role can open, each with its icon (kk)', async () => {
    await as('contentMaker', PHONE.viewport, async (page) => {
      await open(page, '/', 'kk');
      await page.getByTestId('identity').waitFor();
      // On a phone the sidebar is a drawer behind the menu button.
      await page.locator('button:has(.anticon-bars)').click();
      const menu = page.locator('.ant-menu');
      await menu.getByText(kk.sidebar.learningProcess, { exact: true }).first().waitFor();
      for (const hidden of [kk.sidebar.finance, kk.sidebar.people, kk.sidebar.management, kk.sidebar.adminPanel]) {
        expect(await menu.getByText(hidden, { exact: true }).count()).toBe(0);
      }
      // The group's own icon (a book), not the generic list icon.
      const group = menu.locator('.ant-menu-submenu-title', { hasText: kk.sidebar.learningProcess }).first();
      expect(await group.locator('.anticon-read').count()).toBe(1);
      expect(await menu.locator('.ant-menu-submenu-title .anticon-unordered-list').count()).toBe(0);
    });
  });

  for (const size of SIZES) {
    const { width } = size.viewport;

    it(`${size.name}: every sidebar label fits in Kazakh and Russian, whole (no ellipsis, nothing past the sidebar or the screen)`, async () => {
      await as('admin', size.viewport, async (page) => {
        for (const [locale, t] of [['kk', kk], ['ru', ru]] as const) {
          await open(page, '/', locale);
          await page.getByTestId('identity').waitFor();
          if (size.name === 'phone') await page.locator('button:has(.anticon-bars)').click();
          const menu = page.locator('.ant-menu').first();
          await menu.getByText(t.sidebar.learningProcess, { exact: true }).waitFor();
          // Every group opened, so every item is laid out (the admin sees them all).
          const groups = menu.locator('.ant-menu-submenu-title');
          const count = await groups.count();
          expect(count).toBeGreaterThan(5);
          for (let i = 0; i < count; i++) {
            if ((await groups.nth(i).getAttribute('aria-expanded')) !== 'true') await groups.nth(i).click();
            await expectEventually(() => groups.nth(i).getAttribute('aria-expanded'), 'true');
          }
          await menu.getByText(t.sidebar.otp, { exact: true }).waitFor();
          await menu.getByText(t.sidebar.settingsGeneral, { exact: true }).waitFor();
          const measured = () =>
            menu.evaluate((m, screenWidth) => {
              const box = m.getBoundingClientRect();
              const labels = [...m.querySelectorAll<HTMLElement>('.ant-menu-title-content')].filter((e) => e.offsetParent !== null);
              return {
                labels: labels.length,
                clipped: labels
                  .filter((e) => {
                    const r = e.getBoundingClientRect();
                    const item = e.closest<HTMLElement>('.ant-menu-item, .ant-menu-submenu-title')!;
                    return e.scrollWidth > e.clientWidth + 1 || item.scrollWidth > item.clientWidth + 1 || r.right > box.right + 1 || r.right > screenWidth || r.left < box.left - 1;
                  })
                  .map((e) => `${e.innerText}: ${e.scrollWidth}/${e.clientWidth}px, right ${Math.round(e.getBoundingClientRect().right)} of ${Math.round(box.right)}`),
              };
            }, width);
          await expectEventually(async () => (await measured()).clipped, []);
          expect((await measured()).labels).toBeGreaterThan(20);
        }
      });
    });
  }

  it("phone: a quiz's duration is typed in minutes, stored in seconds, and shown in minutes again to edit (kk)", async () => {
    const { width } = PHONE.viewport;
    await as('admin', PHONE.viewport, async (page) => {
      await open(page, '/quizzes/create', 'kk');
      await heading(page, `${kk.sidebar.quizzes}: ${kk.actions.create}`).waitFor();
      for (const l of ['kk', 'ru', 'en'] as const) await page.getByLabel(`${kk.fields.title} (${kk.languages[l]})`, { exact: true }).fill(`Ұзақтық phone ${l}`);
      const duration = page.getByLabel(kk.fields.durationSeconds, { exact: true });
      // The default (1800 s) reads as 30 minutes.
      await expectEventually(() => duration.inputValue(), '30');
      await duration.fill('45');
      await fitsTheScreen(page, width);
      const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/quizzes' && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      const answer = await created;
      expect(answer.status()).toBe(201);
      const { id } = (await answer.json()) as { id: string };
      expect((await api<{ durationSeconds: number }>(page, `quizzes/${id}`)).durationSeconds).toBe(2700);

      // Loaded again, not through the app's router: the list the save goes on to rewrites the address as it mounts.
      await open(page, `/quizzes/${id}/edit`, 'kk');
      await heading(page, `${kk.sidebar.quizzes}: ${kk.actions.edit}`).waitFor();
      await expectEventually(() => duration.inputValue(), '45');
      await duration.fill('50');
      const updated = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/quizzes/${id}` && r.request().method() === 'PATCH');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await updated).status()).toBe(200);
      expect((await api<{ durationSeconds: number }>(page, `quizzes/${id}`)).durationSeconds).toBe(3000);
      await fitsTheScreen(page, width);
    });
  });

  it("desktop layout, en: the quiz form has its English heading and labels, the duration in minutes and the save button, and fits the screen", async () => {
    const { width } = DESKTOP.viewport;
    await as('admin', DESKTOP.viewport, async (page) => {
      await open(page, '/quizzes/create', 'en');
      await heading(page, `${en.sidebar.quizzes}: ${en.actions.create}`).waitFor();
      for (const l of ['kk', 'ru', 'en'] as const) await page.getByLabel(`${en.fields.title} (${en.languages[l]})`, { exact: true }).waitFor();
      await expectEventually(() => page.getByLabel(en.fields.durationSeconds, { exact: true }).inputValue(), '30');
      await page.getByRole('button', { name: en.buttons.save }).waitFor();
      await fitsTheScreen(page, width);
    });
  });

  /** A quiz of `n` numeric questions made through the API, with the questions' ids in order. */
  async function quizWithQuestions(page: Page, name: string, n: number) {
    const quiz = await api<{ id: string }>(page, 'quizzes', { method: 'POST', body: JSON.stringify({ titleKk: `Құрастыру ${name}`, titleRu: `Сборка ${name}`, titleEn: `Builder ${name}`, durationSeconds: 600 }) });
    const ids: string[] = [];
    for (let i = 1; i <= n; i++) {
      const q = await api<{ id: string }>(page, 'questions', {
        method: 'POST',
        body: JSON.stringify({ quizId: quiz.id, kind: 'numeric', position: i - 1, textKk: `Сұрақ ${i}`, textRu: `Вопрос ${i}`, textEn: `Question ${i}`, points: i, accepted: { value: i } }),
      });
      ids.push(q.id);
    }
    return { quiz, ids };
  }

  it('phone: the quiz builder moves, edits and previews questions (en)', async () => {
    const { width } = PHONE.viewport;
    await as('admin', PHONE.viewport, async (page) => {
      const { quiz, ids } = await quizWithQuestions(page, 'phone', 3);
      const order = async () => (await api<{ id: string }[]>(page, `questions?filter=quizId||$eq||${quiz.id}&sort=position,ASC`)).map((q) => q.id);
      await open(page, `/quizzes/${quiz.id}`, 'en');
      const items = page.getByTestId('question');
      await expectEventually(() => items.count(), 3);
      await items.nth(2).getByRole('button', { name: en.quiz.moveUp }).click();
      await expectEventually(order, [ids[0], ids[2], ids[1]]);
      await expectEventually(async () => (await items.nth(1).innerText()).includes('Question 3'), true);

      await items.nth(0).getByRole('button', { name: en.buttons.edit }).click();
      const field = page.getByLabel(`${en.fields.text} (${en.languages.en})`);
      await expectEventually(() => field.inputValue(), 'Question 1');
      await fitsTheScreen(page, width);
      await field.fill('Question one, edited');
      await page.getByRole('button', { name: en.quiz.saveQuestion }).click();
      await expectEventually(async () => (await api<{ textEn: string }>(page, `questions/${ids[0]}`)).textEn, 'Question one, edited');

      await items.nth(0).getByRole('button', { name: en.quiz.preview }).click();
      await expectEventually(async () => (await page.getByTestId('question-preview').innerText()).includes('Question one, edited'), true);
      await fitsTheScreen(page, width);
    });
  });

  it("desktop layout, kk: the quiz builder shows its questions by text with their move, edit and preview buttons, the question form and the preview, and fits the screen", async () => {
    const { width } = DESKTOP.viewport;
    await as('admin', DESKTOP.viewport, async (page) => {
      const { quiz } = await quizWithQuestions(page, 'desktop', 2);
      await open(page, `/quizzes/${quiz.id}`, 'kk');
      const items = page.getByTestId('question');
      await expectEventually(() => items.count(), 2);
      await items.nth(0).getByText('Сұрақ 1').first().waitFor();
      for (const name of [kk.quiz.moveUp, kk.buttons.edit, kk.quiz.preview]) await items.nth(1).getByRole('button', { name }).waitFor();
      await fitsTheScreen(page, width);

      await items.nth(0).getByRole('button', { name: kk.buttons.edit }).click();
      await expectEventually(() => page.getByLabel(`${kk.fields.text} (${kk.languages.kk})`).inputValue(), 'Сұрақ 1');
      await page.getByRole('button', { name: kk.quiz.saveQuestion }).waitFor();
      await fitsTheScreen(page, width);

      await items.nth(1).getByRole('button', { name: kk.quiz.preview }).click();
      await expectEventually(async () => (await page.getByTestId('question-preview').innerText()).includes('Сұрақ 2'), true);
      await fitsTheScreen(page, width);
    });
  });

  for (const size of SIZES) {
    it(`${size.name}: the OTP log shows the admin's own sign-in code, its status and what became of its SMS (notifications' record, asked over RPC), in ${size.locales.join(' and ')}`, async () => {
      await as('admin', size.viewport, async (page) => {
        for (const [locale, t] of localesOf(size)) {
          await open(page, '/otp', locale);
          await heading(page, t.sidebar.otp).waitFor();
          expect(await buttonsOverHeading(page)).toBe(0);
          await page.getByRole('searchbox', { name: t.otp.phone }).fill(PHONES.admin);
          // The filter is applied once the number is whole: only the admin's codes are left.
          await expectEventually(async () => {
            const phones = await tableRows(page).locator('td:nth-child(2)').allInnerTexts();
            return phones.length > 0 && phones.every((p) => p === PHONES.admin);
          }, true);
          // The code the admin signed in with: used, and its SMS sent by the development inbox.
          const row = tableRows(page).filter({ hasText: t.otp.statuses.used }).first();
          await row.getByText(t.otp.deliveries.sent, { exact: true }).waitFor();
          await row.getByText(t.otp.purposes.login, { exact: true }).waitFor();
          await fitsTheScreen(page, size.viewport.width);
        }
      });
    });
  }
});
