import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainError } from '@olymp/server-kit';
import type { SystemAccount, Unit } from './ledger.entities';

/**
 * The double-entry ledger: the only code that writes accounts, ledger transactions and postings.
 *
 * - Every operation is one ledger transaction with an idempotency key and one or more postings (legs), written in
 *   the caller's database transaction. The same key again changes nothing and answers the first result; the same
 *   key with other legs is refused (IDEMPOTENCY_KEY_REUSED). The unique index on the key makes a concurrent
 *   duplicate wait for the first and then see it.
 * - A wallet's cached balance changes in the same statement that checks it (`balance >= amount`), under the row
 *   lock PostgreSQL takes for the UPDATE; a concurrent spender waits and re-checks against the committed balance,
 *   so no spendable balance goes below zero (READ COMMITTED is enough; a CHECK constraint is the backstop).
 *   Wallets are updated in id order, so two operations of one pupil never deadlock.
 * - XP is earned, never spent: a leg that debits a pupil's XP wallet is refused.
 */
export type AccountRef = { user: string } | { system: SystemAccount };

export interface Leg {
  unit: Unit;
  from: AccountRef;
  to: AccountRef;
  amount: number;
}

export interface PostRequest {
  key: string;
  /** quiz_xp, treasure, invoice_payment, invoice_refund, recharge */
  kind: string;
  reason?: Record<string, unknown>;
  legs: Leg[];
}

export interface PostResult {
  transactionId: string;
  /** False when the key was recorded before (nothing changed). */
  created: boolean;
}

export interface Balances {
  userId: string;
  xp: number;
  zp: number;
  altynSaqa: number;
}

const refKey = (r: AccountRef) => ('user' in r ? `user:${r.user}` : `system:${r.system}`);

@Injectable()
export class LedgerService {
  private readonly systemIds = new Map<string, string>();

  constructor(private readonly ds: DataSource) {}

  async post(m: EntityManager, req: PostRequest): Promise<PostResult> {
    if (!m.queryRunner?.isTransactionActive) throw new Error('ledger postings must be written inside a transaction');
    const legs = req.legs.filter((l) => l.amount !== 0);
    if (!legs.length) throw new Error(`ledger transaction ${req.key} has no postings`);
    for (const l of legs) {
      if (!Number.isSafeInteger(l.amount) || l.amount <= 0) throw new Error(`posting amount must be a positive integer: ${l.amount}`);
      if (l.unit === 'XP' && 'user' in l.from) throw new DomainError('XP_NOT_SPENDABLE');
      if (refKey(l.from) === refKey(l.to)) throw new Error('a posting needs two different accounts');
    }
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(legs.map((l) => [l.unit, refKey(l.from), refKey(l.to), l.amount])))
      .digest('hex');

    const id = randomUUID();
    const inserted: { id: string }[] = await m.query(
      `INSERT INTO ledger_transactions (id, idempotency_key, kind, reason, fingerprint) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [id, req.key, req.kind, JSON.stringify(req.reason ?? {}), fingerprint],
    );
    if (!inserted.length) {
      const [first] = (await m.query('SELECT id, fingerprint FROM ledger_transactions WHERE idempotency_key = $1', [req.key])) as {
        id: string;
        fingerprint: string;
      }[];
      if (first.fingerprint !== fingerprint) throw new DomainError('IDEMPOTENCY_KEY_REUSED', { key: req.key });
      return { transactionId: first.id, created: false };
    }

    // Resolve accounts (wallets are opened on first use), then apply each wallet's net change in id order.
    const accounts = new Map<string, { id: string; wallet: boolean; unit: Unit }>();
    for (const l of legs) {
      for (const ref of [l.from, l.to]) {
        const k = `${refKey(ref)}:${l.unit}`;
        if (!accounts.has(k)) accounts.set(k, { id: await this.accountId(m, ref, l.unit), wallet: 'user' in ref, unit: l.unit });
      }
    }
    const acc = (ref: AccountRef, unit: Unit) => accounts.get(`${refKey(ref)}:${unit}`)!;
    const delta = new Map<string, { unit: Unit; amount: number }>();
    for (const l of legs) {
      for (const [ref, sign] of [[l.from, -1], [l.to, 1]] as const) {
        const a = acc(ref, l.unit);
        if (!a.wallet) continue;
        const d = delta.get(a.id) ?? { unit: l.unit, amount: 0 };
        d.amount += sign * l.amount;
        delta.set(a.id, d);
      }
    }
    for (const accountId of [...delta.keys()].sort()) {
      const { unit, amount } = delta.get(accountId)!;
      if (amount === 0) continue;
      // TypeORM answers an UPDATE with [rows, affected].
      const [, affected] = (await m.query('UPDATE accounts SET balance = balance + $2 WHERE id = $1 AND balance + $2 >= 0', [
        accountId,
        amount,
      ])) as [unknown[], number];
      if (affected !== 1) {
        const [{ balance }] = (await m.query('SELECT balance FROM accounts WHERE id = $1', [accountId])) as { balance: string }[];
        const params = { unit, needed: -amount, balance: Number(balance) };
        throw new DomainError(unit === 'ZP' ? 'INSUFFICIENT_ZP' : 'INSUFFICIENT_FUNDS', params);
      }
    }
    await m.query(
      `INSERT INTO postings (transaction_id, unit, debit_account_id, credit_account_id, amount)
       SELECT $1, unnest($2::varchar[]), unnest($3::uuid[]), unnest($4::uuid[]), unnest($5::bigint[])`,
      [id, legs.map((l) => l.unit), legs.map((l) => acc(l.from, l.unit).id), legs.map((l) => acc(l.to, l.unit).id), legs.map((l) => l.amount)],
    );
    return { transactionId: id, created: true };
  }

  /** The transaction recorded under a key, if any. */
  async findByKey(m: EntityManager, key: string): Promise<{ id: string; createdAt: Date } | null> {
    const rows: { id: string; created_at: Date }[] = await m.query(
      'SELECT id, created_at FROM ledger_transactions WHERE idempotency_key = $1',
      [key],
    );
    return rows.length ? { id: rows[0].id, createdAt: rows[0].created_at } : null;
  }

  private async accountId(m: EntityManager, ref: AccountRef, unit: Unit): Promise<string> {
    if ('system' in ref) {
      // System accounts are seeded by migrations and never change id: read once per process.
      const k = `${ref.system}:${unit}`;
      const known = this.systemIds.get(k);
      if (known) return known;
      const rows: { id: string }[] = await m.query('SELECT id FROM accounts WHERE code = $1 AND unit = $2', [ref.system, unit]);
      if (!rows.length) throw new Error(`system account ${ref.system}/${unit} is missing (migrations seed it)`);
      this.systemIds.set(k, rows[0].id);
      return rows[0].id;
    }
    const find = async () =>
      ((await m.query('SELECT id FROM accounts WHERE owner_id = $1 AND unit = $2', [ref.user, unit])) as { id: string }[])[0]?.id;
    const existing = await find();
    if (existing) return existing;
    // DO NOTHING takes no row lock (locks are taken later, in id order); a concurrent opener makes this wait, then see it.
    await m.query(
      `INSERT INTO accounts (id, owner_id, unit, balance) VALUES ($1, $2, $3, 0)
       ON CONFLICT (owner_id, unit) WHERE owner_id IS NOT NULL DO NOTHING`,
      [randomUUID(), ref.user, unit],
    );
    return (await find())!;
  }

  /** Current balances (from the wallets' cached balances, which equal their postings). Unknown users: zeros. */
  async balances(userIds: string[], m: EntityManager = this.ds.manager): Promise<Balances[]> {
    const rows: { owner_id: string; unit: Unit; balance: string }[] = await m.query(
      'SELECT owner_id, unit, balance FROM accounts WHERE owner_id = ANY($1::uuid[])',
      [userIds],
    );
    const out = new Map(userIds.map((u) => [u, { userId: u, xp: 0, zp: 0, altynSaqa: 0 }]));
    for (const r of rows) {
      const b = out.get(r.owner_id)!;
      const v = Number(r.balance);
      if (r.unit === 'XP') b.xp = v;
      else if (r.unit === 'ZP') b.zp = v;
      else b.altynSaqa = v;
    }
    return [...out.values()];
  }

  async balanceOf(userId: string, unit: Unit, m: EntityManager = this.ds.manager): Promise<number> {
    const rows: { balance: string }[] = await m.query('SELECT balance FROM accounts WHERE owner_id = $1 AND unit = $2', [userId, unit]);
    return rows.length ? Number(rows[0].balance) : 0;
  }
}
