/**
 * A pupil's courses in Chromium on a phone (390x844) and a desktop (1440x900), against the real platform: staff put
 * the demo pupil and a teacher in a group with a lesson and homework (through the API), the pupil sees the course
 * with the teacher's public name, the week's lesson at its Almaty time with the group link (it starts in 10 minutes
 * on learning's Clock), and hands in homework from the page with a photo picked from the device (uploaded in chunks,
 * its name shown afterwards), in kk, ru and en, with nothing wider than the screen.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { ROLE } from '@olymp/proto';
import { Clock } from '@olymp/server-kit';
import { describeWithBrowser, testToken } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import { DataSource } from 'typeorm';
import en from '../src/i18n/locales/en/courses.json';
import kk from '../src/i18n/locales/kk/courses.json';
import ru from '../src/i18n/locales/ru/courses.json';
import { startStack, type Stack } from './stack';
import { signInThroughLogin, useSession, type Session } from './session';

const UI_DIR = path.resolve(__dirname, '..');
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SIZES: [string, 'kk' | 'ru' | 'en', BrowserContextOptions][] = [
  ['phone 390x844', 'kk', PHONE],
  ['desktop 1440x900', 'en', { viewport: { width: 1440, height: 900 } }],
  ['phone 390x844', 'ru', PHONE],
];
const T = { kk, ru, en } as const;
const PUPIL_PHONE = '+77000000105';
const TEACHER_PHONE = '+77000000003';
/** A 1x1 PNG: the photo the pupil picks (the server stores it re-encoded as WebP). */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** Wednesday 2 December 2026, 18:50 in Almaty: the lesson at 19:00 opens its link. */
const NOW = new Date('2026-12-02T13:50:00Z');


describeWithBrowser('a pupil’s courses: groups, timetable and homework', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => (stack as Stack).close() };
  });
  const withPage = pageRunner(browser);
  let admin = '';
  let session: Session;
  let groupId = '';
  let lessonId = '';

  async function api<R>(route: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<R> {
    const response = await fetch(`${site.url}/api/${route}`, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', authorization: init.token ?? admin, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
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
    const [teacher] = await stack!.services.auth.app.get(DataSource).query('SELECT id FROM users WHERE phone = $1', [TEACHER_PHONE]) as { id: string }[];
    stack!.services.learning.app.get(Clock).set(NOW);
    const course = await api<{ id: string }>('courses', { method: 'POST', body: { kind: 'live', titleKk: 'Дайындық курсы', titleRu: 'Подготовительный курс', titleEn: 'Preparation course' } });
    const group = await api<{ id: string }>('groups', { method: 'POST', body: { courseId: course.id, name: 'A-1', capacity: 20, meetingUrl: 'https://meet.example.kz/a1' } });
    groupId = group.id;
    await api(`groups/${groupId}/members`, { method: 'POST', body: { userId: session.user, role: 'pupil' } });
    await api(`groups/${groupId}/members`, { method: 'POST', body: { userId: teacher.id, role: 'teacher' } });
    const lesson = await api<{ id: string }>('lessons', { method: 'POST', body: { groupId, titleKk: 'Бөлшектер', titleRu: 'Дроби', titleEn: 'Fractions', startsAt: '2026-12-02T19:00:00+05:00' } });
    lessonId = lesson.id;
  }, 120_000);

  afterAll(() => stack?.services.learning.app.get(Clock).resume());

  it.each(SIZES)('shows the course, the lesson at its Almaty time with the link, and hands in homework (%s, %s)', async (_name, locale, size) => {
    const t = T[locale];
    const hw = await api<{ data: { id: string } }>(`lessons/${lessonId}/homework`, { method: 'POST', body: { title: `Homework ${locale}`, text: '1-5', dueAt: '2026-12-04T20:00:00+05:00' } });
    await withPage(async (page) => {
      await useSession(page, session, locale);
      await page.goto(`${site.url}/student/courses`);
      await heading(page, t.title).waitFor();
      const title = { kk: 'Дайындық курсы', ru: 'Подготовительный курс', en: 'Preparation course' }[locale];
      // The demo pupil is also enrolled in the demo preparation course (its own card): this test's course by exact title.
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
      await page.getByText(t.groups.teachers.replace('{{names}}', 'Марат М.')).waitFor();

      await page.getByRole('link', { name: t.tabs.timetable }).click();
      const lessonTitle = { kk: 'Бөлшектер', ru: 'Дроби', en: 'Fractions' }[locale];
      // This test's lesson card (the demo course's lessons are in the week too).
      const lesson = page.locator('.card').filter({ has: page.getByRole('heading', { name: lessonTitle, exact: true }) });
      await lesson.waitFor();
      expect(await lesson.getByTestId('lesson-time').textContent()).toContain('19:00');
      expect(await lesson.getByRole('link', { name: t.timetable.join }).getAttribute('href')).toBe('https://meet.example.kz/a1');

      await page.getByRole('link', { name: t.tabs.homework }).click();
      const card = page.locator('section, article, div.card').filter({ has: page.getByRole('heading', { name: `Homework ${locale}` }) }).last();
      await card.getByLabel(t.homework.answer).fill('1) 3/4 2) 5/6');
      await card.getByLabel(t.homework.file).setInputFiles({ name: `дәптер-${locale}.png`, mimeType: 'image/png', buffer: PHOTO });
      await card.getByText(`дәптер-${locale}.png`).waitFor();
      await card.getByRole('button', { name: t.homework.send, exact: true }).click();
      await card.getByText(t.homework.handedIn, { exact: true }).waitFor();
      await card.getByTestId('handed-in-file').getByText(t.homework.handedInFile.replace('{{name}}', `дәптер-${locale}.png`)).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, size);
    const subs = await api<{ data: { userId: string; text: string; uploadName: string | null; fileName: string | null; late: boolean }[] }>(`homework/${hw.data.id}/submissions`);
    expect(subs.data).toEqual([expect.objectContaining({ userId: session.user, text: '1) 3/4 2) 5/6', uploadName: expect.stringMatching(/\.webp$/), fileName: `дәптер-${locale}.png`, late: false })]);
  });
});
