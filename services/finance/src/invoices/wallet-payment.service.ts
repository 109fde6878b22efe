import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLog, Clock, DomainError, EventOutbox, notFound } from '@olymp/server-kit';
import { FINANCE_CONFIG, type FinanceConfig } from '../config';
import { type Leg, LedgerService } from '../ledger/ledger.service';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderNotice } from '../recharges/payment-provider';
import { Invoice, InvoicePayment } from './invoice.entity';
import { type Caller, has, walletUnit } from './invoices.service';

/** Fault injection points for tests that kill the process in the middle of a payment. */
export interface PaymentHooks {
  /** Runs inside the payment's transaction after the ZP were debited and before the invoice is marked paid. */
  afterDebit?: (invoiceId: string) => void | Promise<void>;
}

/**
 * Paying an invoice and refunding it. The wallet pays ZP (a ZP price) or Altyn Saqa (an Altyn Saqa price) in one
 * database transaction: lock the invoice row, check it is pending, post the ledger transaction (key
 * `invoice.wallet:<id>`), mark it paid and write `invoice.paid` to the outbox. Concurrent payments of one invoice
 * queue on the row lock; the first commits, the rest find it paid. A process killed half-way leaves nothing.
 *
 * Tenge goes through the payment provider (the adapter recharges use): `startProviderPayment` opens a payment of the
 * tenge still due, the provider's signed callback (`settleProviderPayment`, called by the recharges' callback route)
 * marks the invoice paid. Part of a tenge price may first be covered with ZP (`useZp`, once per invoice, at
 * `FINANCE_ZP_PRICE_TENGE` tenge per ZP); covering all of it pays the invoice.
 */
@Injectable()
export class WalletPaymentService {
  hooks: PaymentHooks = {};

  constructor(
    private readonly ds: DataSource,
    private readonly ledger: LedgerService,
    private readonly outbox: EventOutbox,
    private readonly audit: AuditLog,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(FINANCE_CONFIG) private readonly config: FinanceConfig,
    private readonly clock: Clock,
  ) {}

  get zpRateTenge(): number {
    return this.config.FINANCE_ZP_PRICE_TENGE;
  }

  private async locked(m: EntityManager, invoiceId: string): Promise<Invoice | null> {
    return m.getRepository(Invoice).findOne({ where: { id: invoiceId }, lock: { mode: 'pessimistic_write' } });
  }

  private async pendingProviderPayment(m: EntityManager, invoiceId: string): Promise<InvoicePayment | null> {
    return m.getRepository(InvoicePayment).findOneBy({ invoiceId, status: 'pending' });
  }

  async pay(invoiceId: string, payer: Caller): Promise<Invoice> {
    return this.ds.transaction(async (m) => {
      const invoice = await this.locked(m, invoiceId);
      if (!invoice || (invoice.userId !== payer.sub && !has(payer, 'finance:invoice_index'))) throw notFound();
      // The wallet is the pupil's own: staff may see the invoice but not pay it from someone's wallet.
      if (invoice.userId !== payer.sub) throw new DomainError('FORBIDDEN');
      if (invoice.status === 'paid') throw new DomainError('INVOICE_ALREADY_PAID');
      if (invoice.status === 'cancelled') throw new DomainError('INVOICE_CANCELLED');
      const wallet = walletUnit(invoice);
      if (!wallet) throw new DomainError('INVOICE_NOT_PAYABLE_BY_WALLET');
      if (await this.pendingProviderPayment(m, invoice.id)) throw new DomainError('INVOICE_PAYMENT_IN_PROGRESS');
      await this.ledger.post(m, {
        key: `invoice.wallet:${invoice.id}`,
        kind: 'invoice_payment',
        reason: { invoiceId: invoice.id, product: { kind: invoice.productKind, id: invoice.productId }, title: titleOf(invoice) },
        legs: [{ unit: wallet.unit, from: { user: invoice.userId }, to: { system: 'sales' }, amount: wallet.amount }],
      });
      await this.hooks.afterDebit?.(invoice.id);
      return this.markPaid(m, invoice, 'wallet');
    });
  }

  private async markPaid(m: EntityManager, invoice: Invoice, method: 'wallet' | 'provider'): Promise<Invoice> {
    invoice.status = 'paid';
    invoice.paymentMethod = method;
    invoice.paidAt = new Date();
    await m.getRepository(Invoice).save(invoice);
    await this.outbox.add(m, 'invoice.paid', {
      invoiceId: invoice.id,
      userId: invoice.userId,
      product: { kind: invoice.productKind, id: invoice.productId },
      amountTenge: invoice.amountTenge,
      amountZp: invoice.amountZp,
      method,
      paidAt: invoice.paidAt.toISOString(),
    });
    return invoice;
  }

  /**
   * Covers part of a pending tenge-only invoice with the pupil's ZP, on their behalf (the shop's `use-zp`): once per
   * invoice (key `invoice.use-zp:<id>`; the same amount again answers the state, another amount is refused). Covering
   * all of the tenge pays the invoice.
   */
  async useZp(invoiceId: string, userId: string, amountZp: number): Promise<Invoice> {
    return this.ds.transaction(async (m) => {
      const invoice = await this.locked(m, invoiceId);
      if (!invoice || invoice.userId !== userId) throw notFound();
      if (invoice.zpApplied > 0) {
        if (invoice.zpApplied === amountZp) return invoice;
        throw new DomainError('INVOICE_ZP_ALREADY_APPLIED', { applied: invoice.zpApplied });
      }
      if (invoice.status === 'paid') throw new DomainError('INVOICE_ALREADY_PAID');
      if (invoice.status === 'cancelled') throw new DomainError('INVOICE_CANCELLED');
      if (invoice.tengeDue <= 0 || walletUnit(invoice)) throw new DomainError('INVOICE_NOT_PAYABLE_BY_PROVIDER');
      if (await this.pendingProviderPayment(m, invoice.id)) throw new DomainError('INVOICE_PAYMENT_IN_PROGRESS');
      const rate = this.zpRateTenge;
      const balance = await this.ledger.balanceOf(userId, 'ZP', m);
      const max = Math.min(Math.ceil(invoice.tengeDue / rate), balance);
      if (amountZp > max) {
        if (balance < amountZp && balance < Math.ceil(invoice.tengeDue / rate)) throw new DomainError('INSUFFICIENT_ZP', { needed: amountZp, balance });
        throw new DomainError('ZP_COVER_TOO_LARGE', { max });
      }
      await this.ledger.post(m, {
        key: `invoice.use-zp:${invoice.id}`,
        kind: 'invoice_payment',
        reason: { invoiceId: invoice.id, product: { kind: invoice.productKind, id: invoice.productId }, title: titleOf(invoice), zpRateTenge: rate },
        legs: [{ unit: 'ZP', from: { user: userId }, to: { system: 'sales' }, amount: amountZp }],
      });
      invoice.zpApplied = amountZp;
      invoice.tengeDue = Math.max(0, invoice.tengeDue - amountZp * rate);
      if (invoice.tengeDue === 0) return this.markPaid(m, invoice, 'wallet');
      return m.getRepository(Invoice).save(invoice);
    });
  }

  /** The owner starts paying the tenge still due through the provider; asking again answers the pending payment. */
  async startProviderPayment(invoiceId: string, payer: Caller): Promise<InvoicePayment> {
    return this.ds.transaction(async (m) => {
      const invoice = await this.locked(m, invoiceId);
      if (!invoice || invoice.userId !== payer.sub) throw notFound();
      if (invoice.status === 'paid') throw new DomainError('INVOICE_ALREADY_PAID');
      if (invoice.status === 'cancelled') throw new DomainError('INVOICE_CANCELLED');
      if (invoice.tengeDue <= 0) throw new DomainError('INVOICE_NOT_PAYABLE_BY_PROVIDER');
      const pending = await this.pendingProviderPayment(m, invoice.id);
      if (pending) return pending;
      const id = randomUUID();
      const p = await this.provider.createPayment({
        paymentId: id, amountTenge: invoice.tengeDue, description: titleOf(invoice).ru, checkoutPath: `/api/invoices/${invoice.id}/sandbox-complete`,
      });
      return m.getRepository(InvoicePayment).save(
        Object.assign(new InvoicePayment(), {
          id, invoiceId: invoice.id, amountTenge: invoice.tengeDue, status: 'pending' as const, provider: this.provider.name,
          providerPaymentId: p.providerPaymentId, checkoutUrl: p.checkoutUrl, settledAt: null,
        }),
      );
    });
  }

  /**
   * An authentic, fresh, new provider notice for an invoice payment (the recharges' callback found no recharge for
   * it), in the callback's transaction. Null when the payment is not an invoice's. A success on an invoice that was
   * cancelled meanwhile is refunded to the card at once.
   */
  async settleProviderPayment(m: EntityManager, notice: ProviderNotice): Promise<InvoicePayment | null> {
    const payment = await m.getRepository(InvoicePayment).findOne({
      where: { provider: this.provider.name, providerPaymentId: notice.providerPaymentId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!payment) return null;
    if (notice.amountTenge !== payment.amountTenge) throw new DomainError('CALLBACK_AMOUNT_MISMATCH', { paid: notice.amountTenge, price: payment.amountTenge });
    if (payment.status !== 'pending') {
      if (payment.status === notice.status) return payment;
      throw new DomainError('CALLBACK_STATE_CONFLICT', { status: payment.status });
    }
    payment.status = notice.status;
    payment.settledAt = new Date();
    await m.getRepository(InvoicePayment).save(payment);
    if (notice.status === 'failed') return payment;
    const invoice = await this.locked(m, payment.invoiceId);
    if (!invoice) throw notFound();
    if (invoice.status !== 'pending') {
      await this.provider.refundPayment({ providerPaymentId: payment.providerPaymentId, amountTenge: payment.amountTenge });
      return payment;
    }
    invoice.tengeDue = 0;
    await this.markPaid(m, invoice, 'provider');
    return payment;
  }

  /** The pending provider payment of an invoice (the sandbox's page completes it). */
  async providerPaymentOf(invoiceId: string): Promise<InvoicePayment | null> {
    return this.ds.getRepository(InvoicePayment).findOne({ where: { invoiceId }, order: { createdAt: 'DESC' } });
  }

  /**
   * Refunds a paid invoice (key `invoice.refund:<id>`): the ZP and Altyn Saqa it took go back as postings from
   * `refunds`, the tenge through the provider's refund. The invoice stays paid, with `refundedAt` (the kit's Clock);
   * `invoice.refunded` goes out in the same transaction (a course period's access ends then, in learning).
   */
  async refund(invoiceId: string, actor: Caller): Promise<Invoice> {
    return this.ds.transaction(async (m) => {
      const invoice = await this.locked(m, invoiceId);
      if (!invoice) throw notFound();
      if (invoice.status !== 'paid') throw new DomainError('INVOICE_NOT_PAID');
      if (invoice.refundedAt) throw new DomainError('INVOICE_ALREADY_REFUNDED');
      const before = { ...invoice };
      const wallet = invoice.paymentMethod === 'wallet' ? walletUnit(invoice) : null;
      const zp = invoice.zpApplied + (wallet?.unit === 'ZP' ? wallet.amount : 0);
      const altynSaqa = wallet?.unit === 'ALTYN_SAQA' ? wallet.amount : 0;
      let tenge = 0;
      if (invoice.paymentMethod === 'provider') {
        const payment = await m.getRepository(InvoicePayment).findOneBy({ invoiceId: invoice.id, status: 'succeeded' });
        if (!payment) throw new DomainError('INVOICE_NOT_REFUNDABLE');
        await this.provider.refundPayment({ providerPaymentId: payment.providerPaymentId, amountTenge: payment.amountTenge }).catch(() => {
          throw new DomainError('INVOICE_NOT_REFUNDABLE');
        });
        tenge = payment.amountTenge;
      }
      const legs: Leg[] = [];
      if (zp > 0) legs.push({ unit: 'ZP', from: { system: 'refunds' }, to: { user: invoice.userId }, amount: zp });
      if (altynSaqa > 0) legs.push({ unit: 'ALTYN_SAQA', from: { system: 'refunds' }, to: { user: invoice.userId }, amount: altynSaqa });
      if (legs.length) {
        await this.ledger.post(m, {
          key: `invoice.refund:${invoice.id}`,
          kind: 'invoice_refund',
          reason: { invoiceId: invoice.id, product: { kind: invoice.productKind, id: invoice.productId }, title: titleOf(invoice), by: actor.sub },
          legs,
        });
      }
      invoice.refundedAt = this.clock.now();
      invoice.refundedZp = zp;
      invoice.refundedAltynSaqa = altynSaqa;
      invoice.refundedTenge = tenge;
      await m.getRepository(Invoice).save(invoice);
      await this.outbox.add(m, 'invoice.refunded', {
        invoiceId: invoice.id,
        userId: invoice.userId,
        product: { kind: invoice.productKind, id: invoice.productId },
        refundedTenge: tenge,
        refundedZp: zp,
        refundedAltynSaqa: altynSaqa,
        refundedAt: invoice.refundedAt.toISOString(),
      });
      await this.audit.record(m, { actor, action: 'refund', resource: 'invoices', resourceId: invoice.id, before, after: invoice });
      return invoice;
    });
  }
}

export const titleOf = (i: Invoice) => ({ kk: i.titleKk, ru: i.titleRu, en: i.titleEn });
