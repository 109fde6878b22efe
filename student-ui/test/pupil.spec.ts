/**
 * The student site as pupils see it, on a phone (390x844) and a desktop (1440x900), against the real platform
 * (auth, learning, finance, notifications, gateway serving the production build): the home page that leads with
 * today's day, a focused test screen that resumes on another device, the one-row phone header, leaderboards that
 * fit a phone, the display board (words kept whole, medals, an unknown board), every label in the chosen language,
 * and failures and slow answers shown as a person understands them. The flows (the home's data in three languages, a
 * test resumed on another device, the language everywhere, slow and failed answers, a finished test's result) run
 * once on the phone, where pupils use the site; the desktop opens the same screens for a layout pass. The header,
 * the leaderboard and the display board are layouts themselves and are checked at both sizes.
 */
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describeWithBrowser, waitFor } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import enChallenges from '../src/i18n/locales/en/challenges.json';
import enCommon from '../src/i18n/locales/en/common.json';
import kkChallenges from '../src/i18n/locales/kk/challenges.json';
import kkCommon from '../src/i18n/locales/kk/common.json';
import enProfile from '../src/i18n/locales/en/profile.json';
import kkProfile from '../src/i18n/locales/kk/profile.json';
import ruChallenges from '../src/i18n/locales/ru/challenges.json';
import ruCommon from '../src/i18n/locales/ru/common.json';
import ruProfile from '../src/i18n/locales/ru/profile.json';
import { DataSource } from 'typeorm';
import { startStack, type Stack } from './stack';
import { signInThroughLogin, useSession, type Session } from './session';

const UI_DIR = path.resolve(__dirname, '..');
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: ANDROID_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const CHALLENGES = { kk: kkChallenges, ru: ruChallenges, en: enChallenges } as const;
const COMMON = { kk: kkCommon, ru: ruCommon, en: enCommon } as const;
const PROFILE = { kk: kkProfile, ru: ruProfile, en: enProfile } as const;

interface Titled {
  title: { kk: string; ru?: string; en?: string };
}

interface ChallengeRow extends Titled {
  id: string;
  grade: number | null;
}

interface CheckpointRow {
  id: string;
  day: number;
  state: 'open' | 'upcoming' | 'closed';
  quizzes: { id: string; attempt: { status: string } | null }[];
}

async function api<T>(base: string, route: string, session?: Session, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${base}/api/${route}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The top of the viewport, for "can it be seen without scrolling". */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });
}

describeWithBrowser('the student site as pupils see it, on a phone and a desktop', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    const started = await startStack(outDir);
    stack = started;
    return { url: started.gateway.url, close: () => started.close() };
  });
  // These tests fail and drop requests on purpose: the browser's own "Failed to load resource" lines are expected.
  const withPage = pageRunner(browser, { allowConsole: /^Failed to load resource/ });
  const sessions = new Map<string, Session>();

  /** Signs a demo pupil in once (phone and the code from the development inbox) and keeps the session. */
  async function sessionOf(phone: string): Promise<Session> {
    const known = sessions.get(phone);
    if (known) return known;
    const base = site.url;
    let session: Session | undefined;
    await withPage(async (page) => {
      session = await signInThroughLogin(page, base, phone);
    });
    sessions.set(phone, session!);
    return session!;
  }

  async function fiveDayChallenge(grade: number): Promise<ChallengeRow> {
    const all = await api<{ data: ChallengeRow[] }>(site.url, 'challenges-all');
    const challenge = all.data.find((c) => c.grade === grade && c.title.kk.startsWith('5 күндік'));
    if (!challenge) throw new Error(`the demo 5-day challenge for grade ${grade} is missing`);
    return challenge;
  }

  /** The pupil joins the challenge of their grade (once) and gets its checkpoints as learning shows them. */
  async function joined(session: Session, grade: number): Promise<{ challenge: ChallengeRow; checkpoints: CheckpointRow[] }> {
    const challenge = await fiveDayChallenge(grade);
    const detail = await api<{ data: { participation: unknown; checkpoints: CheckpointRow[] } }>(site.url, `challenges-all/${challenge.id}`, session);
    if (!detail.data.participation) await api(site.url, `users/${session.user}/challenges/${challenge.id}`, session, { method: 'POST', body: {} });
    const after = await api<{ data: { checkpoints: CheckpointRow[] } }>(site.url, `challenges-all/${challenge.id}`, session);
    return { challenge, checkpoints: after.data.checkpoints };
  }

  it('leads /student/home with today’s day, its countdowns, place, points, XP and trainings, in kk, ru and en (phone)', async () => {
    const size = PHONE;
    const base = site.url;
    const session = await sessionOf('+77000000105');
    const { challenge, checkpoints } = await joined(session, 5);
    const open = checkpoints.find((c) => c.state === 'open');
    if (!open) throw new Error('the demo challenge has no open day');
    const trainings = await api<{ data: (Titled & { id: string; joined: boolean; paid: boolean })[] }>(base, 'trainings-all', session);
    const training = trainings.data.find((x) => !x.paid);
    if (!training) throw new Error('no free demo training');
    if (!training.joined) await api(base, `trainings/${training.id}/join`, session, { method: 'POST', body: {} });
    const left = open.quizzes.filter((q) => q.attempt?.status !== 'finished').length;

    for (const locale of ['kk', 'ru', 'en'] as const) {
      const t = CHALLENGES[locale].home;
      await withPage(async (page) => {
        await useSession(page, session, locale);
        await page.goto(`${base}/student/home`);
        const card = page.getByTestId('today-card').filter({ hasText: challenge.title[locale] || challenge.title.kk });
        await card.waitFor();
        const start = card.getByRole('link', { name: t.startNext });
        expect(await start.getAttribute('href')).toBe(`/student/challenges/${challenge.id}/checkpoints/${open.id}/quizzes/${open.quizzes[0].id}/play`);
        expect(await inViewport(page, '[data-testid="today-card"] a.button')).toBe(true);
        expect((await card.getByTestId('tests-left').textContent())?.trim()).toBe(t.testsLeft.replace('{{n}}', String(left)));
        expect(await card.getByTestId('closes-in').textContent()).toMatch(new RegExp(`^${t.closesIn.split('{{')[0]}.*\\d+:\\d{2}`));
        expect(await card.getByTestId('next-opens-in').textContent()).toMatch(/\d+:\d{2}/);
        // The countdown runs.
        const first = await card.getByTestId('closes-in').textContent();
        await waitFor(async () => ((await card.getByTestId('closes-in').textContent()) !== first ? true : undefined), { what: 'the countdown to move' });
        expect(await card.getByTestId('today-place').textContent()).toMatch(/^(\d+|—)$/);
        expect(await card.getByTestId('today-points').textContent()).toMatch(/^\d/);
        await page.locator('.stat', { hasText: t.xp }).locator('.stat__value', { hasText: /XP$/ }).waitFor();
        await page.getByRole('link', { name: training.title[locale] || training.title.kk }).waitFor();

        // On the public home page the signed-in pupil is offered their area, never "sign in".
        await page.goto(`${base}/`);
        await page.getByRole('link', { name: COMMON[locale].home.myArea }).first().waitFor();
        expect(await page.getByRole('link', { name: COMMON[locale].home.signIn, exact: true }).count()).toBe(0);
        expect(await page.getByRole('link', { name: COMMON[locale].header.signIn, exact: true }).count()).toBe(0);
        await page.getByRole('link', { name: COMMON[locale].home.myArea }).first().click();
        await page.waitForURL(`${base}/student/home`);
      }, size);
    }
  }, 120_000);

  it('lays out /student/home and the public home on a desktop (en): today’s card with its start button on screen, its figures, the trainings, nothing wider than the screen', async () => {
    const base = site.url;
    const session = await sessionOf('+77000000105');
    const { challenge, checkpoints } = await joined(session, 5);
    const open = checkpoints.find((c) => c.state === 'open');
    if (!open) throw new Error('the demo challenge has no open day');
    const trainings = await api<{ data: (Titled & { id: string; paid: boolean })[] }>(base, 'trainings-all', session);
    const training = trainings.data.find((x) => !x.paid);
    if (!training) throw new Error('no free demo training');
    const left = open.quizzes.filter((q) => q.attempt?.status !== 'finished').length;
    const t = enChallenges.home;
    await withPage(async (page) => {
      await useSession(page, session, 'en');
      await page.goto(`${base}/student/home`);
      const card = page.getByTestId('today-card').filter({ hasText: challenge.title.en || challenge.title.kk });
      await card.waitFor();
      expect(await inViewport(page, '[data-testid="today-card"] a.button')).toBe(true);
      expect((await card.getByTestId('tests-left').textContent())?.trim()).toBe(t.testsLeft.replace('{{n}}', String(left)));
      expect(await card.getByTestId('closes-in').textContent()).toMatch(new RegExp(`^${t.closesIn.split('{{')[0]}.*\\d+:\\d{2}`));
      expect(await card.getByTestId('today-place').textContent()).toMatch(/^(\d+|—)$/);
      await page.locator('.stat', { hasText: t.xp }).locator('.stat__value', { hasText: /XP$/ }).waitFor();
      await page.getByRole('link', { name: training.title.en || training.title.kk }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.viewport!.width);

      await page.goto(`${base}/`);
      await page.getByRole('link', { name: enCommon.home.myArea }).first().waitFor();
      expect(await page.getByRole('link', { name: enCommon.header.signIn, exact: true }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.viewport!.width);
    }, DESKTOP);
  }, 120_000);

  /** Starts the pupil's test at `play` and checks Next, Finish and the finish confirmation are on screen without scrolling. */
  async function startedWithActionsOnScreen(page: Page, play: string): Promise<void> {
    await page.goto(play);
    for (const key of ['charged', 'stableConnection', 'timerKeepsRunning'] as const) await page.getByLabel(kkChallenges.quiz.prechecks[key]).check();
    await page.getByRole('button', { name: kkChallenges.quiz.start }).click();
    await page.getByTestId('quiz-timer').waitFor();
    // Next and Finish are on screen without scrolling, at the top of the page and at its bottom.
    for (const scroll of ['top', 'bottom'] as const) {
      await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight), scroll);
      expect(await inViewport(page, '.quiz__actions button:has-text("' + kkChallenges.quiz.next + '")')).toBe(true);
      expect(await inViewport(page, '.quiz__actions button:has-text("' + kkChallenges.quiz.finish + '")')).toBe(true);
    }
    // The finish confirmation opens on screen too.
    await page.getByRole('button', { name: kkChallenges.quiz.finish, exact: true }).click();
    expect(await inViewport(page, '[role="alertdialog"] button:has-text("' + kkChallenges.quiz.finishConfirm + '")')).toBe(true);
    await page.getByRole('button', { name: kkChallenges.quiz.keepGoing }).click();
  }

  it('shows only the test while it runs, keeps Next and Finish on screen, and resumes on another device at the first unanswered question (phone)', async () => {
    const base = site.url;
    const size = PHONE;
    const session = await sessionOf('+77000000106');
    const { challenge, checkpoints } = await joined(session, 6);
    const open = checkpoints.find((c) => c.state === 'open');
    if (!open) throw new Error('the demo challenge has no open day');
    const quiz = open.quizzes[0];
    const play = `${base}/student/challenges/${challenge.id}/checkpoints/${open.id}/quizzes/${quiz.id}/play`;
    await withPage(async (page) => {
      await useSession(page, session);
      await startedWithActionsOnScreen(page, play);
      for (const selector of ['.site-header', '.site-footer', '.search', '.site-menu', '.student__nav']) expect(await page.locator(selector).first().isVisible()).toBe(false);

      // Two answers saved on this device.
      for (const n of [0, 1]) {
        await page.locator('.quiz__question').waitFor();
        if ((await page.locator('.quiz__option').count()) > 0) await page.locator('.quiz__option').first().click();
        else {
          await page.locator('.quiz__free').fill('1');
          await page.locator('.quiz__free').press('Enter');
        }
        await page.getByTestId('save-mark').filter({ hasText: kkChallenges.quiz.state.saved }).waitFor();
        if (n === 0) await page.getByRole('button', { name: kkChallenges.quiz.next }).click();
      }
    }, size);

    // Another device (no storage of the first one): the same attempt opens at question 3.
    await withPage(async (page) => {
      await useSession(page, session);
      await page.goto(play);
      await page.getByTestId('quiz-timer').waitFor();
      const current = page.locator('.quiz__dot[aria-current="step"]');
      expect((await current.textContent())?.trim()).toBe('3');
      expect(await page.locator('.quiz__number').textContent()).toContain(kkChallenges.quiz.questionN.replace('{{n}}', '3'));
    }, size);
  }, 90_000);

  it('lays out a running test on a desktop: the header stays, Next, Finish and the finish confirmation on screen, nothing wider than the screen', async () => {
    const base = site.url;
    const session = await sessionOf('+77000000106');
    const { challenge, checkpoints } = await joined(session, 6);
    const open = checkpoints.find((c) => c.state === 'open');
    if (!open) throw new Error('the demo challenge has no open day');
    const play = `${base}/student/challenges/${challenge.id}/checkpoints/${open.id}/quizzes/${open.quizzes[1].id}/play`;
    await withPage(async (page) => {
      await useSession(page, session);
      await startedWithActionsOnScreen(page, play);
      expect(await page.locator('.site-header').isVisible()).toBe(true);
      await page.locator('.quiz__question').waitFor();
      expect(await page.locator('.quiz__number').textContent()).toContain(kkChallenges.quiz.questionN.replace('{{n}}', '1'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.viewport!.width);
    }, DESKTOP);
  }, 90_000);

  it.each(SIZES)('keeps the header in one row on a phone, and fits the challenge tabs and the leaderboard without hiding a column (%s)', async (name, size) => {
    const base = site.url;
    const session = await sessionOf('+77000000105');
    const { challenge } = await joined(session, 5);
    const row = (rank: number) => ({
      rank,
      name: `Айгерім${rank} Серікқызы`,
      school: 'Алматы қаласының №125 мектеп-гимназиясы',
      region: 'Алматы облысы',
      district: 'Медеу ауданы',
      points: 300 - rank,
      timeSpentMs: 600_000 + rank * 1000,
      correctCount: 12,
      percent: 80.5,
    });
    await withPage(async (page) => {
      await useSession(page, session);
      // A board with rows whatever the demo data holds.
      // socket.io (a WebSocket) answered by nobody: the socket never connects, so no live board replaces these rows.
      await page.routeWebSocket(/\/socket\.io\//, () => undefined);
      await page.route(`**/api/challenges/${challenge.id}/leaderboard*`, (route) =>
        route.fulfill({ json: { data: [row(1), row(2), row(3)], total: 3, page: 1, perPage: 50, me: null, maxPoints: 270 } }),
      );
      await page.goto(`${base}/student/challenges/${challenge.id}/leaderboard`);
      const table = page.locator('table.table');
      await table.waitFor();
      const width = size.viewport!.width;

      // The header: one row.
      const tops = await page.evaluate(() =>
        [...document.querySelectorAll('.site-header__inner > *')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0)
          .map((r) => [r.top, r.bottom]),
      );
      const rowTop = Math.max(...tops.map(([top]) => top));
      const rowBottom = Math.min(...tops.map(([, bottom]) => bottom));
      expect(rowTop).toBeLessThan(rowBottom);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Every tab is in view.
      const tabs = await page.locator('.tabs__tab').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.left, r.right]));
      expect(tabs).toHaveLength(4);
      for (const [left, right] of tabs) {
        expect(left).toBeGreaterThanOrEqual(0);
        expect(right).toBeLessThanOrEqual(width);
      }

      // Every cell of every row is in view: nothing cut off, nothing to scroll to.
      const wrap = await page.locator('.table-wrap').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(wrap.scroll).toBeLessThanOrEqual(wrap.client);
      const cells = await page.locator('table.table tbody td').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent, visible: r.width > 0 && r.height > 0, left: r.left, right: r.right };
        }),
      );
      expect(cells).toHaveLength(3 * 8);
      for (const cell of cells) {
        expect(cell.visible).toBe(true);
        expect(cell.left).toBeGreaterThanOrEqual(0);
        expect(cell.right).toBeLessThanOrEqual(width);
      }
      // On a phone the rows are cards and each figure says what it is; on a desktop the column's heading says it.
      const label = await page.locator('table.table tbody td').nth(4).evaluate((el) => getComputedStyle(el, '::before').content);
      expect(label).toBe(name === 'phone' ? JSON.stringify(kkChallenges.board.points) : 'none');
    }, size);
  }, 60_000);

  it.each(SIZES)('wraps the display board title between words only, colours the medals, and says so for an unknown board (%s)', async (_name, size) => {
    const base = site.url;
    const challenge = await fiveDayChallenge(5);
    expect(challenge.title.kk).toContain('5-сынып');
    await withPage(async (page) => {
      // socket.io (a WebSocket) answered by nobody: the socket never connects, so no live board replaces these rows.
      await page.routeWebSocket(/\/socket\.io\//, () => undefined);
      await page.route(`**/api/leaderboard-live/${challenge.id}*`, (route) =>
        route.fulfill({
          json: {
            data: {
              board: { kind: 'challenge', id: challenge.id },
              version: 1,
              participants: 4,
              maxPoints: 270,
              at: new Date().toISOString(),
              top: [1, 2, 3, 4].map((rank) => ({ rank, name: `Айгерім${rank} С.`, school: 'Мектеп', region: 'Облыс', points: 300 - rank, timeSpentMs: 1000 })),
            },
          },
        }),
      );
      await page.goto(`${base}/leaderboard-live/${challenge.id}`);
      const title = page.locator('.display__title');
      await title.filter({ hasText: '5-сынып' }).waitFor();
      const style = await title.evaluate((el) => {
        const s = getComputedStyle(el);
        return { hyphens: s.hyphens, wordBreak: s.wordBreak };
      });
      expect(style).toEqual({ hyphens: 'manual', wordBreak: 'normal' });
      // "5-сынып" sits on one line, whatever the width (every 16 px from the narrowest page to this size's).
      for (let width = 320; width <= size.viewport!.width; width += 16) {
        await page.setViewportSize({ width, height: size.viewport!.height });
        const lines = await title.evaluate((el) => {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent!.indexOf('5-сынып');
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + '5-сынып'.length);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          }
          return -1;
        });
        expect(lines).toBe(1);
      }
      await page.setViewportSize(size.viewport!);
      const colours = await page.locator('.display__rank').evaluateAll((els) => els.map((el) => getComputedStyle(el).getPropertyValue('background-color')));
      expect(colours).toEqual(['rgb(245, 197, 66)', 'rgb(201, 209, 220)', 'rgb(205, 138, 75)', expect.not.stringMatching(/^rgb\((245, 197, 66|201, 209, 220|205, 138, 75)\)$/)]);
    }, size);

    await withPage(async (page) => {
      await page.goto(`${base}/leaderboard-live/00000000-0000-4000-8000-000000000000`);
      await page.getByRole('alert').filter({ hasText: kkChallenges.display.missing }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: kkChallenges.display.live }).count()).toBe(0);
      expect(await page.locator('.display__rows').count()).toBe(0);
    }, size);
  }, 60_000);

  it('speaks the chosen language everywhere: switcher, cart, menu, footer year, file picker (phone, kk ru en; desktop ru laid out)', async () => {
    const base = site.url;
    const session = await sessionOf('+77000000107');
    // The phone's menu opens behind its toggle; the desktop shows its menu without one.
    const openMenu = async (page: Page, common: (typeof COMMON)[keyof typeof COMMON]) => {
      await page.getByRole('button', { name: common.header.menuOpen, exact: true }).click();
      await page.getByRole('button', { name: common.header.menuClose, exact: true }).waitFor();
    };
    const menuShown = async () => undefined;
    for (const [locale, size, menu] of [['kk', PHONE, openMenu], ['ru', PHONE, openMenu], ['en', PHONE, openMenu], ['ru', DESKTOP, menuShown]] as const) {
      const common = COMMON[locale];
      await withPage(async (page) => {
        await useSession(page, session, locale);
        await page.goto(`${base}/student/profile/edit`);
        await page.getByRole('group', { name: common.language }).getByRole('button', { name: 'Eng' }).waitFor();
        const labels = await page.getByRole('group', { name: common.language }).getByRole('button').allTextContents();
        expect(labels).toEqual(['Қаз', 'Рус', 'Eng']);
        await page.getByRole('link', { name: common.header.basket }).waitFor();
        await page.getByText(`© ${new Date().getFullYear()} Altyn Saqa`).waitFor();
        await menu(page, common);
        const profile = PROFILE[locale];
        const avatar = page.getByRole('form', { name: profile.avatar.title });
        await avatar.getByText(common.upload.choose, { exact: true }).waitFor();
        await avatar.getByText(common.upload.none, { exact: true }).waitFor();
        await avatar.getByLabel(profile.avatar.choose, { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('x') });
        await avatar.getByText('me.png', { exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport!.width);
      }, size);
    }
  }, 90_000);

  it('shows a skeleton while the home page’s data is slow, and a message a person understands with a retry when it fails (phone)', async () => {
    const size = PHONE;
    const base = site.url;
    const session = await sessionOf('+77000000105');
    await joined(session, 5);
    await withPage(async (page) => {
      await useSession(page, session);
      // Slow: the answer is held until the skeleton has been seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/users/*/active-challenges', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${base}/student/home`);
      await page.getByTestId('home-skeleton').waitFor();
      expect(await page.getByTestId('today-card').count()).toBe(0);
      release();
      await page.getByTestId('today-card').first().waitFor();
      await page.unroute('**/api/users/*/active-challenges');

      // A server failure: our words and a retry, never the server's text or code.
      await page.route('**/api/users/*/active-challenges', (route) =>
        route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'QueryFailedError: relation "x" does not exist' } }),
      );
      await page.reload();
      const failed = page.getByTestId('load-failed');
      await failed.getByText(kkCommon.failure.server).waitFor();
      expect(await page.getByText('QueryFailedError', { exact: false }).count()).toBe(0);
      expect(await page.getByText('INTERNAL_ERROR', { exact: false }).count()).toBe(0);
      // A lost connection says so; retry works once the network is back.
      await page.unroute('**/api/users/*/active-challenges');
      await page.route('**/api/users/*/active-challenges', (route) => route.abort('internetdisconnected'));
      await failed.getByRole('button', { name: kkCommon.failure.retry }).click();
      await failed.getByText(kkCommon.failure.network).waitFor();
      await page.unroute('**/api/users/*/active-challenges');
      await failed.getByRole('button', { name: kkCommon.failure.retry }).click();
      await page.getByTestId('today-card').first().waitFor();
      await failed.waitFor({ state: 'detached' });
    }, size);
  }, 60_000);

  it('celebrates a finished test with the XP it earned, the place on the board and the next open test (phone; the result laid out on a desktop)', async () => {
    const size = PHONE;
    const base = site.url;
    const session = await sessionOf('+77000000105');
    const { challenge, checkpoints } = await joined(session, 5);
    const open = checkpoints.find((c) => c.state === 'open');
    if (!open) throw new Error('the demo challenge has no open day');
    // The day's first test; the one after it is the next.
    const index = 0;
    let result = '';
    const quiz = open.quizzes[index];
    const ds = stack!.services.learning.app.get(DataSource);
    await withPage(async (page) => {
      await useSession(page, session);
      await page.goto(`${base}/student/challenges/${challenge.id}/checkpoints/${open.id}/quizzes/${quiz.id}/play`);
      for (const key of ['charged', 'stableConnection', 'timerKeepsRunning'] as const) await page.getByLabel(kkChallenges.quiz.prechecks[key]).check();
      await page.getByRole('button', { name: kkChallenges.quiz.start }).click();
      await page.getByTestId('quiz-timer').waitFor();
      // One right answer (read from learning's tables), so the test earns points and XP.
      await page.locator('.quiz__question').waitFor();
      const text = (await page.locator('.quiz__text').first().textContent())?.trim() ?? '';
      if ((await page.locator('.quiz__option').count()) > 0) {
        const [right] = (await ds.query(
          'SELECT a.text_kk AS text FROM answers a JOIN questions q ON q.id = a.question_id WHERE q.quiz_id = $1 AND q.text_kk = $2 AND a.is_correct LIMIT 1',
          [quiz.id, text],
        )) as { text: string }[];
        await page.locator('.quiz__option', { hasText: new RegExp(`^\\s*${right.text}\\s*$`) }).first().click();
      } else {
        const [question] = (await ds.query('SELECT accepted FROM questions WHERE quiz_id = $1 AND text_kk = $2', [quiz.id, text])) as {
          accepted: { value?: number; texts?: string[] };
        }[];
        await page.locator('.quiz__free').fill(String(question.accepted.value ?? question.accepted.texts?.[0]));
        await page.locator('.quiz__free').press('Enter');
      }
      await page.getByTestId('save-mark').filter({ hasText: kkChallenges.quiz.state.saved }).waitFor();
      await page.getByRole('button', { name: kkChallenges.quiz.finish, exact: true }).click();
      await page.getByRole('button', { name: kkChallenges.quiz.finishConfirm }).click();
      await heading(page, kkChallenges.result.title).waitFor();

      const next = page.getByTestId('result-next');
      await next.getByText(kkChallenges.result.congrats).waitFor();
      const points = Number((await page.getByTestId('result-score').textContent())?.match(/^\s*(\d+)/)?.[1]);
      expect(points).toBeGreaterThan(0);
      // This attempt's XP (finance credits it from learning's event: it may come a moment later).
      await next.getByTestId('result-xp').filter({ hasText: kkChallenges.result.xpGained.replace('{{n}}', String(points)) }).waitFor();
      const board = await api<{ me: { rank: number; points: number } | null }>(base, `challenges/${challenge.id}/leaderboard`, session);
      await next.getByText(kkChallenges.result.place.replace('{{rank}}', String(board.me!.rank))).waitFor();
      const nextTest = next.getByRole('link', { name: kkChallenges.result.nextTest });
      expect(await nextTest.getAttribute('href')).toBe(`/student/challenges/${challenge.id}/checkpoints/${open.id}/quizzes/${open.quizzes[index + 1].id}/play`);
      expect(await inViewport(page, '[data-testid="result-next"] a.button')).toBe(true);
      result = page.url();
    }, size);

    // The same result on a desktop: its heading, score, XP, place and the next test's button on screen.
    await withPage(async (page) => {
      await useSession(page, session);
      await page.goto(result);
      await heading(page, kkChallenges.result.title).waitFor();
      const next = page.getByTestId('result-next');
      await next.getByText(kkChallenges.result.congrats).waitFor();
      expect(Number((await page.getByTestId('result-score').textContent())?.match(/^\s*(\d+)/)?.[1])).toBeGreaterThan(0);
      await next.getByTestId('result-xp').waitFor();
      await next.getByTestId('result-total').waitFor();
      await next.getByRole('link', { name: kkChallenges.result.nextTest }).waitFor();
      expect(await inViewport(page, '[data-testid="result-next"] a.button')).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.viewport!.width);
    }, DESKTOP);
  }, 90_000);
});
