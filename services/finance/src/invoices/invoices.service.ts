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
  amountAltynSaqa?: number;
  /** The id a new invoice takes (the shop derives it from the order's id). */
  invoiceId?: string;
}

export const LIVE_INVOICE = `("status" = 'pending' OR ("status" = 'paid' AND "refunded_at" IS NULL))`;

export type PayableReason = 'INVOICE_ALREADY_PAID' | 'INVOICE_CANCELLED' | 'INVOICE_NOT_PAYABLE_BY_WALLET' | 'INSUFFICIENT_ZP' | 'INSUFFICIENT_FUNDS';

/** What the wallet pays an invoice with: ZP if it has a ZP price, else Altyn Saqa if it has one, else nothing. */
export function walletUnit(i: Pick<Invoice, 'amountZp' | 'amountAltynSaqa'>): { unit: 'ZP' | 'ALTYN_SAQA'; amount: number } | null {
  if (i.amountZp > 0) return { unit: 'ZP', amount: i.amountZp };
  if (i.amountAltynSaqa > 0) return { unit: 'ALTYN_SAQA', amount: i.amountAltynSaqa };
  return null;
}

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
    const altynSaqa = req.amountAltynSaqa ?? 0;
    if (req.amountTenge + req.amountZp + altynSaqa <= 0) throw new DomainError('INVOICE_AMOUNT_REQUIRED');
    return this.ds.transaction(async (m) => {
      const id = req.invoiceId ?? randomUUID();
      const inserted: unknown[] = await m.query(
        `INSERT INTO invoices (id, user_id, product_kind, product_id, title_kk, title_ru, title_en, amount_tenge, amount_zp, amount_altyn_saqa, tenge_due, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $8, $11)
         ON CONFLICT (user_id, product_kind, product_id) WHERE ${LIVE_INVOICE} DO NOTHING RETURNING id`,
        [id, req.userId, req.product.kind, req.product.id, req.title.kk, req.title.ru, req.title.en, req.amountTenge, req.amountZp, altynSaqa, staff?.sub ?? null],
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
      await this.returnAppliedZp(m, invoice);
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
      for (const { id } of rows) {
        const invoice = await m.getRepository(Invoice).findOneByOrFail({ id });
        await this.returnAppliedZp(m, invoice);
        await this.cancelled(m, invoice, 'unpaid');
      }
      return rows.length;
    });
  }

  /** A cancelled invoice gives back the ZP put towards its tenge price (key `invoice.use-zp-return:<id>`). */
  private async returnAppliedZp(m: EntityManager, invoice: Invoice): Promise<void> {
    if (invoice.zpApplied <= 0) return;
    await this.ledger.post(m, {
      key: `invoice.use-zp-return:${invoice.id}`,
      kind: 'invoice_refund',
      reason: { invoiceId: invoice.id, product: { kind: invoice.productKind, id: invoice.productId }, title: { kk: invoice.titleKk, ru: invoice.titleRu, en: invoice.titleEn }, cancelled: true },
      legs: [{ unit: 'ZP', from: { system: 'sales' }, to: { user: invoice.userId }, amount: invoice.zpApplied }],
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
  async payable(invoice: Invoice): Promise<{
    payable: boolean; reason: PayableReason | null; params: Record<string, unknown>; balanceZp: number; balanceAltynSaqa: number; provider: boolean;
  }> {
    const balanceZp = await this.ledger.balanceOf(invoice.userId, 'ZP');
    const balanceAltynSaqa = await this.ledger.balanceOf(invoice.userId, 'ALTYN_SAQA');
    const provider = invoice.status === 'pending' && invoice.tengeDue > 0;
    const no = (reason: PayableReason, params: Record<string, unknown> = {}) => ({ payable: false, reason, params, balanceZp, balanceAltynSaqa, provider });
    if (invoice.status === 'paid') return no('INVOICE_ALREADY_PAID');
    if (invoice.status === 'cancelled') return no('INVOICE_CANCELLED');
    const wallet = walletUnit(invoice);
    if (!wallet) return no('INVOICE_NOT_PAYABLE_BY_WALLET');
    if (wallet.unit === 'ZP' && balanceZp < wallet.amount) return no('INSUFFICIENT_ZP', { needed: wallet.amount, balance: balanceZp });
    if (wallet.unit === 'ALTYN_SAQA' && balanceAltynSaqa < wallet.amount) {
      return no('INSUFFICIENT_FUNDS', { unit: 'Altyn Saqa', needed: wallet.amount, balance: balanceAltynSaqa });
    }
    return { payable: true, reason: null, params: {}, balanceZp, balanceAltynSaqa, provider };
  }
}
