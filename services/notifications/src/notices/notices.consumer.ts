import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent } from '@olymp/server-kit';
import { NoticesService } from './notices.service';

/** The facts that become notices. Shared durable consumers (one node handles each); the kit's inbox dedupes. */
@Injectable()
export class NoticesConsumer {
  constructor(private readonly notices: NoticesService) {}

  @OnEvent('invoice.paid')
  async invoicePaid(e: EventPayload<'invoice.paid'>, ctx: EventContext): Promise<void> {
    await this.notices.add(ctx.manager, NoticesService.fromInvoicePaid(e));
  }

  @OnEvent('order.status.changed')
  async orderStatusChanged(e: EventPayload<'order.status.changed'>, ctx: EventContext): Promise<void> {
    await this.notices.add(ctx.manager, NoticesService.fromOrderStatus(e));
  }

  @OnEvent('achievement.earned')
  async achievementEarned(e: EventPayload<'achievement.earned'>, ctx: EventContext): Promise<void> {
    await this.notices.add(ctx.manager, NoticesService.fromAchievement(e));
  }
}
