import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent } from '@olymp/server-kit';
import { Enrolments } from './enrolments.service';

/**
 * `invoice.paid` of a course invoice (its product id is an enrolment period's): the period is paid once and the
 * pupil seated (Enrolments.paid). The kit's inbox drops a redelivered message; a republished one (another message
 * id) finds the period paid and changes nothing. Other kinds belong to boards/ and the shop.
 */
@Injectable()
export class EnrolmentPaidConsumer {
  constructor(private readonly enrolments: Enrolments) {}

  // The durable's name is frozen (a new name is a new consumer that replays the stream's 14 days).
  @OnEvent('invoice.paid', { durable: 'learning.enrolment.invoice-paid', concurrency: 4 })
  async enrol(paid: EventPayload<'invoice.paid'>, ctx: EventContext): Promise<void> {
    if (paid.product.kind !== 'course') return;
    await this.enrolments.paid(ctx.manager, paid);
  }

  /** `invoice.refunded` of a course invoice: the period's access ends at the refund, once (Enrolments.refunded). */
  @OnEvent('invoice.refunded', { durable: 'learning.enrolment.invoice-refunded' })
  async refund(refund: EventPayload<'invoice.refunded'>, ctx: EventContext): Promise<void> {
    if (refund.product.kind !== 'course') return;
    await this.enrolments.refunded(ctx.manager, refund);
  }
}
