import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, notFound } from '@olymp/server-kit';
import { FINANCE_CONFIG, type FinanceConfig } from '../config';
import { LedgerService } from '../ledger/ledger.service';
import { type Caller, has } from '../invoices/invoices.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider';
import { ZpRecharge } from './recharge.entities';
import { WalletPaymentService } from '../invoices/wallet-payment.service';

/**
 * ZP recharges: a pupil buys ZP through the payment provider. The provider's callback is the only thing that
 * completes one; it must be authentic (the adapter checks the signature), fresh, never seen before (its event id is
 * recorded in the same transaction as its effect) and match the price. The ZP are credited under the key
 * `recharge:<id>`, so a completed recharge credits once whatever arrives later.
 */
@Injectable()
export class RechargesService {
  constructor(
    private readonly ds: DataSource,
    private readonly ledger: LedgerService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(FINANCE_CONFIG) private readonly config: FinanceConfig,
    private readonly invoicePayments: WalletPaymentService,
  ) {}

  async create(userId: string, amountZp: number): Promise<ZpRecharge> {
    const repo = this.ds.getRepository(ZpRecharge);
    return repo.save(
      repo.create({ id: randomUUID(), userId, amountZp, priceTenge: amountZp * this.config.FINANCE_ZP_PRICE_TENGE, status: 'created', provider: this.provider.name }),
    );
  }

  /** The pupil's own recharge; staff with `finance:payments` see anyone's. 404 otherwise. */
  async visible(id: string, user: Caller): Promise<ZpRecharge> {
    const r = await this.ds.getRepository(ZpRecharge).findOneBy({ id });
    if (!r || (r.userId !== user.sub && !has(user, 'finance:payments'))) throw notFound();
    return r;
  }

  /** Starts (or shows again) the provider payment of the caller's recharge. */
  async startPayment(id: string, user: Caller): Promise<ZpRecharge> {
    return this.ds.transaction(async (m) => {
      const r = await m.getRepository(ZpRecharge).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!r || r.userId !== user.sub) throw notFound();
      if (r.status === 'completed') throw new DomainError('RECHARGE_ALREADY_COMPLETED');
      if (r.status === 'failed') throw new DomainError('RECHARGE_PAYMENT_FAILED');
      if (r.status === 'pending') return r;
      const p = await this.provider.createPayment({ paymentId: r.id, amountTenge: r.priceTenge, description: `${r.amountZp} ZP` });
      r.status = 'pending';
      r.providerPaymentId = p.providerPaymentId;
      r.checkoutUrl = p.checkoutUrl;
      return m.getRepository(ZpRecharge).save(r);
    });
  }

  /** A provider's callback. Refused (and nothing changes) unless authentic, fresh, new and consistent. */
  async callback(body: unknown, headers: Record<string, string | string[] | undefined>): Promise<{ id: string; status: ZpRecharge['status'] }> {
    const notice = this.provider.verifyCallback(body, headers);
    if (!notice) throw new DomainError('CALLBACK_SIGNATURE_INVALID');
    if (Math.abs(Date.now() - notice.sentAt.getTime()) > this.config.FINANCE_CALLBACK_MAX_AGE_S * 1000) throw new DomainError('CALLBACK_EXPIRED');
    return this.ds.transaction(async (m) => {
      const fresh: unknown[] = await m.query(
        `INSERT INTO provider_callbacks (provider, event_id, provider_payment_id, status) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [this.provider.name, notice.eventId, notice.providerPaymentId, notice.status],
      );
      if (!fresh.length) throw new DomainError('CALLBACK_REPLAYED');
      const r = await m.getRepository(ZpRecharge).findOne({
        where: { provider: this.provider.name, providerPaymentId: notice.providerPaymentId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!r) {
        // Not a recharge: an invoice's card payment, or unknown (404).
        const payment = await this.invoicePayments.settleProviderPayment(m, notice);
        if (!payment) throw notFound();
        return { id: payment.id, status: payment.status === 'succeeded' ? 'completed' : payment.status };
      }
      if (notice.amountTenge !== r.priceTenge) throw new DomainError('CALLBACK_AMOUNT_MISMATCH', { paid: notice.amountTenge, price: r.priceTenge });
      const settled = r.status === 'completed' ? 'succeeded' : r.status === 'failed' ? 'failed' : null;
      if (settled === notice.status) return r; // the provider repeating an outcome under a new event id
      if (settled) throw new DomainError('CALLBACK_STATE_CONFLICT', { status: r.status });
      if (notice.status === 'failed') {
        r.status = 'failed';
        r.failedAt = new Date();
        return m.getRepository(ZpRecharge).save(r);
      }
      await this.ledger.post(m, {
        key: `recharge:${r.id}`,
        kind: 'recharge',
        reason: { rechargeId: r.id, provider: r.provider, priceTenge: r.priceTenge },
        legs: [{ unit: 'ZP', from: { system: 'recharges' }, to: { user: r.userId }, amount: r.amountZp }],
      });
      r.status = 'completed';
      r.completedAt = new Date();
      return m.getRepository(ZpRecharge).save(r);
    });
  }
}
