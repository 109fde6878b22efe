import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent } from '@olymp/server-kit';
import { NoticesService } from './notices.service';

/** The facts that become notices. Shared durable consumers (one node handles each); the kit's inbox dedupes. */
@Injectable()
export class NoticesConsumer {
  constructor(private readonly notices: NoticesService) {}

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('invoice.paid', { durable: 'NoticesConsumer.invoicePaid' })
  async invoicePaid(e: EventPayload<'invoice.paid'>, ctx: EventContext): Promise<void> {
    await this.notices.add(ctx.manager, NoticesService.fromInvoicePaid(e));
  }

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('order.status.changed', { durable: 'NoticesConsumer.orderStatusChanged' })
  async orderStatusChanged(e: EventPayload<'order.status.changed'>, ctx: EventContext): Promise<void> {
    await this.notices.add(ctx.manager, NoticesService.fromOrderStatus(e));
  }

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('achievement.earned', { durable: 'NoticesConsumer.achievementEarned' })
  async achievementEarned(e: EventPayload<'achievement.earned'>, ctx: EventContext): Promise<void> {
    await this.notices.add(ctx.manager, NoticesService.fromAchievement(e));
  }
}
