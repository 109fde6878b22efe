import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent } from '@olymp/server-kit';
import { Orders } from './orders.service';

/**
 * Finance's word on an order's invoice. Both handlers run in the kit's inbox transaction (a redelivered message is
 * dropped before the handler) and are idempotent by the order's status as well: a second `invoice.paid` finds the
 * order paid and changes nothing. Invoices for anything but orders are not the shop's.
 */
@Injectable()
export class InvoiceEventsConsumer {
  constructor(private readonly orders: Orders) {}

  @OnEvent('invoice.paid', { durable: 'shop.orders.invoice-paid', concurrency: 4 })
  async paid(e: EventPayload<'invoice.paid'>, ctx: EventContext): Promise<void> {
    if (e.product.kind !== 'order') return;
    await this.orders.paid(ctx.manager, e.product.id, new Date(e.paidAt));
  }

  @OnEvent('invoice.cancelled', { durable: 'shop.orders.invoice-cancelled', concurrency: 4 })
  async cancelled(e: EventPayload<'invoice.cancelled'>, ctx: EventContext): Promise<void> {
    if (e.product.kind !== 'order') return;
    await this.orders.release(e.product.id, 'system', null, `invoice cancelled (${e.reason})`, ctx.manager);
  }
}
