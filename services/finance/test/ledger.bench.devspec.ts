/**
 * Rough throughput of the ledger on this machine, for docs/finance.md (not part of `npm test`):
 *   npx jest --testMatch '**\/services/finance/test/ledger.bench.devspec.ts'
 * Prints one line per scenario. Real PostgreSQL and NATS, one in-process finance service.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { InvoicesService, LedgerService, startFinance } from '@olymp/finance';
import { DomainError, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { NO_VIOLATIONS, ledgerViolations } from './ledger-checks';

/** Runs `jobs` with at most `width` in flight. */
async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]();
    }
  }));
  return out;
}

describe('ledger throughput', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let pg: Client;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth')); // the guard asks auth for a pupil role's permissions
    finance = await startFinance(ns.envFor('finance', { DB_POOL_SIZE: '20' }));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  const award = (userId: string, unit: 'XP' | 'ZP', amount: number) =>
    finance.app.get(DataSource).transaction((m) =>
      finance.app.get(LedgerService).post(m, { key: `bench:${randomUUID()}`, kind: 'award', legs: [{ unit, from: { system: 'rewards' }, to: { user: userId }, amount }] }),
    );
  const report = (what: string, n: number, ms: number) => process.stdout.write(`${what}: ${n} in ${ms} ms = ${Math.round((n * 1000) / ms)}/s\n`);

  it('measures', async () => {
    // 1. Awards to 2000 different pupils, 20 at once: all credit the one rewards account (never locked).
    const users = Array.from({ length: 2000 }, () => randomUUID());
    let t = Date.now();
    await pool(users.map((u) => () => award(u, 'XP', 10)), 20);
    report('XP awards, 2000 pupils, 20 concurrent', users.length, Date.now() - t);

    // 2. One wallet, 400 spends of 10 ZP at once against 1000 ZP: exactly 100 succeed.
    const rich = randomUUID();
    await award(rich, 'ZP', 1000);
    t = Date.now();
    const results = await pool(
      Array.from({ length: 400 }, () => () =>
        finance.app.get(DataSource).transaction((m) =>
          finance.app.get(LedgerService).post(m, { key: `bench:${randomUUID()}`, kind: 'spend', legs: [{ unit: 'ZP', from: { user: rich }, to: { system: 'sales' }, amount: 10 }] }),
        ).then(() => 'ok', (e: unknown) => (e instanceof DomainError ? e.code : 'other'))),
      20,
    );
    report('spends from one wallet, 20 concurrent', 400, Date.now() - t);
    process.stdout.write(`  succeeded ${results.filter((r) => r === 'ok').length}, refused ${results.filter((r) => r === 'INSUFFICIENT_ZP').length}\n`);
    expect(results.filter((r) => r === 'ok')).toHaveLength(100);

    // 3. Wallet payments over HTTP: 500 pupils each pay their invoice, 20 requests in flight.
    const payers = Array.from({ length: 500 }, () => randomUUID());
    const invoices = await pool(payers.map((u) => async () => {
      await award(u, 'ZP', 100);
      return (await finance.app.get(InvoicesService).open({ userId: u, product: { kind: 'course', id: randomUUID() }, title: { kk: 'К', ru: 'К', en: 'C' }, amountTenge: 0, amountZp: 100 })).invoice.id;
    }), 20);
    const tokens = await Promise.all(payers.map((u) => testToken({ userId: u })));
    t = Date.now();
    const statuses = await pool(invoices.map((id, i) => async () => (await request(finance.url).post(`/api/wallet-payment/${id}`).set('authorization', `Bearer ${tokens[i]}`)).status), 20);
    report('wallet payments over HTTP, 20 in flight', invoices.length, Date.now() - t);
    process.stdout.write(`  statuses ${JSON.stringify(statuses.reduce<Record<number, number>>((a, s) => ({ ...a, [s]: (a[s] ?? 0) + 1 }), {}))}\n`);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await ledgerViolations(pg, ns.schemaOf('finance'))).toEqual(NO_VIOLATIONS);
  }, 300_000);
});
