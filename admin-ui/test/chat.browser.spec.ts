/**
 * Chat moderation in the admin UI (docs/chat.md) on the whole platform in Chromium, at 390x844 (every flow, once) and
 * 1440x900 (a layout pass over the same screens): a
 * manager opens the demo training's chat-groups tab, sees the group with its open report, opens it, hides the
 * reported message (gone for pupils, checked through their API), mutes a member and pins an announcement with a
 * picture it attaches; a pupil's picture shows in the group's messages (fetched with the manager's token). The
 * demo course group's, the flex demo course's (its own chat, the enrolled pupil) and a course event's pages carry the same tab: the group's chat (its teacher and pupil, from
 * the seed's membership facts) and the event's (the course's pupil, from publishing it), closed from the tab; an
 * extra group of the event gets the pupil from the event's members, links allowed, and loses the pupil again.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { EventOutbox, stableUuid } from '@olymp/server-kit';
import { ROLE } from '@olymp/proto';
import { describeWithBrowser, testToken, waitFor } from '@olymp/server-kit/testing';
import { serveUiBuild } from '@olymp/web-common/testing';
import { DataSource } from 'typeorm';
import sharp from 'sharp';
import kk from '../src/i18n/locales/kk/common.json';
import kkCourses from '../src/i18n/locales/kk/courses.json';
import kkT from '../src/i18n/locales/kk/training.json';
import ruCommon from '../src/i18n/locales/ru/common.json';
import ruCourses from '../src/i18n/locales/ru/courses.json';
import { PHONES, expectEventually, goInApp, pageRunnerAllowingHttpErrors, storageOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
const DEMO_TITLE = 'Бөлшектер мен пайыздар';
/** The demo course's group and its enrolled pupil (learning's and auth's demo ids). */
const DEMO_COURSE = stableUuid('olymp-demo:learning:course:district-preparation');
const DEMO_GROUP = stableUuid('olymp-demo:learning:course:district-preparation:group:1');
const DEMO_PUPIL = stableUuid('olymp-demo:+77000000105');
const DEMO_FLEX = stableUuid('olymp-demo:learning:course:flex-fractions');
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
const SIZES: [string, BrowserContextOptions][] = [
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['desktop', { viewport: { width: 1440, height: 900 } }],
];

describeWithBrowser('admin-ui chat groups in Chromium', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  let manager: Storage | undefined;
  let trainingId: string;
  let groupId: string;
  const pupils = { a: randomUUID(), b: randomUUID() };
  const tokens: Record<string, string> = {};
  let eventId: string;

  const api = async <T,>(token: string, p: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${gateway.url}/api/${p}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  beforeAll(async () => {
    const list = (await (await fetch(`${gateway.url}/api/trainings-all`)).json()) as { data: { id: string; title: { kk: string } }[] };
    trainingId = list.data.find((t) => t.title.kk === DEMO_TITLE)!.id;
    const notifications = stack.services.notifications;
    await notifications.app.get(DataSource).transaction(async (m) => {
      for (const [key, name] of [['a', 'Арман Т.'], ['b', 'Балнұр С.']] as const) {
        await notifications.app.get(EventOutbox).add(m, 'learning.membership.changed', {
          group: { kind: 'training', id: trainingId }, userId: pupils[key], name, role: 'pupil',
          title: { kk: DEMO_TITLE, ru: DEMO_TITLE, en: DEMO_TITLE }, active: true, at: new Date().toISOString(),
        });
      }
    });
    for (const key of ['a', 'b'] as const) tokens[key] = await testToken({ userId: pupils[key] });
    groupId = await waitFor(async () => {
      const mine = await api<{ data: { id: string; members: number }[] }>(tokens.b, 'chat/groups');
      return mine.body.data?.[0]?.members === 2 && mine.body.data[0].id;
    }, { what: 'the training group with both pupils', timeoutMs: 20_000 });
    // A webinar for the demo course, published: its chat gets the course's pupil through learning's facts.
    const admin = await testToken({ roleId: ROLE.admin });
    const event = await api<{ id: string }>(admin, 'events', { method: 'POST', body: {
      titleKk: 'Курс вебинары', titleRu: 'Вебинар курса', titleEn: 'Course webinar', startsAt: '2026-12-20T14:00:00Z', endsAt: '2026-12-20T15:00:00Z',
      onlineUrl: 'https://meet.example.kz/w', audience: 'course', courseId: DEMO_COURSE,
    } });
    expect(event.status).toBe(201);
    eventId = event.body.id;
    expect((await api(admin, `events/${eventId}/publish`, { method: 'POST', body: {} })).status).toBe(200);
    tokens.demo = await testToken({ userId: DEMO_PUPIL });
    await waitFor(async () => {
      const mine = await api<{ data: { kind: string; refId: string }[] }>(tokens.demo, 'chat/groups');
      const kinds = mine.body.data.map((g) => `${g.kind}:${g.refId}`);
      return kinds.includes(`event:${eventId}`) && kinds.includes(`course_group:${DEMO_GROUP}`);
    }, { what: "the demo pupil in the course group's and the event's chats", timeoutMs: 20_000 });
    const context = await browser().newContext();
    manager = await storageOf(context, gateway.url, PHONES.manager);
    await context.close();
  }, 120_000);

  it('phone: a manager hides a reported message, sees a pupil\'s picture, mutes a member and pins an announcement', async () => {
    const [name, size] = SIZES[0];
    const text = `Жаман сөз (${name})`;
    const sent = await api<{ data: { id: string } }>(tokens.a, `chat/groups/${groupId}/messages`, { method: 'POST', body: { clientId: `bad-${name}-1`, text } });
    expect(sent.status).toBe(201);
    expect((await api(tokens.b, `chat/messages/${sent.body.data.id}/report`, { method: 'POST', body: { reason: `Балағат ${name}` } })).status).toBe(201);
    // Pupil B sends a picture (uploaded to the group, then named in the message).
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 160, b: 90 } } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'plan.png');
    const uploaded = await fetch(`${gateway.url}/api/chat/groups/${groupId}/images`, { method: 'POST', headers: { authorization: `Bearer ${tokens.b}` }, body: form });
    expect(uploaded.status).toBe(201);
    const picture = ((await uploaded.json()) as { data: { image: string } }).data.image;
    const caption = `Сурет (${name})`;
    expect((await api(tokens.b, `chat/groups/${groupId}/messages`, { method: 'POST', body: { clientId: `pic-${name}-1`, text: caption, image: picture } })).status).toBe(201);

    await withPage(async (page: Page) => {
      await page.goto(`${gateway.url}/admin/trainings/${trainingId}?tab=chat-groups`);
      await page.getByRole('tab', { name: kkT.tabs.chatGroups, exact: true }).waitFor();
      await page.getByRole('button', { name: DEMO_TITLE }).click();
      const panel = page.getByTestId('chat-group-moderation');
      await panel.waitFor();
      const row = panel.getByRole('row').filter({ hasText: `Балағат ${name}` });
      await row.waitFor();
      expect(await row.textContent()).toContain(text);
      await row.getByRole('button', { name: kk.chat.hide }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: kk.chat.hide }).click();
      await row.getByText(kk.chat.resolved).waitFor();
      const history = await api<{ data: { id: string; text: string | null; hiddenAt: string | null }[] }>(tokens.b, `chat/groups/${groupId}/messages`);
      expect(history.body.data.find((m) => m.id === sent.body.data.id)).toMatchObject({ text: null });

      // The pupil's picture shows in the messages tab, fetched with the manager's token.
      await panel.getByRole('tab', { name: kk.chat.messages, exact: true }).click();
      const pictureRow = panel.getByRole('row').filter({ hasText: caption });
      const img = pictureRow.getByRole('img', { name: kk.chat.image });
      await img.waitFor();
      expect(await img.getAttribute('src')).toMatch(/^blob:/);
      await waitFor(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 640), { what: 'the picture decoded' });

      // Mute pupil A from the members tab.
      await panel.getByRole('tab', { name: new RegExp(`^${kk.chat.members}`) }).click();
      const member = panel.getByRole('row').filter({ hasText: 'Арман Т.' });
      await member.getByRole('button', { name: kk.chat.mute, exact: true }).click();
      await member.getByRole('button', { name: kk.chat.unmute }).waitFor();
      const refused = await api<{ code: string }>(tokens.a, `chat/groups/${groupId}/messages`, { method: 'POST', body: { clientId: `muted-${name}`, text: 'hi' } });
      expect(refused.body.code).toBe('CHAT_MUTED');
      await member.getByRole('button', { name: kk.chat.unmute }).click();
      await member.getByRole('button', { name: kk.chat.unmute }).waitFor({ state: 'detached' });

      // A pinned announcement: pupils see it pinned and get a notice.
      await panel.getByLabel(kk.chat.announcementText).fill(`Ертең 10:00 (${name})`);
      await panel.locator('input[type=file]').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png });
      await panel.getByRole('button', { name: kk.chat.pictureReplace }).waitFor();
      await panel.getByRole('button', { name: kk.chat.announceSend }).click();
      const pinned = await waitFor(async () => {
        const g = await api<{ data: { pinned: { text: string; image: { url: string } | null } | null } }>(tokens.a, `chat/groups/${groupId}`);
        return g.body.data.pinned?.text === `Ертең 10:00 (${name})` && g.body.data.pinned;
      }, { what: 'the pinned announcement' });
      expect(pinned.image?.url).toMatch(new RegExp(`^/api/chat/groups/${groupId}/images/[0-9a-f-]{36}\\.webp$`));
      expect((await fetch(`${gateway.url}${pinned.image?.url}`, { headers: { authorization: `Bearer ${tokens.a}` } })).status).toBe(200);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }, { ...size, storageState: manager });
  }, 120_000);

  it("a manager moderates a course group's and an event's chat from their pages, in Russian (phone)", async () => {
    await withPage(async (page: Page) => {
      await page.addInitScript(() => localStorage.setItem('currentLocale', 'ru'));
      // The course group's page: its chat with the teacher and the pupil.
      await page.goto(`${gateway.url}/admin/resources/groups/${DEMO_GROUP}?tab=chat-groups`);
      await page.getByRole('tab', { name: ruCourses.tabs.chatGroups, exact: true }).waitFor();
      await page.getByRole('button', { name: /Курс подготовки к районному этапу · Топ 1/ }).click();
      const panel = page.getByTestId('chat-group-moderation');
      await panel.getByRole('tab', { name: new RegExp(`^${ruCommon.chat.members}`) }).click();
      await panel.getByRole('row').filter({ hasText: 'Айгерім Б.' }).waitFor();
      await panel.getByRole('row').filter({ hasText: 'Дана К.' }).waitFor();

      // The flex course's page: its own chat with the enrolled pupil.
      await goInApp(page, `/resources/courses/${DEMO_FLEX}?tab=chat-groups`);
      await page.getByRole('button', { name: 'Дроби в своём темпе' }).click();
      const flex = page.getByTestId('chat-group-moderation');
      await flex.getByRole('tab', { name: new RegExp(`^${ruCommon.chat.members}`) }).click();
      await flex.getByRole('row').filter({ hasText: 'Айгерім Б.' }).waitFor();

      // The event's page: information first, then its chat, closed from the tab (the pupil can read, not post).
      await goInApp(page, `/resources/events/${eventId}`);
      await page.getByRole('tab', { name: ruCommon.chat.tabInformation, exact: true }).waitFor();
      await page.getByText('Вебинар курса').first().waitFor();
      await page.getByRole('tab', { name: ruCommon.chat.tabChatGroups, exact: true }).click();
      await page.getByRole('button', { name: 'Вебинар курса' }).click();
      const event = page.getByTestId('chat-group-moderation');
      await event.getByRole('tab', { name: new RegExp(`^${ruCommon.chat.members}`) }).click();
      await event.getByRole('row').filter({ hasText: 'Айгерім Б.' }).waitFor();
      await event.getByRole('button', { name: ruCommon.chat.close }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: ruCommon.chat.close }).click();
      await event.getByRole('button', { name: ruCommon.chat.reopen }).waitFor();
      const groups = await api<{ data: { id: string; kind: string; refId: string }[] }>(tokens.demo, 'chat/groups');
      const eventGroup = groups.body.data.find((g) => g.kind === 'event' && g.refId === eventId)!;
      const refused = await api<{ code: string }>(tokens.demo, `chat/groups/${eventGroup.id}/messages`, { method: 'POST', body: { clientId: 'closed-event-1', text: 'Сәлем' } });
      expect(refused.body.code).toBe('CHAT_GROUP_CLOSED');

      // An extra group of the event: the pupil put in from the event's members, links allowed.
      for (const l of ['kk', 'ru', 'en'] as const) await page.getByLabel(ruCommon.chat[`title_${l}`]).fill(`Группа А (${l})`);
      await page.getByRole('button', { name: ruCommon.chat.createSend }).click();
      await page.getByRole('button', { name: 'Группа А (ru)' }).click();
      const extra = page.getByTestId('chat-group-moderation').filter({ hasText: 'Группа А (ru)' });
      await extra.getByRole('tab', { name: new RegExp(`^${ruCommon.chat.members}`) }).click();
      await extra.getByRole('combobox', { name: ruCommon.chat.addMember }).click();
      await page.locator('.ant-select-item-option', { hasText: 'Айгерім Б.' }).click();
      await extra.getByRole('button', { name: ruCommon.chat.addMemberSend }).click();
      await extra.getByRole('row').filter({ hasText: 'Айгерім Б.' }).waitFor();
      await extra.getByRole('switch', { name: ruCommon.chat.linksAllowed }).click();
      const extraGroup = await waitFor(async () => {
        const mine = await api<{ data: { id: string; refId: string; isDefault: boolean; linksAllowed: boolean }[] }>(tokens.demo, `chat/groups?kind=event&refId=${eventId}`);
        return mine.body.data.find((g) => !g.isDefault && g.linksAllowed);
      }, { what: 'the pupil in the extra group with links allowed' });
      await extra.getByRole('row').filter({ hasText: 'Айгерім Б.' }).getByRole('button', { name: ruCommon.chat.removeMember }).click();
      await waitFor(async () => (await api(tokens.demo, `chat/groups/${extraGroup.id}`)).status === 404, { what: 'the pupil out of the extra group' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }, { ...SIZES[0][1], storageState: manager });
  }, 120_000);

  it("desktop layout, kk: the training's chat moderation (a report, the members with their mute button, the announcement form) and the event's, course group's and flex course's chat tabs show their rows and fit the screen", async () => {
    const sent = await api<{ data: { id: string } }>(tokens.a, `chat/groups/${groupId}/messages`, { method: 'POST', body: { clientId: 'bad-desktop-1', text: 'Жаман сөз (desktop)' } });
    expect(sent.status).toBe(201);
    expect((await api(tokens.b, `chat/messages/${sent.body.data.id}/report`, { method: 'POST', body: { reason: 'Балағат desktop' } })).status).toBe(201);
    const fits = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await withPage(async (page: Page) => {
      await page.goto(`${gateway.url}/admin/trainings/${trainingId}?tab=chat-groups`);
      await page.getByRole('tab', { name: kkT.tabs.chatGroups, exact: true }).waitFor();
      await page.getByRole('button', { name: DEMO_TITLE }).click();
      const panel = page.getByTestId('chat-group-moderation');
      const row = panel.getByRole('row').filter({ hasText: 'Балағат desktop' });
      await row.getByText('Жаман сөз (desktop)').waitFor();
      await row.getByRole('button', { name: kk.chat.hide }).waitFor();
      await fits(page);
      await panel.getByRole('tab', { name: new RegExp(`^${kk.chat.members}`) }).click();
      await panel.getByRole('row').filter({ hasText: 'Арман Т.' }).getByRole('button', { name: kk.chat.mute, exact: true }).waitFor();
      await panel.getByLabel(kk.chat.announcementText).waitFor();
      await panel.getByRole('button', { name: kk.chat.announceSend }).waitFor();
      await fits(page);

      for (const [route, tab] of [
        [`/resources/events/${eventId}?tab=chat-groups`, kk.chat.tabChatGroups],
        [`/resources/groups/${DEMO_GROUP}?tab=chat-groups`, kkCourses.tabs.chatGroups],
        [`/resources/courses/${DEMO_FLEX}?tab=chat-groups`, kkCourses.tabs.chatGroups],
      ]) {
        await goInApp(page, route);
        await expectEventually(() => page.getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected'), 'true');
        await page.locator('.ant-table-row').first().waitFor();
        await fits(page);
      }
    }, { ...SIZES[1][1], storageState: manager });
  }, 120_000);
});
