/**
 * Paying for orders in every currency and giving the money back, against real PostgreSQL and NATS with auth,
 * finance and the shop: Altyn Saqa from the wallet; tenge through the payment provider (the sandbox), with part of
 * it covered by ZP (`use-zp`) at finance's rate; a tenge-only course invoice paid by card; the order's invoice id
 * derived from the order's; cancelling a paid order before it ships (refund through finance, once, and the stock
 * back); return methods and a return that restocks.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { LedgerService, startFinance } from '@olymp/finance';
import { Orders, PAYMENT_WINDOW_MS, PaymentSweeper, invoiceIdOf, startShop } from '@olymp/shop';
import { ROLE } from '@olymp/proto';
import { Clock, RpcClient, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

describe('shop payments and refunds', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let shop: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('shop');
  let admin = '';

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    finance = await startFinance({ ...ns.envFor('finance'), FINANCE_ZP_PRICE_TENGE: '5' });
    shop = await startShop(ns.envFor('shop'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
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
  const fin = (method: 'get' | 'post', path: string, who: string, locale = 'en') => request(finance.url)[method](path).set('x-locale', locale).set('authorization', who);
  const give = (userId: string, unit: 'ZP' | 'ALTYN_SAQA', amount: number) =>
    finance.app.get(DataSource).transaction((m) =>
      finance.app.get(LedgerService).post(m, { key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit, from: { system: 'rewards' }, to: { user: userId }, amount }] }),
    );
  const wallet = async (userId: string) => (await finance.app.get(LedgerService).balances([userId]))[0];
  const product = async (fields: Record<string, unknown>) => {
    const res = await call('post', '/api/products', admin).send({ nameKk: 'Дәптер', nameRu: 'Тетрадь', nameEn: 'Notebook', stock: 10, ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };
  const productRow = async (id: string) => (await pg.query(`SELECT stock, sold FROM "${schema}".products WHERE id = $1`, [id])).rows[0] as { stock: number; sold: number };
  const orderRow = async (id: string) => (await pg.query(`SELECT * FROM "${schema}".orders WHERE id = $1`, [id])).rows[0];
  let point = '';
  const pickupPoint = async () => {
    if (point) return point;
    const res = await call('post', '/api/pickup-points', admin).send({
      nameKk: 'Астана пункті', nameRu: 'Пункт Астана', nameEn: 'Astana point', addressKk: 'Мәңгілік ел 1', addressRu: 'Мангилик ел 1', addressEn: 'Mangilik el 1', hours: '10:00-19:00',
    });
    expect(res.status).toBe(201);
    point = res.body.id as string;
    return point;
  };
  const pupil = async () => {
    const id = randomUUID();
    return { id, token: `Bearer ${await testToken({ roleId: ROLE.student, userId: id })}` };
  };
  const checkout = async (who: { token: string }, productId: string, quantity: number, currency: 'zp' | 'altyn_saqa' | 'tenge') => {
    await call('post', '/api/cart/items', who.token).send({ productId, quantity }).expect(200);
    const res = await call('post', '/api/cart/checkout', who.token).send({ currency, fulfilment: { method: 'pickup', pickupPointId: await pickupPoint() } });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; invoiceId: string; total: number; currency: string; tengeDue: number | null };
  };
  const paidOrder = async (id: string) => waitFor(async () => (await orderRow(id)).status === 'paid', { what: 'the order to be paid' });

  it('an order in Altyn Saqa is paid from the Altyn Saqa wallet; its invoice id is derived from the order id', async () => {
    const me = await pupil();
    const p = await product({ priceAltynSaqa: 7, priceZp: 300 });
    await give(me.id, 'ALTYN_SAQA', 20);
    const order = await checkout(me, p.id, 2, 'altyn_saqa');
    expect(order).toMatchObject({ currency: 'altyn_saqa', total: 14, tengeDue: null, invoiceId: invoiceIdOf(order.id) });
    const payment = await call('get', `/api/orders/${order.id}/payment`, me.token).expect(200);
    expect(payment.body.data).toMatchObject({ methods: ['wallet'], balances: { zp: 0, altynSaqa: 20 }, total: 14 });
    const payable = await fin('get', `/api/invoices/${order.invoiceId}/payable`, me.token).expect(200);
    expect(payable.body.data).toMatchObject({ payable: true, methods: ['wallet'], amountAltynSaqa: 14, amountZp: 0, balanceAltynSaqa: 20 });
    await fin('post', `/api/wallet-payment/${order.invoiceId}`, me.token).expect(200);
    await paidOrder(order.id);
    expect(await wallet(me.id)).toMatchObject({ zp: 0, altynSaqa: 6 });
    // Not enough Altyn Saqa for a second one: a localized 402 and nothing taken.
    const again = await checkout(me, p.id, 1, 'altyn_saqa');
    const poor = await fin('post', `/api/wallet-payment/${again.invoiceId}`, me.token, 'ru');
    expect([poor.status, poor.body.code]).toEqual([402, 'INSUFFICIENT_FUNDS']);
    expect(await wallet(me.id)).toMatchObject({ altynSaqa: 6 });
    // A product without a price in the chosen currency is refused before anything is reserved.
    const zpOnly = await product({ priceZp: 10 });
    await call('post', '/api/cart/items', me.token).send({ productId: zpOnly.id, quantity: 1 }).expect(200);
    const refused = await call('post', '/api/cart/checkout', me.token, 'kk').send({ currency: 'tenge', fulfilment: { method: 'pickup', pickupPointId: await pickupPoint() } });
    expect([refused.status, refused.body.code]).toEqual([409, 'PRODUCT_NOT_SOLD_IN_CURRENCY']);
    expect((await productRow(zpOnly.id)).stock).toBe(10);
  });

  it('a tenge order: part covered by ZP at finance rate (use-zp), the rest by card through the sandbox provider', async () => {
    const me = await pupil();
    const p = await product({ priceTenge: 1000 });
    await give(me.id, 'ZP', 500);
    const order = await checkout(me, p.id, 1, 'tenge');
    expect(order).toMatchObject({ currency: 'tenge', total: 1000, tengeDue: 1000 });
    const before = await call('get', `/api/orders/${order.id}/payment`, me.token).expect(200);
    // 5 tenge per ZP: 200 ZP would cover it all, the wallet holds 500.
    expect(before.body.data).toMatchObject({ methods: ['provider', 'use_zp'], zpRateTenge: 5, maxZp: 200, tengeDue: 1000, zpApplied: 0 });
    const tooMuch = await call('post', `/api/orders/${order.id}/use-zp`, me.token, 'ru').send({ amountZp: 201 });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'ZP_COVER_TOO_LARGE']);
    expect(tooMuch.body.message).toContain('200 ZP');
    const other = await pupil();
    await call('post', `/api/orders/${order.id}/use-zp`, other.token).send({ amountZp: 10 }).expect(404);
    await call('get', `/api/orders/${order.id}/payment`, other.token).expect(404);
    const used = await call('post', `/api/orders/${order.id}/use-zp`, me.token).send({ amountZp: 60 }).expect(200);
    expect(used.body.data).toMatchObject({ zpApplied: 60, tengeDue: 700, methods: ['provider'] });
    expect((await wallet(me.id)).zp).toBe(440);
    // The same request again (a retry) changes nothing; another amount is refused.
    await call('post', `/api/orders/${order.id}/use-zp`, me.token).send({ amountZp: 60 }).expect(200);
    expect((await wallet(me.id)).zp).toBe(440);
    expect((await call('post', `/api/orders/${order.id}/use-zp`, me.token).send({ amountZp: 10 })).body.code).toBe('INVOICE_ZP_ALREADY_APPLIED');
    expect((await call('get', `/api/my-orders/${order.id}`, me.token)).body.data).toMatchObject({ zpApplied: 60, tengeDue: 700 });

    const started = await fin('post', `/api/invoices/${order.invoiceId}/provider-payment`, me.token).expect(200);
    expect(started.body.data).toMatchObject({ amountTenge: 700, status: 'pending', checkoutUrl: `/api/invoices/${order.invoiceId}/sandbox-complete` });
    // The wallet cannot pay it meanwhile, and asking again answers the same payment.
    expect((await fin('post', `/api/invoices/${order.invoiceId}/provider-payment`, me.token)).body.data.id).toBe(started.body.data.id);
    await fin('post', `/api/invoices/${order.invoiceId}/sandbox-complete`, me.token).send({ outcome: 'succeeded' }).expect(200);
    await paidOrder(order.id);
    const invoice = (await fin('get', `/api/my-invoices/${order.invoiceId}`, me.token).expect(200)).body.data;
    expect(invoice).toMatchObject({ status: 'paid', paymentMethod: 'provider', amountTenge: 1000, zpApplied: 60, tengeDue: 0 });

    // Cancelled by the pupil before it ships: the card gets the 700 tenge back, the wallet the 60 ZP, the shelf the unit.
    expect(await productRow(p.id)).toEqual({ stock: 9, sold: 1 });
    const cancelled = await call('post', `/api/my-orders/${order.id}/cancel`, me.token).expect(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refunded: { amount: 700, currency: 'tenge', zp: 60 } });
    expect((await wallet(me.id)).zp).toBe(500);
    expect(await productRow(p.id)).toEqual({ stock: 10, sold: 0 });
    const refund = (await fin('get', `/api/my-invoices/${order.invoiceId}`, me.token)).body.data;
    expect(refund).toMatchObject({ refundedZp: 60 });
    expect(refund.refundedAt).toEqual(expect.any(String));
  });

  it('ZP covering the whole tenge price pays the order; a cancelled tenge invoice gives the ZP back', async () => {
    const me = await pupil();
    const p = await product({ priceTenge: 50 });
    await give(me.id, 'ZP', 100);
    const whole = await checkout(me, p.id, 1, 'tenge');
    await call('post', `/api/orders/${whole.id}/use-zp`, me.token).send({ amountZp: 10 }).expect(200);
    await paidOrder(whole.id);
    expect((await wallet(me.id)).zp).toBe(90);

    const part = await checkout(me, p.id, 1, 'tenge');
    await call('post', `/api/orders/${part.id}/use-zp`, me.token).send({ amountZp: 4 }).expect(200);
    expect((await wallet(me.id)).zp).toBe(86);
    await call('post', `/api/my-orders/${part.id}/cancel`, me.token).expect(200);
    expect((await orderRow(part.id)).status).toBe('cancelled');
    expect((await wallet(me.id)).zp).toBe(90);
    // ZP cannot cover a ZP order: that is a wallet payment.
    const zpProduct = await product({ priceZp: 5 });
    const zpOrder = await checkout(me, zpProduct.id, 1, 'zp');
    const wrong = await call('post', `/api/orders/${zpOrder.id}/use-zp`, me.token, 'kk').send({ amountZp: 5 });
    expect([wrong.status, wrong.body.code]).toEqual([409, 'USE_ZP_NOT_APPLICABLE']);
  });

  it('a tenge-only course invoice (not an order) is payable by card through the provider too', async () => {
    const me = await pupil();
    const rpc = finance.app.get(RpcClient);
    const inv = await rpc.request('finance.invoice.open', {
      userId: me.id, product: { kind: 'course', id: randomUUID() }, title: { kk: 'Курс', ru: 'Курс', en: 'Course' }, amountTenge: 10_500, amountZp: 0,
    });
    const payable = await fin('get', `/api/invoices/${inv.invoiceId}/payable`, me.token).expect(200);
    expect(payable.body.data).toMatchObject({ payable: false, reason: 'INVOICE_NOT_PAYABLE_BY_WALLET', methods: ['provider'], tengeDue: 10_500 });
    await fin('post', `/api/invoices/${inv.invoiceId}/provider-payment`, me.token).expect(200);
    // A failed card payment leaves it pending; a new attempt can succeed.
    await fin('post', `/api/invoices/${inv.invoiceId}/sandbox-complete`, me.token).send({ outcome: 'failed' }).expect(200);
    expect((await fin('get', `/api/my-invoices/${inv.invoiceId}`, me.token)).body.data.status).toBe('pending');
    await fin('post', `/api/invoices/${inv.invoiceId}/provider-payment`, me.token).expect(200);
    await fin('post', `/api/invoices/${inv.invoiceId}/sandbox-complete`, me.token).send({ outcome: 'succeeded' }).expect(200);
    expect((await fin('get', `/api/my-invoices/${inv.invoiceId}`, me.token)).body.data).toMatchObject({ status: 'paid', paymentMethod: 'provider' });
    const someoneElse = await pupil();
    await fin('post', `/api/invoices/${inv.invoiceId}/provider-payment`, someoneElse.token).expect(404);
  });

  it('staff cancel a paid ZP order before it ships: refunded once, restocked; a shipped one cannot be cancelled', async () => {
    const me = await pupil();
    const p = await product({ priceZp: 40, stock: 3 });
    await give(me.id, 'ZP', 200);
    const order = await checkout(me, p.id, 2, 'zp');
    await fin('post', `/api/wallet-payment/${order.invoiceId}`, me.token).expect(200);
    await paidOrder(order.id);
    expect((await wallet(me.id)).zp).toBe(120);
    const res = await call('post', `/api/orders/${order.id}/change-status`, admin).send({ status: 'cancelled', note: 'out of paper' }).expect(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', refunded: { amount: 80, currency: 'zp', zp: 0 } });
    expect((await wallet(me.id)).zp).toBe(200);
    expect(await productRow(p.id)).toEqual({ stock: 3, sold: 0 });
    const twice = await call('post', `/api/orders/${order.id}/change-status`, admin).send({ status: 'cancelled' });
    expect([twice.status, twice.body.code]).toEqual([409, 'ORDER_TRANSITION_REFUSED']);
    expect((await wallet(me.id)).zp).toBe(200);
  });

  it('return methods, then a return by courier or at a point; an accepted return refunds and restocks', async () => {
    const me = await pupil();
    const p = await product({ priceZp: 30, stock: 4 });
    await give(me.id, 'ZP', 100);
    const order = await checkout(me, p.id, 1, 'zp');
    const none = await call('get', `/api/my-orders/${order.id}/return-methods`, me.token).expect(200);
    expect(none.body.data).toEqual({ returnable: false, until: null, methods: [] });
    await fin('post', `/api/wallet-payment/${order.invoiceId}`, me.token).expect(200);
    await paidOrder(order.id);
    await call('post', `/api/orders/${order.id}/change-status`, admin).send({ status: 'ready_for_pickup' }).expect(200);
    const code = (await call('get', `/api/my-orders/${order.id}`, me.token)).body.data.pickupCode as string;
    await call('post', `/api/orders/${order.id}/change-status`, admin).send({ status: 'picked_up', pickupCode: code }).expect(200);
    const methods = await call('get', `/api/my-orders/${order.id}/return-methods`, me.token).expect(200);
    expect(methods.body.data).toMatchObject({ returnable: true, methods: [{ kind: 'pickup_point', pickupPoints: expect.arrayContaining([expect.objectContaining({ id: point })]) }] });
    expect(methods.body.data.until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const other = await pupil();
    await call('get', `/api/my-orders/${order.id}/return-methods`, other.token).expect(404);
    // A pickup order cannot be collected by courier.
    const courier = await call('post', `/api/my-orders/${order.id}/return`, me.token, 'ru').send({ reason: 'torn', method: { kind: 'courier' } });
    expect([courier.status, courier.body.code]).toEqual([409, 'RETURN_METHOD_UNAVAILABLE']);
    const asked = await call('post', `/api/my-orders/${order.id}/return`, me.token).send({ reason: 'torn', method: { kind: 'pickup_point', pickupPointId: point } }).expect(200);
    expect(asked.body.data).toMatchObject({ status: 'return_requested', returnMethod: { kind: 'pickup_point', pickupPointId: point } });
    expect(await productRow(p.id)).toEqual({ stock: 3, sold: 1 });
    await call('post', `/api/orders/${order.id}/change-status`, admin).send({ status: 'returned' }).expect(200);
    expect(await productRow(p.id)).toEqual({ stock: 4, sold: 0 });
    expect((await wallet(me.id)).zp).toBe(100);
  });

  // Last: it moves the shop's clock.
  it('an order whose checkout died before finance opened its invoice is released at the deadline', async () => {
    const me = await pupil();
    const p = await product({ priceZp: 15, stock: 2 });
    const orders = shop.app.get(Orders);
    // The checkout's transaction committed (stock taken, invoice id recorded), then the process died: no invoice.
    const order = await shop.app.get(DataSource).transaction(async (m) => {
      const line = await orders.reserve(m, p.id, 2, 'zp');
      return orders.insertOrder(m, me.id, 'purchase', 'zp', [line], { method: 'pickup', pickupPointId: await pickupPoint(), deliveryPointId: null, address: null });
    });
    expect(order.invoiceId).toBe(invoiceIdOf(order.id));
    expect((await productRow(p.id)).stock).toBe(0);
    const pay = await fin('post', `/api/wallet-payment/${order.invoiceId}`, me.token);
    expect(pay.status).toBe(404);
    shop.app.get(Clock).advance(PAYMENT_WINDOW_MS + 1000);
    expect(await shop.app.get(PaymentSweeper).sweep()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect((await productRow(p.id)).stock).toBe(2);
  });
});
