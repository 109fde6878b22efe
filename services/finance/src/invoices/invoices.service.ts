import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Localized, Permission, ProductRef } from '@olymp/proto';
import { type AuditActor, AuditLog, DomainError, EventOutbox, notFound } from '@olymp/server-kit';
import { LedgerService } from '../ledger/ledger.service';
import { Invoice } from './invoice.entity';

/**
 * Invoices: opening (idempotent per pupil and product), cancelling, and whether one can be paid now. Paying and
 * refunding are `WalletPaymentService`'s, because they move money.
 */
export interface OpenInvoice {
  userId: string;
  product: ProductRef;
  title: Localized;
  amountTenge: number;
  amountZp: number;
}

export const LIVE_INVOICE = `("status" = 'pending' OR ("status" = 'paid' AND "refunded_at" IS NULL))`;

export type PayableReason = 'INVOICE_ALREADY_PAID' | 'INVOICE_CANCELLED' | 'INVOICE_NOT_PAYABLE_BY_WALLET' | 'INSUFFICIENT_ZP';

/** The signed-in caller as the kit's guard gives it. */
export type Caller = AuditActor & { permissions: ReadonlySet<string>; isAdmin: boolean };

export const has = (user: Caller, permission: Permission) => user.isAdmin || user.permissions.has(permission);
/** A pupil sees their own invoices; staff with `finance:invoice_index` see everyone's. */
const canSee = (invoice: Invoice, user: Caller) => invoice.userId === user.sub || has(user, 'finance:invoice_index');

@Injectable()
export class InvoicesService {
  constructor(
    private readonly ds: DataSource,
    private readonly ledger: LedgerService,
    private readonly audit: AuditLog,
    private readonly outbox: EventOutbox,
  ) {}

  /** The live invoice of (user, product), or a new pending one. `created` says which. */
  async open(req: OpenInvoice, staff?: AuditActor): Promise<{ invoice: Invoice; created: boolean }> {
    if (req.amountTenge + req.amountZp <= 0) throw new DomainError('INVOICE_AMOUNT_REQUIRED');
    return this.ds.transaction(async (m) => {
      const id = randomUUID();
      const inserted: unknown[] = await m.query(
        `INSERT INTO invoices (id, user_id, product_kind, product_id, title_kk, title_ru, title_en, amount_tenge, amount_zp, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (user_id, product_kind, product_id) WHERE ${LIVE_INVOICE} DO NOTHING RETURNING id`,
        [id, req.userId, req.product.kind, req.product.id, req.title.kk, req.title.ru, req.title.en, req.amountTenge, req.amountZp, staff?.sub ?? null],
      );
      const [live] = (await m.query(
        `SELECT id FROM invoices WHERE user_id = $1 AND product_kind = $2 AND product_id = $3 AND ${LIVE_INVOICE}`,
        [req.userId, req.product.kind, req.product.id],
      )) as { id: string }[];
      const invoice = await m.getRepository(Invoice).findOneByOrFail({ id: live.id });
      const created = inserted.length > 0;
      if (created && staff) {
        await this.audit.record(m, { actor: staff, action: 'create', resource: 'finance/invoices', resourceId: invoice.id, after: invoice });
      }
      return { invoice, created };
    });
  }

  async get(id: string, m: EntityManager = this.ds.manager): Promise<Invoice> {
    const invoice = await m.getRepository(Invoice).findOneBy({ id });
    if (!invoice) throw notFound();
    return invoice;
  }

  /** The invoice if the caller owns it or may see everyone's; 404 otherwise (another pupil's invoice is not revealed). */
  async visible(id: string, user: Caller): Promise<Invoice> {
    const invoice = await this.get(id);
    if (!canSee(invoice, user)) throw notFound();
    return invoice;
  }

  /** Cancels a pending invoice; cancelling a cancelled one changes nothing. A paid one is refused. */
  async cancel(id: string, actor: Caller): Promise<Invoice> {
    return this.ds.transaction(async (m) => {
      const invoice = await m.getRepository(Invoice).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!invoice || !(canSee(invoice, actor) || has(actor, 'finance:invoice_cancel'))) throw notFound();
      if (invoice.userId !== actor.sub && !has(actor, 'finance:invoice_cancel')) throw new DomainError('FORBIDDEN');
      if (invoice.status === 'paid') throw new DomainError('INVOICE_PAID_NOT_CANCELLABLE');
      if (invoice.status === 'cancelled') return invoice;
      const before = { ...invoice };
      invoice.status = 'cancelled';
      invoice.cancelledAt = new Date();
      await m.getRepository(Invoice).save(invoice);
      await this.audit.record(m, { actor, action: 'cancel', resource: 'invoices', resourceId: id, before, after: invoice });
      await this.cancelled(m, invoice, invoice.userId === actor.sub ? 'owner' : 'staff');
      return invoice;
    });
  }

  /** Cancels every pending invoice of a product (a training's `delete-unpaid-invoices`). */
  async cancelUnpaid(product: ProductRef): Promise<number> {
    return this.ds.transaction(async (m) => {
      const [rows] = (await m.query(
        `UPDATE invoices SET status = 'cancelled', cancelled_at = now(), updated_at = now()
          WHERE product_kind = $1 AND product_id = $2 AND status = 'pending' RETURNING id`,
        [product.kind, product.id],
      )) as [{ id: string }[], number];
      for (const { id } of rows) await this.cancelled(m, await m.getRepository(Invoice).findOneByOrFail({ id }), 'unpaid');
      return rows.length;
    });
  }

  /** `invoice.cancelled` in the cancel's transaction: what the invoice held (a shop order's stock) can be released. */
  private async cancelled(m: EntityManager, invoice: Invoice, reason: 'owner' | 'staff' | 'unpaid'): Promise<void> {
    await this.outbox.add(m, 'invoice.cancelled', {
      invoiceId: invoice.id,
      userId: invoice.userId,
      product: { kind: invoice.productKind, id: invoice.productId },
      reason,
      cancelledAt: (invoice.cancelledAt ?? new Date()).toISOString(),
    });
  }

  /** Whether the invoice can be paid from the wallet now, and if not, why (an error code with its params). */
  async payable(invoice: Invoice): Promise<{ payable: boolean; reason: PayableReason | null; params: Record<string, unknown>; balanceZp: number }> {
    const balanceZp = await this.ledger.balanceOf(invoice.userId, 'ZP');
    const no = (reason: PayableReason, params: Record<string, unknown> = {}) => ({ payable: false, reason, params, balanceZp });
    if (invoice.status === 'paid') return no('INVOICE_ALREADY_PAID');
    if (invoice.status === 'cancelled') return no('INVOICE_CANCELLED');
    if (invoice.amountZp <= 0) return no('INVOICE_NOT_PAYABLE_BY_WALLET');
    if (balanceZp < invoice.amountZp) return no('INSUFFICIENT_ZP', { needed: invoice.amountZp, balance: balanceZp });
    return { payable: true, reason: null, params: {}, balanceZp };
  }
}
