/**
 * The course store in Chromium, on a phone (390x844) and a desktop (1440x900), against the real platform (auth,
 * learning, shop, finance and notifications on real PostgreSQL and NATS behind the gateway serving the production
 * build of the student UI, demo data seeded): a pupil opens the store, finds the 10,500-tenge preparation course in
 * the live tab, reads its tariff, buys it by card through the sandbox payment provider, is enrolled once finance's
 * `invoice.paid` reached learning, and sees the course in their courses; the subscription page shows the access.
 * The course's landing page leads to the store. Each size has its own pupil. The free trial lesson waits for the
 * course's terms (docs/course-pages.md): a pupil takes it, is shown the terms, accepts them, then sees the lesson.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ROLE } from '@olymp/proto';
import { describeWithBrowser, testToken, waitFor } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import kkStore from '../src/i18n/locales/kk/store.json';
import kkCourses from '../src/i18n/locales/kk/courses.json';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: ANDROID_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const COURSE_KK = 'Аудандық кезеңге дайындық курсы';
const GROUP = 'Топ 1 / Group 1';

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
const textOf = (l: Locator) => l.textContent({ timeout: 500 }).catch(() => null);

describeWithBrowser('the course store: buying the preparation course', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack!.close() };
  });
  const withPage = pageRunner(browser);
  // The trial page asks for the trial first; a course with terms to accept answers 403 TERMS_NOT_ACCEPTED (Chromium logs it).
  const withPageAllowing403 = pageRunner(browser, { allowConsole: /Failed to load resource: the server responded with a status of 403/ });

  async function newPupil() {
    const id = randomUUID();
    await stack!.services.auth.app.get(DataSource).query(
      `INSERT INTO users (id, phone, first_name, last_name, role_id, grade) VALUES ($1, $2, 'Айгерім', 'Сәрсенова', ${ROLE.student}, 5)`,
      [id, `+77${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`],
    );
    return { id, token: await testToken({ roleId: ROLE.student, userId: id }) };
  }
  const signedIn = (pupil: { id: string; token: string }, options: BrowserContextOptions): BrowserContextOptions => ({
    ...options,
    storageState: {
      cookies: [],
      origins: [{ origin: site.url, localStorage: [{ name: 'token', value: pupil.token }, { name: 'user_uuid', value: pupil.id }, { name: 'currentLocale', value: 'kk' }] }],
    },
  });

  it.each(SIZES)('a pupil buys the course through the sandbox payment and sees it in their courses (%s)', async (size, options) => {
    const base = site.url;
    const pupil = await newPupil();
    await withPage(async (page) => {
      // The store opens on the live tab; the course's card shows the 10,500-tenge monthly price.
      await page.goto(`${base}/student/store`);
      await page.waitForURL(`${base}/student/store/live`);
      await heading(page, kkStore.title).waitFor();
      const card = page.getByTestId('store-card').filter({ has: page.getByText(/60 күн/) });
      await card.waitFor();
      expect((await card.getByTestId('store-price').textContent())?.replace(/\s/g, '')).toContain('10500₸');
      expect(await fitsWidth(page)).toBe(true);
      await card.getByRole('link', { name: kkStore.card.more }).click();

      // The details: tariff, programme, timetable; then buy.
      await heading(page, COURSE_KK).waitFor();
      const coursePage = page.url();
      await page.getByTestId('tariff').getByText('Аптасына 2 тікелей сабақ').waitFor();
      await page.getByRole('heading', { name: kkStore.course.programme }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await page.getByTestId('tariff').getByRole('button').click();
      await page.waitForURL(/\/student\/store\/courses\/[0-9a-f-]{36}\/checkout\/[0-9a-f-]{36}$/);
      await heading(page, kkStore.checkout.title).waitFor();
      expect((await page.getByTestId('checkout-amount').textContent())?.replace(/\s/g, '')).toBe('10500₸');

      // The card payment through the sandbox provider's stand-in page.
      await page.getByRole('button', { name: /10\s?500/ }).click();
      await page.getByRole('button', { name: kkStore.checkout.sandboxPay }).click();
      await waitFor(async () => ((await textOf(page.getByTestId('checkout-done'))) ?? '').includes(GROUP), { what: `enrolled in ${GROUP} (${size})`, timeoutMs: 30_000 });
      expect(await fitsWidth(page)).toBe(true);

      // My courses list the course and its group; the store page says until when, and the subscription shows it.
      await page.getByRole('link', { name: kkStore.course.toCourses }).click();
      await heading(page, kkCourses.title).waitFor();
      await page.getByRole('heading', { name: COURSE_KK }).waitFor();
      await page.getByText(kkCourses.groups.group.replace('{{name}}', GROUP)).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await page.goto(coursePage);
      await page.getByTestId('enrolled').waitFor();
      await page.getByRole('link', { name: kkStore.course.manage }).click();
      await heading(page, kkStore.subscription.title).waitFor();
      await page.getByText(kkStore.subscription.status.active).waitFor();
      await page.getByTestId('access-until').waitFor();
      expect(await fitsWidth(page)).toBe(true);
    }, signedIn(pupil, options));
  }, 120_000); // a build's pages, a card payment and invoice.paid across three services, on a CPU shared by many tests

  it('the preparation course landing leads to the store', async () => {
    await withPage(async (page) => {
      await page.goto(`${site.url}/preparation-course`);
      await heading(page, kkStore.landing.title).waitFor();
      expect((await page.getByTestId('landing-price').textContent())?.replace(/\s/g, '')).toContain('10500₸');
      expect(await fitsWidth(page)).toBe(true);
    }, { ...PHONE, storageState: { cookies: [], origins: [{ origin: site.url, localStorage: [{ name: 'currentLocale', value: 'kk' }] }] } });
  });
  it('a pupil takes the free trial lesson, accepts the course terms first, then sees it (phone; desktop layout)', async () => {
    const pupil = await newPupil();
    const live = (await (await fetch(`${site.url}/api/store/courses?tab=live`)).json()) as { data: { id: string; title: { kk: string } }[] };
    const courseId = live.data.find((c) => c.title.kk === COURSE_KK)?.id;
    expect(courseId).toBeDefined();
    await withPageAllowing403(async (page) => {
      await page.goto(`${site.url}/student/courses/online-courses/${courseId}/free-trial-lesson`);
      await page.getByRole('button', { name: kkStore.trial.take }).click();
      // The demo course has terms: the trial is given, its lesson (and link) wait for them.
      await page.getByTestId('agreement').waitFor();
      await page.getByRole('button', { name: kkCourses.online.terms.accept }).click();
      await page.getByTestId('trial').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await page.setViewportSize({ width: 1440, height: 900 });
      expect(await fitsWidth(page)).toBe(true);
    }, signedIn(pupil, PHONE));
  }, 120_000);
});
