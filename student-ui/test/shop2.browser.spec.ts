/**
 * The shop's later steps in Chromium, on a phone (390x844) and a desktop (1440x900), against the real platform (auth,
 * learning, shop, finance and notifications on real PostgreSQL and NATS behind the gateway serving the production
 * build of the student UI): a pupil who picked up an order reviews its product on orders/{uuid}/feedback, a second
 * review of it is not offered, and the product page shows the average, the count and the review under "Aigerim S.".
 * The order itself is bought, paid and handed over through the HTTP API (the first shop browser test drives those
 * screens); each size has its own pupil and its own product, so the counts are exact. A pupil also chooses Altyn
 * Saqa at checkout for a product priced in ZP and Altyn Saqa and pays the order from that wallet.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { LedgerService } from '@olymp/finance';
import { ROLE } from '@olymp/proto';
import { describeWithBrowser, testToken } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import kkShop from '../src/i18n/locales/kk/shop.json';
import { startStack, type Stack } from './stack';
import { FAILED_LOADS, hasCount, until } from './waits';

const UI_DIR = path.resolve(__dirname, '..');
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: ANDROID_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;


const hasText = (l: Locator, expected: string | RegExp) =>
  until(() => l.textContent({ timeout: 500 }).catch(() => null), (v) => v !== null && (typeof expected === 'string' ? v.trim() === expected : expected.test(v.trim())), `text ${String(expected)}`);
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describeWithBrowser('the shop: reviews of received products', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack!.close() };
  });
  const withPage = pageRunner(browser, { allowConsole: FAILED_LOADS });

  async function api<T>(token: string, method: string, route: string, body?: unknown): Promise<T> {
    const res = await fetch(`${site.url}/api/${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** A pupil known to auth (so reviews carry a name), with `zp` ZP and `altynSaqa` Altyn Saqa from the rewards account. */
  async function newPupil(wallet: { zp?: number; altynSaqa?: number }) {
    const id = randomUUID();
    await stack!.services.auth.app.get(DataSource).query(
      `INSERT INTO users (id, phone, first_name, last_name, role_id, grade) VALUES ($1, $2, 'Айгерім', 'Сәрсенова', ${ROLE.student}, 7)`,
      [id, `+77${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`],
    );
    const finance = stack!.services.finance.app;
    for (const [unit, amount] of [['ZP', wallet.zp ?? 0], ['ALTYN_SAQA', wallet.altynSaqa ?? 0]] as const) {
      if (amount <= 0) continue;
      await finance.get(DataSource).transaction((m) =>
        finance.get(LedgerService).post(m, { key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit, from: { system: 'rewards' }, to: { user: id }, amount }] }),
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

  async function newProduct(name: string, prices: { priceZp?: number; priceAltynSaqa?: number; priceTenge?: number }): Promise<string> {
    const staff = await testToken({ roleId: ROLE.admin });
    const made = await api<{ id: string }>(staff, 'POST', 'products', { nameKk: name, nameRu: `${name} ru`, nameEn: `${name} en`, stock: 10, ...prices });
    return made.id;
  }

  it.each(SIZES)('a pupil reviews a picked-up product once and the product shows it (%s)', async (size, options) => {
    const base = site.url;
    const staff = await testToken({ roleId: ROLE.admin });
    const productName = `Қалам ${size}`;
    const productId = await newProduct(productName, { priceZp: 50 });
    const pupil = await newPupil({ zp: 100 });
    // Bought, paid from the wallet and handed over at the counter with the pickup code.
    const points = await api<{ data: { id: string }[] }>(pupil.token, 'GET', 'shop/pickup-points');
    await api(pupil.token, 'POST', 'cart/items', { productId, quantity: 1 });
    const order = (await api<{ data: { id: string; invoiceId: string } }>(pupil.token, 'POST', 'cart/checkout', { currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: points.data[0]!.id } })).data;
    await api(pupil.token, 'POST', `wallet-payment/${order.invoiceId}`);
    await until(() => api<{ data: { status: string } }>(pupil.token, 'GET', `my-orders/${order.id}`), (o) => o.data.status === 'paid', 'the order paid');
    await api(staff, 'POST', `orders/${order.id}/change-status`, { status: 'ready_for_pickup' });
    const code = (await api<{ data: { pickupCode: string } }>(pupil.token, 'GET', `my-orders/${order.id}`)).data.pickupCode;
    await api(staff, 'POST', `orders/${order.id}/change-status`, { status: 'picked_up', pickupCode: code });

    await withPage(async (page) => {
      // Before: the product has no reviews.
      await page.goto(`${base}/student/shop/products/${productId}`);
      await heading(page, productName).waitFor();
      await hasText(page.getByTestId('reviews-summary'), kkShop.reviews.none);
      // The received order offers a review; a review without stars is refused in words.
      await page.goto(`${base}/student/shop/orders/${order.id}`);
      await page.getByRole('link', { name: kkShop.order.review }).click();
      await heading(page, kkShop.feedback.title).waitFor();
      await hasCount(page.getByTestId('feedback-line'), 1);
      await page.getByRole('button', { name: kkShop.feedback.send }).click();
      await page.getByText(kkShop.feedback.ratingRequired).waitFor();
      await page.getByRole('radio', { name: kkShop.feedback.stars.replace('{{count}}', '4') }).check();
      await page.getByLabel(kkShop.feedback.text).fill(`Жақсы жазады (${size})`);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: kkShop.feedback.send }).click();
      // Once per product: the form gives way to the pupil's review, also after a reload.
      await page.getByTestId('my-review').waitFor();
      await page.reload();
      await page.getByTestId('my-review').waitFor();
      await hasCount(page.getByRole('button', { name: kkShop.feedback.send }), 0);
      // The product page: average 4, one review, by "Айгерім С." (no id), with the text.
      await page.getByRole('link', { name: kkShop.feedback.toProduct }).click();
      await heading(page, productName).waitFor();
      await hasText(page.getByTestId('reviews-average'), '4');
      await hasText(page.getByTestId('reviews-count'), kkShop.reviews.count.replace('{{count}}', '1'));
      await hasCount(page.getByTestId('review'), 1);
      const review = (await page.getByTestId('review').textContent()) ?? '';
      expect(review).toContain('Айгерім С.');
      expect(review).toContain(`Жақсы жазады (${size})`);
      expect(review).not.toContain(pupil.id);
      expect(await fitsWidth(page)).toBe(true);
    }, signedIn(pupil, options));
  });

  it.each(SIZES)('a pupil checks out in Altyn Saqa and pays the order from that wallet (%s)', async (size, options) => {
    const base = site.url;
    const productName = `Футболка ${size}`;
    const productId = await newProduct(productName, { priceZp: 300, priceAltynSaqa: 7 });
    const pupil = await newPupil({ altynSaqa: 20 });
    await api(pupil.token, 'POST', 'cart/items', { productId, quantity: 2 });
    await withPage(async (page) => {
      await page.goto(`${base}/student/shop/cart/delivery`);
      await heading(page, kkShop.checkout.title).waitFor();
      // ZP first (the cart's first currency), then Altyn Saqa: the total follows the choice.
      await hasText(page.getByTestId('checkout-total'), /^600 ZP$/);
      await page.getByRole('button', { name: kkShop.currency.altyn_saqa, exact: true }).click();
      await hasText(page.getByTestId('checkout-total'), '14 Altyn Saqa');
      await page.getByRole('radio').first().check();
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: kkShop.checkout.place }).click();
      await page.waitForURL(/\/student\/shop\/orders\/[0-9a-f-]{36}\/payment$/);
      const orderId = /orders\/([0-9a-f-]{36})\/payment/.exec(page.url())![1]!;
      await hasText(page.getByTestId('payment-amount'), '14 Altyn Saqa');
      await hasText(page.getByTestId('payment-balance'), kkShop.payment.balanceAltynSaqa.replace('{{balance}}', '20'));
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: kkShop.payment.payIn.replace('{{amount}}', '14 Altyn Saqa') }).click();
      // Paid once finance's invoice.paid reached the shop; 6 Altyn Saqa are left and no ZP were touched.
      await page.waitForURL(`${base}/student/shop/orders/${orderId}`);
      await until(() => page.getByTestId('order-status').first().getAttribute('data-status', { timeout: 500 }).catch(() => null), (v) => v === 'paid', 'the order paid');
      await hasText(page.getByTestId('order-total'), '14 Altyn Saqa');
      await hasText(page.getByTestId('wallet-altyn-saqa'), /^6\b/);
      await hasText(page.getByTestId('wallet-zp'), /^0 ZP$/);
      expect(await fitsWidth(page)).toBe(true);
    }, signedIn(pupil, options));
  });
});
