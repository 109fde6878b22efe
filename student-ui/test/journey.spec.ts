/**
 * The olympiad day end to end, in Chromium, against the real platform (auth, learning, finance, notifications on
 * real PostgreSQL and NATS, behind the real gateway serving the production build): a new pupil registers with the
 * code from the development SMS inbox, joins the challenge of their grade, opens today's checkpoint, starts a test,
 * answers (one save through a dropped request), reloads mid-test and finds the timer still running and the answers
 * kept, finishes, sees the result and themself on the live board; a display screen open all along shows the new
 * result without a reload. A demo pupil signs in by phone and code and lands on the page they asked for, reads the
 * paid invoice's notice on the notices page, and meets the unauthorized page on a 403; another changes school (server
 * messages per field) and avatar; a third loses a heart in the demo training for one wrong answer and one for each
 * unanswered question, and is not shown the right answers yet.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { describeWithBrowser, waitFor } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import kkChallenges from '../src/i18n/locales/kk/challenges.json';
import kkCommon from '../src/i18n/locales/kk/common.json';
import kkFinances from '../src/i18n/locales/kk/finances.json';
import kkLogin from '../src/i18n/locales/kk/loginPage.json';
import kkProfile from '../src/i18n/locales/kk/profile.json';
import kkTraining from '../src/i18n/locales/kk/training.json';
import { startStack, type Stack } from './stack';
import { FAILED_LOADS } from './waits';

const UI_DIR = path.resolve(__dirname, '..');
/** notifications' title of the invoice.paid notice in Kazakh (proto messages NOTICE_INVOICE_PAID_TITLE). */
const NOTICE_INVOICE_PAID_TITLE_KK = 'Төлем қабылданды';

interface Place {
  id: number;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

const rows = <T>(answer: T[] | { data: T[] }): T[] => (Array.isArray(answer) ? answer : answer.data);

/** The newest code the development inbox holds for `phone` (sent after `since`). */
async function codeFor(base: string, phone: string, since: number): Promise<string> {
  return waitFor(
    async () => {
      const inbox = await getJson<{ data: { code: string; sentAt: string }[] }>(`${base}/api/dev/sms?to=${encodeURIComponent(phone)}`);
      const fresh = inbox.data.find((sms) => Date.parse(sms.sentAt) >= since - 1000);
      return fresh?.code;
    },
    { what: `an SMS to ${phone}` },
  );
}

function timerSeconds(text: string | null): number {
  const match = /^(\d+):(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) throw new Error(`not a timer: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Signs a demo pupil in by phone and the code from the development inbox, starting from a page under /student. */
async function signInAt(page: Page, base: string, phone: string, target: string): Promise<void> {
  await page.goto(`${base}${target}`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel(kkLogin.fields.phone, { exact: true }).fill(phone);
  const requested = Date.now();
  await page.getByRole('button', { name: kkLogin.login.submit }).click();
  await heading(page, kkLogin.otp.title).waitFor();
  await page.getByLabel(kkLogin.code.label, { exact: true }).fill(await codeFor(base, phone, requested));
  await page.getByRole('button', { name: kkLogin.code.submit }).click();
  await page.waitForURL(`${base}${target}`);
}

/** A 1x1 PNG. */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const savedMark = (page: Page) => page.getByTestId('save-mark').filter({ hasText: kkChallenges.quiz.state.saved });

describeWithBrowser('the olympiad day in the student UI', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    const started = await startStack(outDir);
    stack = started;
    return { url: started.gateway.url, close: () => started.close() };
  });
  // One pooled tab for the file's pages (1280x800), reset between tests; this file drops a request and expires a
  // session on purpose, so the browser's own "Failed to load resource" lines are expected.
  const withPage = pageRunner(browser, { allowConsole: FAILED_LOADS });

  it('registers, joins, plays a test through a reload and a dropped save, and shows up live on the display screen', async () => {
    const base = site.url;
    const challenges = await getJson<{ data: { id: string; grade: number | null; title: { kk: string } }[] }>(`${base}/api/challenges-all`);
    const challenge = challenges.data.find((c) => c.grade === 5 && c.title.kk.startsWith('5 күндік'));
    if (!challenge) throw new Error('the demo 5-day challenge for grade 5 is missing');

    // A province, district and school that belong together (not every demo district has schools).
    const provinces = rows(await getJson<Place[] | { data: Place[] }>(`${base}/api/provinces`));
    let place: { province: number; district: number; school: number } | undefined;
    for (const province of provinces) {
      for (const district of rows(await getJson<Place[] | { data: Place[] }>(`${base}/api/districts?filter[0]=provinceId||$eq||${province.id}`))) {
        const schools = rows(await getJson<Place[] | { data: Place[] }>(`${base}/api/schools?filter[0]=districtId||$eq||${district.id}`));
        if (schools.length) {
          place = { province: province.id, district: district.id, school: schools[0].id };
          break;
        }
      }
      if (place) break;
    }
    if (!place) throw new Error('no school in the demo directory');

    const suffix = Array.from({ length: 5 }, () => 'абвгдеклмнопрст'[Math.floor(Math.random() * 15)]).join('');
    const firstName = `Ақбота${suffix}`;
    const lastName = 'Серікқызы';
    const phone = `+7701${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

    // The display screen: opened first, never reloaded.
    const displayContext = await browser().newContext({ viewport: { width: 1920, height: 1080 } });
    const display = await displayContext.newPage();
    const displayErrors: string[] = [];
    display.on('pageerror', (e) => displayErrors.push(e.message));
    try {
      await display.goto(`${base}/leaderboard-live/${challenge.id}`);
      await display.getByRole('status').filter({ hasText: kkChallenges.display.live }).waitFor();

      await withPage(async (page) => {
        // As a guest: the public challenge list, and the header's lesson search (debounced) finds the challenge.
        await page.goto(`${base}/challenges`);
        await heading(page, kkChallenges.list.title).waitFor();
        await page.getByRole('heading', { level: 2, name: challenge.title.kk }).waitFor();
        await page.getByPlaceholder(kkCommon.header.searchPlaceholder).fill('5-сынып');
        await page.getByRole('list', { name: kkCommon.header.searchResults }).getByRole('link', { name: challenge.title.kk }).waitFor();

        // Registration with the place pickers, then the code from the development inbox.
        await page.goto(`${base}/registration`);
        await heading(page, kkLogin.register.title).waitFor();
        await page.getByLabel(kkLogin.fields.firstName, { exact: true }).fill(firstName);
        await page.getByLabel(kkLogin.fields.lastName, { exact: true }).fill(lastName);
        await page.getByLabel(kkLogin.fields.phone, { exact: true }).fill(phone);
        await page.getByLabel(kkLogin.fields.grade, { exact: true }).selectOption('5');
        await page.getByLabel(kkLogin.fields.province, { exact: true }).selectOption(String(place!.province));
        // selectOption waits until the option is there: each picker loads after the one above it.
        await page.getByLabel(kkLogin.fields.district, { exact: true }).selectOption(String(place!.district));
        await page.getByLabel(kkLogin.fields.school, { exact: true }).selectOption(String(place!.school));
        await page.getByLabel(kkLogin.fields.parentPhone, { exact: true }).fill('+77017654321');
        const requested = Date.now();
        await page.getByRole('button', { name: kkLogin.register.submit }).click();
        await heading(page, kkLogin.confirm.title).waitFor();
        // The resend timer counts down as mm:ss from the server's seconds.
        expect(await page.locator('.code-timer').textContent()).toMatch(/^0[01]:\d{2}$/);
        await page.getByLabel(kkLogin.code.label, { exact: true }).fill(await codeFor(base, phone, requested));
        await page.getByRole('button', { name: kkLogin.code.submit }).click();
        await heading(page, kkLogin.completed.title).waitFor();
        // device_id is made once and kept with the session keys.
        const stored = await page.evaluate(() => ({ device: localStorage.getItem('device_id'), token: localStorage.getItem('token'), user: localStorage.getItem('user_uuid') }));
        expect(stored.device?.length).toBeGreaterThanOrEqual(8);
        expect(stored.token).toBeTruthy();
        await page.getByRole('link', { name: kkLogin.completed.continue }).click();
        await page.waitForURL(`${base}/student/home`);
        // The header shows the signed-in pupil's first name and phone.
        await page.locator('.site-header__name', { hasText: firstName }).waitFor();
        await page.locator('.site-header__phone', { hasText: phone }).waitFor();

        // Join the challenge of their grade.
        await page.goto(`${base}/student/challenges/${challenge.id}`);
        await page.waitForURL(`${base}/student/challenges/${challenge.id}/checkpoints`);
        await page.getByRole('button', { name: kkChallenges.join.action }).click();
        await page.getByText(kkChallenges.joined, { exact: true }).first().waitFor();

        // Today's checkpoint, its first test, the three confirmations.
        await page.locator('.checkpoint-list a', { hasText: kkChallenges.checkpoint.state.open }).first().click();
        await page.getByText(kkChallenges.checkpoint.timezone).waitFor();
        await page.getByRole('link', { name: kkChallenges.checkpoint.startTest }).first().click();
        const start = page.getByRole('button', { name: kkChallenges.quiz.start });
        await start.waitFor();
        expect(await start.isDisabled()).toBe(true);
        for (const key of ['charged', 'stableConnection', 'timerKeepsRunning'] as const) await page.getByLabel(kkChallenges.quiz.prechecks[key]).check();
        await start.click();
        const timer = page.getByTestId('quiz-timer');
        await timer.waitFor();
        expect(timerSeconds(await timer.textContent())).toBeGreaterThan(19 * 60);

        // Question 1: saved at once.
        await page.locator('.quiz__option').first().click();
        await savedMark(page).waitFor();
        // Question 2: the first save is dropped by the network; the retry (same seq) gets through.
        let dropped = 0;
        await page.route('**/api/user-answer', async (route) => {
          if (dropped === 0) {
            dropped += 1;
            await route.abort('connectionreset');
          } else await route.continue();
        });
        await page.getByRole('button', { name: kkChallenges.quiz.next }).click();
        await page.locator('.quiz__option').nth(1).click();
        await savedMark(page).waitFor();
        expect(dropped).toBe(1);
        await page.unroute('**/api/user-answer');

        // Question 3 is answered while every save fails; the page is reloaded before any gets through: the
        // answer waits in this browser, is sent again after the reload and saved once the network is back.
        await page.route('**/api/user-answer', (route) => route.abort('internetdisconnected'));
        await page.getByRole('button', { name: kkChallenges.quiz.next }).click();
        await page.locator('.quiz__option').nth(2).click();
        await page.getByTestId('save-mark').filter({ hasText: kkChallenges.quiz.state.retrying }).waitFor();
        await page.reload();
        await page.getByTestId('quiz-timer').waitFor();
        await page.locator('.quiz__dot--retrying').waitFor();
        await page.unroute('**/api/user-answer');

        // Reload mid-test: same attempt, timer from the server still running down, the answers kept.
        const before = timerSeconds(await timer.textContent());
        await page.reload();
        await timer.waitFor();
        const after = timerSeconds(await timer.textContent());
        expect(after).toBeLessThanOrEqual(before);
        expect(after).toBeGreaterThan(before - 60);
        await page.waitForFunction((shown) => {
          const text = document.querySelector('[data-testid="quiz-timer"]')?.textContent ?? '';
          const [m, s] = text.split(':').map(Number);
          return m * 60 + s < shown;
        }, after);
        const dots = page.locator('.quiz__dot--saved');
        await waitFor(async () => (await dots.count()) === 3, { what: 'three saved answers after the reloads' });
        await page.getByRole('button', { name: kkChallenges.quiz.questionN.replace('{{n}}', '1'), exact: false }).first().click();
        expect(await page.locator('.quiz__option--checked').count()).toBe(1);

        // Finish, see the result.
        await page.getByRole('button', { name: kkChallenges.quiz.finish, exact: true }).click();
        await page.getByRole('button', { name: kkChallenges.quiz.finishConfirm }).click();
        await heading(page, kkChallenges.result.title).waitFor();
        expect(await page.getByTestId('result-score').textContent()).toMatch(/\/\s*50/);
        // The day is still open to the rest of the grade: points now, the correct answers after the close.
        await page.locator('.alert', { hasText: kkChallenges.result.answersAt.split('{{time}}')[0].trim() }).waitFor();
        expect(await page.locator('.review').count()).toBe(0);

        // The live leaderboard tab shows the pupil.
        await page.getByRole('link', { name: kkChallenges.result.toLeaderboard }).click();
        await page.locator('.table td', { hasText: firstName }).waitFor();
        await page.getByTestId('my-rank').waitFor();
      });

      // The display screen got the new row pushed over socket.io, without a reload.
      const row = display.locator('.display__name', { hasText: `${firstName} ${lastName[0]}.` });
      await row.waitFor({ timeout: 15_000 });

      // The network drops: the screen says so, reconnects by itself when it is back, and shows the current board.
      const pushes = async () => Number(await display.locator('.display').getAttribute('data-pushes'));
      const before = await pushes();
      await displayContext.setOffline(true);
      await display.getByRole('status').filter({ hasText: kkChallenges.display.reconnecting }).waitFor();
      await displayContext.setOffline(false);
      await display.getByRole('status').filter({ hasText: kkChallenges.display.live }).waitFor({ timeout: 15_000 });
      // The board the server sends on the new connection has arrived, with the pupil on it.
      await waitFor(async () => (await pushes()) > before, { what: 'a board pushed after the reconnect' });
      await row.waitFor();
      expect(displayErrors).toEqual([]);
    } finally {
      await displayContext.close();
    }
  }, 120_000);

  it('signs a demo pupil in, recharges ZP, pays an invoice with a live notice, runs out of time, and loses an expired session', async () => {
    const base = site.url;
    const all = await getJson<{ data: { id: string; grade: number | null; paid: boolean; title: { kk: string } }[] }>(`${base}/api/challenges-all`);
    const paid = all.data.find((c) => c.paid);
    const grade6 = all.data.find((c) => c.grade === 6 && c.title.kk.startsWith('5 күндік'));
    if (!paid || !grade6) throw new Error('the demo challenges are missing');
    await withPage(async (page) => {
      await page.goto(`${base}/student/my-challenges`);
      await page.waitForURL((url) => url.pathname === '/login');
      await heading(page, kkLogin.login.title).waitFor();
      await page.getByLabel(kkLogin.fields.phone, { exact: true }).fill('+77000000106');
      const requested = Date.now();
      await page.getByRole('button', { name: kkLogin.login.submit }).click();
      await heading(page, kkLogin.otp.title).waitFor();
      await page.getByLabel(kkLogin.code.label, { exact: true }).fill(await codeFor(base, '+77000000106', requested));
      await page.getByRole('button', { name: kkLogin.code.submit }).click();
      await heading(page, kkChallenges.mine.title).waitFor();
      expect(new URL(page.url()).pathname).toBe('/student/my-challenges');
      // A signed-in pupil opening /login goes to the student home.
      await page.goto(`${base}/login`);
      await page.waitForURL(`${base}/student/home`);

      // Recharge 500 ZP through the sandbox provider.
      await page.goto(`${base}/student/zpoint/checkout`);
      await page.getByRole('button', { name: '500 ZP' }).click();
      await page.getByRole('button', { name: kkFinances.zp.continue }).click();
      await page.getByRole('button', { name: kkFinances.zp.pay, exact: true }).click();
      await page.getByRole('button', { name: kkFinances.zp.sandboxPay }).click();
      await page.getByText(kkFinances.zp.status.completed, { exact: true }).waitFor();

      // The paid challenge: its invoice, paid with ZP; the notice comes over the socket as a toast.
      await page.goto(`${base}/student/challenges/${paid.id}/checkpoints`);
      await page.getByRole('button', { name: kkChallenges.join.pay }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/student/my-invoices/'));
      await page.getByText(kkFinances.invoice.status.pending, { exact: true }).waitFor();
      await page.getByRole('button', { name: kkFinances.invoice.payZp.replace('{{amount}}', '500') }).click();
      await page.getByText(kkFinances.invoice.status.paid, { exact: true }).waitFor();
      await page.locator('.toast__title', { hasText: NOTICE_INVOICE_PAID_TITLE_KK }).waitFor({ timeout: 15_000 });

      // The notice is kept too: the header's bell counts it, the notices page lists it newest first, reading it
      // clears the count.
      await page.getByTestId('notices-unread').filter({ hasText: '1' }).waitFor();
      await page.getByRole('link', { name: kkCommon.header.noticesUnread.replace('{{n}}', '1') }).click();
      await heading(page, kkProfile.notices.title).waitFor();
      const notice = page.locator('.notice--unread', { hasText: NOTICE_INVOICE_PAID_TITLE_KK });
      await notice.waitFor();
      await notice.getByRole('button', { name: kkProfile.notices.markRead }).click();
      await notice.waitFor({ state: 'detached' });
      await page.locator('.notice', { hasText: NOTICE_INVOICE_PAID_TITLE_KK }).waitFor();
      await page.getByTestId('notices-unread').waitFor({ state: 'detached' });

      // A page whose data the server refuses (403 FORBIDDEN) ends the navigation on the unauthorized page.
      await page.route('**/api/notices?page=1&limit=20', (route) =>
        route.fulfill({ status: 403, json: { code: 'FORBIDDEN', message: 'You do not have permission for this action.' } }),
      );
      await page.goto(`${base}/student/notices`);
      await page.waitForURL(`${base}/unauthorized`);
      await heading(page, kkCommon.unauthorized.title).waitFor();
      await page.unroute('**/api/notices?page=1&limit=20');

      // Time runs out: the client counts down from the server's remaining seconds (cut to 3 s here), then the
      // result page follows on its own.
      await page.goto(`${base}/student/challenges/${grade6.id}/checkpoints`);
      await page.getByRole('button', { name: kkChallenges.join.action }).click();
      await page.getByText(kkChallenges.joined, { exact: true }).first().waitFor();
      await page.locator('.checkpoint-list a', { hasText: kkChallenges.checkpoint.state.open }).first().click();
      await page.getByRole('link', { name: kkChallenges.checkpoint.startTest }).first().click();
      await page.route('**/api/users/*/quizzes/*/start', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { attempt: { remainingSeconds: number } } };
        body.data.attempt.remainingSeconds = 3;
        await route.fulfill({ response, json: body });
      });
      for (const key of ['charged', 'stableConnection', 'timerKeepsRunning'] as const) await page.getByLabel(kkChallenges.quiz.prechecks[key]).check();
      await page.getByRole('button', { name: kkChallenges.quiz.start }).click();
      await page.getByTestId('quiz-timer').waitFor();
      await heading(page, kkChallenges.result.title).waitFor({ timeout: 20_000 });
      await page.getByText(kkChallenges.result.timeUp).waitFor();

      // An expired session under /student: cleared, and back to /login with the page kept.
      await page.evaluate(() => {
        localStorage.setItem('token', 'expired');
        localStorage.setItem('refresh_token', 'x'.repeat(43));
      });
      await page.goto(`${base}/student/zpoint`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/student/zpoint');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });
  }, 90_000);

  it('edits the school with per-field server messages and uploads an avatar (a non-image refused)', async () => {
    const base = site.url;
    await withPage(async (page) => {
      await signInAt(page, base, '+77000000105', '/student/profile/edit');
      const school = page.getByRole('form', { name: kkProfile.school.title });
      const province = school.getByLabel(kkProfile.fields.province, { exact: true });
      const district = school.getByLabel(kkProfile.fields.district, { exact: true });
      const schoolSelect = school.getByLabel(kkProfile.fields.school, { exact: true });
      await province.locator('option').nth(1).waitFor({ state: 'attached' });
      const current = await province.inputValue();
      const values = await province.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      const other = values.find((v) => v !== current) ?? values[0];
      await province.selectOption(other);
      await district.locator('option').nth(1).waitFor({ state: 'attached' });
      await district.selectOption({ index: 1 });
      await schoolSelect.locator('option').nth(1).waitFor({ state: 'attached' });
      await schoolSelect.selectOption({ index: 1 });
      const chosenSchool = await schoolSelect.inputValue();

      // The server's refusal lands under the field it names: a district that does not exist.
      await page.route('**/api/students/*/update-school', (route) =>
        route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as object), district: 999999 }) }),
      );
      const refused = page.waitForResponse('**/api/students/*/update-school');
      await school.getByRole('button', { name: kkProfile.school.save }).click();
      const answer = await refused;
      expect([answer.status(), await answer.text()]).toEqual([400, expect.stringContaining('"district"')]);
      const districtError = school.locator('.field', { hasText: kkProfile.fields.district }).locator('.field__error');
      await districtError.waitFor();
      expect((await districtError.textContent())?.trim()).not.toBe('');
      await page.unroute('**/api/students/*/update-school');

      await school.getByRole('button', { name: kkProfile.school.save }).click();
      await page.locator('.toast', { hasText: kkProfile.school.saved }).waitFor();
      await districtError.waitFor({ state: 'detached' });
      const profile = await page.evaluate(async () => {
        const r = await fetch('/api/profile', { headers: { authorization: `Bearer ${localStorage.getItem('token')}`, accept: 'application/json' } });
        return (await r.json()) as { data?: { schoolId: number }; schoolId?: number };
      });
      expect(String(profile.data?.schoolId ?? profile.schoolId)).toBe(chosenSchool);

      // Avatar: text bytes named .png are refused by the server (the bytes decide), a real PNG is kept and shown.
      const avatar = page.getByRole('form', { name: kkProfile.avatar.title });
      const file = avatar.getByLabel(kkProfile.avatar.choose, { exact: true });
      await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
      await avatar.getByRole('button', { name: kkProfile.avatar.upload }).click();
      const avatarError = avatar.locator('.field__error');
      await avatarError.waitFor();
      expect((await avatarError.textContent())?.trim()).not.toBe('');
      await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
      await avatar.getByRole('button', { name: kkProfile.avatar.upload }).click();
      await page.locator('.toast', { hasText: kkProfile.avatar.saved }).waitFor();
      const shown = page.getByTestId('avatar-current');
      await shown.waitFor();
      await waitFor(async () => ((await shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)) > 0 ? true : undefined), { what: 'the avatar image' });
      await page.locator('img.site-header__avatar').waitFor();
    });
  }, 60_000);

  it('joins the demo training, takes a lesson test with one wrong answer and the rest unanswered and loses a heart for each', async () => {
    const base = site.url;
    await withPage(async (page) => {
      await signInAt(page, base, '+77000000107', '/student/training');
      await page.locator('.card--link', { hasText: 'Бөлшектер мен пайыздар' }).click();
      await page.getByRole('button', { name: kkTraining.join.action }).click();
      const hearts = page.getByTestId('hearts');
      await hearts.filter({ hasText: kkTraining.hearts.left.replace('{{n}}', '5').replace('{{max}}', '5') }).waitFor();
      await page.getByRole('link', { name: 'Бөлшектер: 1-сабақ' }).click();
      await page.getByRole('link', { name: kkTraining.startTest }).click();
      for (const key of ['charged', 'stableConnection', 'timerKeepsRunning'] as const) await page.getByLabel(kkChallenges.quiz.prechecks[key]).check();
      await page.getByRole('button', { name: kkChallenges.quiz.start }).click();
      await page.getByTestId('quiz-timer').waitFor();

      // One wrong answer: an option the quiz marks incorrect (read from learning's tables), or a number no
      // template yields.
      const quizId = /\/quizzes\/([^/]+)\/play/.exec(new URL(page.url()).pathname)?.[1];
      const text = (await page.locator('.quiz__text').first().textContent())?.trim() ?? '';
      if ((await page.locator('.quiz__option').count()) > 0) {
        const ds = stack!.services.learning.app.get(DataSource);
        const [wrong] = (await ds.query(
          'SELECT a.text_kk AS text FROM answers a JOIN questions q ON q.id = a.question_id WHERE q.quiz_id = $1 AND q.text_kk = $2 AND NOT a.is_correct LIMIT 1',
          [quizId, text],
        )) as { text: string }[];
        await page.locator('.quiz__option', { hasText: new RegExp(`^\\s*${wrong.text}\\s*$`) }).first().click();
      } else {
        await page.locator('.quiz__question input').first().fill('987654');
        await page.locator('.quiz__question input').first().press('Enter');
      }
      await savedMark(page).waitFor();
      await page.getByRole('button', { name: kkChallenges.quiz.finish, exact: true }).click();
      await page.getByRole('button', { name: kkChallenges.quiz.finishConfirm }).click();
      await heading(page, kkChallenges.result.title).waitFor();
      // Not passed and tries left: no right answers yet, only whether each question was answered.
      await page.getByText(kkChallenges.result.trainingAnswersLater).waitFor();
      expect(await page.locator('.review__item', { hasText: kkChallenges.result.answered }).count()).toBe(1);

      // Back on the training: six questions not answered right (one wrong, five unanswered) take all five hearts.
      await page.goto(`${base}${new URL(page.url()).pathname.replace(/\/test\/result$/, '/chapter')}`);
      await hearts.filter({ hasText: kkTraining.hearts.left.replace('{{n}}', '0').replace('{{max}}', '5') }).waitFor();

      // The signed-in header (bell, basket, languages, avatar, menu) still fits a 360 px phone.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.locator('.site-header__bell').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const rightEdge = await page.evaluate(() => Math.max(...[...document.querySelectorAll('.site-header__inner > *, .site-header__end > *')].map((e) => e.getBoundingClientRect().right)));
      expect(rightEdge).toBeLessThanOrEqual(360);
    });
  }, 60_000);
});
