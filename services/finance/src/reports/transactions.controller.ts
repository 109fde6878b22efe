import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { transactionPage } from '@olymp/proto';
import { ApiShape, RequirePermission, ValidQuery } from '@olymp/server-kit';
import { paging, pageOf } from '../invoices/invoice.dto';

const query = z.strictObject({
  userId: z.uuid().optional(),
  kind: z.enum(['quiz_xp', 'treasure', 'invoice_payment', 'invoice_refund', 'recharge']).optional(),
  ...paging,
});

/**
 * Spec section 3's "transactions": the ledger as staff audit it, newest first: each operation with its idempotency
 * key, reason and postings (unit, from, to, amount; accounts shown as `user:<id>` or `system:<name>`).
 */
@Controller('transactions')
export class TransactionsController {
  constructor(private readonly ds: DataSource) {}

  @Get()
  @ApiShape({ response: transactionPage })
  @RequirePermission('finance:transactions')
  async list(@ValidQuery(query) q: z.output<typeof query>) {
    const rows: { id: string; key: string; kind: string; reason: Record<string, unknown>; created_at: Date; postings: { unit: string; from: string; to: string; amount: number }[]; total: string }[] =
      await this.ds.query(
        `SELECT t.id, t.idempotency_key AS key, t.kind, t.reason, t.created_at, count(*) OVER () AS total,
                (SELECT json_agg(json_build_object('unit', p.unit, 'amount', p.amount,
                          'from', coalesce('user:' || d.owner_id, 'system:' || d.code), 'to', coalesce('user:' || c.owner_id, 'system:' || c.code)) ORDER BY p.id)
                   FROM postings p JOIN accounts d ON d.id = p.debit_account_id JOIN accounts c ON c.id = p.credit_account_id
                  WHERE p.transaction_id = t.id) AS postings
           FROM ledger_transactions t
          WHERE ($1::text IS NULL OR t.kind = $1)
            AND ($2::uuid IS NULL OR EXISTS (
                  SELECT 1 FROM postings p JOIN accounts a ON a.id IN (p.debit_account_id, p.credit_account_id)
                   WHERE p.transaction_id = t.id AND a.owner_id = $2))
          ORDER BY t.created_at DESC, t.id LIMIT $3 OFFSET $4`,
        [q.kind ?? null, q.userId ?? null, q.limit, (q.page - 1) * q.limit],
      );
    const total = rows.length ? Number(rows[0].total) : 0;
    return pageOf(
      rows.map((r) => ({ id: r.id, key: r.key, kind: r.kind, reason: r.reason, createdAt: r.created_at.toISOString(), postings: r.postings.map((p) => ({ ...p, amount: Number(p.amount) })) })),
      total,
      q.page,
      q.limit,
    );
  }
}
