/**
 * Model-based test of the ledger on real PostgreSQL: fast-check runs random sequences of awards, spending, invoice
 * payments (also several at once), cancellations, refunds and ZP recharges (some failing, some callbacks replayed),
 * with idempotency keys drawn from a small pool so keys repeat (with the same or with other amounts). After every
 * step the database must agree with a plain in-memory model, and the ledger's invariants must hold: per unit all postings sum to zero, every wallet's cached
 * balance equals its postings, no wallet is below zero, every invoice is paid at most once (one payment, one event).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { InvoicesService, LedgerService, RechargesService, SandboxProvider, WalletPaymentService, startFinance } from '@olymp/finance';
import { DomainError, type RunningService } from '@olymp/server-kit';
import { createTestNamespace } from '@olymp/server-kit/testing';
import { NO_VIOLATIONS, admin, ledgerViolations, pupil } from './ledger-checks';

type Unit = 'XP' | 'ZP' | 'ALTYN_SAQA';
const USERS = 3;

interface Model {
  users: string[];
  balances: Record<Unit, number>[];
  /** key -> what was posted under it */
  keys: Map<string, string>;
  invoices: { id: string; user: number; amountZp: number; status: 'pending' | 'paid' | 'cancelled'; refunded: boolean }[];
}

interface Real {
  ds: DataSource;
  ledger: LedgerService;
  invoices: InvoicesService;
  payments: WalletPaymentService;
  recharges: RechargesService;
  provider: SandboxProvider;
  check: () => Promise<void>;
}

/** Runs an operation; answers the domain error code it failed with, or null. Other errors fail the test. */
async function outcome(fn: () => Promise<unknown>): Promise<string | null> {
  try {
    await fn();
    return null;
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
}

class Award implements fc.AsyncCommand<Model, Real> {
  constructor(readonly user: number, readonly unit: Unit, readonly amount: number, readonly key: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const key = `award:${m.users[0]}:${this.key}`;
    const what = `${this.user}:${this.unit}:${this.amount}`;
    const code = await outcome(() =>
      r.ds.transaction((tx) =>
        r.ledger.post(tx, { key, kind: 'award', legs: [{ unit: this.unit, from: { system: 'rewards' }, to: { user: m.users[this.user] }, amount: this.amount }] }),
      ),
    );
    const seen = m.keys.get(key);
    expect(code).toBe(seen === undefined || seen === what ? null : 'IDEMPOTENCY_KEY_REUSED');
    if (seen === undefined) {
      m.keys.set(key, what);
      m.balances[this.user][this.unit] += this.amount;
    }
    await r.check();
  }
  toString = () => `award(u${this.user}, ${this.amount} ${this.unit}, key ${this.key})`;
}

class Spend implements fc.AsyncCommand<Model, Real> {
  constructor(readonly user: number, readonly unit: Unit, readonly amount: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const code = await outcome(() =>
      r.ds.transaction((tx) =>
        r.ledger.post(tx, { key: `spend:${randomUUID()}`, kind: 'spend', legs: [{ unit: this.unit, from: { user: m.users[this.user] }, to: { system: 'sales' }, amount: this.amount }] }),
      ),
    );
    const have = m.balances[this.user][this.unit];
    const expected = this.unit === 'XP' ? 'XP_NOT_SPENDABLE' : have < this.amount ? (this.unit === 'ZP' ? 'INSUFFICIENT_ZP' : 'INSUFFICIENT_FUNDS') : null;
    expect(code).toBe(expected);
    if (!expected) m.balances[this.user][this.unit] -= this.amount;
    await r.check();
  }
  toString = () => `spend(u${this.user}, ${this.amount} ${this.unit})`;
}

class OpenInvoice implements fc.AsyncCommand<Model, Real> {
  constructor(readonly user: number, readonly amountZp: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const { invoice, created } = await r.invoices.open({
      userId: m.users[this.user],
      product: { kind: 'course', id: randomUUID() },
      title: { kk: 'Курс', ru: 'Курс', en: 'Course' },
      amountTenge: 10_500,
      amountZp: this.amountZp,
    });
    expect(created).toBe(true);
    m.invoices.push({ id: invoice.id, user: this.user, amountZp: this.amountZp, status: 'pending', refunded: false });
    await r.check();
  }
  toString = () => `open(u${this.user}, ${this.amountZp} ZP)`;
}

/** Pays an invoice `times` times at once, by its owner. */
class Pay implements fc.AsyncCommand<Model, Real> {
  constructor(readonly invoice: number, readonly times: number) {}
  check = (m: Readonly<Model>) => m.invoices.length > 0;
  async run(m: Model, r: Real) {
    const inv = m.invoices[this.invoice % m.invoices.length];
    const codes = await Promise.all(Array.from({ length: this.times }, () => outcome(() => r.payments.pay(inv.id, pupil(m.users[inv.user])))));
    const first =
      inv.status === 'paid' ? 'INVOICE_ALREADY_PAID'
        : inv.status === 'cancelled' ? 'INVOICE_CANCELLED'
          // An invoice with no ZP price (tenge only) is paid through the provider, not from the wallet.
          : inv.amountZp === 0 ? 'INVOICE_NOT_PAYABLE_BY_WALLET'
            : m.balances[inv.user].ZP < inv.amountZp ? 'INSUFFICIENT_ZP'
              : null;
    if (first === null) {
      expect(codes.filter((c) => c === null)).toHaveLength(1);
      expect(codes.filter((c) => c !== null).every((c) => c === 'INVOICE_ALREADY_PAID')).toBe(true);
      inv.status = 'paid';
      m.balances[inv.user].ZP -= inv.amountZp;
    } else {
      expect(codes).toEqual(codes.map(() => first));
    }
    await r.check();
  }
  toString = () => `pay(invoice ${this.invoice}, x${this.times})`;
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly invoice: number) {}
  check = (m: Readonly<Model>) => m.invoices.length > 0;
  async run(m: Model, r: Real) {
    const inv = m.invoices[this.invoice % m.invoices.length];
    const code = await outcome(() => r.invoices.cancel(inv.id, pupil(m.users[inv.user])));
    expect(code).toBe(inv.status === 'paid' ? 'INVOICE_PAID_NOT_CANCELLABLE' : null);
    if (inv.status === 'pending') inv.status = 'cancelled';
    await r.check();
  }
  toString = () => `cancel(invoice ${this.invoice})`;
}

class Refund implements fc.AsyncCommand<Model, Real> {
  constructor(readonly invoice: number) {}
  check = (m: Readonly<Model>) => m.invoices.length > 0;
  async run(m: Model, r: Real) {
    const inv = m.invoices[this.invoice % m.invoices.length];
    const code = await outcome(() => r.payments.refund(inv.id, admin(randomUUID())));
    const expected = inv.status !== 'paid' ? 'INVOICE_NOT_PAID' : inv.refunded ? 'INVOICE_ALREADY_REFUNDED' : null;
    expect(code).toBe(expected);
    if (!expected) {
      inv.refunded = true;
      m.balances[inv.user].ZP += inv.amountZp;
    }
    await r.check();
  }
  toString = () => `refund(invoice ${this.invoice})`;
}

/** A ZP recharge through the provider: succeeds or fails; its callback may arrive twice (the repeat is refused). */
class Recharge implements fc.AsyncCommand<Model, Real> {
  constructor(readonly user: number, readonly amount: number, readonly succeeds: boolean, readonly replay: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const caller = pupil(m.users[this.user]);
    const created = await r.recharges.create(caller.sub, this.amount);
    const started = await r.recharges.startPayment(created.id, caller);
    const notice = r.provider.notice(started.providerPaymentId!, this.succeeds ? 'succeeded' : 'failed', started.priceTenge);
    const done = await r.recharges.callback(notice.body, notice.headers);
    expect(done.status).toBe(this.succeeds ? 'completed' : 'failed');
    if (this.succeeds) m.balances[this.user].ZP += this.amount;
    if (this.replay) expect(await outcome(() => r.recharges.callback(notice.body, notice.headers))).toBe('CALLBACK_REPLAYED');
    await r.check();
  }
  toString = () => `recharge(u${this.user}, ${this.amount} ZP, ${this.succeeds ? 'ok' : 'fails'}${this.replay ? ', replayed' : ''})`;
}

describe('ledger model', () => {
  const ns = createTestNamespace();
  const secret = `model-secret-${randomUUID()}`;
  let finance: RunningService;
  let pg: Client;

  beforeAll(async () => {
    finance = await startFinance(ns.envFor('finance', { FINANCE_PROVIDER_SECRET: secret }));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await finance?.close();
    await ns.cleanup();
  });

  it('agrees with the model and keeps its invariants after every step of random sequences', async () => {
    const user = fc.integer({ min: 0, max: USERS - 1 });
    const unit = fc.constantFrom<Unit>('XP', 'ZP', 'ALTYN_SAQA');
    const amount = fc.integer({ min: 1, max: 500 });
    const commands = [
      fc.tuple(user, unit, amount, fc.integer({ min: 0, max: 5 })).map(([u, un, a, k]) => new Award(u, un, a, k)),
      fc.tuple(user, unit, amount).map(([u, un, a]) => new Spend(u, un, a)),
      fc.tuple(user, fc.integer({ min: 0, max: 400 })).map(([u, a]) => new OpenInvoice(u, a)),
      fc.tuple(fc.nat(), fc.integer({ min: 1, max: 4 })).map(([i, t]) => new Pay(i, t)),
      fc.nat().map((i) => new Cancel(i)),
      fc.nat().map((i) => new Refund(i)),
      fc.tuple(user, amount, fc.boolean(), fc.boolean()).map(([u, a, ok, again]) => new Recharge(u, a, ok, again)),
    ];
    const real = (): Real => ({
      ds: finance.app.get(DataSource),
      ledger: finance.app.get(LedgerService),
      invoices: finance.app.get(InvoicesService),
      payments: finance.app.get(WalletPaymentService),
      recharges: finance.app.get(RechargesService),
      provider: new SandboxProvider(secret),
      check: async () => {
        expect(await ledgerViolations(pg, ns.schemaOf('finance'))).toEqual(NO_VIOLATIONS);
        const actual = await finance.app.get(LedgerService).balances(model.users);
        expect(actual.map((b) => ({ XP: b.xp, ZP: b.zp, ALTYN_SAQA: b.altynSaqa }))).toEqual(model.balances);
      },
    });
    let model!: Model;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (cmds) => {
        model = {
          users: Array.from({ length: USERS }, () => randomUUID()),
          balances: Array.from({ length: USERS }, () => ({ XP: 0, ZP: 0, ALTYN_SAQA: 0 })),
          keys: new Map(),
          invoices: [],
        };
        await fc.asyncModelRun(() => ({ model, real: real() }), cmds);
        steps += [...cmds].length;
      }),
      { numRuns: 60, endOnFailure: true },
    );
    expect(steps).toBeGreaterThan(100);
  });
});
