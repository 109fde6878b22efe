/**
 * The finance process killed (SIGKILL) in the middle of a wallet payment, then started again on the same database
 * and stream: the ledger stays consistent, and the invoice is either unpaid with no money taken and no event (killed
 * before the commit) or paid once with exactly one `invoice.paid` (killed after the commit, before the relay
 * published it). The killed process is the real build (`npm run build` first; `npm test` builds before jest).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { InvoicesService, LedgerService, startFinance } from '@olymp/finance';
import { NatsService, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { NO_VIOLATIONS, ledgerViolations, outboxDrained, streamEvents } from './ledger-checks';

describe('finance killed mid-payment', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('finance');
  const children: ChildProcess[] = [];
  const running: RunningService[] = [];

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const s of running) await s.close();
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  const finance = async () => {
    const s = await startFinance(ns.envFor('finance'));
    running.push(s);
    return s;
  };

  /** A pupil with 1000 ZP and a pending invoice of 400 ZP, made by an in-process finance that is then closed. */
  const setUp = async () => {
    const s = await finance();
    const userId = randomUUID();
    await s.app.get(DataSource).transaction((m) =>
      s.app.get(LedgerService).post(m, { key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit: 'ZP', from: { system: 'rewards' }, to: { user: userId }, amount: 1000 }] }),
    );
    const { invoice } = await s.app.get(InvoicesService).open({
      userId, product: { kind: 'course', id: randomUUID() }, title: { kk: 'Курс', ru: 'Курс', en: 'Course' }, amountTenge: 10_500, amountZp: 400,
    });
    await s.close();
    running.splice(running.indexOf(s), 1);
    return { userId, invoiceId: invoice.id, token: `Bearer ${await testToken({ userId })}` };
  };

  /** Starts the built service as a child process and waits until it says it is ready. */
  const spawnFinance = async (crashAt: 'after-debit' | 'after-commit') => {
    let out = '';
    const child = spawn(process.execPath, [join(__dirname, 'fixtures', 'crashing-finance.cjs')], {
      env: { ...process.env, ...ns.envFor('finance'), CRASH_AT: crashAt },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const url = await waitFor(() => /READY (\S+)/.exec(out)?.[1], { what: `the child to start: ${out}`, timeoutMs: 30_000 });
    return { child, url, output: () => out };
  };
  const kill = async (child: ChildProcess) => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  const state = async (invoiceId: string, userId: string) => ({
    status: (await pg.query(`SELECT status FROM "${schema}".invoices WHERE id = $1`, [invoiceId])).rows[0].status as string,
    zp: Number((await pg.query(`SELECT balance FROM "${schema}".accounts WHERE owner_id = $1 AND unit = 'ZP'`, [userId])).rows[0].balance),
    payments: (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".ledger_transactions WHERE idempotency_key = $1`, [`invoice.wallet:${invoiceId}`])).rows[0].n as number,
    outbox: (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".outbox WHERE subject = 'invoice.paid' AND payload->>'invoiceId' = $1`, [invoiceId])).rows[0].n as number,
  });
  const eventsFor = async (s: RunningService, invoiceId: string) => {
    await waitFor(() => outboxDrained(pg, schema), { what: 'outbox published' });
    return (await streamEvents<{ invoiceId: string }>(s.app.get(NatsService), 'invoice.paid')).filter((e) => e.invoiceId === invoiceId);
  };

  it('killed before the commit: nothing was taken, nothing published; paying again works once', async () => {
    const { userId, invoiceId, token } = await setUp();
    const { child, url, output } = await spawnFinance('after-debit');
    const paying = request(url).post(`/api/wallet-payment/${invoiceId}`).set('authorization', token).then((r) => r.status, () => 'connection lost');
    await waitFor(() => output().includes('PAUSED'), { what: 'the payment inside its transaction' });
    await kill(child);
    expect(await paying).toBe('connection lost');

    const s = await finance();
    expect(await state(invoiceId, userId)).toEqual({ status: 'pending', zp: 1000, payments: 0, outbox: 0 });
    expect(await ledgerViolations(pg, schema)).toEqual(NO_VIOLATIONS);
    expect(await eventsFor(s, invoiceId)).toEqual([]);

    await request(s.url).post(`/api/wallet-payment/${invoiceId}`).set('authorization', token).expect(200);
    expect(await state(invoiceId, userId)).toEqual({ status: 'paid', zp: 600, payments: 1, outbox: 1 });
    expect(await eventsFor(s, invoiceId)).toHaveLength(1);
    await s.close();
    running.splice(running.indexOf(s), 1);
  });

  it('killed after the commit, before the event left: paid once, and the event is published once after restart', async () => {
    const { userId, invoiceId, token } = await setUp();
    const { child, url } = await spawnFinance('after-commit');
    await request(url).post(`/api/wallet-payment/${invoiceId}`).set('authorization', token).expect(200);
    const unpublished = await pg.query(`SELECT count(*)::int AS n FROM "${schema}".outbox WHERE published_at IS NULL AND payload->>'invoiceId' = $1`, [invoiceId]);
    expect(unpublished.rows[0].n).toBe(1);
    await kill(child);

    const s = await finance();
    expect(await state(invoiceId, userId)).toEqual({ status: 'paid', zp: 600, payments: 1, outbox: 1 });
    expect(await ledgerViolations(pg, schema)).toEqual(NO_VIOLATIONS);
    expect(await eventsFor(s, invoiceId)).toEqual([expect.objectContaining({ invoiceId, userId, method: 'wallet', amountZp: 400 })]);
    const again = await request(s.url).post(`/api/wallet-payment/${invoiceId}`).set('authorization', token).set('x-locale', 'en');
    expect([again.status, again.body.code]).toEqual([409, 'INVOICE_ALREADY_PAID']);
  });
});
