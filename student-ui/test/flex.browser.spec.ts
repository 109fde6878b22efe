/**
 * Flex (self-paced) courses in Chromium against the real platform
 * (auth, learning, shop, finance and notifications behind the gateway serving the production build, demo data
 * seeded): an enrolled pupil opens the demo flex course, starts at its first lesson, reads it in Kazakh and marks it
 * done, takes the next lesson's test through the quiz player (the flex context) and marks that lesson done, comes
 * back to the course page which offers to continue at the next undone lesson, and sees themself on the leaderboard
 * as "Айгерім С."; a pupil who has not bought the course reads the course-info and is offered the store. The flows run
 * once on a phone (390x844); a desktop (1440x900) pass opens the same screens with a pupil of its own (the courses'
 * flex tab, the course, a lesson, a lesson's test, the leaderboard, the course-info) and checks their headings,
 * data and buttons, and that nothing is wider than the screen.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ROLE } from '@olymp/proto';
import { describeWithBrowser, testToken } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import kkCourses from '../src/i18n/locales/kk/courses.json';
import kkFlex from '../src/i18n/locales/kk/flex.json';
import kkChallenges from '../src/i18n/locales/kk/challenges.json';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: ANDROID_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const COURSE_KK = 'Бөлшектер: өз қарқыныңмен';
const fill = (text: string, values: Record<string, string | number>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describeWithBrowser('flex courses: studying at one\'s own pace', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack!.close() };
  });
  const withPage = pageRunner(browser);
  const learningDb = () => stack!.services.learning.app.get(DataSource);

  async function course() {
    const [row] = (await learningDb().query("SELECT c.id, t.id AS tariff FROM courses c JOIN course_tariffs t ON t.course_id = c.id WHERE c.kind = 'flex' AND c.published")) as { id: string; tariff: string }[];
    return row;
  }
  /** A grade-5 pupil; `enrolled`: a paid month of the demo flex course (as the demo seeds its own pupil's). */
  async function newPupil(enrolled: boolean) {
    const id = randomUUID();
    await stack!.services.auth.app.get(DataSource).query(
      `INSERT INTO users (id, phone, first_name, last_name, role_id, grade) VALUES ($1, $2, 'Айгерім', 'Сәрсенова', ${ROLE.student}, 5)`,
      [id, `+77${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`],
    );
    if (enrolled) {
      const c = await course();
      await learningDb().query(
        `INSERT INTO course_enrolments (id, user_id, course_id, tariff_id, group_id, access_until, renew) VALUES ($1, $2, $3, $4, NULL, now() + interval '30 days', true)`,
        [randomUUID(), id, c.id, c.tariff],
      );
    }
    return { id, token: await testToken({ roleId: ROLE.student, userId: id }) };
  }
  const signedIn = (pupil: { id: string; token: string }, options: BrowserContextOptions): BrowserContextOptions => ({
    ...options,
    storageState: {
      cookies: [],
      origins: [{ origin: site.url, localStorage: [{ name: 'token', value: pupil.token }, { name: 'user_uuid', value: pupil.id }, { name: 'currentLocale', value: 'kk' }] }],
    },
  });

  /** From the pupil's courses to the self-paced tab, whose card says no lesson of the four is done yet. */
  async function openFlexTab(page: Page) {
    await page.goto(`${site.url}/student/courses`);
    await page.getByRole('link', { name: kkCourses.tabs.flex, exact: true }).click();
    await heading(page, kkFlex.list.title).waitFor();
    await page.getByTestId('flex-card-done').getByText(fill(kkFlex.progress.card, { done: 0, total: 4 })).waitFor();
  }

  it('an enrolled pupil studies lessons in order, takes a lesson\'s test and resumes where they stopped (phone)', async () => {
    const pupil = await newPupil(true);
    const { id } = await course();
    await withPage(async (page) => {
      // From the pupil's courses, the self-paced tab lists the course with its progress.
      await openFlexTab(page);
      // The heading says what the tab says.
      expect(kkFlex.list.title).toBe(kkCourses.tabs.flex);
      expect(await page.getByRole('link', { name: kkCourses.tabs.timetable, exact: true }).count()).toBe(1);
      await page.getByRole('link', { name: kkFlex.list.open }).click();
      await page.waitForURL(`${site.url}/student/courses/flex-courses/${id}/chapters`);
      await heading(page, COURSE_KK).waitFor();
      await page.getByTestId('flex-lessons-done').getByText(fill(kkFlex.progress.lessons, { done: 0, total: 4 })).waitFor();
      expect(await page.getByTestId('flex-chapter').count()).toBe(2);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByTestId('flex-continue').getByText(fill(kkFlex.start, { title: 'Жарты және ширек' })).click();

      // The first lesson in Kazakh; marking it done moves on to the next one.
      await heading(page, 'Жарты және ширек').waitFor();
      await page.getByTestId('flex-lesson-body').getByText(/Бөлшек — бүтіннің бөлігі/).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await page.getByTestId('flex-done').click();
      await heading(page, 'Бөлшектерді салыстыру').waitFor();

      // A lesson with a test: done only after the test, played in the quiz player and finished.
      expect(await page.getByTestId('flex-done').isDisabled()).toBe(true);
      await page.getByTestId('flex-start-test').click();
      await page.getByText(kkChallenges.quiz.prechecksTitle).waitFor();
      for (const key of ['charged', 'stableConnection', 'timerKeepsRunning'] as const) await page.getByLabel(kkChallenges.quiz.prechecks[key]).check();
      await page.getByRole('button', { name: kkChallenges.quiz.start }).click();
      await page.getByRole('button', { name: kkChallenges.quiz.finish }).click();
      await page.getByRole('button', { name: kkChallenges.quiz.finishConfirm }).click();
      await heading(page, 'Бөлшектерді салыстыру').waitFor();
      await page.getByTestId('flex-test-points').getByText(fill(kkFlex.lesson.testPoints, { points: 0 })).waitFor();
      await page.getByTestId('flex-done').click();
      await heading(page, 'Бөлімдері бірдей').waitFor();

      // Back on the course page (a fresh load): two of four done, 20 points, continue at the third lesson.
      await page.goto(`${site.url}/student/courses/flex-courses/${id}/chapters`);
      await page.getByTestId('flex-lessons-done').getByText(fill(kkFlex.progress.lessons, { done: 2, total: 4 })).waitFor();
      await page.getByTestId('flex-points').getByText(fill(kkFlex.progress.points, { points: 20 })).waitFor();
      await page.getByTestId('flex-continue').getByText(fill(kkFlex.continue, { title: 'Бөлімдері бірдей' })).waitFor();
      expect(await fitsWidth(page)).toBe(true);

      // The leaderboard names pupils publicly ("Айгерім С."), never in full.
      await page.getByRole('link', { name: kkFlex.tabs.leaderboards }).click();
      const board = page.getByTestId('flex-board');
      await board.getByText('Айгерім С.').first().waitFor();
      expect(await board.textContent()).not.toContain('Сәрсенова');
      expect(await fitsWidth(page)).toBe(true);
    }, signedIn(pupil, PHONE));
  }, 180_000);

  it('on a desktop the flex screens are laid out: the flex tab\'s card, the course, a lesson, a lesson\'s test, the leaderboard', async () => {
    const pupil = await newPupil(true);
    const { id } = await course();
    await withPage(async (page) => {
      await openFlexTab(page);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('link', { name: kkFlex.list.open }).click();
      await heading(page, COURSE_KK).waitFor();
      expect(await page.getByTestId('flex-chapter').count()).toBe(2);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByTestId('flex-continue').getByText(fill(kkFlex.start, { title: 'Жарты және ширек' })).click();
      await heading(page, 'Жарты және ширек').waitFor();
      await page.getByTestId('flex-lesson-body').getByText(/Бөлшек — бүтіннің бөлігі/).waitFor();
      expect(await page.getByTestId('flex-done').isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      // The next lesson holds a test: its start button and the quiz player's checks, not played here.
      await page.getByTestId('flex-done').click();
      await heading(page, 'Бөлшектерді салыстыру').waitFor();
      expect(await page.getByTestId('flex-start-test').isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByTestId('flex-start-test').click();
      await page.getByText(kkChallenges.quiz.prechecksTitle).waitFor();
      expect(await page.getByRole('button', { name: kkChallenges.quiz.start }).isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await page.goto(`${site.url}/student/courses/flex-courses/${id}/chapters`);
      await page.getByTestId('flex-lessons-done').getByText(fill(kkFlex.progress.lessons, { done: 1, total: 4 })).waitFor();
      await page.getByRole('link', { name: kkFlex.tabs.leaderboards }).click();
      await page.getByTestId('flex-board').getByText('Айгерім С.').first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
    }, signedIn(pupil, DESKTOP));
  }, 180_000);

  it('a pupil who has not bought the course reads its course-info and is offered the store (phone; the course-info laid out on a desktop)', async () => {
    const pupil = await newPupil(false);
    const { id } = await course();
    await withPage(async (page) => {
      await page.goto(`${site.url}/student/courses/flex-courses/${id}/course-info`);
      await heading(page, COURSE_KK).waitFor();
      await page.getByText(kkFlex.buy.text).first().waitFor();
      await page.getByText(/Қысқа сабақтар/).waitFor();
      expect(await page.getByTestId('flex-continue').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByTestId('flex-buy').click();
      await page.waitForURL(`${site.url}/student/store/courses/${id}`);
    }, signedIn(pupil, PHONE));
    await withPage(async (page) => {
      await page.goto(`${site.url}/student/courses/flex-courses/${id}/course-info`);
      await heading(page, COURSE_KK).waitFor();
      await page.getByText(kkFlex.buy.text).first().waitFor();
      expect(await page.getByTestId('flex-buy').isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
    }, signedIn(pupil, DESKTOP));
  }, 180_000);
});
