import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { type EventPayload, message } from '@olymp/proto';
import { type EventContext, EventOutbox, KIT_LOGGER, OnEvent, RpcClient } from '@olymp/server-kit';
import { NoticesService } from './notices.service';

/** The facts that become notices. Shared durable consumers (one node handles each); the kit's inbox dedupes. */
@Injectable()
export class NoticesConsumer {
  constructor(
    private readonly notices: NoticesService,
    private readonly rpc: RpcClient,
    private readonly outbox: EventOutbox,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('invoice.paid', { durable: 'NoticesConsumer.invoicePaid' })
  async invoicePaid(e: EventPayload<'invoice.paid'>, ctx: EventContext): Promise<void> {
    await this.notices.add(ctx.manager, NoticesService.fromInvoicePaid(e));
  }

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  // Every move is a kept notice and a socket toast; the move to ready_for_pickup also sends an SMS with the pickup
  // code to the pupil's phone (auth's `auth.users.contacts`), through the kit's SMS path (`sms.requested`, purpose
  // notice) in the same transaction, so a redelivery (dropped by the inbox) never sends it twice.
  @OnEvent('order.status.changed', { durable: 'NoticesConsumer.orderStatusChanged' })
  async orderStatusChanged(e: EventPayload<'order.status.changed'>, ctx: EventContext): Promise<void> {
    await this.notices.add(ctx.manager, NoticesService.fromOrderStatus(e));
    const code = 'pickupCode' in e ? e.pickupCode : null;
    if (e.to !== 'ready_for_pickup' || !code) return;
    const { contacts } = await this.rpc.request('auth.users.contacts', { userIds: [e.userId] });
    const phone = contacts[0]?.phone;
    if (!phone) return this.logger.warn({ orderId: e.orderId }, 'order ready for pickup: the pupil has no phone in auth, no SMS');
    await this.outbox.add(ctx.manager, 'sms.requested', {
      smsId: randomUUID(),
      to: phone,
      text: `${message('SMS_ORDER_READY', 'kk', { code })}\n${message('SMS_ORDER_READY', 'ru', { code })}`,
      purpose: 'notice',
      requestedAt: new Date(e.changedAt).toISOString(),
    });
  }

  // An event starts in an hour: a notice to each pupil of the message (one per event and pupil, whatever repeats).
  @OnEvent('learning.event.reminded', { durable: 'notifications.notices.event-reminded' })
  async eventReminded(e: EventPayload<'learning.event.reminded'>, ctx: EventContext): Promise<void> {
    await this.notices.addMany(ctx.manager, NoticesService.fromEventReminded(e));
  }

  // A paid course period: "you are enrolled" (or "extended") with the course's title, once per period. A new consumer
  // replays the stream's 14 days: v1 facts carry no title and make no notice; v2 ones are keyed by period.
  @OnEvent('course.enrolled', { durable: 'notifications.notices.course-enrolled' })
  async courseEnrolled(e: EventPayload<'course.enrolled'>, ctx: EventContext): Promise<void> {
    const notice = NoticesService.fromCourseEnrolled(e);
    if (notice) await this.notices.add(ctx.manager, notice);
  }

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('achievement.earned', { durable: 'NoticesConsumer.achievementEarned' })
  async achievementEarned(e: EventPayload<'achievement.earned'>, ctx: EventContext): Promise<void> {
    await this.notices.add(ctx.manager, NoticesService.fromAchievement(e));
  }
}
