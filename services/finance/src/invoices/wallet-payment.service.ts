import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLog, DomainError, EventOutbox, notFound } from '@olymp/server-kit';
import { LedgerService } from '../ledger/ledger.service';
import { Invoice } from './invoice.entity';
import { type Caller, has } from './invoices.service';

/** Fault injection points for tests that kill the process in the middle of a payment. */
export interface PaymentHooks {
  /** Runs inside the payment's transaction after the ZP were debited and before the invoice is marked paid. */
  afterDebit?: (invoiceId: string) => void | Promise<void>;
}

/**
 * Paying an invoice with ZP and refunding it. One database transaction does all of it: lock the invoice row, check it
 * is pending, post the ledger transaction (key `invoice.wallet:<id>`), mark it paid and write `invoice.paid` to the
 * outbox. Concurrent payments of one invoice queue on the row lock; the first commits, the rest find it paid. A
 * process killed half-way leaves nothing: the transaction rolls back, the ZP, the status and the event together.
 */
@Injectable()
export class WalletPaymentService {
  hooks: PaymentHooks = {};

  constructor(
    private readonly ds: DataSource,
    private readonly ledger: LedgerService,
    private readonly outbox: EventOutbox,
    private readonly audit: AuditLog,
  ) {}

  async pay(invoiceId: string, payer: Caller): Promise<Invoice> {
    return this.ds.transaction(async (m) => {
      const invoice = await m.getRepository(Invoice).findOne({ where: { id: invoiceId }, lock: { mode: 'pessimistic_write' } });
      if (!invoice || (invoice.userId !== payer.sub && !has(payer, 'finance:invoice_index'))) throw notFound();
      // The wallet is the pupil's own: staff may see the invoice but not pay it from someone's wallet.
      if (invoice.userId !== payer.sub) throw new DomainError('FORBIDDEN');
      if (invoice.status === 'paid') throw new DomainError('INVOICE_ALREADY_PAID');
      if (invoice.status === 'cancelled') throw new DomainError('INVOICE_CANCELLED');
      if (invoice.amountZp <= 0) throw new DomainError('INVOICE_NOT_PAYABLE_BY_WALLET');
      await this.ledger.post(m, {
        key: `invoice.wallet:${invoice.id}`,
        kind: 'invoice_payment',
        reason: { invoiceId: invoice.id, product: { kind: invoice.productKind, id: invoice.productId }, title: titleOf(invoice) },
        legs: [{ unit: 'ZP', from: { user: invoice.userId }, to: { system: 'sales' }, amount: invoice.amountZp }],
      });
      await this.hooks.afterDebit?.(invoice.id);
      invoice.status = 'paid';
      invoice.paymentMethod = 'wallet';
      invoice.paidAt = new Date();
      await m.getRepository(Invoice).save(invoice);
      await this.outbox.add(m, 'invoice.paid', {
        invoiceId: invoice.id,
        userId: invoice.userId,
        product: { kind: invoice.productKind, id: invoice.productId },
        amountTenge: invoice.amountTenge,
        amountZp: invoice.amountZp,
        method: 'wallet',
        paidAt: invoice.paidAt.toISOString(),
      });
      return invoice;
    });
  }

  /** Returns a wallet payment's ZP to the pupil (key `invoice.refund:<id>`); the invoice stays paid, with `refundedAt`. */
  async refund(invoiceId: string, staff: Caller): Promise<Invoice> {
    return this.ds.transaction(async (m) => {
      const invoice = await m.getRepository(Invoice).findOne({ where: { id: invoiceId }, lock: { mode: 'pessimistic_write' } });
      if (!invoice) throw notFound();
      if (invoice.status !== 'paid') throw new DomainError('INVOICE_NOT_PAID');
      if (invoice.refundedAt) throw new DomainError('INVOICE_ALREADY_REFUNDED');
      if (invoice.paymentMethod !== 'wallet') throw new DomainError('INVOICE_NOT_REFUNDABLE');
      const before = { ...invoice };
      await this.ledger.post(m, {
        key: `invoice.refund:${invoice.id}`,
        kind: 'invoice_refund',
        reason: { invoiceId: invoice.id, product: { kind: invoice.productKind, id: invoice.productId }, title: titleOf(invoice), by: staff.sub },
        legs: [{ unit: 'ZP', from: { system: 'refunds' }, to: { user: invoice.userId }, amount: invoice.amountZp }],
      });
      invoice.refundedAt = new Date();
      invoice.refundedZp = invoice.amountZp;
      await m.getRepository(Invoice).save(invoice);
      await this.audit.record(m, { actor: staff, action: 'refund', resource: 'invoices', resourceId: invoice.id, before, after: invoice });
      return invoice;
    });
  }
}

export const titleOf = (i: Invoice) => ({ kk: i.titleKk, ru: i.titleRu, en: i.titleEn });
