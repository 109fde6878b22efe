/**
 * The demo seed: with SEED_DEMO on, every demo pupil auth seeds has ZP in finance as a recorded, completed recharge
 * (not a bare balance), the same after a restart, and can pay an invoice with it; with SEED_DEMO off, nothing.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { startFinance } from '@olymp/finance';
import { ROLE } from '@olymp/proto';
import { RpcClient, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { NO_VIOLATIONS, ledgerViolations } from './ledger-checks';

describe('demo seed', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService | undefined;
  let pg: Client;
  const schema = ns.schemaOf('finance');

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth', { SEED_DEMO: 'true' }));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  const wallets = async () =>
    (await pg.query(
      `SELECT r.user_id, r.amount_zp, r.status, r.provider, a.balance::int AS balance
         FROM "${schema}".zp_recharges r JOIN "${schema}".accounts a ON a.owner_id = r.user_id AND a.unit = 'ZP'
        ORDER BY r.user_id`,
    )).rows;

  it('gives every demo pupil of auth 5000 ZP as a completed recharge, once across restarts', async () => {
    const pupils = (await pg.query(`SELECT id FROM "${ns.schemaOf('auth')}".users WHERE role_id = $1 ORDER BY id`, [ROLE.student])).rows.map((r) => r.id as string);
    expect(pupils).toHaveLength(3);
    const expected = pupils.map((id) => ({ user_id: id, amount_zp: 5000, status: 'completed', provider: 'demo', balance: 5000 }));

    finance = await startFinance(ns.envFor('finance', { SEED_DEMO: 'true' }));
    expect(await wallets()).toEqual(expected);
    await finance.close();
    finance = undefined;
    finance = await startFinance(ns.envFor('finance', { SEED_DEMO: 'true' }));
    expect(await wallets()).toEqual(expected);
    expect(await ledgerViolations(pg, schema)).toEqual(NO_VIOLATIONS);

    // A demo pupil pays an invoice from the seeded wallet and sees the recharge in the history.
    const token = `Bearer ${await testToken({ userId: pupils[0] })}`;
    const invoice = await auth.app.get(RpcClient).request('finance.invoice.open', {
      userId: pupils[0], product: { kind: 'course', id: randomUUID() }, title: { kk: 'Курс', ru: 'Курс', en: 'Course' }, amountTenge: 10_500, amountZp: 1050,
    });
    await request(finance.url).post(`/api/wallet-payment/${invoice.invoiceId}`).set('authorization', token).expect(200);
    const history = await request(finance.url).get('/api/zp-history').set('authorization', token).expect(200);
    expect(history.body.balance).toBe(3950);
    expect(history.body.data.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([['invoice_payment', -1050], ['recharge', 5000]]);
  });

  it('seeds nothing with SEED_DEMO off', async () => {
    const quiet = createTestNamespace();
    const plain = await startFinance(quiet.envFor('finance', { SEED_DEMO: 'false' }));
    try {
      const n = await pg.query(`SELECT count(*)::int AS n FROM "${quiet.schemaOf('finance')}".zp_recharges`);
      expect(n.rows[0].n).toBe(0);
    } finally {
      await plain.close();
      await quiet.cleanup();
    }
  });
});
