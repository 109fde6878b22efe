/**
 * The shop end to end in Chromium against the real platform (auth,
 * learning, shop, finance and notifications on real PostgreSQL and NATS, behind the gateway serving the production
 * builds of the student and the admin UI): a pupil browses the shop home, searches (one request after typing
 * stops), opens a product, puts it in the cart (the header's basket counts it), changes the quantity, checks out with
 * self-pickup, pays with ZP from the wallet and finds the paid order; staff create a product with an uploaded image
 * in the admin's product editor, open the pupil's order from the self-pickup list and move it to "ready for pickup";
 * the pupil's open order page shows the new status and the pickup code without a reload (the socket's notice).
 * Every flow runs once on a phone (390x844: pupils shop on phones); a desktop (1440x900) pass opens every screen the
 * flows used, in Kazakh, and checks its headings, its key data and main buttons, and that nothing is wider than it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describeWithBrowser, waitFor } from '@olymp/server-kit/testing';
import { cachedUiBuild, heading, pageRunner, serveUiBuild, typeThenPause } from '@olymp/web-common/testing';
import kkLogin from '../src/i18n/locales/kk/loginPage.json';
import enCommon from '../src/i18n/locales/en/common.json';
import enShop from '../src/i18n/locales/en/shop.json';
import kkCommon from '../src/i18n/locales/kk/common.json';
import kkShop from '../src/i18n/locales/kk/shop.json';
import ruCommon from '../src/i18n/locales/ru/common.json';
import ruShop from '../src/i18n/locales/ru/shop.json';
import { startStack, type Stack } from './stack';
import { FAILED_LOADS, hasCount, until } from './waits';

/** The product list's pause after the last key before it asks the server (ProductBrowser's SEARCH_DELAY_MS). */
const SEARCH_DELAY_MS = 350;

const UI_DIR = path.resolve(__dirname, '..');
const ADMIN_DIR = path.resolve(__dirname, '../../admin-ui');
const adminKk = JSON.parse(readFileSync(path.join(ADMIN_DIR, 'src/i18n/locales/kk/common.json'), 'utf8')) as { login: Record<string, string>; buttons: Record<string, string>; languages: Record<string, string> };
const adminShopKk = JSON.parse(readFileSync(path.join(ADMIN_DIR, 'src/i18n/locales/kk/shop.json'), 'utf8')) as {
  product: Record<string, string>;
  slider: Record<string, string>;
  status: Record<string, string>;
  order: Record<string, string>;
};

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: ANDROID_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
/** The phone's pupil runs the flows; the desktop's has a cart and an order of their own for the layout pass. */
const PUPIL_PHONE = '+77000000105';
const DESKTOP_PUPIL_PHONE = '+77000000106';
const STAFF_PHONE = '+77000000003'; // the demo manager: every shop key by default
const NOTEBOOKS_KK = 'Дәптерлер жиынтығы (5 дана)';
/** A 1x1 PNG. */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const SHOP = { kk: kkShop, ru: ruShop, en: enShop } as const;
const COMMON = { kk: kkCommon, ru: ruCommon, en: enCommon } as const;

type Storage = Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>;


async function codeFor(base: string, phone: string, since: number): Promise<string> {
  return waitFor(
    async () => {
      const inbox = (await (await fetch(`${base}/api/dev/sms?to=${encodeURIComponent(phone)}`)).json()) as { data: { code: string; sentAt: string }[] };
      return inbox.data.find((sms) => Date.parse(sms.sentAt) >= since - 1000)?.code;
    },
    { what: `an SMS to ${phone}` },
  );
}


const matches = (value: string | null, expected: string | RegExp) => value !== null && (typeof expected === 'string' ? value.trim() === expected : expected.test(value.trim()));
const hasText = (l: Locator, expected: string | RegExp, timeoutMs?: number): Promise<string | null> =>
  until(() => l.textContent({ timeout: 500 }).catch(() => null), (v) => matches(v, expected), `text ${String(expected)}`, timeoutMs);
const containsText = (l: Locator, expected: string | RegExp) =>
  until(() => l.textContent({ timeout: 500 }).catch(() => null), (v) => v !== null && (typeof expected === 'string' ? v.includes(expected) : expected.test(v)), `text containing ${String(expected)}`);
const hasAttribute = (l: Locator, name: string, value: string, timeoutMs?: number) =>
  until(() => l.first().getAttribute(name, { timeout: 500 }).catch(() => null), (v) => v === value, `${name}=${value}`, timeoutMs);

/**
 * The move dialog's confirm button. Not by its exact name: while antd's loading icon fades out after a refused move,
 * the icon's label is part of the button's name.
 */
const moveButton = (page: Page) => page.getByRole('dialog').getByRole('button', { name: adminShopKk.order.move });

interface MoveDialogState {
  open: number;
  /** The dialog's field messages (a refused move says why there). */
  errors: string[];
  toasts: string[];
  busy: number;
  /** The change-status requests the page sent and what the API answered. */
  moves: string[];
}

/**
 * Presses the open move dialog's confirm button and waits until `done` holds; a failure names what the dialog, the
 * toasts and the API said. Twice in CI (2026-11-27, both on the phone-sized page of a loaded machine) a press changed
 * nothing at all: no request left the page, no message, the dialog open for 30 s. When nothing has happened 10 s after
 * the press, it is pressed once more and the test says so on stderr (a request that left but is slow is never sent
 * twice).
 */
async function pressMove(page: Page, done: (state: MoveDialogState) => boolean, what: string): Promise<MoveDialogState> {
  const moves: string[] = [];
  const seen = (what: string) => (r: { url(): string }) => {
    if (r.url().includes('/change-status')) moves.push(what);
  };
  const sent = seen('sent');
  const answered = (r: { url(): string; status(): number }) => seen(`answered ${r.status()}`)(r);
  const failed = seen('failed');
  page.on('request', sent);
  page.on('response', answered);
  page.on('requestfailed', failed);
  const probe = async (): Promise<MoveDialogState> => ({
    open: await page.getByRole('dialog').count(),
    errors: await page.locator('.ant-form-item-explain-error').allTextContents(),
    toasts: await page.locator('.ant-notification-notice').allTextContents(),
    busy: await page.getByRole('dialog').locator('.ant-btn-loading').count(),
    moves: [...moves],
  });
  try {
    // A loading button ignores presses (no double moves): after a refused move it spins a moment longer.
    await hasCount(page.getByRole('dialog').locator('.ant-btn-loading'), 0);
    // A refused move's message under the field goes once the field changes; while it goes the form shrinks and Move
    // moves up under the pointer, and a message still there would pass for this press's answer (a clean-clone run
    // saw the right code's press lost that way: no request, no second press, the dialog open for 30 s).
    await hasCount(page.getByRole('dialog').locator('.ant-form-item-explain-error'), 0);
    await moveButton(page).click();
    const reacted = await until(probe, (state) => done(state) || state.moves.length > 0 || state.errors.length > 0, `the press on Move (${what})`, 10_000).catch(() => null);
    if (reacted === null) {
      console.warn(`shop.browser: a press on Move changed nothing in 10 s (${what}); pressed again`);
      await moveButton(page).click();
    }
    return await until(probe, done, what);
  } finally {
    page.off('request', sent);
    page.off('response', answered);
    page.off('requestfailed', failed);
  }
}

/** Confirms the open move dialog and waits until it closes (the move went through). */
async function confirmMove(page: Page): Promise<void> {
  await pressMove(page, (state) => state.open === 0, 'the move dialog to close');
}

/** Nothing on the page is wider than the screen. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

describeWithBrowser('the shop: a pupil buys with ZP and collects, staff manage it in the admin', (browser) => {
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    const started: Stack = await startStack(outDir, { adminUiDir: await cachedUiBuild(ADMIN_DIR) });
    return { url: started.gateway.url, close: () => started.close() };
  });
  const withPage = pageRunner(browser, { allowConsole: FAILED_LOADS });
  const pupils = new Map<string, Storage>();
  let orderId = '';
  let staff: Storage | undefined;

  /** Signs `phone` in once per file, on the phone's pooled tab, and keeps the storage it leaves. */
  async function pupilStorage(phone: string): Promise<Storage> {
    const known = pupils.get(phone);
    if (known) return known;
    let state: Storage | undefined;
    await withPage(async (page) => {
      await page.goto(`${site.url}/login`);
      await page.getByLabel(kkLogin.fields.phone, { exact: true }).fill(phone);
      const requested = Date.now();
      await page.getByRole('button', { name: kkLogin.login.submit }).click();
      await heading(page, kkLogin.otp.title).waitFor();
      await page.getByLabel(kkLogin.code.label, { exact: true }).fill(await codeFor(site.url, phone, requested));
      await page.getByRole('button', { name: kkLogin.code.submit }).click();
      await page.waitForURL(`${site.url}/student/home`);
      state = await page.context().storageState();
    }, PHONE);
    pupils.set(phone, state!);
    return state!;
  }

  /** Signs the manager in once per file, on the phone's pooled tab. */
  async function staffStorage(): Promise<Storage> {
    if (staff) return staff;
    await withPage(async (page) => {
      await page.goto(`${site.url}/admin/login`);
      await page.getByLabel(adminKk.login.phone).fill(STAFF_PHONE);
      const requested = Date.now();
      await page.getByRole('button', { name: adminKk.login.sendCode }).click();
      await page.getByLabel(adminKk.login.code).waitFor();
      await page.getByLabel(adminKk.login.code).fill(await codeFor(site.url, STAFF_PHONE, requested));
      await page.getByRole('button', { name: adminKk.login.signIn, exact: true }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      staff = await page.context().storageState();
    }, PHONE);
    return staff!;
  }

  it('a pupil browses, searches, fills the cart, checks out with pickup, pays with ZP and sees the order (phone)', async () => {
    const base = site.url;
    const storageState = await pupilStorage(PUPIL_PHONE);
    await withPage(
      async (page) => {
        // The shop's home: slides (none in the demo), categories, new and popular, the wallet's ZP and Altyn Saqa.
        await page.clock.install();
        await page.goto(`${base}/student/shop`);
        await page.waitForURL(`${base}/student/shop/products/home`);
        await heading(page, kkShop.home.title).waitFor();
        await hasText(page.getByTestId('wallet-zp'), /^5\s?000 ZP$/);
        await hasText(page.getByTestId('wallet-altyn-saqa'), /^[^…]+$/);
        await page.getByRole('link', { name: 'Кітаптар' }).waitFor();
        await page.getByTestId('product-card').first().waitFor();
        expect(await fitsWidth(page)).toBe(true);

        // The list: the search asks the server once, after typing stops.
        await page.getByRole('navigation', { name: kkShop.nav.label }).getByRole('link', { name: kkShop.nav.products, exact: true }).click();
        await heading(page, kkShop.products.title).waitFor();
        await hasCount(page.getByTestId('product-card'), 5);
        const searches: string[] = [];
        page.on('request', (r) => {
          const url = new URL(r.url());
          if (url.pathname === '/api/shop/products' && url.searchParams.has('q')) searches.push(url.searchParams.get('q') ?? '');
        });
        await typeThenPause(page, page.getByRole('searchbox', { name: kkShop.filters.search, exact: true }), 'дәптер', SEARCH_DELAY_MS, () => searches);
        await hasText(page.getByTestId('products-total'), kkShop.products.found.replace('{{count}}', '1'));
        expect(searches).toEqual(['дәптер']);
        await hasCount(page.getByTestId('product-card'), 1);
        expect(await fitsWidth(page)).toBe(true);

        // The product: every price, the stock; into the cart, which the header counts.
        await page.getByTestId('product-card').click();
        await heading(page, NOTEBOOKS_KK).waitFor();
        await containsText(page.getByTestId('product-prices'), '300 ZP');
        await containsText(page.getByTestId('product-prices'), '900 ₸');
        await page.getByRole('button', { name: kkShop.product.addToCart }).click();
        await hasText(page.getByTestId('basket-count'), '1');
        expect(await fitsWidth(page)).toBe(true);

        // The cart: today's price and stock state; one more; the total follows.
        await page.getByRole('link', { name: kkShop.product.goToCart }).click();
        await heading(page, kkShop.cart.title).waitFor();
        await hasCount(page.getByTestId('cart-line'), 1);
        await containsText(page.getByTestId('cart-line'), kkShop.cart.state.ok);
        await page.getByRole('button', { name: kkShop.cart.more }).click();
        await hasText(page.getByTestId('cart-quantity'), '2');
        await hasText(page.getByTestId('cart-total'), '600 ZP');
        await hasText(page.getByTestId('basket-count'), '2');
        expect(await fitsWidth(page)).toBe(true);

        // Checkout with self-pickup at a demo point; the stock is held and the pupil pays in ZP.
        await page.getByRole('link', { name: kkShop.cart.checkout }).click();
        await heading(page, kkShop.checkout.title).waitFor();
        // Pickup points by region (the pupil's own first; the demo pupil has none, so all): Abai's only, then all again.
        const pickupPoints = page.locator('input[name="pickup-point"]');
        await hasCount(pickupPoints, 20);
        await page.getByLabel(kkShop.checkout.region, { exact: true }).selectOption({ label: 'Абай облысы' });
        await hasCount(pickupPoints, 1);
        await page.getByRole('radio', { name: /Семей олимпиада орталығы/ }).waitFor();
        await page.getByLabel(kkShop.checkout.region, { exact: true }).selectOption({ value: '' });
        await hasCount(pickupPoints, 20);
        await page.getByRole('button', { name: kkShop.checkout.place }).click();
        await page.getByText(kkShop.checkout.choosePoint).waitFor();
        await page.getByRole('radio', { name: /Астана беру пункті/ }).check();
        expect(await fitsWidth(page)).toBe(true);
        await page.getByRole('button', { name: kkShop.checkout.place }).click();
        await page.waitForURL(/\/student\/shop\/orders\/[0-9a-f-]{36}\/payment$/);
        const placed = /orders\/([0-9a-f-]{36})\/payment/.exec(page.url())![1]!;
        await heading(page, kkShop.payment.title).waitFor();
        await hasText(page.getByTestId('payment-amount'), '600 ZP');
        await containsText(page.getByTestId('payment-balance'), '5');
        await hasCount(page.getByTestId('basket-count'), 0);
        expect(await fitsWidth(page)).toBe(true);
        await page.getByRole('button', { name: kkShop.payment.payZp.replace('{{amount}}', '600') }).click();

        // Paid once finance's invoice.paid reached the shop; the order page shows it, and the wallet the new balance.
        await page.waitForURL(`${base}/student/shop/orders/${placed}`);
        await hasAttribute(page.getByTestId('order-status'), 'data-status', 'paid');
        await hasText(page.getByTestId('wallet-zp'), /^4\s?400 ZP$/);
        expect(await fitsWidth(page)).toBe(true);
        await page.getByRole('navigation', { name: kkShop.nav.label }).getByRole('link', { name: kkShop.nav.orders }).click();
        await hasCount(page.getByTestId('order-row'), 1);
        await hasAttribute(page.getByTestId('order-row').getByTestId('order-status'), 'data-status', 'paid');
        expect(await fitsWidth(page)).toBe(true);
        orderId = placed;
      },
      { ...PHONE, storageState },
    );
  });

  it('staff create a product with an image and mark the pupil’s order ready; the pupil sees it live (phone)', async () => {
    const base = site.url;
    if (!orderId) throw new Error(`the pupil's order is missing (the test before failed)`);
    const pupilState = await pupilStorage(PUPIL_PHONE);
    const staffState = await staffStorage();

    // The pupil keeps the order's page open (one pooled phone tab) while staff work in another.
    await withPage(
      async (pupilPage) => {
        await pupilPage.goto(`${base}/student/shop/orders/${orderId}`);
        await hasAttribute(pupilPage.getByTestId('order-status'), 'data-status', 'paid');
        await hasCount(pupilPage.getByTestId('pickup-code'), 0);

        await withPage(
          async (page) => {
            // A new product in the editor: names in three languages, a ZP price, stock, one uploaded image (the cover).
            const name = 'Сызғыш phone';
            await page.goto(`${base}/admin/shop/products/create`);
            await page.getByRole('heading', { name: adminShopKk.product.createTitle }).waitFor();
            for (const [lang, text] of [['kk', name], ['ru', 'Линейка phone'], ['en', 'Ruler phone']] as const) {
              await page.getByLabel(adminShopKk.product.name!.replace('{{lang}}', adminKk.languages[lang]!), { exact: true }).fill(text);
            }
            await page.getByLabel(adminShopKk.product.priceZp!).fill('150');
            await page.getByLabel(adminShopKk.product.stock!).fill('7');
            await page.locator('input[type=file]').setInputFiles({ name: 'ruler.png', mimeType: 'image/png', buffer: PNG_1PX });
            await hasCount(page.getByTestId('product-image'), 1);
            await page.getByRole('button', { name: adminShopKk.product.specAdd }).click();
            await page.getByLabel(adminShopKk.product.specKey!.replace('{{lang}}', 'kk'), { exact: true }).fill('Ұзындығы');
            await page.getByLabel(adminShopKk.product.specValue!.replace('{{lang}}', 'kk'), { exact: true }).fill('30 см');
            await page.getByLabel(adminShopKk.product.specKey!.replace('{{lang}}', 'ru'), { exact: true }).fill('Длина');
            await page.getByLabel(adminShopKk.product.specValue!.replace('{{lang}}', 'ru'), { exact: true }).fill('30 см');
            await page.getByLabel(adminShopKk.product.specKey!.replace('{{lang}}', 'en'), { exact: true }).fill('Length');
            await page.getByLabel(adminShopKk.product.specValue!.replace('{{lang}}', 'en'), { exact: true }).fill('30 cm');
            expect(await fitsWidth(page)).toBe(true);
            await page.getByRole('button', { name: adminKk.buttons.save }).click();
            await page.waitForURL(`${base}/admin/shop/products`);
            const found = await waitFor(
              async () => {
                const answer = (await (await fetch(`${base}/api/shop/products?q=${encodeURIComponent(name)}`)).json()) as { data: { id: string; images: string[]; stock: number }[] };
                return answer.data[0];
              },
              { what: 'the new product in the public catalogue' },
            );
            expect(found.images).toHaveLength(1);
            expect(found.stock).toBe(7);
            const detail = (await (await fetch(`${base}/api/shop/products/${found.id}`)).json()) as { data: { specs: { key: { kk: string }; value: { en: string } }[] } };
            expect(detail.data.specs.map((s) => [s.key.kk, s.value.en])).toEqual([['Ұзындығы', '30 cm']]);
            expect((await fetch(`${base}/api/upload-image/${found.images[0]}`)).status).toBe(200);

            // The self-pickup list counts the paid orders; the pupil's order opens and moves to "ready for pickup".
            await page.goto(`${base}/admin/shop/orders/pickup`);
            await page.getByTestId('status-tab-paid').click();
            await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderId.slice(0, 8).toUpperCase() }).click();
            await page.waitForURL(`${base}/admin/shop/orders/${orderId}`);
            await hasText(page.getByTestId('order-status'), adminShopKk.status.paid!);
            await page.getByRole('button', { name: adminShopKk.status.ready_for_pickup, exact: true }).click();
            await confirmMove(page);
            await hasText(page.getByTestId('order-status'), adminShopKk.status.ready_for_pickup!);
            expect(await fitsWidth(page)).toBe(true);
          },
          { ...PHONE, storageState: staffState },
        );

        // Live: the notice arrives over the socket and the open page reads the order again, with its pickup code.
        await hasAttribute(pupilPage.getByTestId('order-status'), 'data-status', 'ready_for_pickup', 15_000);
        await containsText(pupilPage.getByTestId('pickup-code'), /\d{6}/);
      },
      { ...PHONE, storageState: pupilState },
    );
  });

  it('speaks kk, ru and en, shows skeletons while loading, and a failed list in words with a retry that works (phone)', async () => {
    const base = site.url;
    const storageState = await pupilStorage(PUPIL_PHONE);
    // Whatever the tests before added to the catalogue: one page of it.
    const { total } = (await (await fetch(`${base}/api/shop/products`)).json()) as { total: number };
    expect(total).toBeLessThanOrEqual(12);
    for (const locale of ['kk', 'ru', 'en'] as const) {
      const t = SHOP[locale];
      await withPage(
        async (page) => {
          await page.addInitScript((l) => localStorage.setItem('currentLocale', l), locale);
          // The first catalogue answer is held back (the skeleton shows), the next one fails (words and a retry).
          let calls = 0;
          let release: () => void = () => undefined;
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route('**/api/shop/products?**', async (route) => {
            calls += 1;
            if (calls === 1) {
              await held;
              await route.continue();
            } else if (calls === 2) {
              await route.fulfill({ status: 503, contentType: 'text/html', body: '<html>upstream down</html>' });
            } else {
              await route.continue();
            }
          });
          await page.goto(`${base}/student/shop/products`);
          await heading(page, t.products.title).waitFor();
          await page.getByTestId('products-loading').waitFor();
          release();
          await hasCount(page.getByTestId('product-card'), total);
          await page.getByRole('searchbox', { name: t.filters.search, exact: true }).fill('zzzz');
          await hasText(page.getByTestId('load-failed').getByRole('alert'), COMMON[locale].failure.server);
          expect(await page.getByTestId('load-failed').textContent()).not.toContain('upstream');
          await page.getByRole('button', { name: COMMON[locale].failure.retry }).click();
          await hasText(page.getByText(t.products.nothing), t.products.nothing);
          await page.getByRole('button', { name: t.filters.reset }).click();
          await hasCount(page.getByTestId('product-card'), total);
          // Every tab of the shop is labelled in the chosen language.
          for (const label of Object.values(t.nav).filter((v) => v !== t.nav.label)) {
            await page.getByRole('navigation', { name: t.nav.label }).getByRole('link', { name: label, exact: true }).waitFor();
          }
          expect(await fitsWidth(page)).toBe(true);
        },
        { ...PHONE, storageState },
      );
    }
  });

  it('the pupil collects with the code, asks for a return (phone; its form also laid out on a desktop), and staff accept it from the return list; the ZP come back', async () => {
    const base = site.url;
    if (!orderId) throw new Error(`the pupil's order is missing (the tests before failed)`);
    const pupilState = await pupilStorage(PUPIL_PHONE);
    const staffState = await staffStorage();
    let code = '';
    await withPage(
      async (page) => {
        await page.goto(`${base}/student/shop/orders/${orderId}`);
        code = (await hasText(page.getByTestId('pickup-code').locator('strong'), /^\d{6}$/))!.trim();
      },
      { ...PHONE, storageState: pupilState },
    );
    // The handover at the counter: staff type the pupil's code (a wrong one is refused in words, nothing changes).
    await withPage(
      async (page) => {
        await page.goto(`${base}/admin/shop/orders/${orderId}`);
        await hasText(page.getByTestId('order-status'), adminShopKk.status.ready_for_pickup!);
        await page.getByRole('button', { name: adminShopKk.status.picked_up, exact: true }).click();
        await page.getByLabel(adminShopKk.order.pickupCode!).fill(code === '000000' ? '111111' : '000000');
        await pressMove(page, (state) => state.errors.some((e) => e.length > 0), 'the wrong code refused in words');
        await hasText(page.getByTestId('order-status'), adminShopKk.status.ready_for_pickup!);
        await page.getByLabel(adminShopKk.order.pickupCode!).fill(code);
        await confirmMove(page);
        await hasText(page.getByTestId('order-status'), adminShopKk.status.picked_up!);
      },
      { ...PHONE, storageState: staffState },
    );
    // Layout pass on a desktop: the collected order and its return form (nothing is sent from here).
    await withPage(
      async (page) => {
        await page.goto(`${base}/student/shop/orders/${orderId}`);
        await hasAttribute(page.getByTestId('order-status'), 'data-status', 'picked_up');
        expect(await fitsWidth(page)).toBe(true);
        await page.getByRole('link', { name: kkShop.order.return }).click();
        await heading(page, kkShop.return.title).waitFor();
        await page.getByLabel(kkShop.return.reason).waitFor();
        expect(await page.getByRole('button', { name: kkShop.return.send }).isVisible()).toBe(true);
        expect(await fitsWidth(page)).toBe(true);
      },
      { ...DESKTOP, storageState: pupilState },
    );
    // The pupil asks for a return with a reason.
    await withPage(
      async (page) => {
        await page.goto(`${base}/student/shop/orders/${orderId}`);
        await hasAttribute(page.getByTestId('order-status'), 'data-status', 'picked_up');
        await page.getByRole('link', { name: kkShop.order.return }).click();
        await heading(page, kkShop.return.title).waitFor();
        await page.getByRole('button', { name: kkShop.return.send }).click();
        await page.getByText(kkShop.return.reasonRequired).waitFor();
        await page.getByLabel(kkShop.return.reason).fill('Дәптерлердің бірі жыртық');
        await page.getByRole('button', { name: kkShop.return.send }).click();
        await page.waitForURL(`${base}/student/shop/orders/${orderId}`);
        await hasAttribute(page.getByTestId('order-status'), 'data-status', 'return_requested');
        expect(await fitsWidth(page)).toBe(true);
      },
      { ...PHONE, storageState: pupilState },
    );
    // Staff find it in the return list (its count on the tab) and accept it; the refund is finance's.
    await withPage(
      async (page) => {
        await page.goto(`${base}/admin/shop/orders/returns`);
        await containsText(page.getByTestId('status-tab-return_requested'), /[1-9]/);
        await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderId.slice(0, 8).toUpperCase() }).click();
        await page.waitForURL(`${base}/admin/shop/orders/${orderId}`);
        await page.getByRole('button', { name: adminShopKk.status.returned, exact: true }).click();
        await confirmMove(page);
        await hasText(page.getByTestId('order-status'), adminShopKk.status.returned!);
        expect(await fitsWidth(page)).toBe(true);
      },
      { ...PHONE, storageState: staffState },
    );
    await withPage(
      async (page) => {
        await page.goto(`${base}/student/shop/orders/${orderId}`);
        await hasAttribute(page.getByTestId('order-status'), 'data-status', 'returned');
        await hasText(page.getByTestId('wallet-zp'), /^5\s?000 ZP$/);
      },
      { ...PHONE, storageState: pupilState },
    );
  });

  it('staff add a slide with its picture in the admin; the pupil’s shop home shows it and it leads where staff said (phone)', async () => {
    const base = site.url;
    const title = 'Жаңа оқу жылы phone';
    await withPage(
      async (page) => {
        await page.goto(`${base}/admin/shop/sliders/create`);
        await page.getByRole('heading', { name: adminShopKk.slider.createTitle }).waitFor();
        for (const [lang, text] of [['kk', title], ['ru', 'Новый учебный год phone'], ['en', 'New school year phone']] as const) {
          await page.getByLabel(adminShopKk.slider.title!.replace('{{lang}}', adminKk.languages[lang]!), { exact: true }).fill(text);
        }
        await page.getByLabel(adminShopKk.slider.link!, { exact: true }).fill('/student/shop/catalog');
        // Saving without a picture is refused in words.
        await page.getByRole('button', { name: adminKk.buttons.save }).click();
        await page.getByText(adminShopKk.slider.imageRequired!).waitFor();
        await page.locator('input[type=file]').setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: PNG_1PX });
        await page.getByRole('button', { name: adminShopKk.slider.replaceImage }).waitFor();
        expect(await fitsWidth(page)).toBe(true);
        await page.getByRole('button', { name: adminKk.buttons.save }).click();
        await page.waitForURL(`${base}/admin/shop/sliders`);
      },
      { ...PHONE, storageState: await staffStorage() },
    );
    await withPage(
      async (page) => {
        await page.goto(`${base}/student/shop/products/home`);
        const slide = page.getByRole('region', { name: kkShop.home.slides }).getByRole('link', { name: title });
        await slide.waitFor();
        expect(await slide.locator('img').evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
        expect(await fitsWidth(page)).toBe(true);
        await slide.click();
        await page.waitForURL(`${base}/student/shop/catalog`);
        await heading(page, kkShop.catalog.title).waitFor();
      },
      { ...PHONE, storageState: await pupilStorage(PUPIL_PHONE) },
    );
  });

  it('on a desktop, every shop screen the flows used is laid out: home with the slide, list, product, cart, checkout, payment, orders; the admin’s editors, lists and order', async () => {
    const base = site.url;
    if (!orderId) throw new Error(`the pupil's order is missing (the tests before failed)`);
    // A second pupil, so the phone pupil's wallet and orders stay as the flows left them; one page, moved by its links.
    await withPage(
      async (page) => {
        await page.goto(`${base}/student/shop`);
        await page.waitForURL(`${base}/student/shop/products/home`);
        await heading(page, kkShop.home.title).waitFor();
        await hasText(page.getByTestId('wallet-zp'), /^5\s?000 ZP$/);
        await page.getByRole('region', { name: kkShop.home.slides }).getByRole('link', { name: 'Жаңа оқу жылы phone' }).waitFor();
        await page.getByTestId('product-card').first().waitFor();
        expect(await fitsWidth(page)).toBe(true);

        await page.getByRole('navigation', { name: kkShop.nav.label }).getByRole('link', { name: kkShop.nav.products, exact: true }).click();
        await heading(page, kkShop.products.title).waitFor();
        await hasCount(page.getByTestId('product-card'), 6);
        await page.getByRole('searchbox', { name: kkShop.filters.search, exact: true }).fill('дәптер');
        await hasCount(page.getByTestId('product-card'), 1);
        expect(await fitsWidth(page)).toBe(true);

        await page.getByTestId('product-card').click();
        await heading(page, NOTEBOOKS_KK).waitFor();
        await containsText(page.getByTestId('product-prices'), '300 ZP');
        await page.getByRole('button', { name: kkShop.product.addToCart }).click();
        await hasText(page.getByTestId('basket-count'), '1');
        expect(await fitsWidth(page)).toBe(true);

        await page.getByRole('link', { name: kkShop.product.goToCart }).click();
        await heading(page, kkShop.cart.title).waitFor();
        await hasCount(page.getByTestId('cart-line'), 1);
        await hasText(page.getByTestId('cart-total'), '300 ZP');
        expect(await page.getByRole('button', { name: kkShop.cart.more }).isVisible()).toBe(true);
        expect(await fitsWidth(page)).toBe(true);

        await page.getByRole('link', { name: kkShop.cart.checkout }).click();
        await heading(page, kkShop.checkout.title).waitFor();
        await hasCount(page.locator('input[name="pickup-point"]'), 20);
        await page.getByLabel(kkShop.checkout.region, { exact: true }).waitFor();
        await page.getByRole('radio', { name: /Астана беру пункті/ }).check();
        expect(await fitsWidth(page)).toBe(true);
        await page.getByRole('button', { name: kkShop.checkout.place }).click();
        await page.waitForURL(/\/student\/shop\/orders\/[0-9a-f-]{36}\/payment$/);
        await heading(page, kkShop.payment.title).waitFor();
        await hasText(page.getByTestId('payment-amount'), '300 ZP');
        expect(await page.getByRole('button', { name: kkShop.payment.payZp.replace('{{amount}}', '300') }).isVisible()).toBe(true);
        expect(await fitsWidth(page)).toBe(true);

        // Unpaid, the order waits in the pupil's list; its page shows its status.
        await page.getByRole('navigation', { name: kkShop.nav.label }).getByRole('link', { name: kkShop.nav.orders }).click();
        await hasCount(page.getByTestId('order-row'), 1);
        expect(await fitsWidth(page)).toBe(true);
        await page.getByTestId('order-row').first().click();
        await page.waitForURL(/\/student\/shop\/orders\/[0-9a-f-]{36}/);
        await page.getByTestId('order-status').waitFor();
        expect(await fitsWidth(page)).toBe(true);
      },
      { ...DESKTOP, storageState: await pupilStorage(DESKTOP_PUPIL_PHONE) },
    );
    // The admin's screens the flows used, each with its heading, data and main buttons.
    await withPage(
      async (page) => {
        await page.goto(`${base}/admin/shop/products/create`);
        await page.getByRole('heading', { name: adminShopKk.product.createTitle }).waitFor();
        for (const lang of ['kk', 'ru', 'en'] as const) {
          await page.getByLabel(adminShopKk.product.name!.replace('{{lang}}', adminKk.languages[lang]!), { exact: true }).waitFor();
        }
        await page.getByLabel(adminShopKk.product.priceZp!).waitFor();
        expect(await page.getByRole('button', { name: adminKk.buttons.save }).isVisible()).toBe(true);
        expect(await fitsWidth(page)).toBe(true);

        await page.goto(`${base}/admin/shop/orders/returns`);
        await page.getByTestId('status-tab-return_requested').waitFor();
        expect(await fitsWidth(page)).toBe(true);
        await page.goto(`${base}/admin/shop/orders/pickup`);
        await page.getByTestId('status-tab-paid').waitFor();
        expect(await fitsWidth(page)).toBe(true);
        await page.goto(`${base}/admin/shop/orders/${orderId}`);
        await hasText(page.getByTestId('order-status'), adminShopKk.status.returned!);
        expect(await fitsWidth(page)).toBe(true);

        await page.goto(`${base}/admin/shop/sliders/create`);
        await page.getByRole('heading', { name: adminShopKk.slider.createTitle }).waitFor();
        await page.getByLabel(adminShopKk.slider.link!, { exact: true }).waitFor();
        expect(await page.getByRole('button', { name: adminKk.buttons.save }).isVisible()).toBe(true);
        expect(await fitsWidth(page)).toBe(true);
      },
      { ...DESKTOP, storageState: await staffStorage() },
    );
  });
});
