import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent } from '@olymp/server-kit';
import { Participations } from './participations.service';
import { Training } from '../floor/training.entities';
import { Challenge } from '../floor/challenge.entities';

/**
 * A paid invoice grants what it was for: taking part in a challenge, or a training subscription. Idempotent (the
 * kit's inbox, and joining twice is a no-op). Courses belong to a later issue and orders to
 * the shop; their invoices are acknowledged.
 */
@Injectable()
export class InvoicePaidConsumer {
  constructor(private readonly participations: Participations) {}

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('invoice.paid', { durable: 'InvoicePaidConsumer.grant', concurrency: 8 })
  async grant(paid: EventPayload<'invoice.paid'>, ctx: EventContext): Promise<void> {
    const { kind, id } = paid.product;
    if (kind !== 'challenge' && kind !== 'training') return; // courses: a later issue; orders are the shop's
    const m = ctx.manager;
    const hearts = kind === 'training' ? ((await m.findOneBy(Training, { id }))?.heartsMax ?? null) : null;
    if (kind === 'challenge' && !(await m.existsBy(Challenge, { id }))) return;
    if (kind === 'training' && hearts === null) return;
    const person = await this.participations.person(paid.userId);
    await this.participations.join(m, { kind, id }, person, 'invoice', { invoiceId: paid.invoiceId, hearts });
  }
}
