/**
 * Chat in real Chromium through the gateway (docs/chat.md): two pupils chat on a
 * challenge in real time, one reports the other's message, staff hide it and it disappears for both; the challenge's
 * chat-groups tab lists the group, the menu counts unread messages. Pupil one joins the demo challenge through
 * learning (the real event path to notifications); pupil two (another grade) is put into the same group by the
 * membership fact itself. Pictures: a pupil attaches one from the composer (a wrong file is refused with a message in
 * the pupil's language, by the page or by the server), previews it and sends it; the other pupil sees it live,
 * fetched with the token from the members-only route. The demo course's enrolled pupil opens the online course's chat
 * tab: it lists the course group's chat (made from the seed's membership facts), which opens and takes a message.
 * The flex course's group-chat tab lists the course's own chat for its enrolled pupil, and its group's chat too once
 * staff put the pupil on a group of the course; a pupil not enrolled is told there is none.
 * Every flow runs once on a phone (390x844, where pupils chat); a desktop (1440x900) pass opens the same screens
 * (the challenge's chat-groups tab, the conversation the flows left, the chat list, the course chat tabs) and checks
 * their labels, data and buttons, and that nothing is wider than the screen.
 */
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ROLE } from '@olymp/proto';
import { describeWithBrowser, testToken, waitFor } from '@olymp/server-kit/testing';
import { EventOutbox, stableUuid } from '@olymp/server-kit';
import { pageRunner, serveUiBuild, type WithPage } from '@olymp/web-common/testing';
import { DataSource } from 'typeorm';
import sharp from 'sharp';
import kkChat from '../src/i18n/locales/kk/chat.json';
import ruChat from '../src/i18n/locales/ru/chat.json';
import ruFlex from '../src/i18n/locales/ru/flex.json';
import kkChallenges from '../src/i18n/locales/kk/challenges.json';
import kkCourses from '../src/i18n/locales/kk/courses.json';
import ruCourses from '../src/i18n/locales/ru/courses.json';
import { startStack, type Stack } from './stack';
import { signInThroughLogin, useSession, type Session } from './session';
import { FAILED_LOADS } from './waits';

const UI_DIR = path.resolve(__dirname, '..');
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: ANDROID_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
/** The demo preparation course and its group (learning's demo ids); the grade-5 demo pupil is enrolled in it. */
const DEMO_COURSE = stableUuid('olymp-demo:learning:course:district-preparation');
const DEMO_GROUP = stableUuid('olymp-demo:learning:course:district-preparation:group:1');
const DEMO_FLEX = stableUuid('olymp-demo:learning:course:flex-fractions');

async function api<T>(base: string, route: string, token?: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${base}/api/${route}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Two pages at once (two pupils, two pooled tabs of the same size), each failing the test on a page or console error. */
async function twoPages(withPage: WithPage, options: BrowserContextOptions, run: (a: Page, b: Page) => Promise<void>): Promise<void> {
  await withPage((a) => withPage((b) => run(a, b), options), options);
}

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describeWithBrowser('chat in the student site, two pupils on a phone, every screen laid out on a desktop', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    const started = await startStack(outDir);
    stack = started;
    return { url: started.gateway.url, close: () => started.close() };
  });
  const withPage = pageRunner(browser, { allowConsole: FAILED_LOADS });
  const sessions = new Map<string, Session>();
  let groupId: string;
  let challenge: { id: string; title: { kk: string } };

  async function sessionOf(phone: string): Promise<Session> {
    const known = sessions.get(phone);
    if (known) return known;
    // Signed in once per file, on a pooled phone tab.
    let session: Session | undefined;
    await withPage(async (page) => {
      session = await signInThroughLogin(page, site.url, phone);
    }, PHONE);
    sessions.set(phone, session!);
    return session!;
  }

  beforeAll(async () => {
    const base = site.url;
    const one = await sessionOf('+77000000105');
    const two = await sessionOf('+77000000106');
    const all = await api<{ data: { id: string; grade: number | null; title: { kk: string } }[] }>(base, 'challenges-all');
    const found = all.data.find((c) => c.grade === 5 && c.title.kk.startsWith('5 күндік'));
    if (!found) throw new Error('the demo 5-day challenge for grade 5 is missing');
    challenge = found;
    // Pupil one joins through learning: the membership reaches notifications by the real event path.
    await api(base, `users/${one.user}/challenges/${challenge.id}`, one.token, { method: 'POST', body: {} });
    // Pupil two (grade 6) is put into the same group by the fact itself.
    const notifications = stack!.services.notifications;
    await notifications.app.get(DataSource).transaction((m) =>
      notifications.app.get(EventOutbox).add(m, 'learning.membership.changed', {
        group: { kind: 'challenge', id: challenge.id },
        userId: two.user,
        name: 'Нұрлан А.',
        role: 'pupil',
        title: { kk: challenge.title.kk, ru: challenge.title.kk, en: challenge.title.kk },
        active: true,
        at: new Date().toISOString(),
      }),
    );
    groupId = await waitFor(async () => {
      const mine = await api<{ data: { id: string }[] }>(base, 'chat/groups', two.token);
      const theirs = await api<{ data: { id: string }[] }>(base, 'chat/groups', one.token);
      return mine.data[0]?.id && mine.data[0].id === theirs.data[0]?.id && mine.data[0].id;
    }, { what: 'both pupils in the challenge group', timeoutMs: 20_000 });
  }, 120_000);

  it('two pupils chat live; a reported message hidden by staff disappears for both (phone)', async () => {
    const name = 'phone';
    const size = PHONE;
    const base = site.url;
    const one = await sessionOf('+77000000105');
    const two = await sessionOf('+77000000106');
    const admin = await testToken({ roleId: ROLE.admin });
    await twoPages(withPage, size, async (a, b) => {
      await useSession(a, one, 'kk');
      await useSession(b, two, 'ru');
      // Pupil one finds the group on the challenge's chat-groups tab.
      await a.goto(`${base}/student/challenges/${challenge.id}/chat-groups`);
      await a.getByRole('tab', { name: kkChallenges.tabs['chat-groups'] }).or(a.getByRole('link', { name: kkChallenges.tabs['chat-groups'] })).first().waitFor();
      await a.locator(`[data-chat-group="${groupId}"]`).click();
      await a.waitForURL(`${base}/student/chat/${groupId}`);
      await b.goto(`${base}/student/chat/${groupId}`);
      await b.getByRole('textbox', { name: ruChat.placeholder }).waitFor();
      await a.getByRole('textbox', { name: kkChat.placeholder }).waitFor();

      const text = `Сәлем, ${name}! 👋 https://example.com`;
      await a.getByRole('textbox', { name: kkChat.placeholder }).fill(text);
      await a.getByRole('button', { name: kkChat.send }).click();
      const onB = b.locator('.chat-msg', { hasText: text });
      await onB.waitFor();
      expect(await onB.locator('.chat-msg__author').textContent()).toBe('Айгерім Б.');
      // Links stay text unless staff allow them.
      expect(await onB.locator('a').count()).toBe(0);
      const messageId = await onB.getAttribute('data-message-id');

      // Pupil two answers; pupil one sees it live.
      await b.getByRole('textbox', { name: ruChat.placeholder }).fill(`Привет (${name})`);
      await b.getByRole('textbox', { name: ruChat.placeholder }).press('Enter');
      await a.locator('.chat-msg', { hasText: `Привет (${name})` }).waitFor();

      // Pupil two reports pupil one's message.
      await onB.getByRole('button', { name: ruChat.actions }).click();
      await onB.getByRole('button', { name: ruChat.report }).click();
      await onB.getByLabel(ruChat.reportReason).fill('Спам');
      await onB.getByRole('button', { name: ruChat.reportSend }).click();
      await b.getByText(ruChat.reported).waitFor();

      // Staff see the report and hide the message: it disappears for both, live.
      const reports = await api<{ data: { message: { id: string }; reason: string }[] }>(base, `chat/admin/groups/${groupId}/reports`, admin);
      expect(reports.data.find((r) => r.message.id === messageId)?.reason).toBe('Спам');
      await api(base, `chat/admin/messages/${messageId}/hide`, admin, { method: 'POST', body: {} });
      await a.locator(`[data-message-id="${messageId}"]`).getByText(kkChat.hidden).waitFor();
      await b.locator(`[data-message-id="${messageId}"]`).getByText(ruChat.hidden).waitFor();
      expect(await a.getByText(text).count()).toBe(0);
      expect(await b.getByText(text).count()).toBe(0);

      // Phone first: nothing wider than the screen, the composer on screen.
      const overflow = await a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await a.getByRole('button', { name: kkChat.send }).boundingBox();
      expect(box && box.y + box.height <= (size.viewport?.height ?? 0)).toBe(true);

      // The chat list shows the group with its last message.
      await b.goto(`${base}/student/chat`);
      await b.locator(`[data-chat-group="${groupId}"]`).waitFor();
    });
  }, 120_000);

  it('a pupil attaches a picture, previews it and sends it; the other pupil sees it live (phone)', async () => {
    const name = 'phone';
    const size = PHONE;
    const base = site.url;
    const one = await sessionOf('+77000000105');
    const two = await sessionOf('+77000000106');
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
    await twoPages(withPage, size, async (a, b) => {
      await useSession(a, one, 'kk');
      await useSession(b, two, 'ru');
      await a.goto(`${base}/student/chat/${groupId}`);
      await b.goto(`${base}/student/chat/${groupId}`);
      await b.getByRole('textbox', { name: ruChat.placeholder }).waitFor();
      await a.getByRole('textbox', { name: kkChat.placeholder }).waitFor();
      const file = a.locator('.chat__composer input[type=file]');
      await a.getByRole('button', { name: kkChat.attach }).waitFor();

      // Not a picture: the page says so in Kazakh, nothing is sent.
      await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await a.getByRole('alert').getByText(kkChat.imageType).waitFor();
      // Claims to be a PNG but is not: the server refuses it, in Kazakh too.
      await file.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"></svg>') });
      await a.getByRole('alert').getByText(/Рұқсат етілген түрлер: JPEG, PNG, WebP, GIF/).waitFor();
      expect(await a.getByRole('img', { name: kkChat.imageAttached }).count()).toBe(0);

      // A real picture: uploaded, previewed, sent with a caption.
      await file.setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: picture });
      await a.getByRole('img', { name: kkChat.imageAttached }).waitFor();
      const caption = `Тақта (${name})`;
      await a.getByRole('textbox', { name: kkChat.placeholder }).fill(caption);
      await a.getByRole('button', { name: kkChat.send }).click();
      await a.getByRole('img', { name: kkChat.imageAttached }).waitFor({ state: 'detached' });

      for (const [page, label] of [[a, kkChat.image], [b, ruChat.image]] as const) {
        const message = page.locator('.chat-msg', { hasText: caption });
        const img = message.locator('img.chat-msg__image');
        await img.waitFor();
        expect(await img.getAttribute('alt')).toBe(label);
        // Shown from the bytes fetched with the token (an object URL), and decoded for real.
        expect(await img.getAttribute('src')).toMatch(/^blob:/);
        await waitFor(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 900), { what: `the picture decoded (${label})` });
      }
      // Phone first: the picture stays within the screen.
      const overflow = await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }, 120_000);

  /** The demo pupil's online course page on its chat tab: the one card of the course group's chat, nothing wider than the screen. */
  async function courseChatTab(size: BrowserContextOptions, locale: 'kk' | 'ru', run: (page: Page, groupId: string) => Promise<void>): Promise<void> {
    const base = site.url;
    const one = await sessionOf('+77000000105');
    const texts = locale === 'ru' ? ruCourses : kkCourses;
    await withPage(async (page) => {
      await useSession(page, one, locale);
      await page.goto(`${base}/student/courses/online-courses/${DEMO_COURSE}/chat`);
      await page.getByRole('link', { name: texts.online.tabs.chat, exact: true }).waitFor();
      const card = page.locator('[data-chat-group]');
      await card.first().waitFor();
      // Only the course group's chat ("<course> · <group>"), with its teacher and pupil.
      expect(await card.count()).toBe(1);
      const groupId = (await card.getAttribute('data-chat-group')) ?? '';
      const mine = await api<{ data: { id: string; refId: string; members: number }[] }>(base, 'chat/groups?kind=course_group', one.token);
      expect(mine.data).toEqual([expect.objectContaining({ id: groupId, refId: DEMO_GROUP, members: 2 })]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await run(page, groupId);
    }, size);
  }

  it("an enrolled pupil opens the course group's chat from the online course's chat tab and writes (phone, ru)", async () => {
    await courseChatTab(PHONE, 'ru', async (page, groupId) => {
      await page.locator(`[data-chat-group="${groupId}"]`).click();
      await page.waitForURL(`${site.url}/student/chat/${groupId}`);
      await page.getByRole('textbox', { name: ruChat.placeholder }).fill('Когда следующий урок?');
      await page.getByRole('button', { name: ruChat.send }).click();
      await page.locator('.chat-msg', { hasText: 'Когда следующий урок?' }).waitFor();
    });
  }, 120_000);

  it("the online course's chat tab fits a desktop (kk)", async () => {
    await courseChatTab(DESKTOP, 'kk', async () => undefined);
  }, 120_000);

  it("the flex course's group-chat tab lists the course's chat, then its group's once staff add the pupil; none for a pupil not enrolled (phone ru, desktop kk)", async () => {
    const base = site.url;
    const one = await sessionOf('+77000000105');
    const two = await sessionOf('+77000000106');
    const admin = await testToken({ roleId: ROLE.admin });
    await withPage(async (page) => {
      await useSession(page, two, 'ru');
      await page.goto(`${base}/student/courses/flex-courses/${DEMO_FLEX}/group-chat`);
      await page.getByRole('link', { name: ruFlex.tabs['group-chat'], exact: true }).waitFor();
      await page.getByText(ruChat.noCourseGroup).waitFor();
      expect(await page.locator('[data-chat-group]').count()).toBe(0);
    }, PHONE);
    await withPage(async (page) => {
      await useSession(page, one, 'ru');
      await page.goto(`${base}/student/courses/flex-courses/${DEMO_FLEX}/group-chat`);
      // The enrolled demo pupil: the course's own chat (from the seed's membership fact).
      const courseChat = await api<{ data: { id: string }[] }>(base, `chat/groups?kind=course&refId=${DEMO_FLEX}`, one.token);
      expect(courseChat.data).toHaveLength(1);
      await page.locator(`[data-chat-group="${courseChat.data[0].id}"]`).waitFor();
      expect(await page.locator('[data-chat-group]').count()).toBe(1);
      // Staff put the pupil on a group of the flex course: its chat follows through learning's membership facts.
      const group = await api<{ id: string }>(base, 'groups', admin, { method: 'POST', body: { courseId: DEMO_FLEX, name: 'Flex 1', published: true } });
      await api(base, `groups/${group.id}/members`, admin, { method: 'POST', body: { userId: one.user, role: 'pupil' } });
      const chatId = await waitFor(async () => {
        const mine = await api<{ data: { id: string }[] }>(base, `chat/groups?kind=course_group&refId=${group.id}`, one.token);
        return mine.data[0]?.id;
      }, { what: "the flex group's chat", timeoutMs: 20_000 });
      await page.reload();
      await page.locator(`[data-chat-group="${chatId}"]`).waitFor();
      expect(await page.locator('[data-chat-group]').count()).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.setViewportSize(DESKTOP.viewport ?? { width: 1440, height: 900 });
      await page.evaluate(() => localStorage.setItem('currentLocale', 'kk'));
      await page.reload();
      await page.locator(`[data-chat-group="${chatId}"]`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }, PHONE);
  }, 120_000);

  it("on a desktop (kk) the chat screens the flows used are laid out: the challenge's chat-groups tab, the conversation with its hidden message, picture and composer, the chat list", async () => {
    const base = site.url;
    const one = await sessionOf('+77000000105');
    await withPage(async (page) => {
      await useSession(page, one, 'kk');
      await page.goto(`${base}/student/challenges/${challenge.id}/chat-groups`);
      await page.getByRole('tab', { name: kkChallenges.tabs['chat-groups'] }).or(page.getByRole('link', { name: kkChallenges.tabs['chat-groups'] })).first().waitFor();
      await page.locator(`[data-chat-group="${groupId}"]`).waitFor();
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);
      // Into the conversation by its card, as a pupil would.
      await page.locator(`[data-chat-group="${groupId}"]`).click();
      await page.waitForURL(`${base}/student/chat/${groupId}`);
      await page.getByRole('textbox', { name: kkChat.placeholder }).waitFor();
      const answer = page.locator('.chat-msg', { hasText: 'Привет (phone)' });
      await answer.waitFor();
      expect(await answer.locator('.chat-msg__author').textContent()).toBe('Нұрлан А.');
      await page.getByText(kkChat.hidden).first().waitFor();
      const picture = page.locator('.chat-msg', { hasText: 'Тақта (phone)' }).locator('img.chat-msg__image');
      await waitFor(() => picture.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 900), { what: 'the picture decoded' });
      expect(await page.getByRole('button', { name: kkChat.attach }).isVisible()).toBe(true);
      const box = await page.getByRole('button', { name: kkChat.send }).boundingBox();
      expect(box && box.y + box.height <= (DESKTOP.viewport?.height ?? 0)).toBe(true);
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);
      await page.goto(`${base}/student/chat`);
      await page.locator(`[data-chat-group="${groupId}"]`).waitFor();
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    }, DESKTOP);
  }, 120_000);
});
