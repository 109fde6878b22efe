/**
 * Reviews, claimed prizes, delivery points and saved addresses, against real PostgreSQL and NATS with auth, finance
 * and the shop: only a pupil who received a product reviews it, once (also when racing), staff hide one and the
 * product's average and count follow; a prize is claimed once (ten claims at once: one order) as a zero-price order
 * through a pickup point, a cancelled claim frees it; a pupil's saved addresses are their own; checkout delivers to
 * a saved address or a delivery point.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { LedgerService, startFinance } from '@olymp/finance';
import { startShop } from '@olymp/shop';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

describe('shop reviews, prizes, delivery points and addresses', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let shop: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('shop');
  let admin = '';
  let manager = '';
  let city: { id: number; kk: string; ru: string; en: string };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    finance = await startFinance(ns.envFor('finance'));
    shop = await startShop(ns.envFor('shop'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    manager = `Bearer ${await testToken({ roleId: ROLE.manager })}`;
    city = (await pg.query(`SELECT id, name_kk AS kk, name_ru AS ru, name_en AS en FROM "${ns.schemaOf('auth')}".cities ORDER BY id LIMIT 1`)).rows[0];
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
  const product = async (fields: Record<string, unknown> = {}) => {
    const res = await call('post', '/api/products', admin).send({ nameKk: 'Қалам', nameRu: 'Ручка', nameEn: 'Pen', priceZp: 10, stock: 10, ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };
  const productRow = async (id: string) => (await pg.query(`SELECT stock, sold, rating_sum, rating_count FROM "${schema}".products WHERE id = $1`, [id])).rows[0];
  let point = '';
  const pickupPoint = async () => {
    if (point) return point;
    const res = await call('post', '/api/pickup-points', admin).send({
      nameKk: 'Шымкент пункті', nameRu: 'Пункт Шымкент', nameEn: 'Shymkent point', addressKk: 'Тәуке хан 5', addressRu: 'Тауке хана 5', addressEn: 'Tauke khan 5', hours: '10-19',
    });
    expect(res.status).toBe(201);
    point = res.body.id as string;
    return point;
  };
  /** A pupil known to auth (reviews show their name as "Aigerim S."). */
  const pupil = async (firstName = 'Айгерим', lastName = 'Сериккызы') => {
    const id = randomUUID();
    const phone = `+7701${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    await auth.app.get(DataSource).query('INSERT INTO users (id, phone, first_name, last_name, role_id) VALUES ($1, $2, $3, $4, $5)', [id, phone, firstName, lastName, ROLE.student]);
    return { id, token: `Bearer ${await testToken({ roleId: ROLE.student, userId: id })}` };
  };
  const orderStatus = async (id: string) => (await pg.query(`SELECT status FROM "${schema}".orders WHERE id = $1`, [id])).rows[0].status as string;
  /** Buys one of each product with ZP at the pickup point and has it paid, ready and picked up. */
  const received = async (who: { id: string; token: string }, productIds: string[]) => {
    await giveZp(who.id, 1000);
    for (const productId of productIds) await call('post', '/api/cart/items', who.token).send({ productId, quantity: 1 }).expect(200);
    const order = (await call('post', '/api/cart/checkout', who.token).send({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: await pickupPoint() } }).expect(201)).body.data;
    await request(finance.url).post(`/api/wallet-payment/${order.invoiceId}`).set('authorization', who.token).expect(200);
    await waitFor(async () => (await orderStatus(order.id)) === 'paid', { what: 'the order paid' });
    await call('post', `/api/orders/${order.id}/change-status`, admin).send({ status: 'ready_for_pickup' }).expect(200);
    const code = (await call('get', `/api/my-orders/${order.id}`, who.token)).body.data.pickupCode as string;
    return { order, handOver: () => call('post', `/api/orders/${order.id}/change-status`, admin).send({ status: 'picked_up', pickupCode: code }).expect(200) };
  };

  it('a pupil reviews a product once, only after receiving it; staff hide it; the product shows average and count', async () => {
    const p = await product();
    const q = await product({ nameEn: 'Eraser' });
    const me = await pupil();
    const { order, handOver } = await received(me, [p.id, q.id]);
    const early = await call('post', `/api/my-orders/${order.id}/feedback`, me.token, 'kk').send({ productId: p.id, rating: 5, text: 'Керемет' });
    expect([early.status, early.body.code]).toEqual([409, 'REVIEW_NOT_ALLOWED']);
    expect(early.body.message).toMatch(/тапсырыс/i);
    expect((await call('get', `/api/my-orders/${order.id}/feedback`, me.token).expect(200)).body.data.every((x: { canReview: boolean }) => !x.canReview)).toBe(true);
    await handOver();
    const other = await pupil('Нурлан', 'Ахметов');
    await call('post', `/api/my-orders/${order.id}/feedback`, other.token).send({ productId: p.id, rating: 1 }).expect(404);
    await call('get', `/api/my-orders/${order.id}/feedback`, other.token).expect(404);
    await call('post', `/api/my-orders/${order.id}/feedback`, me.token).send({ productId: randomUUID(), rating: 4 }).expect(404);
    expect((await call('post', `/api/my-orders/${order.id}/feedback`, me.token, 'ru').send({ productId: p.id, rating: 6 })).status).toBe(400);
    // Five identical requests at once: one review.
    const tries = await Promise.all(Array.from({ length: 5 }, () => call('post', `/api/my-orders/${order.id}/feedback`, me.token).send({ productId: p.id, rating: 4, text: 'Good pen' })));
    expect(tries.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(tries.filter((r) => r.status === 409).every((r) => r.body.code === 'REVIEW_EXISTS')).toBe(true);
    const created = tries.find((r) => r.status === 201)!.body.data;
    expect(created).toMatchObject({ productId: p.id, author: 'Айгерим С.', rating: 4, text: 'Good pen' });
    expect(JSON.stringify(created)).not.toContain(me.id);
    const mine = (await call('get', `/api/my-orders/${order.id}/feedback`, me.token)).body.data;
    expect(mine).toEqual(expect.arrayContaining([
      expect.objectContaining({ productId: p.id, canReview: false, review: expect.objectContaining({ rating: 4 }) }),
      expect.objectContaining({ productId: q.id, canReview: true, review: null }),
    ]));
    // A second pupil's 2 makes the average 3.
    const second = await pupil('Нурлан', 'Ахметов');
    const theirs = await received(second, [p.id]);
    await theirs.handOver();
    const low = await call('post', `/api/my-orders/${theirs.order.id}/feedback`, second.token).send({ productId: p.id, rating: 2 }).expect(201);
    const pub = await call('get', `/api/shop/products/${p.id}/reviews`).expect(200);
    expect(pub.body).toMatchObject({ total: 2, average: 3, count: 2 });
    expect(pub.body.data.map((r: { author: string }) => r.author).sort()).toEqual(['Айгерим С.', 'Нурлан А.']);
    expect((await call('get', `/api/shop/products/${p.id}`)).body.data.rating).toEqual({ average: 3, count: 2 });
    // Staff hide the low one: gone from the public list and the average; showing it again restores both.
    await call('post', `/api/reviews/${low.body.data.id}/hide`, me.token).send({ hidden: true }).expect(403);
    await call('post', `/api/reviews/${randomUUID()}/hide`, manager).send({ hidden: true }).expect(404);
    const hidden = await call('post', `/api/reviews/${low.body.data.id}/hide`, manager).send({ hidden: true }).expect(200);
    expect(hidden.body.data).toMatchObject({ hidden: true, userId: second.id });
    await call('post', `/api/reviews/${low.body.data.id}/hide`, manager).send({ hidden: true }).expect(200); // again: no change
    expect(await productRow(p.id)).toMatchObject({ rating_sum: 4, rating_count: 1 });
    expect((await call('get', `/api/shop/products/${p.id}/reviews`)).body).toMatchObject({ total: 1, average: 4, count: 1 });
    const staffList = await call('get', `/api/reviews?productId=${p.id}&hidden=true`, manager).expect(200);
    expect(staffList.body.data.map((r: { id: string }) => r.id)).toEqual([low.body.data.id]);
    await call('post', `/api/reviews/${low.body.data.id}/hide`, manager).send({ hidden: false }).expect(200);
    expect(await productRow(p.id)).toMatchObject({ rating_sum: 6, rating_count: 2 });
    await call('get', `/api/shop/products/${randomUUID()}/reviews`).expect(404);
  });

  it('a prize is claimed once as a zero-price order at a pickup point; ten claims at once make one order', async () => {
    const p = await product({ nameEn: 'Olympiad T-shirt', priceZp: 500, stock: 2 });
    const me = await pupil();
    const granted = await call('post', '/api/prizes', manager).send({ userId: me.id, productId: p.id, source: 'challenge', note: 'Maths, 1st place' }).expect(201);
    await call('post', '/api/prizes', me.token).send({ userId: me.id, productId: p.id }).expect(403);
    const list = (await call('get', '/api/my-prizes', me.token).expect(200)).body.data;
    expect(list).toEqual([expect.objectContaining({ id: granted.body.id, source: 'challenge', orderId: null, product: expect.objectContaining({ name: expect.objectContaining({ en: 'Olympiad T-shirt' }) }) })]);
    const other = await pupil();
    await call('post', `/api/my-prizes/${granted.body.id}/claim`, other.token).send({ fulfilment: { method: 'pickup', pickupPointId: await pickupPoint() } }).expect(404);
    const claims = await Promise.all(Array.from({ length: 10 }, () =>
      call('post', `/api/my-prizes/${granted.body.id}/claim`, me.token, 'ru').send({ fulfilment: { method: 'pickup', pickupPointId: point } })));
    expect(claims.filter((r) => r.status === 201)).toHaveLength(1);
    expect(claims.filter((r) => r.status === 409).every((r) => r.body.code === 'PRIZE_ALREADY_CLAIMED' && /приз/i.test(r.body.message))).toBe(true);
    const order = claims.find((r) => r.status === 201)!.body.data;
    expect(order).toMatchObject({ kind: 'prize', status: 'paid', total: 0, invoiceId: null, lines: [{ productId: p.id, quantity: 1, unitPrice: 0 }] });
    expect(await productRow(p.id)).toMatchObject({ stock: 1, sold: 1 });
    const claimed = await call('get', `/api/claimed-products?userId=${me.id}`, manager).expect(200);
    expect(claimed.body.data).toEqual([expect.objectContaining({ id: granted.body.id, orderId: order.id, orderStatus: 'paid', userId: me.id })]);
    await call('get', '/api/claimed-products', me.token).expect(403);
    // It goes through the same pickup flow; cancelled before the handover, the prize can be claimed again.
    await call('post', `/api/orders/${order.id}/change-status`, admin).send({ status: 'ready_for_pickup' }).expect(200);
    const cancelled = await call('post', `/api/my-orders/${order.id}/cancel`, me.token).expect(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refunded: null });
    expect(await productRow(p.id)).toMatchObject({ stock: 2, sold: 0 });
    expect((await call('get', '/api/my-prizes', me.token)).body.data[0].orderId).toBeNull();
    await call('post', `/api/my-prizes/${granted.body.id}/claim`, me.token).send({ fulfilment: { method: 'pickup', pickupPointId: point } }).expect(201);
    // No stock left: a claim is refused and the prize stays unclaimed.
    const gone = await product({ stock: 0 });
    const dry = await call('post', '/api/prizes', manager).send({ userId: me.id, productId: gone.id }).expect(201);
    const refused = await call('post', `/api/my-prizes/${dry.body.id}/claim`, me.token).send({ fulfilment: { method: 'pickup', pickupPointId: point } });
    expect([refused.status, refused.body.code]).toEqual([409, 'OUT_OF_STOCK']);
    expect((await pg.query(`SELECT order_id FROM "${schema}".prizes WHERE id = $1`, [dry.body.id])).rows[0].order_id).toBeNull();
  });

  it('saved addresses are the caller\'s own; checkout delivers to one, or to a delivery point', async () => {
    const me = await pupil();
    const other = await pupil();
    const saved = await call('post', '/api/addresses', me.token).send({ label: 'Үй', recipient: 'Айгерим С.', phone: '8 701 000 00 01', cityId: city.id, line: 'Абай 10, 5' });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ label: 'Үй', phone: '+77010000001', cityId: city.id });
    const bad = await call('post', '/api/addresses', me.token, 'ru').send({ recipient: 'A', phone: '+77010000001', cityId: 999_999, line: 'x' });
    expect([bad.status, bad.body.code]).toEqual([404, 'DELIVERY_CITY_NOT_FOUND']);
    expect((await call('post', '/api/addresses', me.token).send({ recipient: 'A', phone: 'no', cityId: city.id, line: 'x' })).status).toBe(400);
    expect((await call('get', '/api/addresses', other.token).expect(200)).body.data).toEqual([]);
    await call('get', `/api/addresses/${saved.body.data.id}`, other.token).expect(404);
    await call('put', `/api/addresses/${saved.body.data.id}`, other.token).send({ line: 'hack' }).expect(404);
    await call('delete', `/api/addresses/${saved.body.data.id}`, other.token).expect(404);
    await call('get', '/api/addresses').expect(401);
    const edited = await call('put', `/api/addresses/${saved.body.data.id}`, me.token).send({ line: 'Абай 12, 7' }).expect(200);
    expect(edited.body.data.line).toBe('Абай 12, 7');

    const p = await product({ priceZp: 20 });
    await call('post', '/api/cart/items', other.token).send({ productId: p.id }).expect(200);
    // Another pupil's saved address is not theirs to use.
    await call('post', '/api/cart/checkout', other.token).send({ currency: 'zp', fulfilment: { method: 'delivery', addressId: saved.body.data.id } }).expect(404);
    await call('post', '/api/cart/items', me.token).send({ productId: p.id }).expect(200);
    const toAddress = await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'delivery', addressId: saved.body.data.id } }).expect(201);
    expect(toAddress.body.data).toMatchObject({ method: 'delivery', deliveryPointId: null, address: { recipient: 'Айгерим С.', line: 'Абай 12, 7', city: { id: city.id, name: { kk: city.kk } } } });
    expect((await call('post', '/api/cart/checkout', me.token).send({ currency: 'zp', fulfilment: { method: 'delivery' } })).status).toBe(400);

    // Delivery points: staff's resource, the public's active list by city; an order delivered to one.
    const dp = await call('post', '/api/delivery-points', manager).send({
      nameKk: 'Қазпошта №1', nameRu: 'Казпочта №1', nameEn: 'Kazpost No. 1', addressKk: 'Абай 1', addressRu: 'Абая 1', addressEn: 'Abai 1', hours: '9-18', cityId: city.id,
    });
    expect(dp.status).toBe(201);
    await call('post', '/api/delivery-points', me.token).send({}).expect(403);
    const listed = await call('get', `/api/shop/delivery-points?cityId=${city.id}`).expect(200);
    expect(listed.body.data.map((x: { id: string }) => x.id)).toContain(dp.body.id);
    await call('post', '/api/cart/items', me.token).send({ productId: p.id }).expect(200);
    const toPoint = await call('post', '/api/cart/checkout', me.token, 'ru').send({ currency: 'zp', fulfilment: { method: 'delivery_point', deliveryPointId: dp.body.id, recipient: 'Айгерим С.', phone: '+77010000001' } }).expect(201);
    expect(toPoint.body.data).toMatchObject({ method: 'delivery', deliveryPointId: dp.body.id, address: { line: 'Казпочта №1, Абая 1', city: { id: city.id } } });
    await call('put', `/api/delivery-points/${dp.body.id}`, manager).send({ active: false }).expect(200);
    expect((await call('get', `/api/shop/delivery-points?cityId=${city.id}`)).body.data.map((x: { id: string }) => x.id)).not.toContain(dp.body.id);
    await call('post', '/api/cart/items', me.token).send({ productId: p.id }).expect(200);
    const closed = await call('post', '/api/cart/checkout', me.token, 'kk').send({ currency: 'zp', fulfilment: { method: 'delivery_point', deliveryPointId: dp.body.id, recipient: 'A', phone: '+77010000001' } });
    expect([closed.status, closed.body.code]).toEqual([409, 'DELIVERY_POINT_UNAVAILABLE']);
    await call('delete', `/api/addresses/${saved.body.data.id}`, me.token).expect(200);
    expect((await call('get', '/api/addresses', me.token)).body.data).toEqual([]);
  });
});
