/**
 * The shop's pickup points, delivery points, prize rules and claimed prizes in the admin (issue 14), in Chromium on a
 * phone (390x844: every flow, once) and a desktop (1440x900: a layout pass over the same screens), against the whole platform with the demo data: rows are named (regions,
 * cities, products, winners; never ids), filters narrow them on the server, a switch turns a row off and on, and the
 * forms pick the region, city, product and trigger by name; what is saved is what the API then answers.
 */
import path from 'node:path';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, serveUiBuild } from '@olymp/web-common/testing';
import type { BrowserContext, Page } from 'playwright-core';
import kk from '../src/i18n/locales/kk/common.json';
import kkShop from '../src/i18n/locales/kk/shop.json';
import { PHONES, chooseOption, expectEventually, goInApp, pageRunnerAllowingHttpErrors, storageOf, tokenOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
/** Every flow runs once on the phone (where a form or a table is most at risk); the desktop gets a layout pass over the same screens. */
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1440, height: 900 } as const;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

describeWithBrowser('admin-ui shop: pickup and delivery points, prize rules, claimed prizes', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  let admin: Storage | undefined;

  async function asAdmin(viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) {
    if (!admin) {
      const context = await browser().newContext();
      admin = await storageOf(context, gateway.url, PHONES.admin);
      await context.close();
    }
    await withPage(run, { storageState: admin, viewport });
  }
  const api = async <T,>(page: Page, path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${gateway.url}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
    expect(res.status).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const fits = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  const noIds = async (page: Page) => expect(await page.locator('main, .ant-layout-content').first().innerText()).not.toMatch(UUID);
  /** Picks `option` in the antd select `combobox`, found by typing `search` when given (see chooseOption). */
  const choose = (page: Page, combobox: ReturnType<Page['getByRole']>, search: string | null, option: string) =>
    chooseOption(page, combobox, option, search ? { search } : {});
  const province = async (page: Page, code: string) =>
    (await api<{ id: number; code: string }[]>(page, `provinces?filter=code||$eq||${code}`))[0]!;

  it('phone: pickup points: named regions, the region filter, a switch, a new point in a region picked by name, moved to another', async () => {
    const size = 'phone';
    await asAdmin(PHONE, async (page) => {
      await page.goto(`${gateway.url}/admin/shop/pickup-points`);
      await heading(page, kkShop.points.pickup.title).waitFor();
      const semey = page.getByRole('row').filter({ hasText: 'Семей олимпиада орталығы' });
      await semey.getByText('Абай облысы', { exact: true }).waitFor();
      await noIds(page);
      await fits(page);

      // The region filter asks the server for Abai's points only.
      await choose(page, page.getByRole('combobox', { name: kkShop.points.pickup.place }), 'Абай', 'Абай облысы');
      await expectEventually(() => page.locator('tbody tr.ant-table-row').count(), 1);
      await semey.waitFor();

      // Switched off and on again in place; the API follows each time.
      const abai = await province(page, 'abai');
      const id = (await api<{ data: { id: string }[] }>(page, `shop/pickup-points?provinceId=${abai.id}`)).data[0]!.id;
      const toggle = semey.getByRole('switch');
      await toggle.click();
      await page.locator('.ant-notification-notice').filter({ hasText: 'өшірілді' }).first().waitFor();
      await expectEventually(async () => (await api<{ active: boolean }>(page, `pickup-points/${id}`)).active, false);
      await expectEventually(() => toggle.getAttribute('aria-checked'), 'false');
      await toggle.click();
      await expectEventually(async () => (await api<{ active: boolean }>(page, `pickup-points/${id}`)).active, true);

      // A new point, its region picked by name.
      await goInApp(page, '/shop/pickup-points/create');
      await heading(page, kkShop.points.pickup.createTitle).waitFor();
      const form = page.locator('form');
      const name = `Жезқазған ${size} пункті`;
      for (const [lang, value] of [['kk', name], ['ru', `Пункт Жезказган ${size}`], ['en', `Jezkazgan ${size} point`]] as const) {
        await form.getByLabel(kkShop.points.nameIn.replace('{{lang}}', kk.languages[lang]), { exact: true }).fill(value);
        await form.getByLabel(kkShop.points.addressIn.replace('{{lang}}', kk.languages[lang]), { exact: true }).fill(`Жезқазған, Алашахан 1 (${lang})`);
      }
      await form.getByLabel(kkShop.points.hours, { exact: true }).fill('Дс-Жм 10:00-19:00');
      await choose(page, form.getByRole('combobox', { name: kkShop.points.pickup.place }), 'Ұлытау', 'Ұлытау облысы');
      await fits(page);
      const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pickup-points' && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      const body = (await (await created).json()) as { id: string; provinceId: number };
      expect(body.provinceId).toBe((await province(page, 'ulytau')).id);
      await page.waitForURL((u) => u.pathname === '/admin/shop/pickup-points'); // a list adds its page and size to the address once shown
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByText('Ұлытау облысы', { exact: true }).waitFor();
      expect((await api<{ data: { id: string }[] }>(page, `shop/pickup-points?provinceId=${body.provinceId}`)).data.map((p) => p.id)).toContain(body.id);

      // Edited: the form opens with the region by name; moved to Karaganda region.
      await row.getByRole('button', { name: kk.buttons.edit }).click();
      await heading(page, kkShop.points.pickup.editTitle).waitFor();
      await page.locator('form .ant-select-selection-item').filter({ hasText: 'Ұлытау облысы' }).waitFor();
      await choose(page, page.locator('form').getByRole('combobox', { name: kkShop.points.pickup.place }), 'Қарағанды', 'Қарағанды облысы');
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/pickup-points/${body.id}` && r.request().method() !== 'GET');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect((await saved).status()).toBe(200);
      await expectEventually(async () => (await api<{ provinceId: number }>(page, `pickup-points/${body.id}`)).provinceId, (await province(page, 'karaganda')).id);
    });
  });

  it('phone: delivery points: a new point in a city picked by name, listed with the city\'s name', async () => {
    const size = 'phone';
    await asAdmin(PHONE, async (page) => {
      await page.goto(`${gateway.url}/admin/shop/delivery-points/create`);
      await heading(page, kkShop.points.delivery.createTitle).waitFor();
      const city = (await api<{ id: number; nameKk: string }[]>(page, 'cities?sort=id,ASC'))[0]!;
      const form = page.locator('form');
      const name = `Сәлемдеме ${size}`;
      for (const [lang, value] of [['kk', name], ['ru', `Посылка ${size}`], ['en', `Parcels ${size}`]] as const) {
        await form.getByLabel(kkShop.points.nameIn.replace('{{lang}}', kk.languages[lang]), { exact: true }).fill(value);
        await form.getByLabel(kkShop.points.addressIn.replace('{{lang}}', kk.languages[lang]), { exact: true }).fill(`Абай 5 (${lang})`);
      }
      await form.getByLabel(kkShop.points.hours, { exact: true }).fill('09:00-21:00');
      await choose(page, form.getByRole('combobox', { name: kkShop.points.delivery.place }), null, city.nameKk);
      const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/delivery-points' && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      expect(((await (await created).json()) as { cityId: number }).cityId).toBe(city.id);
      await page.waitForURL((u) => u.pathname === '/admin/shop/delivery-points'); // a list adds its page and size to the address once shown
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByText(city.nameKk, { exact: true }).waitFor();
      await noIds(page);
      await fits(page);
      // Switched off in place (an update of `active`).
      await row.getByRole('switch').click();
      await expectEventually(() => row.getByRole('switch').getAttribute('aria-checked'), 'false');
    });
  });

  it('phone: prize rules: a rule for an achievement code with a product picked by name, its stock shown, switched off, a challenge named by its title; claimed prizes name the winner', async () => {
    const size = 'phone';
    await asAdmin(PHONE, async (page) => {
      await page.goto(`${gateway.url}/admin/shop/prize-rules/create`);
      await heading(page, kkShop.prizeRules.createTitle).waitFor();
      const form = page.locator('form');
      await choose(page, form.getByRole('combobox', { name: kkShop.prizeRules.source }), null, kkShop.prizeSource.achievement);
      await form.getByLabel(kkShop.prizeRules.trigger, { exact: true }).fill(`olympiad-gold-${size}`);
      await choose(page, form.getByRole('combobox', { name: kkShop.prizeRules.product }), 'футболка', 'Олимпиада футболкасы');
      await form.getByLabel(kkShop.prizeRules.note, { exact: true }).fill(`Алтын медаль ${size}`);
      await fits(page);
      const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/prize-rules' && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      const rule = (await (await created).json()) as { id: string; source: string; match: string; active: boolean };
      expect(rule).toMatchObject({ source: 'achievement', match: `olympiad-gold-${size}`, active: true });
      await page.waitForURL((u) => u.pathname === '/admin/shop/prize-rules'); // a list adds its page and size to the address once shown
      const row = page.getByRole('row').filter({ hasText: `Алтын медаль ${size}` });
      await row.getByText(kkShop.prizeSource.achievement, { exact: true }).waitFor();
      await row.getByText('Олимпиада футболкасы').waitFor();
      const stock = (await api<{ stock: number }>(page, `products/${(await api<{ productId: string }>(page, `prize-rules/${rule.id}`)).productId}`)).stock;
      await row.getByText(String(stock), { exact: true }).waitFor();
      await noIds(page);
      await fits(page);
      await row.getByRole('switch').click();
      await expectEventually(async () => (await api<{ active: boolean }>(page, `prize-rules/${rule.id}`)).active, false);

      // A challenge's rule names the challenge by its title, not its id.
      const challenge = (await api<{ id: string; titleKk: string }[]>(page, 'challenges?sort=createdAt,DESC'))[0]!;
      const tshirt = (await api<{ productId: string }>(page, `prize-rules/${rule.id}`)).productId;
      await api(page, 'prize-rules', { method: 'POST', body: JSON.stringify({ source: 'challenge', match: challenge.id, productId: tshirt, note: `Челлендж ${size}` }) });
      await page.reload();
      const byChallenge = page.getByRole('row').filter({ hasText: `Челлендж ${size}` });
      await byChallenge.getByText(challenge.titleKk, { exact: true }).waitFor();
      await noIds(page);

      // Claimed prizes: the demo pupil's T-shirt, her name (not her id), not claimed yet; the "claimed" filter hides it.
      await goInApp(page, '/shop/claimed-products');
      await heading(page, kkShop.claimed.title).waitFor();
      const prize = page.getByRole('row').filter({ hasText: 'Айгерім Бесінші' });
      await prize.getByText('Олимпиада футболкасы').waitFor();
      await prize.getByText(kkShop.prizeSource.challenge, { exact: true }).waitFor();
      await prize.getByText(kkShop.claimed.states.unclaimed, { exact: true }).waitFor();
      await noIds(page);
      await fits(page);
      await page.getByText(kkShop.claimed.states.claimed, { exact: true }).click();
      await expectEventually(() => prize.count(), 0);
      await page.getByText(kkShop.claimed.states.all, { exact: true }).click();
      await choose(page, page.getByRole('combobox', { name: kkShop.claimed.source }), null, kkShop.prizeSource.challenge);
      await prize.waitFor();
    });
  });

  it('phone: prizes: staff grant one by typing part of the pupil\'s name (auth\'s pupils, searched on the server), and read her name, not her id, in the list and the detail', async () => {
    const size = 'phone';
    await asAdmin(PHONE, async (page) => {
      await page.goto(`${gateway.url}/admin/shop/claimed-products`);
      await heading(page, kkShop.claimed.title).waitFor();
      const aigerim = (await api<{ id: string }[]>(page, `students?filter=phone||$eq||${encodeURIComponent('+77000000105')}`))[0]!;
      await page.getByRole('button', { name: kkShop.claimed.grant }).click();
      await page.waitForURL(`${gateway.url}/admin/shop/prizes/create`);
      await heading(page, `${kk.sidebar.prizes}: ${kk.actions.create}`).waitFor();
      const form = page.locator('form');

      // Part of her surname: auth's students search answers it, and the option says who she is beyond her name.
      const pupil = form.getByRole('combobox', { name: kk.resources.prizes.fields.userId });
      const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/students' && decodeURIComponent(r.url()).includes('Бесін') && r.status() === 200);
      await pupil.focus();
      await pupil.fill('Бесін');
      await searched;
      const option = page.locator('.ant-select-item-option').filter({ hasText: 'Айгерім Бесінші' });
      await option.filter({ hasText: kk.describe.grade.replace('{{value}}', '5') }).first().waitFor();
      await expectEventually(() => page.locator('.ant-select-item-option').filter({ hasText: 'Нұрлан Алтыншы' }).count(), 0);
      await option.first().click();
      await form.locator('.ant-select-selection-item').filter({ hasText: 'Айгерім Бесінші' }).waitFor();

      await choose(page, form.getByRole('combobox', { name: kk.resources.prizes.fields.productId }), 'футболка', 'Олимпиада футболкасы');
      await form.getByLabel(kk.resources.prizes.fields.note, { exact: true }).fill(`Қолмен берілді ${size}`);
      await noIds(page);
      await fits(page);
      const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/prizes' && r.request().method() === 'POST');
      await page.getByRole('button', { name: kk.buttons.save }).click();
      const prize = (await (await created).json()) as { id: string; userId: string; source: string };
      expect(prize).toMatchObject({ userId: aigerim.id, source: 'staff' });

      // The list names her (one lookup of the page's pupils in auth), never her id.
      await page.waitForURL((u) => u.pathname === '/admin/shop/prizes'); // a list adds its page and size to the address once shown
      const row = page.getByRole('row').filter({ hasText: `Қолмен берілді ${size}` });
      await row.getByText('Айгерім Бесінші', { exact: true }).waitFor();
      await row.getByText(kkShop.prizeSource.staff, { exact: true }).waitFor();
      await noIds(page);
      await fits(page);

      // So does the detail, where the pupil's row shows her name (the prize's own id is the detail's to show).
      await goInApp(page, `/shop/prizes/${prize.id}`);
      const winner = page.locator('.ant-descriptions-row').filter({ hasText: kk.resources.prizes.fields.userId });
      await winner.getByText('Айгерім Бесінші', { exact: true }).waitFor();
      expect(await winner.innerText()).not.toMatch(UUID);
      await fits(page);
      // And the pupil's own prizes now hold it.
      const mine = await fetch(`${gateway.url}/api/claimed-products?userId=${aigerim.id}&limit=50`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
      expect(((await mine.json()) as { data: { id: string }[] }).data.map((p) => p.id)).toContain(prize.id);
    });
  });
  it('desktop layout: every screen the flows use (points, prize rules, claimed prizes, a prize) shows its Kazakh heading, its rows by name and no ids, its forms with their fields and save button, and fits the screen', async () => {
    await asAdmin(DESKTOP, async (page) => {
      const form = page.locator('form');
      await page.goto(`${gateway.url}/admin/shop/pickup-points`);
      // A delivery point of its own, so the list has a row whatever the phone flow did.
      const city = (await api<{ id: number; nameKk: string }[]>(page, 'cities?sort=id,ASC'))[0]!;
      await api(page, 'delivery-points', {
        method: 'POST',
        body: JSON.stringify({ nameKk: 'Сәлемдеме desktop', nameRu: 'Посылка desktop', nameEn: 'Parcels desktop', addressKk: 'Абай 7', addressRu: 'Абая 7', addressEn: 'Abai 7', hours: '09:00-18:00', cityId: city.id }),
      });
      await heading(page, kkShop.points.pickup.title).waitFor();
      await page.getByRole('row').filter({ hasText: 'Семей олимпиада орталығы' }).getByText('Абай облысы', { exact: true }).waitFor();
      await page.getByRole('combobox', { name: kkShop.points.pickup.place }).waitFor();
      await noIds(page);
      await fits(page);
      await goInApp(page, '/shop/pickup-points/create');
      await heading(page, kkShop.points.pickup.createTitle).waitFor();
      await form.getByLabel(kkShop.points.nameIn.replace('{{lang}}', kk.languages.ru), { exact: true }).waitFor();
      await form.getByRole('combobox', { name: kkShop.points.pickup.place }).waitFor();
      await page.getByRole('button', { name: kk.buttons.save }).waitFor();
      await fits(page);

      await goInApp(page, '/shop/delivery-points/create');
      await heading(page, kkShop.points.delivery.createTitle).waitFor();
      await form.getByLabel(kkShop.points.addressIn.replace('{{lang}}', kk.languages.en), { exact: true }).waitFor();
      await form.getByRole('combobox', { name: kkShop.points.delivery.place }).waitFor();
      await page.getByRole('button', { name: kk.buttons.save }).waitFor();
      await fits(page);
      await goInApp(page, '/shop/delivery-points');
      await heading(page, kkShop.points.delivery.title).waitFor();
      await page.getByRole('row').filter({ hasText: 'Сәлемдеме desktop' }).getByText(city.nameKk, { exact: true }).waitFor();
      await noIds(page);
      await fits(page);

      await goInApp(page, '/shop/prize-rules/create');
      await heading(page, kkShop.prizeRules.createTitle).waitFor();
      for (const name of [kkShop.prizeRules.source, kkShop.prizeRules.product]) await form.getByRole('combobox', { name }).waitFor();
      await page.getByRole('button', { name: kk.buttons.save }).waitFor();
      await fits(page);
      await goInApp(page, '/shop/prize-rules');
      await heading(page, kkShop.prizeRules.title).waitFor();
      await expectEventually(async () => (await page.locator('tbody tr.ant-table-row').count()) > 0, true);
      await noIds(page);
      await fits(page);

      await goInApp(page, '/shop/claimed-products');
      await heading(page, kkShop.claimed.title).waitFor();
      const prize = page.getByRole('row').filter({ hasText: 'Айгерім Бесінші' }).filter({ hasText: 'Олимпиада футболкасы' }).first();
      await prize.waitFor();
      await page.getByRole('button', { name: kkShop.claimed.grant }).waitFor();
      await noIds(page);
      await fits(page);

      await page.getByRole('button', { name: kkShop.claimed.grant }).click();
      await heading(page, `${kk.sidebar.prizes}: ${kk.actions.create}`).waitFor();
      for (const name of [kk.resources.prizes.fields.userId, kk.resources.prizes.fields.productId]) await form.getByRole('combobox', { name }).waitFor();
      await page.getByRole('button', { name: kk.buttons.save }).waitFor();
      await fits(page);

      const aigerim = (await api<{ id: string }[]>(page, `students?filter=phone||$eq||${encodeURIComponent('+77000000105')}`))[0]!;
      const demoPrize = (await api<{ data: { id: string }[] }>(page, `claimed-products?userId=${aigerim.id}&limit=50`)).data[0]!;
      await goInApp(page, `/shop/prizes/${demoPrize.id}`);
      const winner = page.locator('.ant-descriptions-row').filter({ hasText: kk.resources.prizes.fields.userId });
      await winner.getByText('Айгерім Бесінші', { exact: true }).waitFor();
      expect(await winner.innerText()).not.toMatch(UUID);
      await fits(page);
    });
  });
});
