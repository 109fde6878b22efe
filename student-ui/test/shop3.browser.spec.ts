/**
 * Tenge checkout in Chromium, on a phone (390x844) and a desktop (1440x900), against the real platform (auth,
 * learning, shop, finance at 5 tenge per ZP, notifications, behind the gateway serving the production build of the
 * student UI). A pupil buys a product priced in tenge only (no "ZP only" line on its page, the cart totals it in
 * tenge), chooses where it goes (phone: one of their saved addresses; desktop: a parcel point of a city), sees the
 * rate and the split of ZP and card before paying, and pays the rest by card through the sandbox provider (desktop:
 * a failed card first, which charges nothing). The order becomes paid; the wallet and the order agree. A pupil with no
 * saved address but a home address in their profile is offered it; it fills the new address in, and is saved.
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
import { until } from './waits';

const UI_DIR = path.resolve(__dirname, '..');
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: ANDROID_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

const normalise = (v: string) => v.replace(/\s/g, ' ').trim();
const hasText = (l: Locator, expected: string | RegExp) =>
  until(
    () => l.textContent({ timeout: 500 }).catch(() => null),
    (v) => v !== null && (typeof expected === 'string' ? normalise(v) === expected : expected.test(normalise(v))),
    `text ${String(expected)}`,
  );
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
const tr = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

describeWithBrowser('the shop: tenge checkout by card, ZP towards it, saved addresses and parcel points', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir, { financeEnv: { FINANCE_ZP_PRICE_TENGE: '5' } });
    return { url: stack.gateway.url, close: () => stack!.close() };
  });
  const withPage = pageRunner(browser, { allowConsole: /^Failed to load resource/ });

  async function api<T>(token: string, method: string, route: string, body?: unknown): Promise<T> {
    const res = await fetch(`${site.url}/api/${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function newPupil(zp: number) {
    const id = randomUUID();
    await stack!.services.auth.app.get(DataSource).query(
      `INSERT INTO users (id, phone, first_name, last_name, role_id, grade) VALUES ($1, $2, 'Айгерім', 'Сәрсенова', ${ROLE.student}, 7)`,
      [id, `+77${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`],
    );
    const finance = stack!.services.finance.app;
    await finance.get(DataSource).transaction((m) =>
      finance.get(LedgerService).post(m, { key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit: 'ZP', from: { system: 'rewards' }, to: { user: id }, amount: zp }] }),
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

  async function tengeProduct(name: string): Promise<string> {
    const staff = await testToken({ roleId: ROLE.admin });
    return (await api<{ id: string }>(staff, 'POST', 'products', { nameKk: name, nameRu: `${name} ru`, nameEn: `${name} en`, stock: 10, priceTenge: 1000 })).id;
  }

  async function city(): Promise<{ id: number; nameKk: string }> {
    const cities = await api<{ id: number; nameKk: string }[] | { data: { id: number; nameKk: string }[] }>(await testToken({ roleId: ROLE.admin }), 'GET', 'cities?sort[0]=nameKk,ASC');
    return (Array.isArray(cities) ? cities : cities.data)[0]!;
  }

  /** From the product page through the cart to the checkout page, whose only currency is tenge. */
  async function toCheckout(page: Page, productId: string, productName: string) {
    await page.goto(`${site.url}/student/shop/products/${productId}`);
    await heading(page, productName).waitFor();
    await hasText(page.getByTestId('product-prices'), /1 000 ₸/);
    // The old "ZP only" line is gone: a tenge price is payable.
    expect(await page.getByText(/тек ZP-мен/).count()).toBe(0);
    await page.getByRole('button', { name: kkShop.product.addToCart }).click();
    await page.getByRole('link', { name: kkShop.product.goToCart }).click();
    await hasText(page.getByTestId('cart-total'), '1 000 ₸');
    await page.getByRole('link', { name: kkShop.cart.checkout }).click();
    await heading(page, kkShop.checkout.title).waitFor();
    await hasText(page.getByTestId('checkout-total'), '1 000 ₸');
  }

  async function orderPaid(page: Page, pupil: { token: string }) {
    await page.waitForURL(/\/student\/shop\/orders\/[0-9a-f-]{36}$/);
    const orderId = /orders\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await until(() => page.getByTestId('order-status').first().getAttribute('data-status', { timeout: 500 }).catch(() => null), (v) => v === 'paid', 'the order paid');
    return (await api<{ data: { status: string; total: number; currency: string; address: unknown; deliveryPointId: string | null } }>(pupil.token, 'GET', `my-orders/${orderId}`)).data;
  }

  it('phone: a saved address, 60 ZP towards the price at 5 ₸ each, the rest by card (390x844)', async () => {
    const productName = 'Сызғыш теңге';
    const productId = await tengeProduct(productName);
    const pupil = await newPupil(100);
    const c = await city();
    await api(pupil.token, 'POST', 'addresses', { label: 'Үй', recipient: 'Айгерім С.', phone: '+77010000001', cityId: c.id, line: 'Абай 10, 5' });
    await withPage(async (page) => {
      await toCheckout(page, productId, productName);
      await page.getByRole('button', { name: kkShop.checkout.delivery, exact: true }).click();
      // The saved address is offered first and chosen; the new-address form stays closed.
      const saved = page.getByTestId('saved-addresses');
      await saved.getByText('Үй').waitFor();
      expect(await saved.getByRole('radio').first().isChecked()).toBe(true);
      expect(await page.getByLabel(kkShop.checkout.line).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: kkShop.checkout.place }).click();
      await page.waitForURL(/\/payment$/);
      // The rate and the split before anything is paid: 60 ZP cover 300 ₸, 700 ₸ by card.
      await hasText(page.getByTestId('payment-rate'), tr(kkShop.payment.rate, { rate: '5 ₸' }));
      await hasText(page.getByTestId('split-card'), '1 000 ₸');
      await page.getByLabel(tr(kkShop.payment.useZp, { max: '100' })).fill('60');
      await hasText(page.getByTestId('split-zp'), '−300 ₸');
      await hasText(page.getByTestId('split-card'), '700 ₸');
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: tr(kkShop.payment.payCard, { amount: '700 ₸' }) }).click();
      await page.getByTestId('card-sandbox').waitFor();
      await page.getByRole('button', { name: kkShop.payment.sandboxPay }).click();
      const order = await orderPaid(page, pupil);
      expect(order).toMatchObject({ status: 'paid', total: 1000, currency: 'tenge', zpApplied: 60, address: { line: 'Абай 10, 5', city: { id: c.id } } });
      await hasText(page.getByTestId('wallet-zp'), /^40 ZP$/);
    }, signedIn(pupil, PHONE));
  });

  it('desktop: a parcel point of a city, a declined card first, then paid by card in full (1440x900)', async () => {
    const productName = 'Қалам теңге';
    const productId = await tengeProduct(productName);
    const pupil = await newPupil(10);
    const c = await city();
    const staff = await testToken({ roleId: ROLE.admin });
    const point = await api<{ id: string }>(staff, 'POST', 'delivery-points', {
      nameKk: 'Қазпошта №7', nameRu: 'Казпочта №7', nameEn: 'Kazpost No. 7', addressKk: 'Абай 7', addressRu: 'Абая 7', addressEn: 'Abai 7', hours: '9-18', cityId: c.id,
    });
    await withPage(async (page) => {
      await toCheckout(page, productId, productName);
      await page.getByRole('button', { name: kkShop.checkout.parcelPoint, exact: true }).click();
      await page.getByLabel(kkShop.checkout.city).selectOption(String(c.id));
      await page.getByTestId('parcel-points').getByText('Қазпошта №7').click();
      await page.getByLabel(kkShop.checkout.recipient).fill('Айгерім С.');
      await page.getByLabel(kkShop.checkout.phone).fill('+77010000002');
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: kkShop.checkout.place }).click();
      await page.waitForURL(/\/payment$/);
      await hasText(page.getByTestId('split-card'), '1 000 ₸');
      await page.getByRole('button', { name: tr(kkShop.payment.payCard, { amount: '1 000 ₸' }) }).click();
      // A declined card charges nothing and the pupil may try again.
      await page.getByRole('button', { name: kkShop.payment.sandboxFail }).click();
      await page.getByText(kkShop.payment.cardFailed).waitFor();
      await page.getByRole('button', { name: tr(kkShop.payment.payCard, { amount: '1 000 ₸' }) }).click();
      await page.getByRole('button', { name: kkShop.payment.sandboxPay }).click();
      const order = await orderPaid(page, pupil);
      expect(order).toMatchObject({ status: 'paid', total: 1000, currency: 'tenge', deliveryPointId: point.id });
      await hasText(page.getByTestId('wallet-zp'), /^10 ZP$/);
      expect(await fitsWidth(page)).toBe(true);
    }, signedIn(pupil, DESKTOP));
  });

  it.each([
    ['phone (390x844)', PHONE],
    ['desktop (1440x900)', DESKTOP],
  ] as const)('%s: no saved address, the home address of the profile offered, filled in, edited, ordered to and saved', async (_, options) => {
    const productName = `Өшіргіш теңге ${options === PHONE ? 'phone' : 'desktop'}`;
    const productId = await tengeProduct(productName);
    const pupil = await newPupil(1);
    const c = await city();
    const cityRu = (await api<{ nameRu: string }>(await testToken({ roleId: ROLE.admin }), 'GET', `cities/${c.id}`)).nameRu;
    // The profile's city as the pupil typed it there, in Russian with "г.", while the site speaks Kazakh.
    await api(pupil.token, 'PUT', `users/${pupil.id}/home-address`, { city: `г. ${cityRu}`, street: 'Абай даңғылы', house: '10', apartment: '5' });
    const { data: profile } = await api<{ data: { phone: string } }>(pupil.token, 'GET', 'profile');
    await withPage(async (page) => {
      await toCheckout(page, productId, productName);
      await page.getByRole('button', { name: kkShop.checkout.delivery, exact: true }).click();
      const offer = page.getByTestId('home-address-offer');
      await hasText(offer.locator('strong'), `г. ${cityRu}, Абай даңғылы 10, 5`);
      expect(await page.getByTestId('saved-addresses').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await offer.getByRole('button', { name: kkShop.checkout.useHome }).click();
      await page.getByText(kkShop.checkout.homeFilled).waitFor();
      expect(await offer.count()).toBe(0);
      expect(await page.getByLabel(kkShop.checkout.recipient).inputValue()).toBe('Айгерім Сәрсенова');
      expect(await page.getByLabel(kkShop.checkout.phone).inputValue()).toBe(profile.phone);
      expect(await page.getByLabel(kkShop.checkout.city).inputValue()).toBe(String(c.id));
      expect(await page.getByLabel(kkShop.checkout.line).inputValue()).toBe('Абай даңғылы 10, 5');
      expect(await page.getByLabel(kkShop.checkout.keepAddress).isChecked()).toBe(true);
      // The pupil corrects the apartment before ordering.
      await page.getByLabel(kkShop.checkout.line).fill('Абай даңғылы 10, 7');
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: kkShop.checkout.place }).click();
      await page.waitForURL(/\/payment$/);
      const orderId = /orders\/([0-9a-f-]{36})\/payment$/.exec(page.url())![1]!;
      const { data: order } = await api<{ data: { address: unknown } }>(pupil.token, 'GET', `my-orders/${orderId}`);
      expect(order.address).toMatchObject({ recipient: 'Айгерім Сәрсенова', phone: profile.phone, line: 'Абай даңғылы 10, 7', city: { id: c.id } });
      // Saved for next time: the next checkout offers the saved address, not the profile's.
      const { data: addresses } = await api<{ data: { cityId: number; line: string; recipient: string }[] }>(pupil.token, 'GET', 'addresses');
      expect(addresses).toEqual([expect.objectContaining({ cityId: c.id, line: 'Абай даңғылы 10, 7', recipient: 'Айгерім Сәрсенова' })]);
    }, signedIn(pupil, options));
  });
});
