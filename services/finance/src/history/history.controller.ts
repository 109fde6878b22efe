import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { historyPage } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, DomainError, SignedIn, ValidQuery } from '@olymp/server-kit';
import type { Unit } from '../ledger/ledger.entities';
import { paging, pageOf } from '../invoices/invoice.dto';
import { has } from '../invoices/invoices.service';

const historyQuery = z.strictObject({
  /** Another person's history: staff with `finance:transactions`. */
  userId: z.uuid().optional(),
  ...paging,
});

/**
 * Spec section 7: `xp-history` and `zp-history`, a wallet's postings newest first, each with the operation it
 * belongs to (kind and reason) and the balance after it.
 */
@Controller()
export class HistoryController {
  constructor(private readonly ds: DataSource) {}

  @Get('xp-history')
  @SignedIn()
  @ApiShape({ response: historyPage, summary: 'XP movements and the balance' })
  xp(@CurrentUser() user: AuthUser, @ValidQuery(historyQuery) q: z.output<typeof historyQuery>) {
    return this.history(user, 'XP', q);
  }

  @Get('zp-history')
  @SignedIn()
  @ApiShape({ response: historyPage, summary: 'ZP movements and the balance' })
  zp(@CurrentUser() user: AuthUser, @ValidQuery(historyQuery) q: z.output<typeof historyQuery>) {
    return this.history(user, 'ZP', q);
  }

  private async history(user: AuthUser, unit: Unit, q: z.output<typeof historyQuery>) {
    const userId = q.userId ?? user.sub;
    if (userId !== user.sub && !has(user, 'finance:transactions')) throw new DomainError('FORBIDDEN');
    const rows: { id: string; amount: string; balance_after: string; kind: string; reason: Record<string, unknown>; created_at: Date; total: string }[] =
      await this.ds.query(
        `SELECT * FROM (
           SELECT p.id, CASE WHEN p.credit_account_id = a.id THEN p.amount ELSE -p.amount END AS amount,
                  sum(CASE WHEN p.credit_account_id = a.id THEN p.amount ELSE -p.amount END) OVER (ORDER BY p.id) AS balance_after,
                  t.kind, t.reason, p.created_at, count(*) OVER () AS total
             FROM accounts a
             JOIN postings p ON p.credit_account_id = a.id OR p.debit_account_id = a.id
             JOIN ledger_transactions t ON t.id = p.transaction_id
            WHERE a.owner_id = $1 AND a.unit = $2) h
          ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [userId, unit, q.limit, (q.page - 1) * q.limit],
      );
    const balance: { balance: string }[] = await this.ds.query('SELECT balance FROM accounts WHERE owner_id = $1 AND unit = $2', [userId, unit]);
    const total = rows.length ? Number(rows[0].total) : 0;
    return {
      ...pageOf(
        rows.map((r) => ({
          id: Number(r.id),
          amount: Number(r.amount),
          balanceAfter: Number(r.balance_after),
          kind: r.kind,
          reason: r.reason,
          createdAt: r.created_at.toISOString(),
        })),
        total,
        q.page,
        q.limit,
      ),
      balance: balance.length ? Number(balance[0].balance) : 0,
    };
  }
}
