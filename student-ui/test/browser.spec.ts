/**
 * The production build of student-ui, served by the real gateway, in real Chromium.
 */
import path from 'node:path';
import { startGateway } from '@olymp/gateway';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild, waitForTitle } from '@olymp/web-common/testing';
import en from '../src/i18n/locales/en/common.json';
import kk from '../src/i18n/locales/kk/common.json';
import ru from '../src/i18n/locales/ru/common.json';

const UI_DIR = path.resolve(__dirname, '..');

describeWithBrowser('student-ui in Chromium through the gateway', (browser) => {
  const gateway = serveUiBuild(UI_DIR, (outDir) =>
    startGateway({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', STUDENT_UI_DIR: outDir }),
  );
  const withPage = pageRunner(browser);

  it('shows the home page in Kazakh by default, with the product name as title', async () => {
    await withPage(async (page) => {
      const response = await page.goto(`${gateway.url}/`);
      expect(response?.status()).toBe(200);
      await heading(page, kk.home.headline).waitFor();
      await waitForTitle(page, 'Altyn Saqa');
      expect(await page.locator('html').getAttribute('lang')).toBe('kk');
      expect(await page.getByRole('link', { name: kk.home.signIn, exact: true }).getAttribute('href')).toBe('/login');
      await page.getByRole('heading', { level: 2, name: kk.home.challenge.title }).waitFor();
      const labels = await page.getByRole('group', { name: kk.language }).getByRole('button').allTextContents();
      expect(labels).toEqual(['Қаз', 'Pyc', 'Eng']);
      expect(await page.getByRole('button', { name: 'Қаз' }).getAttribute('aria-pressed')).toBe('true');
    });
  });

  it('switches to English, stores currentLocale=en and keeps English after a reload', async () => {
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/`);
      await heading(page, kk.home.headline).waitFor();
      await page.getByRole('button', { name: 'Eng', exact: true }).click();
      await heading(page, en.home.headline).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('currentLocale'))).toBe('en');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.getByRole('button', { name: 'Eng' }).getAttribute('aria-pressed')).toBe('true');

      await page.reload();
      await heading(page, en.home.headline).waitFor();
      await page.getByText(en.home.challenge.facts.prize, { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Pyc', exact: true }).click();
      await heading(page, ru.home.headline).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('currentLocale'))).toBe('ru');
    });
  });

  it('shows the landing not-found page for an unknown path, titled "<route title> - Altyn Saqa"', async () => {
    await withPage(async (page) => {
      const response = await page.goto(`${gateway.url}/no/such/page`);
      expect(response?.status()).toBe(200);
      await heading(page, kk.notFound.title).waitFor();
      await waitForTitle(page, `${kk.notFound.title} - Altyn Saqa`);
      await page.getByRole('link', { name: kk.notFound.backHome }).click();
      await heading(page, kk.home.headline).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await waitForTitle(page, 'Altyn Saqa');
    });
  });

  it('lets a title query parameter override the route title', async () => {
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/?title=Olympiad`);
      await heading(page, kk.home.headline).waitFor();
      await waitForTitle(page, 'Olympiad - Altyn Saqa');
    });
  });

  it('scrolls back to the top on navigation', async () => {
    await withPage(
      async (page) => {
        await page.goto(`${gateway.url}/missing`);
        await heading(page, kk.notFound.title).waitFor();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForFunction(() => window.scrollY > 50);
        await page.getByRole('link', { name: kk.notFound.backHome }).click();
        await heading(page, kk.home.headline).waitFor();
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        // The home page is taller than the window, so staying at 0 is the router's doing, not the page's height.
        expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 100)).toBe(true);
      },
      { viewport: { width: 360, height: 320 } },
    );
  });

  it.each([
    ['kk', kk.home.headline],
    ['ru', ru.home.headline],
    ['en', en.home.headline],
  ])('has no horizontal scroll on a 360 px wide phone (%s)', async (locale, headline) => {
    await withPage(
      async (page) => {
        await page.addInitScript((value) => localStorage.setItem('currentLocale', value), locale);
        await page.goto(`${gateway.url}/`);
        await heading(page, headline).waitFor();
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(clientWidth).toBe(360);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      },
      { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    );
  });
});
