/**
 * ZP recharges through the payment-provider adapter (spec section 7: zp-recharges list/store/show,
 * recharges/{uuid}/payment) with the local sandbox provider and its signed callback: a completed recharge credits
 * ZP exactly once; forged, altered, stale and replayed callbacks are refused and change nothing.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { DEV_PROVIDER_SECRET, LedgerService, SandboxProvider, loadFinanceConfig, startFinance } from '@olymp/finance';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { NO_VIOLATIONS, ledgerViolations } from './ledger-checks';

describe('ZP recharges', () => {
  const ns = createTestNamespace();
  const secret = `test-secret-${randomUUID()}`;
  const provider = new SandboxProvider(secret);
  let auth: RunningService;
  let finance: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('finance');

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    finance = await startFinance(ns.envFor('finance', { FINANCE_PROVIDER_SECRET: secret, FINANCE_ZP_PRICE_TENGE: '5' }));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
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
  const zp = async (userId: string) => (await finance.app.get(LedgerService).balances([userId]))[0].zp;
  const row = async (id: string) => (await pg.query(`SELECT status, completed_at, failed_at FROM "${schema}".zp_recharges WHERE id = $1`, [id])).rows[0];
  const callbacks = async () => Number((await pg.query(`SELECT count(*) AS n FROM "${schema}".provider_callbacks`)).rows[0].n);
  const sendCallback = (n: { body: object; headers: Record<string, string> }) => call('post', '/api/recharges/provider-callback').set(n.headers).send(n.body);

  /** A pupil with a recharge whose payment was started at the provider. */
  const started = async (amountZp = 200) => {
    const userId = randomUUID();
    const token = `Bearer ${await testToken({ userId })}`;
    const created = await call('post', '/api/zp-recharges', token).send({ amountZp }).expect(201);
    const paying = await call('post', `/api/recharges/${created.body.data.id}/payment`, token).expect(200);
    return { userId, token, id: created.body.data.id as string, body: paying.body, ...(await providerId(created.body.data.id)) };
  };
  const providerId = async (id: string) =>
    ({ paymentId: (await pg.query(`SELECT provider_payment_id FROM "${schema}".zp_recharges WHERE id = $1`, [id])).rows[0].provider_payment_id as string });

  it('401 without a token; the callback is public but needs a signature', async () => {
    const id = randomUUID();
    const statuses = [
      (await call('get', '/api/zp-recharges')).status,
      (await call('post', '/api/zp-recharges').send({ amountZp: 10 })).status,
      (await call('get', `/api/zp-recharges/${id}`)).status,
      (await call('post', `/api/recharges/${id}/payment`)).status,
      (await call('post', `/api/recharges/${id}/sandbox-complete`).send({ outcome: 'succeeded' })).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const unsigned = await call('post', '/api/recharges/provider-callback').send({ any: 'thing' });
    expect([unsigned.status, unsigned.body.code]).toEqual([401, 'CALLBACK_SIGNATURE_INVALID']);
  });

  it('a pupil creates, pays and completes a recharge; the ZP are credited once', async () => {
    const r = await started(200);
    expect(r.body.data).toMatchObject({ status: 'pending', amountZp: 200, priceTenge: 1000, provider: 'sandbox', checkoutUrl: `/api/recharges/${r.id}/sandbox-complete` });
    const again = await call('post', `/api/recharges/${r.id}/payment`, r.token).expect(200);
    expect(again.body.data.checkoutUrl).toBe(r.body.data.checkoutUrl);
    expect((await providerId(r.id)).paymentId).toBe(r.paymentId);

    const done = await call('post', `/api/recharges/${r.id}/sandbox-complete`, r.token, 'ru').send({ outcome: 'succeeded' }).expect(200);
    expect(done.body).toMatchObject({ data: { status: 'completed', checkoutUrl: null }, message: '200 ZP зачислены в кошелёк.' });
    expect(await zp(r.userId)).toBe(200);
    // The sandbox sending the outcome again (a new notice) and the pupil paying again change nothing.
    await call('post', `/api/recharges/${r.id}/sandbox-complete`, r.token).send({ outcome: 'succeeded' }).expect(200);
    const pay = await call('post', `/api/recharges/${r.id}/payment`, r.token);
    expect([pay.status, pay.body.code]).toEqual([409, 'RECHARGE_ALREADY_COMPLETED']);
    expect(await zp(r.userId)).toBe(200);

    const list = await call('get', '/api/zp-recharges', r.token).expect(200);
    expect(list.body).toMatchObject({ total: 1, data: [{ id: r.id, status: 'completed' }] });
    const shown = await call('get', `/api/zp-recharges/${r.id}`, r.token).expect(200);
    expect(shown.body.data).toMatchObject({ id: r.id, status: 'completed', amountZp: 200 });
    const history = await call('get', '/api/zp-history', r.token).expect(200);
    expect(history.body.data).toEqual([expect.objectContaining({ amount: 200, kind: 'recharge', reason: expect.objectContaining({ rechargeId: r.id }) })]);
  });

  it("another pupil's recharge is 404 everywhere; bad input is 400 in the caller's language", async () => {
    const r = await started(50);
    const stranger = `Bearer ${await testToken({ userId: randomUUID() })}`;
    const answers = [
      (await call('get', `/api/zp-recharges/${r.id}`, stranger)).status,
      (await call('post', `/api/recharges/${r.id}/payment`, stranger)).status,
      (await call('post', `/api/recharges/${r.id}/sandbox-complete`, stranger).send({ outcome: 'succeeded' })).status,
      (await call('get', `/api/zp-recharges/${randomUUID()}`, r.token)).status,
    ];
    expect(answers).toEqual([404, 404, 404, 404]);
    expect((await row(r.id)).status).toBe('pending');
    expect(await zp(r.userId)).toBe(0);

    const zero = await call('post', '/api/zp-recharges', r.token, 'kk').send({ amountZp: 0 });
    expect([zero.status, zero.body.code, Object.keys(zero.body.errors)]).toEqual([400, 'VALIDATION_FAILED', ['amountZp']]);
    const huge = await call('post', '/api/zp-recharges', r.token).send({ amountZp: 100_001 });
    expect([huge.status, huge.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const extra = await call('post', '/api/zp-recharges', r.token).send({ amountZp: 10, userId: randomUUID() });
    expect([extra.status, extra.body.code, extra.body.message]).toEqual([400, 'UNKNOWN_FIELD', 'Unknown field "userId": remove it from the request.']);
    const outcome = await call('post', `/api/recharges/${r.id}/sandbox-complete`, r.token).send({ outcome: 'maybe' });
    expect([outcome.status, outcome.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await call('get', '/api/zp-recharges', r.token).expect(200)).body.total).toBe(1);
    // Staff with finance:payments may look at it; a pupil without a started payment cannot complete it.
    const staff = await call('get', `/api/zp-recharges/${r.id}`, `Bearer ${await testToken({ roleId: ROLE.manager })}`).expect(200);
    expect(staff.body.data.id).toBe(r.id);
    const fresh = await call('post', '/api/zp-recharges', r.token).send({ amountZp: 10 }).expect(201);
    const early = await call('post', `/api/recharges/${fresh.body.data.id}/sandbox-complete`, r.token).send({ outcome: 'succeeded' });
    expect([early.status, early.body.code]).toEqual([409, 'RECHARGE_NOT_STARTED']);
  });

  it('forged, altered, stale and replayed callbacks are refused and change nothing', async () => {
    const r = await started(300);
    const before = await callbacks();
    const forged = new SandboxProvider('not-the-secret-at-all').notice(r.paymentId, 'succeeded', 1500);
    const a = await sendCallback(forged);
    expect([a.status, a.body.code, a.body.message]).toEqual([401, 'CALLBACK_SIGNATURE_INVALID', 'The payment notice is not signed by the payment provider; it was ignored.']);

    const genuine = provider.notice(r.paymentId, 'succeeded', 1500);
    const altered = await sendCallback({ headers: genuine.headers, body: { ...genuine.body, amountTenge: 1 } });
    expect([altered.status, altered.body.code]).toEqual([401, 'CALLBACK_SIGNATURE_INVALID']);
    const stale = await sendCallback(provider.notice(r.paymentId, 'succeeded', 1500, new Date(Date.now() - 3600_000)));
    expect([stale.status, stale.body.code]).toEqual([400, 'CALLBACK_EXPIRED']);
    const wrongAmount = await sendCallback(provider.notice(r.paymentId, 'succeeded', 1499));
    expect([wrongAmount.status, wrongAmount.body.code]).toEqual([409, 'CALLBACK_AMOUNT_MISMATCH']);
    const unknown = await sendCallback(provider.notice(`sbx_${randomUUID()}`, 'succeeded', 1500));
    expect(unknown.status).toBe(404);
    expect([(await row(r.id)).status, await zp(r.userId), await callbacks()]).toEqual(['pending', 0, before]);

    const ok = await sendCallback(genuine);
    expect([ok.status, ok.body.data]).toEqual([200, { id: r.id, status: 'completed' }]);
    const replay = await sendCallback(genuine);
    expect([replay.status, replay.body.code]).toEqual([409, 'CALLBACK_REPLAYED']);
    const contrary = await sendCallback(provider.notice(r.paymentId, 'failed', 1500));
    expect([contrary.status, contrary.body.code]).toEqual([409, 'CALLBACK_STATE_CONFLICT']);
    expect([(await row(r.id)).status, await zp(r.userId), await callbacks()]).toEqual(['completed', 300, before + 1]);
  });

  it('a failed payment credits nothing and cannot be completed later', async () => {
    const r = await started(80);
    const failed = await call('post', `/api/recharges/${r.id}/sandbox-complete`, r.token).send({ outcome: 'failed' }).expect(200);
    expect(failed.body).toMatchObject({ data: { status: 'failed' }, message: expect.stringContaining('did not go through') });
    const late = await sendCallback(provider.notice(r.paymentId, 'succeeded', 400));
    expect([late.status, late.body.code]).toEqual([409, 'CALLBACK_STATE_CONFLICT']);
    const pay = await call('post', `/api/recharges/${r.id}/payment`, r.token);
    expect([pay.status, pay.body.code]).toEqual([409, 'RECHARGE_PAYMENT_FAILED']);
    expect(await zp(r.userId)).toBe(0);
  });

  it('ten genuine success notices for one payment at once credit the ZP once', async () => {
    const r = await started(120);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendCallback(provider.notice(r.paymentId, 'succeeded', 600))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await zp(r.userId)).toBe(120);
    const credits = await pg.query(`SELECT count(*)::int AS n FROM "${schema}".ledger_transactions WHERE idempotency_key = $1`, [`recharge:${r.id}`]);
    expect(credits.rows[0].n).toBe(1);
  });

  it('production refuses the sandbox provider and the development secret', () => {
    expect(() => loadFinanceConfig({}, true)).toThrow(/sandbox/);
    expect(() => loadFinanceConfig({ FINANCE_PROVIDER_SECRET: DEV_PROVIDER_SECRET }, true)).toThrow(/sandbox/);
    expect(loadFinanceConfig({}, false)).toMatchObject({ FINANCE_PAYMENT_PROVIDER: 'sandbox', sandboxEnabled: true, FINANCE_ZP_PRICE_TENGE: 1 });
    expect(() => loadFinanceConfig({ FINANCE_ZP_PRICE_TENGE: '0' }, false)).toThrow(/FINANCE_ZP_PRICE_TENGE/);
  });
});
