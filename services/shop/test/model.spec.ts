/**
 * A model-based test of the shop with finance (like finance's ledger-model.spec.ts), against real PostgreSQL and
 * NATS over HTTP: fast-check runs random sequences of carts, checkouts in ZP, Altyn Saqa and tenge, wallet and card
 * payments, ZP put towards tenge, cancellations before and after payment, handovers, returns accepted or refused and
 * staff cancels. After every step the service must agree with an in-memory model (every answer's status and error
 * code, every order's status, every product's stock and sold count, every wallet's ZP and Altyn Saqa and the tenge
 * charged to each card), stock must equal its history (the initial stock less the units of orders not cancelled or
 * returned), and the ledger must keep its own invariants.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import fc from 'fast-check';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { LedgerService, startFinance } from '@olymp/finance';
import { startShop } from '@olymp/shop';
import { ROLE, type ShopOrderStatus } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { NO_VIOLATIONS, ledgerViolations } from '../../finance/test/ledger-checks';

type Currency = 'zp' | 'altyn_saqa' | 'tenge';
const CURRENCIES: Currency[] = ['zp', 'altyn_saqa', 'tenge'];
const PRICES: Record<Currency, number>[] = [{ zp: 10, altyn_saqa: 2, tenge: 30 }, { zp: 25, altyn_saqa: 3, tenge: 50 }];
const INITIAL_STOCK = 3;
const PUPILS = 2;

interface ModelOrder {
  id: string;
  invoiceId: string;
  pupil: number;
  currency: Currency;
  lines: { product: number; quantity: number }[];
  total: number;
  status: ShopOrderStatus;
  zpApplied: number;
  cardPaid: number;
  /** Its invoice was paid (a later cancel or return refunds it; the invoice stays paid). */
  everPaid: boolean;
}
interface Model {
  pupils: { id: string; token: string }[];
  products: { id: string; stock: number; sold: number }[];
  wallets: { zp: number; altynSaqa: number; card: number }[];
  carts: Map<number, number>[];
  orders: ModelOrder[];
}
interface Real {
  shop: string;
  finance: string;
  admin: string;
  check: (m: Model) => Promise<void>;
}

const refundOf = (m: Model, o: ModelOrder) => {
  reached.refunded += 1;
  const w = m.wallets[o.pupil];
  if (o.currency === 'zp') w.zp += o.total;
  if (o.currency === 'altyn_saqa') w.altynSaqa += o.total;
  w.zp += o.zpApplied;
  w.card -= o.cardPaid;
};
const restock = (m: Model, o: ModelOrder, sold: boolean) => {
  for (const l of o.lines) {
    m.products[l.product].stock += l.quantity;
    if (sold) m.products[l.product].sold -= l.quantity;
  }
};
const markPaid = (m: Model, o: ModelOrder) => {
  o.status = 'paid';
  o.everPaid = true;
  reached.paid += 1;
  if (o.currency === 'tenge') reached.tenge += 1;
  for (const l of o.lines) m.products[l.product].sold += l.quantity;
};
const statusOf = async (r: Real, m: Model, o: ModelOrder) => (await request(r.shop).get(`/api/my-orders/${o.id}`).set('authorization', m.pupils[o.pupil].token)).body.data.status as string;
const untilPaid = (r: Real, m: Model, o: ModelOrder) => waitFor(async () => (await statusOf(r, m, o)) === 'paid', { what: `order ${o.id} paid` });

class FillCart implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pupil: number, readonly product: number, readonly quantity: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const who = m.pupils[this.pupil].token;
    await request(r.shop).post('/api/cart/items').set('authorization', who).send({ productId: m.products[this.product].id, quantity: this.quantity }).expect(200);
    const cart = m.carts[this.pupil];
    cart.set(this.product, Math.min(99, (cart.get(this.product) ?? 0) + this.quantity));
    await r.check(m);
  }
  toString = () => `cart(p${this.pupil}, product ${this.product} +${this.quantity})`;
}

class Checkout implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pupil: number, readonly currency: Currency) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await request(r.shop).post('/api/cart/checkout').set('authorization', m.pupils[this.pupil].token)
      .send({ currency: this.currency, fulfilment: { method: 'pickup', pickupPointId: pickupPointId } });
    const cart = m.carts[this.pupil];
    const lines = [...cart.entries()].sort(([a], [b]) => (m.products[a].id < m.products[b].id ? -1 : 1)).map(([product, quantity]) => ({ product, quantity }));
    const short = lines.find((l) => m.products[l.product].stock < l.quantity);
    const expected = lines.length === 0 ? 'CART_EMPTY' : short ? 'OUT_OF_STOCK' : null;
    expect(res.body.code ?? null).toBe(expected);
    if (expected === null) {
      expect(res.status).toBe(201);
      for (const l of lines) m.products[l.product].stock -= l.quantity;
      const total = lines.reduce((s, l) => s + PRICES[l.product][this.currency] * l.quantity, 0);
      expect(res.body.data.total).toBe(total);
      m.orders.push({ id: res.body.data.id, invoiceId: res.body.data.invoiceId, pupil: this.pupil, currency: this.currency, lines, total, status: 'awaiting_payment', zpApplied: 0, cardPaid: 0, everPaid: false });
      cart.clear();
    }
    await r.check(m);
  }
  toString = () => `checkout(p${this.pupil}, ${this.currency})`;
}

/** Pays an order the way its currency is paid: the wallet for ZP and Altyn Saqa, the sandbox card for tenge. */
class Pay implements fc.AsyncCommand<Model, Real> {
  constructor(readonly order: number) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    // A negative index is the newest order (so checkouts are often followed by their payment).
    const o = m.orders[this.order < 0 ? m.orders.length - 1 : this.order % m.orders.length];
    const who = m.pupils[o.pupil].token;
    const w = m.wallets[o.pupil];
    const open = o.status === 'awaiting_payment';
    if (o.currency === 'tenge') {
      const started = await request(r.finance).post(`/api/invoices/${o.invoiceId}/provider-payment`).set('authorization', who);
      expect(started.body.code ?? null).toBe(open ? null : o.everPaid ? 'INVOICE_ALREADY_PAID' : 'INVOICE_CANCELLED');
      if (!open) return r.check(m);
      const due = started.body.data.amountTenge as number;
      expect(due).toBe(o.total - o.zpApplied);
      await request(r.finance).post(`/api/invoices/${o.invoiceId}/sandbox-complete`).set('authorization', who).send({ outcome: 'succeeded' }).expect(200);
      o.cardPaid = due;
      w.card += due;
    } else {
      const res = await request(r.finance).post(`/api/wallet-payment/${o.invoiceId}`).set('authorization', who);
      const balance = o.currency === 'zp' ? w.zp : w.altynSaqa;
      const expected = !open ? (o.everPaid ? 'INVOICE_ALREADY_PAID' : 'INVOICE_CANCELLED')
        : balance < o.total ? (o.currency === 'zp' ? 'INSUFFICIENT_ZP' : 'INSUFFICIENT_FUNDS') : null;
      expect(res.body.code ?? null).toBe(expected);
      if (expected !== null) return r.check(m);
      if (o.currency === 'zp') w.zp -= o.total;
      else w.altynSaqa -= o.total;
    }
    await untilPaid(r, m, o);
    markPaid(m, o);
    await r.check(m);
  }
  toString = () => `pay(order ${this.order < 0 ? 'newest' : this.order})`;
}

class UseZp implements fc.AsyncCommand<Model, Real> {
  constructor(readonly order: number, readonly amount: number) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    const o = m.orders[this.order % m.orders.length];
    const w = m.wallets[o.pupil];
    const res = await request(r.shop).post(`/api/orders/${o.id}/use-zp`).set('authorization', m.pupils[o.pupil].token).send({ amountZp: this.amount });
    const expected = o.status !== 'awaiting_payment' ? 'ORDER_NOT_PAYABLE'
      : o.currency !== 'tenge' ? 'USE_ZP_NOT_APPLICABLE'
        : o.zpApplied > 0 ? (o.zpApplied === this.amount ? null : 'INVOICE_ZP_ALREADY_APPLIED')
          : this.amount > Math.min(o.total, w.zp) ? (w.zp < this.amount && w.zp < o.total ? 'INSUFFICIENT_ZP' : 'ZP_COVER_TOO_LARGE')
            : null;
    expect(res.body.code ?? null).toBe(expected);
    if (expected === null && o.zpApplied === 0) {
      o.zpApplied = this.amount;
      w.zp -= this.amount;
      if (this.amount === o.total) {
        await untilPaid(r, m, o);
        markPaid(m, o);
      }
    }
    await r.check(m);
  }
  toString = () => `use-zp(order ${this.order}, ${this.amount})`;
}

class OwnerCancel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly order: number) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    const o = m.orders[this.order % m.orders.length];
    const res = await request(r.shop).post(`/api/my-orders/${o.id}/cancel`).set('authorization', m.pupils[o.pupil].token);
    const ok = ['awaiting_payment', 'paid', 'ready_for_pickup'].includes(o.status);
    expect(res.body.code ?? null).toBe(ok ? null : 'ORDER_NOT_CANCELLABLE');
    if (o.status === 'awaiting_payment') {
      restock(m, o, false);
      m.wallets[o.pupil].zp += o.zpApplied;
      o.zpApplied = 0;
    } else if (o.status === 'paid' || o.status === 'ready_for_pickup') {
      refundOf(m, o);
      restock(m, o, true);
    }
    if (ok) o.status = 'cancelled';
    await r.check(m);
  }
  toString = () => `owner-cancel(order ${this.order})`;
}

/** Staff's next move for the order: paid -> ready -> picked up -> (the pupil asks a return) -> returned | refused. */
class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly order: number, readonly accept: boolean) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    const o = m.orders[this.order % m.orders.length];
    const staff = (body: object) => request(r.shop).post(`/api/orders/${o.id}/change-status`).set('authorization', r.admin).send(body);
    const who = m.pupils[o.pupil].token;
    if (o.status === 'paid') {
      await staff({ status: 'ready_for_pickup' }).expect(200);
      o.status = 'ready_for_pickup';
    } else if (o.status === 'ready_for_pickup') {
      const code = (await request(r.shop).get(`/api/my-orders/${o.id}`).set('authorization', who)).body.data.pickupCode as string;
      await staff({ status: 'picked_up', pickupCode: code }).expect(200);
      o.status = 'picked_up';
    } else if (o.status === 'picked_up') {
      await request(r.shop).post(`/api/my-orders/${o.id}/return`).set('authorization', who).send({ reason: 'does not fit' }).expect(200);
      o.status = 'return_requested';
    } else if (o.status === 'return_requested') {
      await staff({ status: this.accept ? 'returned' : 'return_refused' }).expect(200);
      if (this.accept) {
        refundOf(m, o);
        restock(m, o, true);
      }
      o.status = this.accept ? 'returned' : 'return_refused';
      if (this.accept) reached.returned += 1;
    } else {
      const res = await staff({ status: 'processing' });
      expect([res.status, res.body.code]).toEqual([409, 'ORDER_TRANSITION_REFUSED']);
    }
    await r.check(m);
  }
  toString = () => `advance(order ${this.order}, ${this.accept ? 'accept' : 'refuse'})`;
}

/** One order carried through its whole pickup life (paid -> ready -> picked up -> return asked -> returned or refused), so returns are reached often enough. */
class AdvanceToEnd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly order: number, readonly accept: boolean) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    const step = new Advance(this.order, this.accept);
    const o = m.orders[this.order % m.orders.length];
    for (let i = 0; i < 4 && ['paid', 'ready_for_pickup', 'picked_up', 'return_requested'].includes(o.status); i += 1) await step.run(m, r);
  }
  toString = () => `advance-to-end(order ${this.order}, ${this.accept ? 'accept' : 'refuse'})`;
}

class StaffCancel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly order: number) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    const o = m.orders[this.order % m.orders.length];
    const res = await request(r.shop).post(`/api/orders/${o.id}/change-status`).set('authorization', r.admin).send({ status: 'cancelled' });
    const ok = o.status === 'paid' || o.status === 'ready_for_pickup';
    expect(res.body.code ?? null).toBe(ok ? null : 'ORDER_TRANSITION_REFUSED');
    if (ok) {
      refundOf(m, o);
      restock(m, o, true);
      o.status = 'cancelled';
    }
    await r.check(m);
  }
  toString = () => `staff-cancel(order ${this.order})`;
}

let pickupPointId = '';
const SEED = Number(process.env.MODEL_SEED ?? 20261127);

/** What the runs reached, so a generator that never gets past checkout fails the test instead of passing it. */
const reached = { paid: 0, refunded: 0, returned: 0, tenge: 0 };

describe('shop model: stock and wallets always equal their history', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let shop: RunningService;
  let pg: Client;
  let admin = '';

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    finance = await startFinance(ns.envFor('finance'));
    shop = await startShop(ns.envFor('shop'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    const point = await request(shop.url).post('/api/pickup-points').set('authorization', admin).send({
      nameKk: 'Пункт', nameRu: 'Пункт', nameEn: 'Point', addressKk: 'Абай 1', addressRu: 'Абая 1', addressEn: 'Abai 1', hours: '10-19',
    }).expect(201);
    pickupPointId = point.body.id as string;
  });

  afterAll(async () => {
    await pg?.end();
    await shop?.close();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  it('agrees with the model after every step of random sequences', async () => {
    console.log(`[shop model] seed ${SEED} (MODEL_SEED=<n> runs other sequences)`);
    const shopSchema = `"${ns.schemaOf('shop')}"`;
    const give = (userId: string, unit: 'ZP' | 'ALTYN_SAQA', amount: number) =>
      finance.app.get(DataSource).transaction((tx) =>
        finance.app.get(LedgerService).post(tx, { key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit, from: { system: 'rewards' }, to: { user: userId }, amount }] }),
      );
    const real: Real = {
      shop: shop.url,
      finance: finance.url,
      admin,
      check: async (m) => {
        for (const [i, p] of m.products.entries()) {
          const row = (await pg.query(`SELECT stock, sold FROM ${shopSchema}.products WHERE id = $1`, [p.id])).rows[0];
          expect({ product: i, stock: row.stock, sold: row.sold }).toEqual({ product: i, stock: p.stock, sold: p.sold });
          // Stock equals its history: the initial stock less the units of every order not cancelled or returned.
          const held = (await pg.query(
            `SELECT coalesce(sum(l.quantity), 0)::int AS n FROM ${shopSchema}.order_lines l JOIN ${shopSchema}.orders o ON o.id = l.order_id
              WHERE l.product_id = $1 AND o.status NOT IN ('cancelled', 'returned')`, [p.id],
          )).rows[0].n as number;
          expect(row.stock).toBe(INITIAL_STOCK - held);
        }
        for (const o of m.orders) expect({ order: o.id, status: (await pg.query(`SELECT status FROM ${shopSchema}.orders WHERE id = $1`, [o.id])).rows[0].status }).toEqual({ order: o.id, status: o.status });
        const balances = await finance.app.get(LedgerService).balances(m.pupils.map((p) => p.id));
        expect(balances.map((b) => ({ zp: b.zp, altynSaqa: b.altynSaqa }))).toEqual(m.wallets.map((w) => ({ zp: w.zp, altynSaqa: w.altynSaqa })));
        // The card: tenge of succeeded card payments less tenge refunded, per pupil, as finance recorded them.
        const cards = (await pg.query(
          `SELECT i.user_id, coalesce(sum(p.amount_tenge), 0)::int - coalesce(sum(i.refunded_tenge), 0)::int AS net
             FROM "${ns.schemaOf('finance')}".invoices i JOIN "${ns.schemaOf('finance')}".invoice_payments p ON p.invoice_id = i.id AND p.status = 'succeeded'
            WHERE i.user_id = ANY($1::uuid[]) GROUP BY i.user_id`, [m.pupils.map((p) => p.id)],
        )).rows as { user_id: string; net: number }[];
        expect(m.pupils.map((p) => cards.find((c) => c.user_id === p.id)?.net ?? 0)).toEqual(m.wallets.map((w) => w.card));
        expect(await ledgerViolations(pg, ns.schemaOf('finance'))).toEqual(NO_VIOLATIONS);
      },
    };
    const pupil = fc.integer({ min: 0, max: PUPILS - 1 });
    const order = fc.nat();
    const commands = [
      fc.tuple(pupil, fc.integer({ min: 0, max: PRICES.length - 1 }), fc.integer({ min: 1, max: 2 })).map(([p, x, q]) => new FillCart(p, x, q)),
      fc.tuple(pupil, fc.constantFrom(...CURRENCIES)).map(([p, c]) => new Checkout(p, c)),
      fc.tuple(pupil, fc.constantFrom(...CURRENCIES)).map(([p, c]) => new Checkout(p, c)),
      fc.tuple(pupil, fc.integer({ min: 0, max: PRICES.length - 1 }), fc.integer({ min: 1, max: 2 })).map(([p, x, q]) => new FillCart(p, x, q)),
      order.map((o) => new Pay(o)),
      fc.constant(-1).map((o) => new Pay(o)),
      fc.constant(-1).map((o) => new Pay(o)),
      fc.tuple(order, fc.boolean()).map(([o, a]) => new Advance(o, a)),
      fc.tuple(order, fc.integer({ min: 1, max: 40 })).map(([o, a]) => new UseZp(o, a)),
      order.map((o) => new OwnerCancel(o)),
      fc.tuple(order, fc.boolean()).map(([o, a]) => new Advance(o, a)),
      fc.tuple(order, fc.boolean()).map(([o, a]) => new AdvanceToEnd(o, a)),
      order.map((o) => new StaffCancel(o)),
    ];
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'max' }), async (cmds) => {
        const products = [];
        for (const prices of PRICES) {
          const res = await request(shop.url).post('/api/products').set('authorization', admin).send({
            nameKk: 'Тауар', nameRu: 'Товар', nameEn: 'Item', priceZp: prices.zp, priceAltynSaqa: prices.altyn_saqa, priceTenge: prices.tenge, stock: INITIAL_STOCK,
          }).expect(201);
          products.push({ id: res.body.id as string, stock: INITIAL_STOCK, sold: 0 });
        }
        const pupils = await Promise.all(Array.from({ length: PUPILS }, async () => {
          const id = randomUUID();
          return { id, token: `Bearer ${await testToken({ roleId: ROLE.student, userId: id })}` };
        }));
        for (const p of pupils) {
          await give(p.id, 'ZP', 200);
          await give(p.id, 'ALTYN_SAQA', 12);
        }
        const model: Model = {
          pupils, products, wallets: pupils.map(() => ({ zp: 200, altynSaqa: 12, card: 0 })), carts: pupils.map(() => new Map()), orders: [],
        };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        steps += [...cmds].length;
      }),
      // A fixed seed keeps CI's run the same every time (the coverage floor below cannot flake); MODEL_SEED explores others.
      { numRuns: 60, endOnFailure: true, seed: SEED },
    );
    const summary: Record<string, number> = { steps, ...reached };
    const minimum: Record<string, number> = { steps: 300, paid: 15, tenge: 2, refunded: 3, returned: 0 };
    expect(Object.keys(minimum).filter((k) => summary[k] <= minimum[k]).map((k) => `${k}: ${summary[k]}`)).toEqual([]);
  }, 300_000); // about 35 s alone on this machine; more when it is shared
});
