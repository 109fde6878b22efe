/**
 * What must hold of the finance ledger at every moment, read straight from PostgreSQL. Shared by the test files.
 */
import type { Client } from 'pg';
import { PERMISSIONS } from '@olymp/proto';
import type { NatsService } from '@olymp/server-kit';

export interface LedgerViolations {
  /** Units whose postings do not sum to zero over all accounts. */
  unbalancedUnits: { unit: string; sum: string }[];
  /** Postings whose accounts hold another unit. */
  mixedUnitPostings: number;
  /** Wallets whose cached balance differs from the sum of their postings. */
  staleBalances: { id: string; cached: string; derived: string }[];
  negativeWallets: { id: string; balance: string }[];
  /** Invoices with more than one payment, or whose status disagrees with their payment and invoice.paid events. */
  invoicesPaidWrongly: { id: string; status: string; payments: number; events: number }[];
}

export async function ledgerViolations(pg: Client, schema: string): Promise<LedgerViolations> {
  const s = `"${schema}"`;
  const unbalancedUnits = (await pg.query(
    `SELECT a.unit, sum(CASE WHEN a.id = p.credit_account_id THEN p.amount ELSE -p.amount END)::text AS sum
       FROM ${s}.postings p JOIN ${s}.accounts a ON a.id IN (p.debit_account_id, p.credit_account_id)
      GROUP BY a.unit HAVING sum(CASE WHEN a.id = p.credit_account_id THEN p.amount ELSE -p.amount END) <> 0`,
  )).rows;
  const mixedUnitPostings = Number((await pg.query(
    `SELECT count(*) AS n FROM ${s}.postings p JOIN ${s}.accounts a ON a.id IN (p.debit_account_id, p.credit_account_id) WHERE a.unit <> p.unit`,
  )).rows[0].n);
  const staleBalances = (await pg.query(
    `SELECT a.id, a.balance::text AS cached, coalesce(d.derived, 0)::text AS derived
       FROM ${s}.accounts a
       LEFT JOIN (SELECT acc, sum(amt) AS derived FROM (
                    SELECT credit_account_id AS acc, amount AS amt FROM ${s}.postings
                    UNION ALL SELECT debit_account_id, -amount FROM ${s}.postings) x GROUP BY acc) d ON d.acc = a.id
      WHERE a.owner_id IS NOT NULL AND a.balance <> coalesce(d.derived, 0)`,
  )).rows;
  const negativeWallets = (await pg.query(
    `SELECT id, balance::text AS balance FROM ${s}.accounts WHERE owner_id IS NOT NULL AND balance < 0`,
  )).rows;
  const invoicesPaidWrongly = (await pg.query(
    `SELECT i.id, i.status, coalesce(t.n, 0)::int AS payments, coalesce(e.n, 0)::int AS events
       FROM ${s}.invoices i
       LEFT JOIN (SELECT substring(idempotency_key FROM '^invoice\\.(?:wallet|provider):(.*)$') AS id, count(*) AS n
                    FROM ${s}.ledger_transactions WHERE kind = 'invoice_payment' GROUP BY 1) t ON t.id = i.id::text
       LEFT JOIN (SELECT substring(idempotency_key FROM '^invoice\\.use-zp:(.*)$') AS id, count(*) AS n
                    FROM ${s}.ledger_transactions WHERE kind = 'invoice_payment' GROUP BY 1) z ON z.id = i.id::text
       LEFT JOIN (SELECT payload->>'invoiceId' AS id, count(*) AS n FROM ${s}.outbox WHERE subject = 'invoice.paid' GROUP BY 1) e
              ON e.id = i.id::text
      WHERE coalesce(t.n, 0) > 1 OR coalesce(z.n, 0) > 1 OR coalesce(e.n, 0) > 1
         OR (i.status = 'paid') <> (coalesce(e.n, 0) = 1)
         -- Paid from the wallet: one wallet payment, or ZP put towards a tenge price that covered all of it (use-zp).
         OR (i.status = 'paid' AND i.payment_method = 'wallet')
            <> (coalesce(t.n, 0) = 1 OR (coalesce(z.n, 0) = 1 AND i.payment_method = 'wallet' AND i.tenge_due = 0))`,
  )).rows;
  return { unbalancedUnits, mixedUnitPostings, staleBalances, negativeWallets, invoicesPaidWrongly };
}

export const NO_VIOLATIONS: LedgerViolations = {
  unbalancedUnits: [],
  mixedUnitPostings: 0,
  staleBalances: [],
  negativeWallets: [],
  invoicesPaidWrongly: [],
};

/** A signed-in caller as the kit's guard makes it, for calling services directly. */
export const pupil = (userId: string) => ({ sub: userId, roleId: 7, sid: userId, did: 'test', permissions: new Set<string>(), isAdmin: false });
export const admin = (userId: string) => ({ sub: userId, roleId: 1, sid: userId, did: 'test', permissions: new Set<string>(PERMISSIONS), isAdmin: true });

/** Every message of a subject in the namespace's event stream (payloads), read by sequence number. */
export async function streamEvents<T = Record<string, unknown>>(nats: NatsService, subject: string): Promise<T[]> {
  const info = await nats.jsm.streams.info(nats.streamName);
  const out: T[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const msg = await nats.jsm.streams.getMessage(nats.streamName, { seq }).catch(() => null);
    if (msg?.subject === nats.subject(subject)) out.push(msg.json<T>());
  }
  return out;
}

/** Resolves once the outbox of a schema has nothing left to publish. */
export const outboxDrained = async (pg: Client, schema: string) =>
  Number((await pg.query(`SELECT count(*) AS n FROM "${schema}".outbox WHERE published_at IS NULL`)).rows[0].n) === 0;
