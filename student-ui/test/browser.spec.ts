/**
 * The production build of student-ui, served by the real gateway, in real Chromium: the public shell (languages,
 * titles, not-found, scroll, 360 px phones), the app banner on phones only, the fonts, the component gallery, the
 * olympiad pages' stages and "Last updated" days from the settings (and the page without them when they cannot be
 * read). Only auth behind the gateway, for the public settings (journey.spec.ts runs the whole platform). The
 * olympiad and legal pages are read in all three languages on a phone and laid out in one on a desktop; the page
 * without its settings is tried once, on the phone.
 */
import path from 'node:path';
import { startAuth } from '@olymp/auth';
import { startGateway } from '@olymp/gateway';
import { startLearning } from '@olymp/learning';
import { createTestNamespace, describeWithBrowser } from '@olymp/server-kit/testing';
import { DEMO_LANDING } from '../../services/auth/src/seed/reference-data';
import { heading, pageRunner, serveUiBuild, waitForTitle } from '@olymp/web-common/testing';
import { FAILED_LOADS } from './waits';
import en from '../src/i18n/locales/en/common.json';
import kk from '../src/i18n/locales/kk/common.json';
import ru from '../src/i18n/locales/ru/common.json';
import enLanding from '../src/i18n/locales/en/front-landing.json';
import kkLanding from '../src/i18n/locales/kk/front-landing.json';
import ruLanding from '../src/i18n/locales/ru/front-landing.json';

const UI_DIR = path.resolve(__dirname, '..');
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: ANDROID_UA };
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, locales: ['kk', 'ru', 'en'] },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, locales: ['ru'] },
] as const;
const LANDING = { kk: kkLanding, ru: ruLanding, en: enLanding } as const;
/** The demo's days (DEMO_LANDING) as each language writes them. */
const DAYS = {
  '2026-10-01': { kk: '2026 ж. 1 қазан', ru: '1 октября 2026 г.', en: '1 October 2026' },
  '2026-09-15': { kk: '2026 ж. 15 қыркүйек', ru: '15 сентября 2026 г.', en: '15 September 2026' },
  '2026-09-01': { kk: '2026 ж. 1 қыркүйек', ru: '1 сентября 2026 г.', en: '1 September 2026' },
} as const;

describeWithBrowser('student-ui in Chromium through the gateway', (browser) => {
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    // auth (demo seed): the olympiad and legal pages read the public settings; learning: every page's footer reads
    // the social-media links.
    const ns = createTestNamespace();
    const auth = await startAuth(ns.envFor('auth', { SEED_DEMO: 'true' }));
    const learning = await startLearning(ns.envFor('learning'));
    const gw = await startGateway({
      NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0', STUDENT_UI_DIR: outDir, AUTH_URL: auth.url, LEARNING_URL: learning.url,
    });
    return {
      url: gw.url,
      async close() {
        await gw.close();
        await Promise.all([auth.close(), learning.close()]);
        await ns.cleanup();
      },
    };
  });
  const withPage = pageRunner(browser);
  /** For a page whose request fails on purpose: the browser's own "Failed to load resource" line is expected. */
  const withFailingPage = pageRunner(browser, { allowConsole: FAILED_LOADS });

  it('shows the home page in Kazakh by default, with the product name as title, header and footer', async () => {
    await withPage(async (page) => {
      const response = await page.goto(`${gateway.url}/`);
      expect(response?.status()).toBe(200);
      await heading(page, kk.home.headline).waitFor();
      await waitForTitle(page, 'Altyn Saqa');
      expect(await page.locator('html').getAttribute('lang')).toBe('kk');
      expect(await page.locator('.hero').getByRole('link', { name: kk.home.signIn, exact: true }).getAttribute('href')).toBe('/login');
      await page.getByRole('heading', { level: 2, name: kk.home.challenge.title }).waitFor();
      const labels = await page.getByRole('group', { name: kk.language }).getByRole('button').allTextContents();
      expect(labels).toEqual(['Қаз', 'Рус', 'Eng']);
      expect(await page.getByRole('button', { name: 'Қаз' }).getAttribute('aria-pressed')).toBe('true');
      // Spec section 1: search lessons, the basket, the footer of this year with terms and privacy.
      await page.getByPlaceholder(kk.header.searchPlaceholder).waitFor();
      await page.getByRole('link', { name: kk.header.basket }).waitFor();
      await page.getByText(`© ${new Date().getFullYear()} Altyn Saqa`).waitFor();
      expect(await page.getByRole('link', { name: kk.footer.privacy }).getAttribute('href')).toBe('/privacy-and-policy');
      expect(await page.locator('.site-footer__social a').count()).toBe(4);
    });
  });

  it('switches to English, stores currentLocale=en, keeps it after a reload, and back to Қаз', async () => {
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/`);
      await heading(page, kk.home.headline).waitFor();
      await page.getByRole('button', { name: 'Eng', exact: true }).click();
      await heading(page, en.home.headline).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('currentLocale'))).toBe('en');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');

      await page.reload();
      await heading(page, en.home.headline).waitFor();
      // Every label follows the language, the basket's too.
      await page.getByRole('link', { name: en.header.basket }).waitFor();

      await page.getByRole('button', { name: 'Рус', exact: true }).click();
      await heading(page, ru.home.headline).waitFor();
      await page.getByRole('link', { name: ru.header.basket }).waitFor();
      await page.getByRole('button', { name: 'Қаз', exact: true }).click();
      await heading(page, kk.home.headline).waitFor();
      await page.getByPlaceholder(kk.header.searchPlaceholder).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('currentLocale'))).toBe('kk');
      expect(await page.locator('html').getAttribute('lang')).toBe('kk');
    });
  });

  it('shows the app banner on an Android phone and not on a desktop', async () => {
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/`);
      await heading(page, kk.home.headline).waitFor();
      await page.getByRole('complementary', { name: kk.appBanner.label }).waitFor();
      await page.getByText(kk.appBanner.android).waitFor();
    }, PHONE);
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/`);
      await heading(page, kk.home.headline).waitFor();
      expect(await page.getByRole('complementary', { name: kk.appBanner.label }).count()).toBe(0);
    });
  });

  it('renders Kazakh letters in the bundled Nunito face on /components', async () => {
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/components`);
      await heading(page, kk.gallery.title).waitFor();
      await page.getByTestId('kazakh-sample').waitFor();
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        await document.fonts.load('700 16px "Nunito Variable"', 'әғқңөұүһі');
        return {
          kazakh: document.fonts.check('700 16px "Nunito Variable"', 'әғқңөұүһіӘҒҚҢӨҰҮҺІ'),
          family: getComputedStyle(document.querySelector('[data-testid="kazakh-sample"]') as Element).fontFamily,
          loaded: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.unicodeRange),
        };
      });
      expect(fonts.kazakh).toBe(true);
      expect(fonts.family).toMatch(/^"Nunito Variable"/);
      // Both Cyrillic subsets were fetched (ә ғ қ ң ө ү һ live in cyrillic-ext; і and ұ in cyrillic).
      expect(fonts.loaded.some((r) => r.includes('U+460-52F'))).toBe(true);
      expect(fonts.loaded.some((r) => r.includes('U+400-45F'))).toBe(true);
    });
  });

  it('closes a toast by itself, keeps at most 20 top-right and dismisses one dragged past 60 % of its width, not one dragged less', async () => {
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/components`);
      await heading(page, kk.gallery.title).waitFor();
      // A default toast closes by itself (5 s).
      await page.getByRole('button', { name: kk.gallery.toast.info, exact: true }).click();
      await page.waitForFunction(() => document.querySelectorAll('.toast').length === 1);
      await page.waitForFunction(() => document.querySelectorAll('.toast').length === 0, undefined, { timeout: 15_000 });
      // Toasts that stay until closed, for the limit and the drag.
      const button = page.getByRole('button', { name: kk.gallery.toastSticky, exact: true });
      for (let i = 0; i < 21; i += 1) await button.click();
      const toasts = page.locator('.toast');
      expect(await toasts.count()).toBe(20);
      const box = await page.locator('.toasts').boundingBox();
      expect(box && box.x + box.width).toBeGreaterThan(1280 - 40);
      expect(box?.y).toBeLessThan(40);

      const drag = async (fraction: number) => {
        const first = (await toasts.first().boundingBox())!;
        const y = first.y + first.height / 2;
        await page.mouse.move(first.x + 20, y);
        await page.mouse.down();
        await page.mouse.move(first.x + 20 + first.width * fraction, y, { steps: 5 });
        await page.mouse.up();
      };
      await drag(0.3);
      expect(await toasts.count()).toBe(20);
      await drag(0.7);
      await page.waitForFunction(() => document.querySelectorAll('.toast').length === 19);
    });
  });

  it('shows an olympiad landing with its anchors and registration closed', async () => {
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/altyn-tulek#faq`);
      await heading(page, kkLanding.senior.title).waitFor();
      for (const anchor of ['about', 'dates', 'working', 'advantages', 'faq']) expect(await page.locator(`section#${anchor}`).count()).toBe(1);
      expect(await page.getByRole('button', { name: kkLanding.register }).isDisabled()).toBe(true);
      await page.goto(`${gateway.url}/altyn-saqa-landing`);
      await heading(page, kkLanding.challenge.title).waitFor();
      expect((await page.getByTestId('course-price').textContent())?.replace(/\s/g, '')).toBe('10500₸');
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

  it('sends a guest opening the student area to /login with the page kept as redirect', async () => {
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/student/my-challenges?x=1`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/student/my-challenges?x=1');
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
    await withPage(async (page) => {
      await page.addInitScript((value) => localStorage.setItem('currentLocale', value), locale);
      await page.goto(`${gateway.url}/`);
      await heading(page, headline).waitFor();
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(clientWidth).toBeLessThanOrEqual(360);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    }, PHONE);
  });
  for (const size of SIZES) {
    it(`${size.name}: an olympiad page lists the stages and days staff set, in the reader's language (${size.locales.join(', ')}), with its "Last updated" day; the legal pages too`, async () => {
      await withPage(async (page) => {
        for (const locale of size.locales) {
          const t = LANDING[locale];
          const stages = DEMO_LANDING.stages.primary;
          await page.addInitScript((value) => localStorage.setItem('currentLocale', value), locale);
          await page.goto(`${gateway.url}/altyn-saqa`);
          await heading(page, t.primary.title).waitFor();
          const items = page.getByTestId('stages').locator('li');
          await page.getByTestId('stages').waitFor();
          expect(await items.count()).toBe(stages.length);
          expect(await items.first().innerText()).toBe(`${stages[0].name[locale]}: ${DAYS['2026-10-01'][locale]}`);
          // A stage without a day yet (the republican one) says it will be announced.
          expect(stages.at(-1)!.date).toBeNull();
          expect(await items.last().innerText()).toBe(`${stages.at(-1)!.name[locale]}: ${t.dateTba}`);
          expect(await page.getByTestId('updated-on').innerText()).toBe(t.updatedOn.replace('{{date}}', DAYS['2026-09-15'][locale]));
          expect(await page.locator('main').innerText()).not.toContain('2024');
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);

          await page.goto(`${gateway.url}/privacy-and-policy`);
          await heading(page, t.legal.privacy.title).waitFor();
          expect(await page.getByTestId('updated-on').innerText()).toBe(t.legal.updated.replace('{{date}}', DAYS['2026-09-01'][locale]));
          expect(await page.locator('main').innerText()).not.toContain('2024');
        }
      }, { viewport: size.viewport });
    });
  }

  it(`phone: an olympiad page whose settings cannot be read is shown without the stages`, async () => {
    await withFailingPage(
      async (page) => {
        await page.route('**/api/settings/public', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'unavailable' }) }));
        const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/settings/public');
        await page.goto(`${gateway.url}/altyn-tulek`);
        await asked;
        await heading(page, kkLanding.senior.title).waitFor();
        for (const anchor of ['about', 'dates', 'working', 'advantages', 'faq']) expect(await page.locator(`section#${anchor}`).count()).toBe(1);
        await page.locator('section#dates').getByRole('heading', { name: kkLanding.nav.dates }).waitFor();
        expect(await page.getByTestId('stages').count()).toBe(0);
        expect(await page.getByTestId('updated-on').count()).toBe(0);
        expect(await page.locator('section#dates').innerText()).not.toContain('unavailable');
      },
      { viewport: SIZES[0].viewport },
    );
  });
});
