import { Inject, Injectable } from '@nestjs/common';
import { DomainError, KIT_LOGGER, PeriodicPass, RpcClient } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { Orders } from './orders.service';

/**
 * Gives back the stock of orders not paid within PAYMENT_WINDOW_MS (30 minutes by the kit's Clock). For each
 * overdue order it first cancels the invoice in finance (`finance.invoice.cancel-unpaid`, which takes the invoice's
 * row lock, so a payment racing it either lands first or is refused), then cancels the order and returns the stock.
 * If finance cancelled nothing and has the order's invoice, it was paid or cancelled meanwhile: its event
 * (invoice.paid or invoice.cancelled) settles the order, so the sweeper leaves it. If finance never opened the
 * invoice (the checkout died after its commit), nothing can pay the order: it is released.
 */
@Injectable()
export class PaymentSweeper extends PeriodicPass<number> {
  static readonly INTERVAL_MS = 30_000;

  constructor(
    private readonly orders: Orders,
    private readonly rpc: RpcClient,
    @Inject(KIT_LOGGER) logger: Logger,
  ) {
    super({ intervalMs: PaymentSweeper.INTERVAL_MS, what: 'order payment sweep' }, logger);
  }

  /**
   * Whether finance has the order's invoice. An order records its invoice id (derived from its own) before finance
   * opens it, so a checkout that died in between leaves an order whose invoice never existed: nothing can pay it.
   */
  private async invoiceExists(invoiceId: string): Promise<boolean> {
    try {
      await this.rpc.request('finance.invoice.get', { invoiceId });
      return true;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') return false;
      throw err;
    }
  }

  protected async pass(): Promise<number> {
    let released = 0;
    for (const order of await this.orders.overdue(200)) {
      const { cancelled } = await this.rpc.request('finance.invoice.cancel-unpaid', { product: { kind: 'order', id: order.id } });
      if (cancelled > 0 || order.invoiceId === null || !(await this.invoiceExists(order.invoiceId))) {
        if (await this.orders.release(order.id, 'system', null, 'not paid in time')) released += 1;
      }
    }
    return released;
  }
}
