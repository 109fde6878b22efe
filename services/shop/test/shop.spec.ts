/**
 * The shop against real PostgreSQL and NATS, with auth (permissions) and finance (invoices, wallet payments):
 * the catalogue (staff CRUD, public search in Kazakh, filters, sort, paging), a pupil's cart and wishlist (own
 * lines only), checkout (stock reserved in one transaction, an invoice opened in finance, paid from the wallet,
 * `invoice.paid` moving the order to paid once even when redelivered), 100 concurrent checkouts of a product with
 * 3 in stock, the payment deadline (sweeper on the kit's Clock), and staff's change-status.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import fc from 'fast-check';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { startAuth } from '@olymp/auth';
import { LedgerService, startFinance } from '@olymp/finance';
import { PAYMENT_WINDOW_MS, PaymentSweeper, RETURN_WINDOW_DAYS, startShop } from '@olymp/shop';
import { ROLE } from '@olymp/proto';
import { Clock, NatsService, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

describe('shop', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let shop: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('shop');
  let admin = '';
  let manager = '';
  const aigerim = randomUUID();
  const nurlan = randomUUID();
  const bearer = { aigerim: '', nurlan: '' };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    finance = await startFinance(ns.envFor('finance'));
    shop = await startShop(ns.envFor('shop'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    manager = `Bearer ${await testToken({ roleId: ROLE.manager })}`;
    bearer.aigerim = `Bearer ${await testToken({ roleId: ROLE.student, userId: aigerim })}`;
    bearer.nurlan = `Bearer ${await testToken({ roleId: ROLE.student, userId: nurlan })}`;
  });

  afterAll(async () => {
    await pg?.end();
    await shop?.close();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  type Method = 'get' | 'post' | 'put' | 'delete';
  const call = (method: Method, path: string, who?: string, locale = 'en') => {
    const r = request(shop.url)[method](path).set('x-locale', locale);
    return who ? r.set('authorization', who) : r;
  };
  const giveZp = (userId: string, amount: number) =>
    finance.app.get(DataSource).transaction((m) =>
      finance.app.get(LedgerService).post(m, { key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit: 'ZP', from: { system: 'rewards' }, to: { user: userId }, amount }] }),
    );
  const zp = async (userId: string) => (await finance.app.get(LedgerService).balances([userId]))[0].zp;
  const product = async (fields: Record<string, unknown> = {}) => {
    const res = await call('post', '/api/products', admin).send({
      nameKk: 'Қазақ тілі әліппесі', nameRu: 'Азбука казахского языка', nameEn: 'Kazakh primer', priceZp: 100, stock: 10, ...fields,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; stock: number };
  };
  const stockOf = async (id: string) => (await pg.query(`SELECT stock FROM "${schema}".products WHERE id = $1`, [id])).rows[0].stock as number;
  const pickupPoint = async () => {
    const res = await call('post', '/api/pickup-points', admin).send({
      nameKk: 'Алматы пункті', nameRu: 'Пункт Алматы', nameEn: 'Almaty point', addressKk: 'Абай 1', addressRu: 'Абая 1', addressEn: 'Abai 1', hours: '10:00-19:00',
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const pupil = async () => {
    const id = randomUUID();
    return { id, token: `Bearer ${await testToken({ roleId: ROLE.student, userId: id })}` };
  };

  describe('catalogue', () => {
    it('staff create products; the public list finds one by a Kazakh word, in any language, by prefix', async () => {
      const tag = randomUUID().slice(0, 6);
      const p = await product({ nameKk: `Математика кітабы ${tag}`, nameRu: `Книга по математике ${tag}`, nameEn: `Maths book ${tag}`, descriptionKk: 'Есептер жинағы' });
      for (const q of ['кітабы', 'КІТАБ', 'есептер', 'математике', 'maths']) {
        const res = await call('get', `/api/shop/products?q=${encodeURIComponent(`${q} ${tag}`)}`).expect(200);
        expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([p.id]);
      }
      const none = await call('get', `/api/shop/products?q=${encodeURIComponent(`сызғыш ${tag}`)}`).expect(200);
      expect(none.body).toMatchObject({ data: [], total: 0 });
    });

    it('filters by category (with subcategories), price range in a currency, stock; sorts and pages', async () => {
      const root = await call('post', '/api/categories', admin).send({ nameKk: 'Кітаптар', nameRu: 'Книги', nameEn: 'Books' }).expect(201);
      const sub = await call('post', '/api/categories', admin).send({ nameKk: 'Сөздіктер', nameRu: 'Словари', nameEn: 'Dictionaries', parentId: root.body.id }).expect(201);
      const a = await product({ categoryId: root.body.id, priceZp: 50, stock: 0 });
      const b = await product({ categoryId: sub.body.id, priceZp: 150, priceTenge: 900 });
      const c = await product({ categoryId: sub.body.id, priceZp: 300 });
      const ids = async (qs: string) => (await call('get', `/api/shop/products?${qs}`).expect(200)).body.data.map((x: { id: string }) => x.id);
      expect(await ids(`categoryId=${root.body.id}&sort=price_asc&currency=zp`)).toEqual([a.id, b.id, c.id]);
      expect(await ids(`categoryId=${sub.body.id}&sort=price_desc&currency=zp`)).toEqual([c.id, b.id]);
      expect(await ids(`categoryId=${root.body.id}&currency=zp&minPrice=100&maxPrice=200`)).toEqual([b.id]);
      expect(await ids(`categoryId=${root.body.id}&currency=tenge`)).toEqual([b.id]);
      expect(await ids(`categoryId=${root.body.id}&inStock=true&sort=price_asc&currency=zp`)).toEqual([b.id, c.id]);
      const page2 = await call('get', `/api/shop/products?categoryId=${root.body.id}&sort=price_asc&currency=zp&limit=2&page=2`).expect(200);
      expect(page2.body).toMatchObject({ total: 3, page: 2, limit: 2, data: [{ id: c.id, prices: { zp: 300 } }] });
      // Deactivating hides a product (one and many), and an inactive category hides its products.
      await call('post', `/api/products/${c.id}/toggle-active`, admin).expect(200, { data: { id: c.id, active: false } });
      expect(await ids(`categoryId=${root.body.id}`)).not.toContain(c.id);
      await call('post', '/api/products/toggle-active-many', admin).send({ ids: [c.id, b.id], active: true }).expect(200);
      expect(await ids(`categoryId=${root.body.id}`)).toContain(c.id);
      await call('put', `/api/categories/${sub.body.id}`, admin).send({ active: false }).expect(200);
      expect(await ids(`categoryId=${root.body.id}`)).toEqual([a.id]);
      // A category cannot go under its own subcategory.
      const cycle = await call('put', `/api/categories/${root.body.id}`, admin, 'kk').send({ parentId: sub.body.id });
      expect([cycle.status, cycle.body.code]).toEqual([409, 'CATEGORY_CYCLE']);
      expect(cycle.body.message).toMatch(/санат/i);
    });

    it('refuses bad input with localized 4xx and changes nothing; 401 and 403 for the staff routes', async () => {
      const noPrice = await call('post', '/api/products', admin, 'ru').send({ nameKk: 'a', nameRu: 'b', nameEn: 'c', stock: 1 });
      expect(noPrice.status).toBe(400);
      const p = await product();
      const strip = await call('put', `/api/products/${p.id}`, admin).send({ priceZp: null });
      expect([strip.status, strip.body.code]).toEqual([400, 'PRODUCT_PRICE_REQUIRED']);
      expect((await pg.query(`SELECT price_zp FROM "${schema}".products WHERE id = $1`, [p.id])).rows[0].price_zp).toBe(100);
      expect((await call('get', '/api/shop/products?minPrice=5')).status).toBe(400); // a range needs a currency
      await call('post', '/api/products').send({}).expect(401);
      expect((await call('post', '/api/products', bearer.aigerim).send({})).body.code).toBe('FORBIDDEN');
      await call('post', `/api/products/${p.id}/toggle-active`, bearer.aigerim).expect(403);
      await call('post', `/api/products/${randomUUID()}/toggle-active`, admin).expect(404);
      await call('post', '/api/products/toggle-active-many', admin).send({ ids: [p.id, randomUUID()], active: false }).expect(404);
      expect((await pg.query(`SELECT active FROM "${schema}".products WHERE id = $1`, [p.id])).rows[0].active).toBe(true);
      await call('get', '/api/shop/products/not-a-uuid').expect(400);
      await call('get', `/api/shop/products/${randomUUID()}`).expect(404);
      // The manager role holds the shop keys by default.
      await call('get', '/api/products', manager).expect(200);
      // Specs: store, show, update, destroy; the public product shows them.
      const spec = await call('post', '/api/specs', admin).send({ productId: p.id, keyKk: 'Беттер', keyRu: 'Страниц', keyEn: 'Pages', valueKk: '96', valueRu: '96', valueEn: '96' }).expect(201);
      const shown = await call('get', `/api/shop/products/${p.id}`).expect(200);
      expect(shown.body.data.specs).toEqual([{ id: spec.body.id, key: { kk: 'Беттер', ru: 'Страниц', en: 'Pages' }, value: { kk: '96', ru: '96', en: '96' } }]);
    });

    it('answers any query string of the public list with 200 or a localized 400, never a 5xx', async () => {
      const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 200_000_000 }).map(String), fc.constantFrom('zp', 'tenge', 'altyn_saqa', 'price_asc', 'popular', 'true', '1', randomUUID()));
      const key = fc.constantFrom('q', 'categoryId', 'currency', 'minPrice', 'maxPrice', 'inStock', 'sort', 'page', 'limit', 'other');
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 5 }), async (pairs) => {
          const qs = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const res = await call('get', `/api/shop/products?${qs}`, undefined, 'kk');
          expect([200, 400]).toContain(res.status);
          expect(res.status === 200 || (typeof res.body.message === 'string' && res.body.message.length > 0)).toBe(true);
        }),
        { numRuns: 150 },
      );
    });
  });

  describe('cart and wishlist', () => {
    it('keeps a pupil\'s lines with current price and stock state; another pupil cannot see or change them', async () => {
      const p = await product({ stock: 2, priceZp: 70 });
      const me = await pupil();
      const other = await pupil();
      await call('post', '/api/cart/items', me.token).send({ productId: p.id, quantity: 3 }).expect(200);
      const cart = await call('get', '/api/cart', me.token).expect(200);
      expect(cart.body.data).toEqual({
        lines: [expect.objectContaining({ productId: p.id, quantity: 3, state: 'short', available: 2, prices: { tenge: null, zp: 70, altynSaqa: null } })],
        totals: { zp: 210, altynSaqa: null, tenge: null },
      });
      expect((await call('get', '/api/cart', other.token).expect(200)).body.data.lines).toEqual([]);
      expect((await call('put', `/api/cart/items/${p.id}`, other.token).send({ quantity: 1 })).body.code).toBe('CART_ITEM_NOT_FOUND');
      await call('delete', `/api/cart/items/${p.id}`, other.token).expect(404);
      await call('put', `/api/cart/items/${p.id}`, me.token).send({ quantity: 2 }).expect(200);
      expect((await call('put', `/api/cart/items/${p.id}`, me.token).send({ quantity: 0 })).status).toBe(400);
      expect((await call('get', '/api/cart', me.token)).body.data.lines[0]).toMatchObject({ quantity: 2, state: 'ok' });
      await call('delete', `/api/cart/items/${p.id}`, me.token).expect(200);
      await call('post', '/api/cart/items', me.token).send({ productId: randomUUID() }).expect(404);
      await call('get', '/api/cart').expect(401);
      // Wishlist: add, move to cart, remove.
      await call('post', '/api/wishlist', me.token).send({ productId: p.id }).expect(200);
      expect((await call('get', '/api/wishlist', other.token)).body.data).toEqual([]);
      await call('post', `/api/wishlist/${p.id}/move-to-cart`, other.token).expect(404);
      await call('post', `/api/wishlist/${p.id}/move-to-cart`, me.token).expect(200);
      expect((await call('get', '/api/wishlist', me.token)).body.data).toEqual([]);
      expect((await call('get', '/api/cart', me.token)).body.data.lines).toEqual([expect.objectContaining({ productId: p.id, quantity: 1 })]);
      await call('delete', '/api/cart', me.token).expect(200);
      expect((await call('get', '/api/cart', me.token)).body.data.lines).toEqual([]);
    });
  });

  describe('checkout and orders', () => {
    const orderRow = async (id: string) => (await pg.query(`SELECT * FROM "${schema}".orders WHERE id = $1`, [id])).rows[0];

    it('reserves stock, opens an invoice, is paid from the wallet; a redelivered invoice.paid changes nothing', async () => {
      const p = await product({ stock: 5, priceZp: 120 });
      const point = await pickupPoint();
      await giveZp(aigerim, 1000);
      await call('post', '/api/cart/items', bearer.aigerim).send({ productId: p.id, quantity: 2 }).expect(200);
      const empty = await call('post', '/api/cart/checkout', bearer.nurlan, 'kk').send({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: point } });
      expect([empty.status, empty.body.code, empty.body.message]).toEqual([409, 'CART_EMPTY', 'Себет бос. Алдымен себетке тауар қосыңыз.']);
      const res = await call('post', '/api/cart/checkout', bearer.aigerim).send({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: point } });
      expect(res.status).toBe(201);
      const order = res.body.data;
      expect(order).toMatchObject({ status: 'awaiting_payment', method: 'pickup', total: 240, lines: [{ productId: p.id, quantity: 2, unitPrice: 120 }] });
      expect(order.invoiceId).toEqual(expect.any(String));
      expect(await stockOf(p.id)).toBe(3);
      expect((await call('get', '/api/cart', bearer.aigerim)).body.data.lines).toEqual([]);
      expect((await call('get', '/api/orders/wallet', bearer.aigerim).expect(200)).body.data).toEqual({ zp: 1000, altynSaqa: 0 });
      // Another pupil sees nothing of it.
      await call('get', `/api/my-orders/${order.id}`, bearer.nurlan).expect(404);
      await call('post', `/api/my-orders/${order.id}/cancel`, bearer.nurlan).expect(404);
      await call('get', `/api/orders/${order.id}`, bearer.nurlan).expect(403);

      await request(finance.url).post(`/api/wallet-payment/${order.invoiceId}`).set('authorization', bearer.aigerim).expect(200);
      await waitFor(async () => (await orderRow(order.id)).status === 'paid', { what: 'the order to be paid' });
      expect(await zp(aigerim)).toBe(760);

      // The same fact again under another message id (a producer's republish): still one payment transition.
      const nats = shop.app.get(NatsService);
      const h = natsHeaders();
      h.set('x-event-version', '2');
      await nats.js.publish(nats.subject('invoice.paid'), JSON.stringify({
        invoiceId: order.invoiceId, userId: aigerim, product: { kind: 'order', id: order.id }, amountTenge: 0, amountZp: 240, method: 'wallet', paidAt: new Date().toISOString(),
      }), { msgID: randomUUID(), headers: h });
      const consumed = async () => Number((await pg.query(`SELECT count(*) AS n FROM "${schema}".inbox`)).rows[0].n);
      const before = await consumed();
      await waitFor(async () => (await consumed()) > before, { what: 'the republished event to be consumed' });
      const history = await pg.query(`SELECT to_status FROM "${schema}".order_status_history WHERE order_id = $1 ORDER BY at, to_status`, [order.id]);
      expect(history.rows.map((r) => r.to_status).sort()).toEqual(['awaiting_payment', 'paid']);
      expect((await pg.query(`SELECT sold FROM "${schema}".products WHERE id = $1`, [p.id])).rows[0].sold).toBe(2);

      // Staff move it on; a refused move is a localized 409 and changes nothing; a pickup code appears.
      const wrong = await call('post', `/api/orders/${order.id}/change-status`, admin, 'ru').send({ status: 'shipped' });
      expect([wrong.status, wrong.body.code]).toEqual([409, 'ORDER_TRANSITION_REFUSED']);
      expect(wrong.body.message).toContain('ready_for_pickup');
      await call('post', `/api/orders/${order.id}/change-status`, bearer.aigerim).send({ status: 'ready_for_pickup' }).expect(403);
      const ready = await call('post', `/api/orders/${order.id}/change-status`, manager).send({ status: 'ready_for_pickup', note: 'on the shelf' }).expect(200);
      expect(ready.body.data).toMatchObject({ status: 'ready_for_pickup', next: ['cancelled', 'picked_up'] });
      const mine = await call('get', `/api/my-orders/${order.id}`, bearer.aigerim).expect(200);
      expect(mine.body.data.pickupCode).toMatch(/^\d{6}$/);
      // Staff read whose order it is by name (auth's), never the pickup code: the desk asks the pupil for it.
      await pg.query(
        `INSERT INTO "${ns.schemaOf('auth')}".users (id, phone, first_name, last_name, role_id, grade) VALUES ($1, $2, 'Айгерім', 'Серікова', $3, 7)`,
        [aigerim, `+7701${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, ROLE.student],
      );
      const staffView = await call('get', `/api/orders/${order.id}`, manager).expect(200);
      expect(staffView.body.data).toMatchObject({ pickupCode: null, customer: { firstName: 'Айгерім', lastName: 'Серікова', grade: 7, school: null } });
      const staffList = await call('get', '/api/orders', manager).query({ status: 'ready_for_pickup' }).expect(200);
      expect(staffList.body.data.find((o: { id: string }) => o.id === order.id)).toMatchObject({ pickupCode: null, customer: { firstName: 'Айгерім', lastName: 'Серікова' } });
      for (const pickupCode of [undefined, mine.body.data.pickupCode === '000000' ? '000001' : '000000']) {
        const refused = await call('post', `/api/orders/${order.id}/change-status`, manager, 'kk').send({ status: 'picked_up', pickupCode });
        expect([refused.status, refused.body.code]).toEqual([409, 'PICKUP_CODE_MISMATCH']);
      }
      expect((await orderRow(order.id)).status).toBe('ready_for_pickup');
      await call('post', `/api/orders/${order.id}/change-status`, manager).send({ status: 'picked_up', pickupCode: mine.body.data.pickupCode }).expect(200);
      const audit = await pg.query(`SELECT count(*)::int AS n FROM "${schema}".audit_log WHERE resource = 'orders' AND resource_id = $1`, [order.id]);
      expect(audit.rows[0].n).toBe(2);
      const counts = await call('get', '/api/orders/counts?method=pickup', manager).expect(200);
      expect(counts.body.data.picked_up).toBeGreaterThanOrEqual(1);
      await waitFor(async () => Number((await pg.query(`SELECT count(*) AS n FROM "${schema}".outbox WHERE published_at IS NULL`)).rows[0].n) === 0, { what: 'the outbox to drain' });
    });

    it('100 pupils check out the last 3 at once: exactly 3 orders, stock 0, the rest a localized 409 and nothing charged', async () => {
      const p = await product({ stock: 3, priceZp: 10 });
      const point = await pickupPoint();
      const pupils = await Promise.all(Array.from({ length: 100 }, () => pupil()));
      for (const x of pupils) await call('post', '/api/cart/items', x.token).send({ productId: p.id, quantity: 1 }).expect(200);
      const results = await Promise.all(pupils.map((x) => call('post', '/api/cart/checkout', x.token, 'kk').send({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: point } })));
      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status !== 201);
      expect(ok).toHaveLength(3);
      expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array.from({ length: 97 }, () => [409, 'OUT_OF_STOCK']));
      expect(refused[0].body.message).toContain('ақша алынған жоқ');
      expect(await stockOf(p.id)).toBe(0);
      const orders = await pg.query(`SELECT count(*)::int AS n FROM "${schema}".orders o JOIN "${schema}".order_lines l ON l.order_id = o.id WHERE l.product_id = $1`, [p.id]);
      expect(orders.rows[0].n).toBe(3);
      const invoices = await pg.query(
        `SELECT count(*)::int AS n FROM "${ns.schemaOf('finance')}".invoices WHERE product_kind = 'order' AND product_id = ANY($1::uuid[])`,
        [ok.map((r) => r.body.data.id)],
      );
      expect(invoices.rows[0].n).toBe(3);
      // The refused pupils keep their carts and have no order or invoice.
      const loser = pupils[results.findIndex((r) => r.status !== 201)];
      expect((await call('get', '/api/cart', loser.token)).body.data.lines).toHaveLength(1);
      expect((await pg.query(`SELECT count(*)::int AS n FROM "${ns.schemaOf('finance')}".invoices WHERE user_id = $1`, [loser.id])).rows[0].n).toBe(0);
    });

    it('an order not paid in 30 minutes is cancelled and its stock returns; a pupil may cancel an unpaid order', async () => {
      const p = await product({ stock: 4, priceZp: 25 });
      const me = await pupil();
      const city = (await pg.query(`SELECT id, name_kk AS kk, name_ru AS ru, name_en AS en FROM "${ns.schemaOf('auth')}".cities ORDER BY id LIMIT 1`)).rows[0];
      const address = { recipient: 'Айгерім С.', phone: '8 700 000 00 05', cityId: city.id, line: 'Абай 10, 5' };
      await call('post', '/api/cart/items', me.token).send({ productId: p.id, quantity: 3 }).expect(200);
      const first = await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'delivery', address } }).expect(201);
      expect(first.body.data.address).toEqual({
        recipient: 'Айгерім С.', phone: '+77000000005', city: { id: city.id, name: { kk: city.kk, ru: city.ru, en: city.en } }, line: 'Абай 10, 5', note: '',
      });
      expect(await stockOf(p.id)).toBe(1);
      const clock = shop.app.get(Clock);
      const sweeper = shop.app.get(PaymentSweeper);
      clock.advance(PAYMENT_WINDOW_MS - 60_000);
      expect(await sweeper.sweep()).toBe(0);
      clock.advance(61_000);
      expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
      expect((await orderRow(first.body.data.id)).status).toBe('cancelled');
      expect(await stockOf(p.id)).toBe(4);
      const inv = await pg.query(`SELECT status FROM "${ns.schemaOf('finance')}".invoices WHERE id = $1`, [first.body.data.invoiceId]);
      expect(inv.rows[0].status).toBe('cancelled');
      // Paying the expired invoice is refused by finance: nothing is taken.
      await giveZp(me.id, 100);
      const late = await request(finance.url).post(`/api/wallet-payment/${first.body.data.invoiceId}`).set('authorization', me.token);
      expect([late.status, late.body.code]).toEqual([409, 'INVOICE_CANCELLED']);
      expect(await zp(me.id)).toBe(100);

      await call('post', '/api/cart/items', me.token).send({ productId: p.id, quantity: 2 }).expect(200);
      const second = await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'delivery', address } }).expect(201);
      expect(await stockOf(p.id)).toBe(2);
      const cancelled = await call('post', `/api/my-orders/${second.body.data.id}/cancel`, me.token).expect(200);
      expect(cancelled.body.data.status).toBe('cancelled');
      expect(await stockOf(p.id)).toBe(4);
      const again = await call('post', `/api/my-orders/${second.body.data.id}/cancel`, me.token);
      expect([again.status, again.body.code]).toEqual([409, 'ORDER_NOT_CANCELLABLE']);
      // The invoice.cancelled that finance published for it arrives later and changes nothing.
      await waitFor(async () => Number((await pg.query(`SELECT count(*) AS n FROM "${schema}".order_status_history WHERE order_id = $1`, [second.body.data.id])).rows[0].n) === 2);
      expect(await stockOf(p.id)).toBe(4);

      // Cancelling the invoice in finance itself: invoice.cancelled releases the order.
      await call('post', '/api/cart/items', me.token).send({ productId: p.id, quantity: 1 }).expect(200);
      const third = await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'delivery', address } }).expect(201);
      expect(await stockOf(p.id)).toBe(3);
      await request(finance.url).post(`/api/invoices/${third.body.data.invoiceId}/cancel`).set('authorization', me.token).expect(200);
      await waitFor(async () => (await orderRow(third.body.data.id)).status === 'cancelled', { what: 'invoice.cancelled to release the order' });
      expect(await stockOf(p.id)).toBe(4);
    });

    it('payments racing the deadline sweeper: each order ends paid with a paid invoice or cancelled with a cancelled one', async () => {
      const p = await product({ stock: 10, priceZp: 5 });
      const point = await pickupPoint();
      const buyers = await Promise.all(Array.from({ length: 10 }, () => pupil()));
      const orders: { id: string; invoiceId: string }[] = [];
      for (const b of buyers) {
        await giveZp(b.id, 5);
        await call('post', '/api/cart/items', b.token).send({ productId: p.id }).expect(200);
        orders.push((await call('post', '/api/cart/checkout', b.token).send({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: point } }).expect(201)).body.data);
      }
      shop.app.get(Clock).advance(PAYMENT_WINDOW_MS + 1000);
      const [, payments] = await Promise.all([
        shop.app.get(PaymentSweeper).sweep(),
        Promise.all(buyers.map((b, i) => request(finance.url).post(`/api/wallet-payment/${orders[i].invoiceId}`).set('authorization', b.token))),
      ]);
      expect(payments.every((r) => r.status === 200 || (r.status === 409 && r.body.code === 'INVOICE_CANCELLED'))).toBe(true);
      const paid = payments.filter((r) => r.status === 200).length;
      const fin = ns.schemaOf('finance');
      const settled = async () => {
        const rows = await pg.query(
          `SELECT o.status AS order, i.status AS invoice FROM "${schema}".orders o JOIN "${fin}".invoices i ON i.id = o.invoice_id WHERE o.id = ANY($1::uuid[])`,
          [orders.map((o) => o.id)],
        );
        return rows.rows.every((r) => (r.order === 'paid' && r.invoice === 'paid') || (r.order === 'cancelled' && r.invoice === 'cancelled')) && rows.rows;
      };
      const rows = await waitFor(settled, { what: 'every order to agree with its invoice' });
      expect(rows.filter((r) => r.order === 'paid')).toHaveLength(paid);
      expect(await stockOf(p.id)).toBe(10 - paid);
      for (const [i, b] of buyers.entries()) expect(await zp(b.id)).toBe(payments[i].status === 200 ? 0 : 5);
    });

    it('returns: the pupil asks within 14 days of receiving; returned refunds the ZP through finance once; refused keeps them', async () => {
      const p = await product({ stock: 10, priceZp: 40 });
      const point = await pickupPoint();
      const me = await pupil();
      const other = await pupil();
      await giveZp(me.id, 200);
      const paidOrder = async (fulfilment: Record<string, unknown>) => {
        await call('post', '/api/cart/items', me.token).send({ productId: p.id }).expect(200);
        const o = (await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment }).expect(201)).body.data;
        await request(finance.url).post(`/api/wallet-payment/${o.invoiceId}`).set('authorization', me.token).expect(200);
        await waitFor(async () => (await orderRow(o.id)).status === 'paid', { what: 'the order to be paid' });
        return o as { id: string; invoiceId: string };
      };
      const move = (id: string, body: Record<string, unknown>) => call('post', `/api/orders/${id}/change-status`, manager).send(body);

      const picked = await paidOrder({ method: 'pickup', pickupPointId: point });
      await move(picked.id, { status: 'ready_for_pickup' }).expect(200);
      const code = (await call('get', `/api/my-orders/${picked.id}`, me.token)).body.data.pickupCode;
      await move(picked.id, { status: 'picked_up', pickupCode: code }).expect(200);
      expect(await zp(me.id)).toBe(160);
      await call('post', `/api/my-orders/${picked.id}/return`, other.token).send({ reason: 'not mine' }).expect(404);
      expect((await call('post', `/api/my-orders/${picked.id}/return`, me.token).send({})).status).toBe(400);
      const asked = await call('post', `/api/my-orders/${picked.id}/return`, me.token).send({ reason: 'Бет жыртылған' }).expect(200);
      expect(asked.body.data.status).toBe('return_requested');
      const twice = await call('post', `/api/my-orders/${picked.id}/return`, me.token).send({ reason: 'again' });
      expect([twice.status, twice.body.code]).toEqual([409, 'ORDER_TRANSITION_REFUSED']);
      await move(picked.id, { status: 'returned' }).expect(200);
      expect(await zp(me.id)).toBe(200);
      const invoice = await pg.query(`SELECT refunded_zp FROM "${ns.schemaOf('finance')}".invoices WHERE id = $1`, [picked.invoiceId]);
      expect(invoice.rows[0].refunded_zp).toBe(40);
      expect((await move(picked.id, { status: 'returned' })).status).toBe(409);
      expect(await zp(me.id)).toBe(200);

      const delivered = await paidOrder({ method: 'pickup', pickupPointId: point });
      await move(delivered.id, { status: 'ready_for_pickup' }).expect(200);
      const code2 = (await call('get', `/api/my-orders/${delivered.id}`, me.token)).body.data.pickupCode;
      await move(delivered.id, { status: 'picked_up', pickupCode: code2 }).expect(200);
      await call('post', `/api/my-orders/${delivered.id}/return`, me.token).send({ reason: 'changed my mind' }).expect(200);
      await move(delivered.id, { status: 'return_refused', note: 'used' }).expect(200);
      expect(await zp(me.id)).toBe(160);

      const late = await paidOrder({ method: 'pickup', pickupPointId: point });
      await move(late.id, { status: 'ready_for_pickup' }).expect(200);
      const code3 = (await call('get', `/api/my-orders/${late.id}`, me.token)).body.data.pickupCode;
      await move(late.id, { status: 'picked_up', pickupCode: code3 }).expect(200);
      shop.app.get(Clock).advance(RETURN_WINDOW_DAYS * 86_400_000 + 60_000);
      const closed = await call('post', `/api/my-orders/${late.id}/return`, me.token, 'kk').send({ reason: 'late' });
      expect([closed.status, closed.body.code]).toEqual([409, 'RETURN_WINDOW_CLOSED']);
      expect(closed.body.message).toContain('14 күн');
      expect((await orderRow(late.id)).status).toBe('picked_up');
    });

    it('refuses bad checkouts before anything is taken', async () => {
      const p = await product({ stock: 5, priceZp: null, priceTenge: 500 });
      const me = await pupil();
      await call('post', '/api/cart/items', me.token).send({ productId: p.id }).expect(200);
      const point = await pickupPoint();
      const tenge = await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: point } });
      expect([tenge.status, tenge.body.code]).toEqual([409, 'PRODUCT_NOT_SOLD_IN_CURRENCY']);
      await call('post', `/api/pickup-points/${point}/toggle-active`, admin).expect(200);
      const closed = await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: point } });
      expect([closed.status, closed.body.code]).toEqual([409, 'PICKUP_POINT_UNAVAILABLE']);
      await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: randomUUID() } }).expect(404);
      await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'delivery', address: { city: 'x' } } }).expect(400);
      await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'delivery', address: { recipient: 'A', phone: '123', cityId: 1, line: 'Y' } } }).expect(400);
      const nowhere = await call('post', '/api/cart/checkout', me.token, 'ru').send({ currency: 'zp', fulfilment: { method: 'delivery', address: { recipient: 'A', phone: '+77000000005', cityId: 999_999, line: 'Y' } } });
      expect([nowhere.status, nowhere.body.code, nowhere.body.message]).toEqual([404, 'DELIVERY_CITY_NOT_FOUND', 'Города доставки с идентификатором 999999 нет. Выберите город из списка.']);
      await call('post', '/api/cart/checkout').send({}).expect(401);
      expect(await stockOf(p.id)).toBe(5);
      expect((await call('get', '/api/cart', me.token)).body.data.lines).toHaveLength(1);
    });
  });
});
