/**
 * "Subscribe in calendar" on a pupil's timetable (issue 15, docs/teaching.md) in Chromium on a phone (390x844, kk)
 * and a desktop (1440x900, en), against the real platform: the pupil makes their secret link from the page, the
 * subscribe link opens it as webcal://, and the https link's feed parses with an iCal library and holds the lesson
 * at its Almaty time; a new link replaces the old one. Nothing is wider than the screen.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import * as ical from 'node-ical';
import type { BrowserContextOptions } from 'playwright-core';
import { ROLE } from '@olymp/proto';
import { Clock } from '@olymp/server-kit';
import { describeWithBrowser, testToken, waitFor } from '@olymp/server-kit/testing';
import { pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import en from '../src/i18n/locales/en/courses.json';
import kk from '../src/i18n/locales/kk/courses.json';
import { startStack, type Stack } from './stack';
import { signInThroughLogin, useSession, type Session } from './session';

const UI_DIR = path.resolve(__dirname, '..');
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SIZES: [string, 'kk' | 'en', BrowserContextOptions][] = [
  ['phone 390x844', 'kk', PHONE],
  ['desktop 1440x900', 'en', { viewport: { width: 1440, height: 900 } }],
];
const T = { kk, en } as const;
const PUPIL_PHONE = '+77000000106';
/** Wednesday 2 December 2026, 12:00 in Almaty. */
const NOW = new Date('2026-12-02T07:00:00Z');


describeWithBrowser('a pupil subscribes to their timetable in a calendar', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => (stack as Stack).close() };
  });
  const withPage = pageRunner(browser);
  let admin = '';
  let session: Session;
  let lessonId = '';

  async function api<R>(route: string, init: { method?: string; body?: unknown } = {}): Promise<R> {
    const response = await fetch(`${site.url}/api/${route}`, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', authorization: admin, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as R;
  }


  beforeAll(async () => {
    admin = `Bearer ${await testToken({ roleId: ROLE.admin, userId: randomUUID() })}`;
    await withPage(async (page) => {
      session = await signInThroughLogin(page, site.url, PUPIL_PHONE);
    });
    stack!.services.learning.app.get(Clock).set(NOW);
    const course = await api<{ id: string }>('courses', { method: 'POST', body: { kind: 'live', titleKk: 'Күнтізбе курсы', titleRu: 'Курс календаря', titleEn: 'Calendar course' } });
    const group = await api<{ id: string }>('groups', { method: 'POST', body: { courseId: course.id, name: 'K-1' } });
    await api(`groups/${group.id}/members`, { method: 'POST', body: { userId: session.user, role: 'pupil' } });
    const lesson = await api<{ id: string }>('lessons', { method: 'POST', body: { groupId: group.id, titleKk: 'Теңдеулер', titleRu: 'Уравнения', titleEn: 'Equations', startsAt: '2026-12-03T18:30:00+05:00' } });
    lessonId = lesson.id;
  }, 120_000);

  afterAll(() => stack?.services.learning.app.get(Clock).resume());

  it.each(SIZES)('makes the secret link from the timetable and the feed holds the lesson at its Almaty time (%s, %s)', async (_name, locale, size) => {
    const t = T[locale];
    await withPage(async (page) => {
      await useSession(page, session, locale);
      // Each case starts without a link (the pupil's own DELETE).
      const off = await fetch(`${site.url}/api/my-calendar`, { method: 'DELETE', headers: { authorization: `Bearer ${session.token}` } });
      expect(off.status).toBe(200);
      await page.goto(`${site.url}/student/courses/timetable`);
      await page.getByRole('heading', { name: t.calendar.title }).waitFor();
      await page.getByTestId('calendar-make').click();
      const subscribe = page.getByTestId('calendar-subscribe');
      const link = page.getByTestId('calendar-url');
      await subscribe.waitFor();
      const href = (await link.getAttribute('href')) as string;
      expect(await subscribe.getAttribute('href')).toBe(href.replace(/^https?:/, 'webcal:'));
      expect(href).toMatch(new RegExp(`/api/calendar/[A-Za-z0-9_-]{43}\\.ics\\?lang=${locale}$`));
      const url = new URL(href);
      const feed = await fetch(`${site.url}${url.pathname}${url.search}`);
      expect(feed.status).toBe(200);
      const parsed = ical.sync.parseICS(await feed.text());
      const event = parsed[`${lessonId}@olymp`] as ical.VEvent;
      expect(event.start.toISOString()).toBe('2026-12-03T13:30:00.000Z');
      expect(String(event.summary)).toBe({ kk: 'Теңдеулер', en: 'Equations' }[locale]);
      // A new link: the old one stops at once.
      await page.getByRole('button', { name: t.calendar.renew }).click();
      const renewed = await waitFor(async () => {
        const h = await link.getAttribute('href');
        return h && h !== href ? h : undefined;
      }, { what: 'a new calendar link' });
      expect((await fetch(`${site.url}${url.pathname}`)).status).toBe(404);
      expect((await fetch(`${site.url}${new URL(renewed).pathname}`)).status).toBe(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, size);
  }, 120_000);
});
