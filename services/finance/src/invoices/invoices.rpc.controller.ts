import { Controller } from '@nestjs/common';
import type { RpcReply, RpcRequest } from '@olymp/proto';
import { RpcHandler, RpcPayloadOf } from '@olymp/server-kit';
import { LedgerService } from '../ledger/ledger.service';
import { InvoicesService } from './invoices.service';

/** What learning asks finance over NATS: open a pupil's invoice, cancel a product's unpaid ones, read balances. */
@Controller()
export class InvoicesRpcController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly ledger: LedgerService,
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
      status: i.status,
      createdAt: i.createdAt.toISOString(),
      paidAt: i.paidAt?.toISOString() ?? null,
    };
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
