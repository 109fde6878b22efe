import { Controller } from '@nestjs/common';
import type { RpcReply, RpcRequest } from '@olymp/proto';
import { DomainError, RpcHandler, RpcPayloadOf } from '@olymp/server-kit';
import { LedgerService } from '../ledger/ledger.service';
import { InvoicesService } from './invoices.service';
import { WalletPaymentService } from './wallet-payment.service';

/**
 * What learning and the shop ask finance over NATS: open a pupil's invoice, read its payment state, put ZP towards
 * its tenge price, cancel a product's unpaid ones, refund a payment (a shop cancel or return), read balances.
 */
@Controller()
export class InvoicesRpcController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly ledger: LedgerService,
    private readonly payments: WalletPaymentService,
  ) {}

  @RpcHandler('finance.invoice.open')
  async open(@RpcPayloadOf('finance.invoice.open') req: RpcRequest<'finance.invoice.open'>): Promise<RpcReply<'finance.invoice.open'>> {
    const { invoice: i } = await this.invoices.open(req);
    return {
      invoiceId: i.id,
      userId: i.userId,
      product: { kind: i.productKind, id: i.productId },
      amountTenge: i.amountTenge,
      amountZp: i.amountZp,
      amountAltynSaqa: i.amountAltynSaqa,
      status: i.status,
      createdAt: i.createdAt.toISOString(),
      paidAt: i.paidAt?.toISOString() ?? null,
    };
  }

  @RpcHandler('finance.invoice.refund')
  async refund(@RpcPayloadOf('finance.invoice.refund') req: RpcRequest<'finance.invoice.refund'>): Promise<RpcReply<'finance.invoice.refund'>> {
    const actor = { sub: req.actor.userId, roleId: req.actor.roleId, permissions: new Set<string>(), isAdmin: false };
    const invoice = await this.payments.refund(req.invoiceId, actor).catch(async (err: unknown) => {
      // Asked again (a retried return): answer the refund already made.
      if (err instanceof DomainError && err.code === 'INVOICE_ALREADY_REFUNDED') return this.invoices.get(req.invoiceId);
      throw err;
    });
    return {
      invoiceId: invoice.id,
      refundedZp: invoice.refundedZp ?? 0,
      refundedAltynSaqa: invoice.refundedAltynSaqa ?? 0,
      refundedTenge: invoice.refundedTenge ?? 0,
      refundedAt: (invoice.refundedAt ?? new Date()).toISOString(),
    };
  }

  @RpcHandler('finance.invoice.get')
  async get(@RpcPayloadOf('finance.invoice.get') req: RpcRequest<'finance.invoice.get'>): Promise<RpcReply<'finance.invoice.get'>> {
    const i = await this.invoices.get(req.invoiceId);
    return {
      invoiceId: i.id, userId: i.userId, status: i.status, amountTenge: i.amountTenge, amountZp: i.amountZp, amountAltynSaqa: i.amountAltynSaqa,
      zpApplied: i.zpApplied, tengeDue: i.tengeDue, zpRateTenge: this.payments.zpRateTenge,
    };
  }

  /** The shop's `use-zp`: the pupil's ZP towards a tenge price, on their behalf (the shop checked the order is theirs). */
  @RpcHandler('finance.invoice.use-zp')
  async useZp(@RpcPayloadOf('finance.invoice.use-zp') req: RpcRequest<'finance.invoice.use-zp'>): Promise<RpcReply<'finance.invoice.use-zp'>> {
    const i = await this.payments.useZp(req.invoiceId, req.userId, req.amountZp);
    return { invoiceId: i.id, status: i.status, zpApplied: i.zpApplied, tengeDue: i.tengeDue, zpRateTenge: this.payments.zpRateTenge };
  }

  @RpcHandler('finance.invoice.cancel-unpaid')
  async cancelUnpaid(
    @RpcPayloadOf('finance.invoice.cancel-unpaid') req: RpcRequest<'finance.invoice.cancel-unpaid'>,
  ): Promise<RpcReply<'finance.invoice.cancel-unpaid'>> {
    return { cancelled: await this.invoices.cancelUnpaid(req.product) };
  }

  @RpcHandler('finance.balances.get')
  async balances(@RpcPayloadOf('finance.balances.get') req: RpcRequest<'finance.balances.get'>): Promise<RpcReply<'finance.balances.get'>> {
    return { balances: await this.ledger.balances([...new Set(req.userIds)]) };
  }
}
