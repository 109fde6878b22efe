/**
 * A course group's page in the admin, in real Chromium on a phone (390x844) and a desktop (1440x900), in kk and en,
 * on the whole platform (demo data): a manager adds a pupil by id (the capacity line follows), sees the teacher and
 * the timetable (each tab opened by its `?tab=` link) at Almaty times, and marks the pupil present in the attendance tab (the totals follow); the
 * course's page lists its groups with translated column labels and its students (by name, group, enrolment, progress,
 * searched); Mini Course shows only its own title; nothing is wider than the screen.
 */
import path from 'node:path';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { serveUiBuild } from '@olymp/web-common/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import enCommon from '../src/i18n/locales/en/common.json';
import en from '../src/i18n/locales/en/courses.json';
import kkCommon from '../src/i18n/locales/kk/common.json';
import kk from '../src/i18n/locales/kk/courses.json';
import { expectEventually, onAdminOrigin, pageRunnerAllowingHttpErrors, PHONES, storageOf, tokenOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
const CASES = [
  { name: 'phone 390x844', locale: 'kk', viewport: { width: 390, height: 844 } },
  { name: 'desktop 1440x900', locale: 'en', viewport: { width: 1440, height: 900 } },
] as const;
const T = { kk, en } as const;
const COMMON = { kk: kkCommon, en: enCommon } as const;

describeWithBrowser('a course group’s page: pupils, teachers, timetable, attendance', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  let session: Storage | undefined;

  const api = async <R,>(page: Page, p: string, body?: unknown): Promise<R> => {
    const res = await fetch(`${gateway.url}/api/${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect([p, res.status < 300, res.status]).toEqual([p, true, res.status]);
    return (await res.json()) as R;
  };
  const userId = async (phone: string) =>
    ((await stack.services.auth.app.get(DataSource).query('SELECT id FROM users WHERE phone = $1', [phone])) as { id: string }[])[0].id;

  it.each(CASES)('$name, $locale: a manager adds a pupil, sees the timetable and marks attendance', async ({ locale, viewport }) => {
    const t = T[locale];
    if (!session) {
      const context = await browser().newContext();
      session = await storageOf(context, gateway.url, PHONES.manager);
      await context.close();
    }
    await withPage(async (page) => {
      await onAdminOrigin(page, gateway.url);
      const course = await api<{ id: string }>(page, 'courses', { kind: 'live', titleKk: 'Курс', titleRu: 'Курс', titleEn: 'Course' });
      const group = await api<{ id: string }>(page, 'groups', { courseId: course.id, name: `Group ${locale}`, capacity: 10 });
      await api(page, 'lessons', { groupId: group.id, titleKk: 'Бөлшектер', titleRu: 'Дроби', titleEn: 'Fractions', startsAt: new Date(Date.now() + 3600_000).toISOString() });
      await api(page, `groups/${group.id}/members`, { userId: await userId(PHONES.admin), role: 'teacher' });
      await page.evaluate((l) => localStorage.setItem('currentLocale', l), locale);

      await page.goto(`${gateway.url}/admin/resources/groups/${group.id}?tab=pupils`);
      await page.getByRole('tab', { name: t.tabs.pupils }).waitFor();
      // The pupil is picked by part of her surname (auth's pupils, searched on the server), never by an id.
      const picker = page.getByRole('combobox', { name: t.pickPupil });
      await picker.focus();
      await picker.fill('Бесін');
      const option = page.locator('.ant-select-item-option').filter({ hasText: 'Айгерім Бесінші' });
      await option.first().click();
      await page.locator('.ant-select-selection-item').filter({ hasText: 'Айгерім Бесінші' }).waitFor();
      const added = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/groups/${group.id}/members` && r.request().method() === 'POST');
      await page.getByRole('button', { name: t.addPupil }).click();
      expect((await added).request().postDataJSON()).toEqual({ userId: await userId(PHONES.pupil), role: 'pupil' });
      await expectEventually(() => page.getByTestId('capacity').textContent(), t.capacity.replace('{{count}}', '1').replace('{{capacity}}', '10'));
      await page.getByRole('cell', { name: 'Бесінші Айгерім' }).waitFor();

      await page.goto(`${gateway.url}/admin/resources/groups/${group.id}?tab=teachers`);
      await page.getByRole('cell', { name: 'Админова Әлия' }).waitFor();
      await page.goto(`${gateway.url}/admin/resources/groups/${group.id}?tab=timetable`);
      await page.getByRole('cell', { name: locale === 'kk' ? 'Бөлшектер' : 'Fractions' }).waitFor();

      await page.goto(`${gateway.url}/admin/resources/groups/${group.id}?tab=attendance`);
      await page.getByRole('cell', { name: 'Бесінші Айгерім' }).first().waitFor();
      await page.getByRole('combobox', { name: `${t.mark}: Бесінші Айгерім` }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: t.statuses.present }).click();
      await page.getByRole('heading', { name: t.totals.replace('{{count}}', '1') }).waitFor();
      expect(await page.evaluate((w) => document.documentElement.scrollWidth <= w, viewport.width)).toBe(true);
      const counts = await api<{ data: { present: number }[] }>(page, `groups/${group.id}/attendance-counts`);
      expect(counts.data.map((r) => r.present)).toEqual([1]);

      // The course's page: its programme and its groups, each tab narrowed to this course; a group opens its page.
      await api(page, 'modules', { courseId: course.id, titleKk: 'Бөлшектер модулі', titleRu: 'Модуль: дроби', titleEn: 'Fractions module' });
      await page.goto(`${gateway.url}/admin/resources/courses/${course.id}?tab=modules`);
      await page.getByRole('tab', { name: t.tabs.modules, selected: true }).waitFor();
      await page.getByRole('cell', { name: locale === 'kk' ? 'Бөлшектер модулі' : 'Fractions module' }).waitFor();
      await page.getByRole('tab', { name: t.tabs.groups }).click();
      await page.getByRole('cell', { name: `Group ${locale}`, exact: true }).waitFor();
      expect(await page.getByRole('cell', { name: /^Group / }).count()).toBe(1);
      // The generated groups list's columns carry the interface language's labels (not "Course", "Capacity").
      const groupFields = COMMON[locale].resources.groups.fields;
      for (const label of [groupFields.courseId, groupFields.capacity]) await page.getByRole('columnheader', { name: label, exact: true }).first().waitFor();
      expect(await page.getByRole('columnheader', { name: 'Capacity', exact: true }).count()).toBe(locale === 'en' ? 1 : 0);
      expect(await page.evaluate((w) => document.documentElement.scrollWidth <= w, viewport.width)).toBe(true);

      // Its students: the pupil put in the group by hand, by name with the group, "added by staff" and her progress;
      // searched by name on the server (another name finds nobody).
      await page.getByRole('tab', { name: t.tabs.students }).click();
      await page.waitForURL(/tab=students/);
      const students = page.getByTestId('course-students');
      await students.getByRole('cell', { name: 'Бесінші Айгерім' }).waitFor();
      const row = students.getByRole('row').filter({ hasText: 'Бесінші Айгерім' });
      await row.getByRole('cell', { name: `Group ${locale}`, exact: true }).waitFor();
      await row.getByText(t.students.byStaff).waitFor();
      await row.getByText(t.students.liveProgress.replace('{{attended}}', '1').replace('{{held}}', '1').replace('{{done}}', '0').replace('{{set}}', '0')).waitFor();
      const searched = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/courses/${course.id}/students` && new URL(r.url()).searchParams.get('search') === 'Жоқадам');
      await page.getByRole('searchbox', { name: t.students.search }).fill('Жоқадам');
      await searched;
      await students.getByText(t.students.empty).waitFor();
      await page.getByRole('searchbox', { name: t.students.search }).fill('бесін');
      await students.getByRole('cell', { name: 'Бесінші Айгерім' }).waitFor();
      expect(await students.getByRole('row').count()).toBe(2);
      expect(await page.evaluate((w) => document.documentElement.scrollWidth <= w, viewport.width)).toBe(true);

      // "Mini Course" in the sidebar: the self-study courses only (not the live one above).
      await api(page, 'courses', { kind: 'self-study', titleKk: `Шағын ${locale}`, titleRu: `Мини ${locale}`, titleEn: `Mini ${locale}` });
      await page.goto(`${gateway.url}/admin/mini-courses`);
      await page.getByRole('heading', { level: 1, name: COMMON[locale].sidebar.miniCourses }).waitFor();
      await page.getByRole('cell', { name: locale === 'kk' ? `Шағын ${locale}` : `Mini ${locale}`, exact: true }).waitFor();
      expect(await page.getByRole('cell', { name: locale === 'kk' ? 'Курс' : 'Course', exact: true }).count()).toBe(0);
      // Only the page's own title: the list inside it adds no heading of its own ("Courses").
      expect(await page.locator('main').getByRole('heading').allTextContents()).toEqual([COMMON[locale].sidebar.miniCourses]);
      expect(await page.evaluate((w) => document.documentElement.scrollWidth <= w, viewport.width)).toBe(true);
    }, { storageState: session, viewport });
  });
});
