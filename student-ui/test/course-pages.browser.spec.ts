/**
 * An online course's pupil pages (issue 15, docs/course-pages.md) in Chromium on a phone (390x844, kk) and a desktop
 * (1440x900, en), against the real platform: until the pupil accepts the course's terms the lessons tab shows the
 * onboarding page, and accepting opens the lessons; the news feed shows the group's posts newest first with "show
 * older"; a pupil books a consultation time, sees it as theirs and cancels it; the teachers, leaderboard, attendance
 * and notifications tabs show the group's teacher, the pupil's graded points (public name), their late mark and the
 * news and homework notices. Nothing is wider than the screen.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ROLE } from '@olymp/proto';
import { Clock } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { describeWithBrowser, testToken, waitFor } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import en from '../src/i18n/locales/en/courses.json';
import kk from '../src/i18n/locales/kk/courses.json';
import kkLogin from '../src/i18n/locales/kk/loginPage.json';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SIZES: [string, 'kk' | 'en', BrowserContextOptions][] = [
  ['phone 390x844', 'kk', PHONE],
  ['desktop 1440x900', 'en', { viewport: { width: 1440, height: 900 } }],
];
const T = { kk, en } as const;
const PUPIL_PHONE = '+77000000105';
const TEACHER_PHONE = '+77000000010';
/** Wednesday 2 December 2026, 12:00 in Almaty. */
const NOW = new Date('2026-12-02T07:00:00Z');

interface Session { token: string; refresh: string; user: string; device: string }

describeWithBrowser('a pupil’s online course pages: onboarding, news feed, consultations, people and records', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => (stack as Stack).close() };
  });
  const withPage = pageRunner(browser);
  let admin = '';
  let teacher = '';
  let teacherId = '';
  let session: Session;

  async function api<R>(route: string, init: { method?: string; body?: unknown; as?: string } = {}): Promise<R> {
    const response = await fetch(`${site.url}/api/${route}`, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', authorization: init.as ?? admin, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as R;
  }

  async function signIn(page: Page): Promise<Session> {
    await page.goto(`${site.url}/login`);
    await page.getByLabel(kkLogin.fields.phone, { exact: true }).fill(PUPIL_PHONE);
    const requested = Date.now();
    await page.getByRole('button', { name: kkLogin.login.submit }).click();
    await heading(page, kkLogin.otp.title).waitFor();
    const code = await waitFor(async () => {
      const inbox = await api<{ data: { code: string; sentAt: string }[] }>(`dev/sms?to=${encodeURIComponent(PUPIL_PHONE)}`);
      return inbox.data.find((sms) => Date.parse(sms.sentAt) >= requested - 1000)?.code;
    }, { what: 'the sign-in code' });
    await page.getByLabel(kkLogin.code.label, { exact: true }).fill(code);
    await page.getByRole('button', { name: kkLogin.code.submit }).click();
    await page.waitForURL(`${site.url}/student/home`);
    return page.evaluate(() => ({
      token: localStorage.getItem('token') ?? '', refresh: localStorage.getItem('refresh_token') ?? '',
      user: localStorage.getItem('user_uuid') ?? '', device: localStorage.getItem('device_id') ?? '',
    }));
  }

  /** A fresh course for each case: a group with the pupil and the demo teacher, terms v1, 12 news posts, two free times. */
  async function course(locale: 'kk' | 'en') {
    const c = await api<{ id: string }>('courses', { method: 'POST', body: { kind: 'live', titleKk: `Онлайн курс ${locale}`, titleRu: `Онлайн-курс ${locale}`, titleEn: `Online course ${locale}` } });
    const g = await api<{ id: string }>('groups', { method: 'POST', body: { courseId: c.id, name: `OC-${locale}` } });
    await api(`groups/${g.id}/members`, { method: 'POST', body: { userId: session.user, role: 'pupil' } });
    await api(`groups/${g.id}/members`, { method: 'POST', body: { userId: teacherId, role: 'teacher' } });
    await api('lessons', { method: 'POST', body: { groupId: g.id, titleKk: 'Бөлшектер', titleRu: 'Дроби', titleEn: 'Fractions', startsAt: '2026-12-03T18:30:00+05:00' } });
    // An earlier lesson the pupil came late to, with homework graded 8 points (the attendance and leaderboard tabs).
    const past = await api<{ id: string }>('lessons', { method: 'POST', body: { groupId: g.id, titleKk: 'Кіріспе', titleRu: 'Введение', titleEn: 'Introduction', startsAt: '2026-12-01T18:30:00+05:00' } });
    await api(`lessons/${past.id}/attendance`, { method: 'PUT', as: teacher, body: { marks: [{ userId: session.user, status: 'late' }] } });
    const hw = await api<{ data: { id: string } }>(`lessons/${past.id}/homework`, { method: 'POST', as: teacher, body: { title: 'Есептер', dueAt: '2026-12-05T10:00:00Z', maxPoints: 10 } });
    const sub = await api<{ data: { id: string } }>(`homework/${hw.data.id}/submission`, { method: 'PUT', as: `Bearer ${session.token}`, body: { text: 'жауап' } });
    await api(`homework-submissions/${sub.data.id}/grade`, { method: 'PUT', as: teacher, body: { points: 8 } });
    await api('course-terms', { method: 'POST', body: { courseId: c.id, textKk: 'Сабаққа уақытында келемін.', textRu: 'Прихожу на уроки вовремя.', textEn: 'I come to lessons on time.' } });
    for (let i = 1; i <= 12; i++) {
      stack!.services.learning.app.get(Clock).set(new Date(NOW.getTime() - (13 - i) * 60_000));
      await api(`groups/${g.id}/news`, { method: 'POST', as: teacher, body: { textKk: `Жаңалық №${i}`, textEn: `News #${i}`, ...(i === 12 ? { linkUrl: 'https://example.kz/very/long/link/that/should/wrap/on/a/phone/screen' } : {}) } });
    }
    stack!.services.learning.app.get(Clock).set(NOW);
    await api(`groups/${g.id}/consultation-slots`, { method: 'POST', as: teacher, body: { startsAt: '2026-12-04T15:00:00+05:00', endsAt: '2026-12-04T15:30:00+05:00' } });
    await api(`groups/${g.id}/consultation-slots`, { method: 'POST', as: teacher, body: { startsAt: '2026-12-04T16:00:00+05:00', endsAt: '2026-12-04T16:30:00+05:00' } });
    // The twelve posts and the graded homework reach the pupil as notices (notifications, through the outbox) before
    // the page is opened.
    await waitFor(async () => {
      const notices = await api<{ total: number }>(`notices?group=${g.id}`, { as: `Bearer ${session.token}` });
      return notices.total === 13 ? true : undefined;
    }, { what: 'the course news notices' });
    return c.id;
  }

  beforeAll(async () => {
    admin = `Bearer ${await testToken({ roleId: ROLE.admin, userId: randomUUID() })}`;
    await withPage(async (page) => {
      session = await signIn(page);
    });
    const [row] = (await stack!.services.auth.app.get(DataSource).query('SELECT id FROM users WHERE phone = $1', [TEACHER_PHONE])) as { id: string }[];
    teacherId = row.id;
    teacher = `Bearer ${await testToken({ roleId: ROLE.contentMaker, userId: teacherId })}`;
  }, 120_000);

  afterAll(() => stack?.services.learning.app.get(Clock).resume());

  it.each(SIZES)('onboards, shows the news, books a consultation, and shows the teachers, leaderboard, attendance and notices (%s, %s)', async (_name, locale, size) => {
    const t = T[locale].online;
    const courseId = await course(locale);
    await withPage(async (page) => {
      await page.addInitScript(([s, l]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('token', s.token);
        localStorage.setItem('refresh_token', s.refresh);
        localStorage.setItem('user_uuid', s.user);
        localStorage.setItem('device_id', s.device);
        localStorage.setItem('currentLocale', l);
      }, [session, locale] as const);
      const base = `${site.url}/student/courses/online-courses/${courseId}`;
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      const tab = (name: string) => page.getByRole('navigation', { name: t.title }).getByRole('link', { name, exact: true });

      // Lessons wait for the terms: the onboarding page shows instead, and accepting opens them.
      await page.goto(`${base}/lessons`);
      await page.getByText(t.terms.gated).waitFor();
      await page.getByText({ kk: 'Сабаққа уақытында келемін.', en: 'I come to lessons on time.' }[locale]).waitFor();
      expect(await page.getByTestId('course-lessons').count()).toBe(0);
      expect(await fits()).toBe(true);
      await page.getByRole('button', { name: t.terms.accept }).click();
      await page.getByTestId('course-lessons').waitFor();
      await page.getByRole('heading', { name: { kk: 'Бөлшектер', en: 'Fractions' }[locale] }).waitFor();
      const agreement = await api<{ data: { acceptedVersion: number; mustAccept: boolean } }>(`courses/${courseId}/agreement`, { as: `Bearer ${session.token}` });
      expect(agreement.data).toMatchObject({ acceptedVersion: 1, mustAccept: false });

      // News: the newest ten, then the older two.
      await page.getByRole('link', { name: t.tabs['news-feed'] }).click();
      const feed = page.getByTestId('news-feed');
      await feed.waitFor();
      const texts = () => feed.locator('.news-post__text').allInnerTexts();
      await waitFor(async () => ((await texts()).length === 10 ? true : undefined), { what: 'ten posts' });
      expect((await texts())[0]).toBe({ kk: 'Жаңалық №12', en: 'News #12' }[locale]);
      expect(await feed.locator('.news-post__meta').first().innerText()).toContain('Дана К.');
      expect(await fits()).toBe(true);
      await page.getByRole('button', { name: t.news.older }).click();
      await waitFor(async () => ((await texts()).length === 12 ? true : undefined), { what: 'twelve posts' });
      expect((await texts())[11]).toBe({ kk: 'Жаңалық №1', en: 'News #1' }[locale]);
      expect(await page.getByRole('button', { name: t.news.older }).count()).toBe(0);

      // Consultations: book the first time, see it as one's own, cancel it.
      await page.getByRole('link', { name: t.tabs['book-consultation'] }).click();
      const slots = page.getByTestId('consultations');
      await slots.getByText(t.slots.rule.replace('{{hours}}', '2')).waitFor();
      expect(await slots.getByRole('button', { name: t.slots.book, exact: true }).count()).toBe(2);
      await slots.getByRole('button', { name: t.slots.book, exact: true }).first().click();
      await slots.getByRole('button', { name: t.slots.cancel }).waitFor();
      expect(await slots.getByText(t.slots.state.mine).count()).toBe(1);
      expect(await slots.getByRole('button', { name: t.slots.book, exact: true }).count()).toBe(1);
      expect(await fits()).toBe(true);
      await slots.getByRole('button', { name: t.slots.cancel }).click();
      await slots.getByText(t.slots.noneMine).waitFor();
      expect(await slots.getByRole('button', { name: t.slots.book, exact: true }).count()).toBe(2);

      // Teachers: name and subject line, no phone.
      await tab(t.tabs.teachers).click();
      const teachers = page.getByTestId('course-teachers');
      await teachers.getByText('Дана Контентова').waitFor();
      expect(await teachers.textContent()).not.toMatch(/\+7\d/);
      expect(await fits()).toBe(true);

      // Leaderboard: the pupil in public form with the graded 8 points, marked as them.
      await tab(t.tabs.leaderboards).click();
      const board = page.getByTestId('course-board');
      await board.getByText(`Айгерім Б. (${t.board.you})`).waitFor();
      expect(await board.locator('tbody tr').first().innerText()).toMatch(/8$/);
      expect(await board.textContent()).not.toContain('Бесінші');
      expect(await fits()).toBe(true);

      // Attendance: the lesson they came late to, translated.
      await tab(t.tabs.attendances).click();
      const marks = page.getByTestId('course-attendance');
      await marks.getByText(t.attendance.statuses.late).waitFor();
      await marks.getByText({ kk: 'Кіріспе', en: 'Introduction' }[locale]).waitFor();
      expect(await fits()).toBe(true);

      // Notifications: the twelve news notices and the graded homework, about this course only.
      await tab(t.tabs.notifications).click();
      const notices = page.getByTestId('course-notices');
      await notices.waitFor();
      expect(await notices.locator('h3').count()).toBe(13);
      await notices.getByText(/«Есептер»|"Есептер"/).waitFor();
      expect(await fits()).toBe(true);

      // The agreements tab shows what was accepted.
      await page.getByRole('link', { name: t.tabs.agreements }).click();
      await page.getByTestId('agreement').getByText(t.terms.title.replace('{{version}}', '1')).waitFor();
      expect(await page.getByRole('button', { name: t.terms.accept }).count()).toBe(0);
      expect(await fits()).toBe(true);
    }, size);
  }, 180_000);
});
