/**
 * Invoices and wallet payments over HTTP and NATS (spec section 7, "Payments"), with real PostgreSQL and NATS:
 * learning's RPCs (open, cancel-unpaid, balances), a pupil's my-invoices, payable, cancel and wallet-payment with
 * the endpoint checklist (401, 404 for someone else's or a missing invoice, 400 on a bad id, localized messages,
 * nothing changed by a refused request), and 20 payments of one invoice at once: one succeeds, the rest are told it
 * is already paid, the ZP are taken once and exactly one `invoice.paid` reaches the stream.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { LedgerService, startFinance } from '@olymp/finance';
import { ROLE } from '@olymp/proto';
import { NatsService, RpcClient, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { NO_VIOLATIONS, ledgerViolations, outboxDrained, streamEvents } from './ledger-checks';

describe('invoices and wallet payments', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let pg: Client;
  let rpc: RpcClient;
  const schema = ns.schemaOf('finance');
  const aigerim = randomUUID();
  const nurlan = randomUUID();
  const bearer = { aigerim: '', nurlan: '' };
  const title = { kk: 'Дайындық курсы', ru: 'Подготовительный курс', en: 'Preparation course' };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    finance = await startFinance(ns.envFor('finance'));
    rpc = auth.app.get(RpcClient); // learning's side of the call: any other service's client over NATS
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    bearer.aigerim = `Bearer ${await testToken({ roleId: ROLE.student, userId: aigerim })}`;
    bearer.nurlan = `Bearer ${await testToken({ roleId: ROLE.student, userId: nurlan })}`;
  });

  afterAll(async () => {
    await pg?.end();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  afterEach(async () => {
    expect(await ledgerViolations(pg, schema)).toEqual(NO_VIOLATIONS);
  });

  const call = (method: 'get' | 'post', path: string, who?: string, locale = 'en') => {
    const r = request(finance.url)[method](path).set('x-locale', locale);
    return who ? r.set('authorization', who) : r;
  };
  const open = (userId: string, amountZp: number, productId = randomUUID()) =>
    rpc.request('finance.invoice.open', { userId, product: { kind: 'course', id: productId }, title, amountTenge: 10_500, amountZp });
  /** Gives a pupil ZP as an award straight in the ledger (recharges have their own test). */
  const giveZp = (userId: string, amount: number) =>
    finance.app.get(DataSource).transaction((m) =>
      finance.app.get(LedgerService).post(m, { key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit: 'ZP', from: { system: 'rewards' }, to: { user: userId }, amount }] }),
    );
  const zp = async (userId: string) => (await finance.app.get(LedgerService).balances([userId]))[0].zp;
  const invoiceRow = async (id: string) => (await pg.query(`SELECT * FROM "${schema}".invoices WHERE id = $1`, [id])).rows[0];

  describe('RPC for learning', () => {
    it('finance.invoice.open opens one invoice per pupil and product and answers it again', async () => {
      const product = randomUUID();
      const [a, b] = await Promise.all([open(aigerim, 500, product), open(aigerim, 500, product)]);
      expect(a.invoiceId).toBe(b.invoiceId);
      expect(a).toMatchObject({ userId: aigerim, product: { kind: 'course', id: product }, amountTenge: 10_500, amountZp: 500, status: 'pending', paidAt: null });
      expect((await pg.query(`SELECT count(*)::int AS n FROM "${schema}".invoices WHERE product_id = $1`, [product])).rows[0].n).toBe(1);
    });

    it('finance.invoice.open refuses an invoice for nothing', async () => {
      await expect(
        rpc.request('finance.invoice.open', { userId: aigerim, product: { kind: 'training', id: randomUUID() }, title, amountTenge: 0, amountZp: 0 }),
      ).rejects.toMatchObject({ code: 'INVOICE_AMOUNT_REQUIRED' });
    });

    it('finance.invoice.cancel-unpaid cancels the pending invoices of a product and leaves paid ones', async () => {
      const product = randomUUID();
      const payer = randomUUID();
      await giveZp(payer, 100);
      const paid = await open(payer, 100, product);
      await call('post', `/api/wallet-payment/${paid.invoiceId}`, `Bearer ${await testToken({ userId: payer })}`).expect(200);
      const pending = await Promise.all([open(randomUUID(), 100, product), open(randomUUID(), 100, product)]);
      const res = await rpc.request('finance.invoice.cancel-unpaid', { product: { kind: 'course', id: product } });
      expect(res.cancelled).toBe(2);
      for (const p of pending) expect((await invoiceRow(p.invoiceId)).status).toBe('cancelled');
      expect((await invoiceRow(paid.invoiceId)).status).toBe('paid');
      // After cancelling, opening again gives a new pending invoice.
      const again = await open(pending[0].userId, 100, product);
      expect(again.invoiceId).not.toBe(pending[0].invoiceId);
      expect(again.status).toBe('pending');
    });

    it('opens an invoice for a shop order; cancelling it (by its owner or as unpaid) publishes invoice.cancelled once', async () => {
      const orderA = randomUUID();
      const orderB = randomUUID();
      const a = await rpc.request('finance.invoice.open', { userId: aigerim, product: { kind: 'order', id: orderA }, title, amountTenge: 0, amountZp: 30 });
      const b = await rpc.request('finance.invoice.open', { userId: aigerim, product: { kind: 'order', id: orderB }, title, amountTenge: 0, amountZp: 40 });
      expect(a.product).toEqual({ kind: 'order', id: orderA });
      await call('post', `/api/invoices/${a.invoiceId}/cancel`, bearer.aigerim).expect(200);
      await call('post', `/api/invoices/${a.invoiceId}/cancel`, bearer.aigerim).expect(200); // again: nothing new
      expect((await rpc.request('finance.invoice.cancel-unpaid', { product: { kind: 'order', id: orderB } })).cancelled).toBe(1);
      expect((await rpc.request('finance.invoice.cancel-unpaid', { product: { kind: 'order', id: orderB } })).cancelled).toBe(0);
      await waitFor(() => outboxDrained(pg, schema), { what: 'the outbox to drain' });
      const events = (await streamEvents<{ invoiceId: string; product: unknown; reason: string }>(finance.app.get(NatsService), 'invoice.cancelled'))
        .filter((e) => [a.invoiceId, b.invoiceId].includes(e.invoiceId));
      expect(events).toEqual([
        expect.objectContaining({ invoiceId: a.invoiceId, product: { kind: 'order', id: orderA }, reason: 'owner' }),
        expect.objectContaining({ invoiceId: b.invoiceId, product: { kind: 'order', id: orderB }, reason: 'unpaid' }),
      ]);
    });

    it('finance.invoice.refund returns a wallet payment once, audited as the staff member; asked again it answers the same refund', async () => {
      const payer = randomUUID();
      const staff = randomUUID();
      await giveZp(payer, 90);
      const inv = await rpc.request('finance.invoice.open', { userId: payer, product: { kind: 'order', id: randomUUID() }, title, amountTenge: 0, amountZp: 90 });
      const unpaid = rpc.request('finance.invoice.refund', { invoiceId: inv.invoiceId, actor: { userId: staff, roleId: 3 } });
      await expect(unpaid).rejects.toMatchObject({ code: 'INVOICE_NOT_PAID' });
      await call('post', `/api/wallet-payment/${inv.invoiceId}`, `Bearer ${await testToken({ userId: payer })}`).expect(200);
      expect(await zp(payer)).toBe(0);
      const [a, b] = await Promise.all([
        rpc.request('finance.invoice.refund', { invoiceId: inv.invoiceId, actor: { userId: staff, roleId: 3 } }),
        rpc.request('finance.invoice.refund', { invoiceId: inv.invoiceId, actor: { userId: staff, roleId: 3 } }),
      ]);
      expect(a).toEqual(b);
      expect(a).toMatchObject({ invoiceId: inv.invoiceId, refundedZp: 90 });
      expect(await zp(payer)).toBe(90);
      const audit = await pg.query(`SELECT action, actor_id FROM "${schema}".audit_log WHERE resource_id = $1`, [inv.invoiceId]);
      expect(audit.rows).toEqual([{ action: 'refund', actor_id: staff }]);
      await expect(rpc.request('finance.invoice.refund', { invoiceId: randomUUID(), actor: { userId: staff, roleId: 3 } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('finance.balances.get answers zeros for people without postings', async () => {
      const nobody = randomUUID();
      await giveZp(nurlan, 7);
      const res = await rpc.request('finance.balances.get', { userIds: [nurlan, nobody] });
      expect(res.balances).toEqual([
        { userId: nurlan, xp: 0, zp: 7, altynSaqa: 0 },
        { userId: nobody, xp: 0, zp: 0, altynSaqa: 0 },
      ]);
    });
  });

  describe('the endpoint checklist', () => {
    let invoiceId = '';
    beforeAll(async () => {
      invoiceId = (await open(aigerim, 300)).invoiceId;
    });
    const routes = (id: string): ['get' | 'post', string][] => [
      ['get', `/api/my-invoices/${id}`],
      ['get', `/api/invoices/${id}/payable`],
      ['post', `/api/invoices/${id}/cancel`],
      ['post', `/api/wallet-payment/${id}`],
    ];

    it('401 without a token on every route', async () => {
      const statuses = [];
      for (const [m, p] of [...routes(invoiceId), ['get', '/api/my-invoices'] as const]) statuses.push((await call(m, p)).status);
      expect(statuses).toEqual(statuses.map(() => 401));
    });

    it("404 for another pupil's invoice and for a missing one, and nothing changes", async () => {
      await giveZp(nurlan, 1000);
      const before = [await invoiceRow(invoiceId), await zp(nurlan)];
      const answers = [];
      const attempts = [...routes(invoiceId).map((r) => [...r, bearer.nurlan]), ...routes(randomUUID()).map((r) => [...r, bearer.aigerim])];
      for (const [m, p, who] of attempts as ['get' | 'post', string, string][]) {
        const res = await call(m, p, who);
        answers.push([m, res.status, res.body.code]);
      }
      expect(answers).toEqual(answers.map(([m]) => [m, 404, 'NOT_FOUND']));
      expect([await invoiceRow(invoiceId), await zp(nurlan)]).toEqual(before);
    });

    it('400 on an id that is not a UUID, in the caller\'s language', async () => {
      const kk = await call('post', '/api/wallet-payment/abc', bearer.aigerim, 'kk');
      const ru = await call('post', '/api/wallet-payment/abc', bearer.aigerim, 'ru');
      const en = await call('get', '/api/invoices/abc/payable', bearer.aigerim, 'en');
      expect([kk.status, kk.body.code, kk.body.message]).toEqual([400, 'INVALID_ID', '«abc» — жарамсыз идентификатор: UUID күтіледі.']);
      expect([ru.status, ru.body.message]).toEqual([400, '«abc» — неверный идентификатор: ожидается UUID.']);
      expect([en.status, en.body.message]).toEqual([400, '"abc" is not a valid id: a UUID is expected.']);
      const q = await call('get', '/api/my-invoices?status=lost', bearer.aigerim);
      expect([q.status, q.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      const unknown = await call('get', '/api/my-invoices?userId=x', bearer.aigerim);
      expect([unknown.status, unknown.body.code]).toEqual([400, 'UNKNOWN_FIELD']);
    });
  });

  describe('a pupil pays', () => {
    it('lists and shows only their own invoices, newest first, with status labels', async () => {
      const me = randomUUID();
      const token = `Bearer ${await testToken({ userId: me })}`;
      const first = await open(me, 10);
      const second = await open(me, 20);
      await open(randomUUID(), 30);
      const list = await call('get', '/api/my-invoices?limit=10', token).expect(200);
      expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([second.invoiceId, first.invoiceId]);
      expect(list.body).toMatchObject({ total: 2, page: 1, pageCount: 1 });
      const one = await call('get', `/api/my-invoices/${first.invoiceId}`, token).expect(200);
      expect(one.body.data).toMatchObject({ id: first.invoiceId, status: 'pending', statusLabel: 'Pending', amountZp: 10, amountTenge: 10_500, title });
    });

    it('payable says why not (localized) until the wallet holds enough, then pays once', async () => {
      const me = randomUUID();
      const token = `Bearer ${await testToken({ userId: me })}`;
      const inv = await open(me, 250);
      const no = await call('get', `/api/invoices/${inv.invoiceId}/payable`, token, 'ru').expect(200);
      expect(no.body.data).toMatchObject({ payable: false, reason: 'INSUFFICIENT_ZP', balanceZp: 0, amountZp: 250 });
      expect(no.body.data.message).toBe('Недостаточно ZP: нужно 250 ZP, в кошельке 0 ZP. Пополните кошелёк и попробуйте снова.');

      const refused = await call('post', `/api/wallet-payment/${inv.invoiceId}`, token, 'kk');
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        402, 'INSUFFICIENT_ZP', 'ZP жеткіліксіз: 250 ZP керек, әмиянда 0 ZP. Әмиянды толтырып, қайталап көріңіз.',
      ]);
      expect((await invoiceRow(inv.invoiceId)).status).toBe('pending');

      await giveZp(me, 300);
      const yes = await call('get', `/api/invoices/${inv.invoiceId}/payable`, token).expect(200);
      // The invoice has a tenge price too, so the provider can take it as well.
      expect(yes.body.data).toMatchObject({ payable: true, reason: null, methods: ['wallet', 'provider'], balanceZp: 300 });
      const paid = await call('post', `/api/wallet-payment/${inv.invoiceId}`, token).expect(200);
      expect(paid.body).toMatchObject({ data: { status: 'paid', statusLabel: 'Paid', paymentMethod: 'wallet' }, message: 'The invoice is paid. Thank you!' });
      expect(await zp(me)).toBe(50);

      const again = await call('post', `/api/wallet-payment/${inv.invoiceId}`, token);
      expect([again.status, again.body.code]).toEqual([409, 'INVOICE_ALREADY_PAID']);
      const cancel = await call('post', `/api/invoices/${inv.invoiceId}/cancel`, token);
      expect([cancel.status, cancel.body.code]).toEqual([409, 'INVOICE_PAID_NOT_CANCELLABLE']);
      expect(await zp(me)).toBe(50);
      const after = await call('get', `/api/invoices/${inv.invoiceId}/payable`, token).expect(200);
      expect(after.body.data).toMatchObject({ payable: false, reason: 'INVOICE_ALREADY_PAID' });
    });

    it('a cancelled invoice cannot be paid; cancelling again changes nothing', async () => {
      const me = randomUUID();
      const token = `Bearer ${await testToken({ userId: me })}`;
      await giveZp(me, 100);
      const inv = await open(me, 100);
      const cancelled = await call('post', `/api/invoices/${inv.invoiceId}/cancel`, token).expect(200);
      expect(cancelled.body).toMatchObject({ data: { status: 'cancelled', statusLabel: 'Cancelled' }, message: 'The invoice is cancelled.' });
      await call('post', `/api/invoices/${inv.invoiceId}/cancel`, token).expect(200);
      const pay = await call('post', `/api/wallet-payment/${inv.invoiceId}`, token);
      expect([pay.status, pay.body.code]).toEqual([409, 'INVOICE_CANCELLED']);
      expect(await zp(me)).toBe(100);
    });

    it('an invoice priced only in tenge cannot be paid from the wallet', async () => {
      const me = randomUUID();
      await giveZp(me, 100);
      const inv = await open(me, 0);
      const pay = await call('post', `/api/wallet-payment/${inv.invoiceId}`, `Bearer ${await testToken({ userId: me })}`);
      expect([pay.status, pay.body.code]).toEqual([409, 'INVOICE_NOT_PAYABLE_BY_WALLET']);
      expect(await zp(me)).toBe(100);
    });

    it('20 payments of one invoice at once: one succeeds, 19 are told it is paid, one invoice.paid', async () => {
      const me = randomUUID();
      const token = `Bearer ${await testToken({ userId: me })}`;
      await giveZp(me, 1000);
      const inv = await open(me, 400);
      const answers = await Promise.all(Array.from({ length: 20 }, () => call('post', `/api/wallet-payment/${inv.invoiceId}`, token)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, ...Array(19).fill(409)]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'INVOICE_ALREADY_PAID')).toBe(true);
      expect(await zp(me)).toBe(600);
      const payments = await pg.query(`SELECT count(*)::int AS n FROM "${schema}".ledger_transactions WHERE idempotency_key = $1`, [`invoice.wallet:${inv.invoiceId}`]);
      expect(payments.rows[0].n).toBe(1);

      await waitFor(() => outboxDrained(pg, schema), { what: 'outbox published' });
      const events = (await streamEvents<{ invoiceId: string }>(finance.app.get(NatsService), 'invoice.paid')).filter((e) => e.invoiceId === inv.invoiceId);
      expect(events).toEqual([
        expect.objectContaining({ invoiceId: inv.invoiceId, userId: me, method: 'wallet', amountZp: 400, amountTenge: 10_500, product: { kind: 'course', id: inv.product.id } }),
      ]);
    });
  });
});
