/**
 * The staff's screens of an online course's pupil pages (issue 15, docs/course-pages.md) in Chromium on a phone
 * (390x844, kk: the whole flow) and a desktop (1440x900, en: a layout pass over the same screens), on the whole platform, as a manager: they post news through the
 * generated form (the group chosen by name; the author is them, and the group's pupil reads it), see consultation
 * times the group's teacher opened with the booking pupil's name, and add a version of the course's terms (numbered
 * by the server; the pupil is asked again). Lists show names and never ids; nothing is wider than the screen.
 * Then a teacher who is no manager (the demo content maker, who teaches the demo preparation group and holds no group
 * key) does the same work from "My groups" over the group's own routes: posts news, sees who booked, opens a time,
 * calls a booked one off, marks attendance, sets homework and grades a hand-in (phone, kk); the desktop size checks the layout and the sidebar entry.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ROLE } from '@olymp/proto';
import { describeWithBrowser, testToken } from '@olymp/server-kit/testing';
import { heading, serveUiBuild } from '@olymp/web-common/testing';
import type { BrowserContext } from 'playwright-core';
import { DataSource } from 'typeorm';
import en from '../src/i18n/locales/en/common.json';
import kk from '../src/i18n/locales/kk/common.json';
import kkCourses from '../src/i18n/locales/kk/courses.json';
import kkTeaching from '../src/i18n/locales/kk/teaching.json';
import { chooseInForm, expectEventually, goInApp, onAdminOrigin, pageRunnerAllowingHttpErrors, PHONES, storageOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
const CASES = [
  { name: 'phone 390x844', locale: 'kk', viewport: { width: 390, height: 844 } },
  { name: 'desktop 1440x900', locale: 'en', viewport: { width: 1440, height: 900 } },
] as const;
const T = { kk, en } as const;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describeWithBrowser('course news, consultation times and course terms in the admin', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  let session: Storage | undefined;

  const call = async <R,>(token: string, p: string, body?: unknown): Promise<R> => {
    const res = await fetch(`${gateway.url}/api/${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect([p, res.status < 300, res.status]).toEqual([p, true, res.status]);
    return (await res.json()) as R;
  };
  const userId = async (phone: string) =>
    ((await stack.services.auth.app.get(DataSource).query('SELECT id FROM users WHERE phone = $1', [phone])) as { id: string }[])[0].id;

  async function managerSession(): Promise<Storage> {
    if (!session) {
      const context = await browser().newContext();
      session = await storageOf(context, gateway.url, PHONES.manager);
      await context.close();
    }
    return session;
  }

  /** A course of its own for `locale`, a group in it with the content maker teaching and the pupil booked on a time. */
  async function courseWithBookedGroup(locale: 'kk' | 'en') {
    const admin = `Bearer ${await testToken({ roleId: ROLE.admin, userId: randomUUID() })}`;
    const teacherId = await userId(PHONES.contentMaker);
    const pupilId = await userId(PHONES.pupil);
    const maker = `Bearer ${await testToken({ roleId: ROLE.contentMaker, userId: teacherId })}`;
    const pupil = `Bearer ${await testToken({ roleId: ROLE.student, userId: pupilId })}`;
    const courseTitle = { kk: `Онлайн дайындық ${locale}`, en: `Online preparation ${locale}` }[locale];
    const course = await call<{ id: string }>(admin, 'courses', { kind: 'live', titleKk: `Онлайн дайындық ${locale}`, titleRu: `Онлайн-подготовка ${locale}`, titleEn: `Online preparation ${locale}` });
    const groupName = `Кеңес тобы ${locale}`;
    const group = await call<{ id: string }>(admin, 'groups', { courseId: course.id, name: groupName });
    await call(admin, `groups/${group.id}/members`, { userId: teacherId, role: 'teacher' });
    await call(admin, `groups/${group.id}/members`, { userId: pupilId, role: 'pupil' });
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const slot = await call<{ data: { id: string } }>(maker, `groups/${group.id}/consultation-slots`, { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 30 * 60_000).toISOString() });
    await call(pupil, `consultation-slots/${slot.data.id}/booking`, {});
    return { course, courseTitle, group, groupName, pupil };
  }

  it('phone 390x844, kk: a manager posts news, sees who booked, and adds a terms version (what is saved, what the pupil reads, names not ids)', async () => {
    const locale = 'kk';
    const viewport = CASES[0].viewport;
    const t = T[locale];
    const storageState = await managerSession();
    const { course, courseTitle, group, groupName, pupil } = await courseWithBookedGroup(locale);

    await withPage(async (page) => {
      await onAdminOrigin(page, gateway.url);
      await page.evaluate((l) => localStorage.setItem('currentLocale', l), locale);
      const fits = () => expectEventually(() => page.evaluate((w) => document.documentElement.scrollWidth <= w, viewport.width), true);
      const form = page.locator('form');

      // News through the generated form: the group is chosen by its name.
      await page.goto(`${gateway.url}/admin/course-news/create`);
      await heading(page, `${t.sidebar.courseNews}: ${t.actions.create}`).waitFor();
      await chooseInForm(page, t.resources['course-news'].fields.groupId, groupName, { search: groupName.slice(0, 5) });
      const text = 'Жұмада сабақ 18:00-де басталады';
      await form.getByLabel(`${t.resources['course-news'].fields.text} (${t.languages[locale]})`, { exact: true }).fill(text);
      await fits();
      const created = page.waitForResponse((r) => r.url().endsWith('/api/course-news') && r.request().method() === 'POST');
      await page.getByRole('button', { name: t.buttons.save }).click();
      const done = await created;
      expect(done.status()).toBe(201);
      expect(await done.json()).toMatchObject({ groupId: group.id, authorName: 'Марат Менеджеров', textKk: text });
      const feed = await call<{ data: { author: string; text: Record<string, string> }[] }>(pupil, `groups/${group.id}/news`);
      expect(feed.data[0]).toMatchObject({ author: 'Марат М.', text: { [locale]: text } });

      await goInApp(page, '/course-news');
      const newsRow = page.getByRole('row').filter({ hasText: groupName });
      await newsRow.getByText('Марат Менеджеров').waitFor();
      expect(await page.locator('.ant-table').innerText()).not.toMatch(UUID);
      await fits();

      // Consultation times: the teacher sees who booked, by name.
      await goInApp(page, '/consultation-slots');
      await heading(page, t.sidebar.consultationSlots).waitFor();
      const slotRow = page.getByRole('row').filter({ hasText: groupName });
      await slotRow.getByText('Айгерім Бесінші').waitFor();
      await slotRow.getByText('Дана Контентова').waitFor();
      expect(await page.locator('.ant-table').innerText()).not.toMatch(UUID);
      await fits();

      // A version of the course's terms: the server numbers it.
      await goInApp(page, '/course-terms/create');
      await heading(page, `${t.sidebar.courseTerms}: ${t.actions.create}`).waitFor();
      await chooseInForm(page, t.resources['course-terms'].fields.courseId, courseTitle, { search: courseTitle.slice(0, 6) });
      const field = (l: 'kk' | 'ru' | 'en') => form.getByLabel(`${t.resources['course-terms'].fields.text} (${t.languages[l]})`, { exact: true });
      await field('kk').fill('Сабаққа уақытында келемін.');
      await field('ru').fill('Прихожу на уроки вовремя.');
      await field('en').fill('I come to lessons on time.');
      await fits();
      const added = page.waitForResponse((r) => r.url().endsWith('/api/course-terms') && r.request().method() === 'POST');
      await page.getByRole('button', { name: t.buttons.save }).click();
      const version = await added;
      expect(version.status()).toBe(201);
      expect(await version.json()).toMatchObject({ courseId: course.id, version: 1, createdByName: 'Марат Менеджеров' });
      const agreement = await call<{ data: { current: { version: number }; mustAccept: boolean } }>(pupil, `courses/${course.id}/agreement`);
      expect(agreement.data).toMatchObject({ current: { version: 1 }, mustAccept: true });

      await goInApp(page, '/course-terms');
      const termsRow = page.getByRole('row').filter({ hasText: courseTitle });
      await termsRow.getByText('Марат Менеджеров').waitFor();
      expect(await page.locator('.ant-table').innerText()).not.toMatch(UUID);
      await fits();
    }, { storageState, viewport });
  }, 180_000);

  it('desktop 1440x900 layout, en: the news form and list, the consultation times and the terms form and list have English headings and labels, show the records by name, and fit the screen', async () => {
    const t = T.en;
    const viewport = CASES[1].viewport;
    const storageState = await managerSession();
    const { course, courseTitle, group, groupName } = await courseWithBookedGroup('en');
    // The manager's own news post and terms version, made through the API (the phone test makes them through the forms).
    const manager = `Bearer ${storageState.origins.flatMap((o) => o.localStorage).find((e) => e.name === 'authToken')?.value ?? ''}`;
    await call(manager, 'course-news', { groupId: group.id, textEn: 'Friday’s lesson starts at 18:00' });
    await call(manager, 'course-terms', { courseId: course.id, textKk: 'Сабаққа уақытында келемін.', textRu: 'Прихожу на уроки вовремя.', textEn: 'I come to lessons on time.' });

    await withPage(async (page) => {
      await onAdminOrigin(page, gateway.url);
      await page.evaluate(() => localStorage.setItem('currentLocale', 'en'));
      const fits = () => expectEventually(() => page.evaluate((w) => document.documentElement.scrollWidth <= w, viewport.width), true);
      const form = page.locator('form');

      await page.goto(`${gateway.url}/admin/course-news/create`);
      await heading(page, `${t.sidebar.courseNews}: ${t.actions.create}`).waitFor();
      await form.getByLabel(t.resources['course-news'].fields.groupId, { exact: true }).waitFor();
      await form.getByLabel(`${t.resources['course-news'].fields.text} (${t.languages.en})`, { exact: true }).waitFor();
      await page.getByRole('button', { name: t.buttons.save }).waitFor();
      await fits();

      await goInApp(page, '/course-news');
      await heading(page, t.sidebar.courseNews).waitFor();
      await page.getByRole('row').filter({ hasText: groupName }).getByText('Марат Менеджеров').waitFor();
      expect(await page.locator('.ant-table').innerText()).not.toMatch(UUID);
      await fits();

      await goInApp(page, '/consultation-slots');
      await heading(page, t.sidebar.consultationSlots).waitFor();
      const slotRow = page.getByRole('row').filter({ hasText: groupName });
      await slotRow.getByText('Айгерім Бесінші').waitFor();
      await slotRow.getByText('Дана Контентова').waitFor();
      await fits();

      await goInApp(page, '/course-terms/create');
      await heading(page, `${t.sidebar.courseTerms}: ${t.actions.create}`).waitFor();
      await form.getByLabel(t.resources['course-terms'].fields.courseId, { exact: true }).waitFor();
      for (const l of ['kk', 'ru', 'en'] as const) await form.getByLabel(`${t.resources['course-terms'].fields.text} (${t.languages[l]})`, { exact: true }).waitFor();
      await page.getByRole('button', { name: t.buttons.save }).waitFor();
      await fits();

      await goInApp(page, '/course-terms');
      await heading(page, t.sidebar.courseTerms).waitFor();
      await page.getByRole('row').filter({ hasText: courseTitle }).getByText('Марат Менеджеров').waitFor();
      expect(await page.locator('.ant-table').innerText()).not.toMatch(UUID);
      await fits();
    }, { storageState, viewport });
  }, 180_000);

  it('phone 390x844 kk, then desktop 1440x900: a teacher without group keys runs their group from "My groups"', async () => {
    const t = T.kk;
    const my = kkTeaching.my;
    const context = await browser().newContext();
    const teacherSession = await storageOf(context, gateway.url, PHONES.contentMaker);
    await context.close();
    const pupilId = await userId(PHONES.pupil);
    const pupil = `Bearer ${await testToken({ roleId: ROLE.student, userId: pupilId })}`;
    // The demo group "Топ 1 / Group 1" has the content maker as its teacher and two free times the seed opened.
    const groups = await call<{ data: { id: string; name: string }[] }>(pupil, 'my-groups');
    const demo = groups.data.find((g) => g.name === 'Топ 1 / Group 1');
    expect(demo).toBeDefined();
    const groupId = demo?.id as string;
    const slots = await call<{ data: { id: string; state: string }[] }>(pupil, `groups/${groupId}/consultation-slots`);
    const free = slots.data.find((x) => x.state === 'free');
    expect(free).toBeDefined();
    await call(pupil, `consultation-slots/${free?.id}/booking`, {});

    await withPage(async (page) => {
      await onAdminOrigin(page, gateway.url);
      await page.evaluate(() => localStorage.setItem('currentLocale', 'kk'));
      const fits = (width: number) => expectEventually(() => page.evaluate((w) => document.documentElement.scrollWidth <= w, width), true);
      await page.goto(`${gateway.url}/admin/my-groups`);
      await heading(page, t.sidebar.myGroups).waitFor();
      await page.getByRole('link', { name: 'Топ 1 / Group 1', exact: true }).click();
      await heading(page, 'Топ 1 / Group 1').waitFor();
      await fits(390);

      // News: a post in Kazakh with a link; the group's pupil reads it from the teacher ("Дана К.").
      const text = 'Ертең 18:00-де қосымша сабақ болады';
      await page.getByLabel(my.news.text.replace('{{language}}', t.languages.kk), { exact: true }).fill(text);
      await page.getByLabel(my.news.link, { exact: true }).fill('https://example.kz/tasks');
      const posted = page.waitForResponse((r) => r.url().endsWith(`/api/groups/${groupId}/news`) && r.request().method() === 'POST');
      await page.getByRole('button', { name: my.news.post, exact: true }).click();
      expect((await posted).status()).toBe(201);
      await page.getByTestId('news-post').filter({ hasText: text }).getByText('Дана Контентова', { exact: false }).waitFor();
      const feed = await call<{ data: { author: string; text: { kk: string }; linkUrl: string | null }[] }>(pupil, `groups/${groupId}/news`);
      expect(feed.data[0]).toMatchObject({ author: 'Дана К.', text: { kk: text }, linkUrl: 'https://example.kz/tasks' });

      // Consultations: the booking pupil by name; a new time at 09:00 Almaty in three days; the booked one called off.
      await page.getByRole('tab', { name: my.tabs.consultations }).click();
      const booked = page.getByRole('row').filter({ hasText: 'Айгерім Бесінші' });
      await booked.waitFor();
      const day = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Almaty' });
      await page.getByLabel(t.time.date, { exact: true }).fill(day);
      await page.getByLabel(t.time.date, { exact: true }).press('Enter');
      const opened = page.waitForResponse((r) => r.url().endsWith(`/api/groups/${groupId}/consultation-slots`) && r.request().method() === 'POST');
      await page.getByRole('button', { name: my.slots.openButton, exact: true }).click();
      const openedRes = await opened;
      expect([openedRes.status(), (await openedRes.json()).data.startsAt]).toEqual([201, new Date(`${day}T04:00:00Z`).toISOString()]);
      await page.getByRole('row').filter({ hasText: `${day} 09:00` }).waitFor();
      const deleted = page.waitForResponse((r) => r.url().includes(`/api/groups/${groupId}/consultation-slots/`) && r.request().method() === 'DELETE');
      await booked.getByRole('button', { name: t.buttons.delete }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: t.buttons.delete }).click();
      const deletedRes = await deleted;
      expect([deletedRes.status(), (await deletedRes.json()).data]).toEqual([200, { id: free?.id, groupId, pupilTold: true }]);
      await booked.waitFor({ state: 'detached' });
      expect(await page.locator('.ant-table').innerText()).not.toMatch(UUID);
      await fits(390);

      // Attendance: the teacher marks the pupil of today's lesson.
      // On a phone the later tabs sit in the tab bar's overflow menu: the tab is opened by its address (in the app).
      await goInApp(page, `/my-groups/${groupId}?tab=attendance`);
      const marked = page.waitForResponse((r) => r.url().endsWith('/attendance') && r.request().method() === 'PUT');
      await page.getByRole('combobox', { name: `${kkCourses.mark}: Бесінші Айгерім`, exact: true }).click();
      await page.locator('.ant-select-item-option').getByText(kkCourses.statuses.present, { exact: true }).click();
      expect((await marked).status()).toBe(200);
      // Everyone else present at once (present-all): the pupil's mark stays.
      const all = page.waitForResponse((r) => r.url().endsWith('/attendance/present-all'));
      await page.getByRole('button', { name: kkCourses.presentAll, exact: true }).click();
      expect([(await all).status()]).toEqual([201]);
      await fits(390);

      // Homework: set for a lesson, the pupil hands in (API), the teacher grades it with points and a comment.
      await goInApp(page, `/my-groups/${groupId}?tab=homework`);
      await page.getByText(kkCourses.homework.new, { exact: true }).waitFor();
      const setForm = page.locator('form').filter({ hasText: kkCourses.homework.new });
      await setForm.locator('.ant-form-item').filter({ hasText: kkCourses.lesson }).locator('.ant-select').click();
      await page.locator('.ant-select-item-option').first().click();
      await page.getByLabel(kkCourses.homework.title, { exact: true }).fill('Есептер жинағы, 1-10');
      await page.getByLabel(kkCourses.homework.dueAt, { exact: true }).fill(day);
      await page.getByLabel(kkCourses.homework.dueAt, { exact: true }).press('Enter');
      const setHw = page.waitForResponse((r) => r.url().endsWith('/homework') && r.request().method() === 'POST');
      await page.getByRole('button', { name: kkCourses.homework.setButton, exact: true }).click();
      const setRes = await setHw;
      expect(setRes.status()).toBe(201);
      const homeworkId = (await setRes.json()).data.id as string;
      await fetch(`${gateway.url}/api/homework/${homeworkId}/submission`, { method: 'PUT', headers: { authorization: pupil, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Жауаптар: 1) 12 2) 7' }) })
        .then((r) => expect(r.status).toBe(200));
      await page.getByText('Есептер жинағы, 1-10', { exact: false }).click();
      await page.getByText('Жауаптар: 1) 12 2) 7').waitFor();
      await page.getByLabel(`${kkCourses.homework.pointsLabel.replace('{{max}}', '10')}: Бесінші Айгерім`, { exact: true }).fill('9');
      await page.getByLabel(`${kkCourses.homework.comment}: Бесінші Айгерім`, { exact: true }).fill('Жарайсың');
      const graded = page.waitForResponse((r) => r.url().endsWith('/grade') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: kkCourses.homework.gradeButton, exact: true }).click();
      const gradedRes = await graded;
      expect([gradedRes.status(), (await gradedRes.json()).data]).toEqual([200, expect.objectContaining({ points: 9, comment: 'Жарайсың' })]);
      await page.getByText(kkCourses.homework.points.replace('{{max}}', '10').replace('{{points}}', '9'), { exact: false }).waitFor();
      await fits(390);

      // Desktop: the sidebar offers "My groups" to this teacher; the consultations tab fits.
      await page.setViewportSize({ width: 1440, height: 900 });
      await goInApp(page, `/my-groups/${groupId}?tab=consultations`);
      await heading(page, 'Топ 1 / Group 1').waitFor();
      await page.locator('.ant-layout-sider').getByText(t.sidebar.myGroups, { exact: true }).waitFor();
      await page.getByRole('row').filter({ hasText: `${day} 09:00` }).waitFor();
      await fits(1440);
    }, { storageState: teacherSession, viewport: { width: 390, height: 844 } });
  }, 180_000);
});
