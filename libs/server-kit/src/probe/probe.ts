import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Inject, Injectable, Post } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { type EventPayload, probeReceiptReply, probeSentReply } from '@olymp/proto';
import { ApiShape } from '../http/api-shape';
import { RequirePermission } from '../auth/decorators';
import { KIT_CONFIG } from '../tokens';
import type { KitConfig } from '../config/config';
import { DomainError } from '../errors/domain-error';
import { EventOutbox } from '../messaging/outbox';
import { OnEvent, type EventContext } from '../messaging/consumer';
import { UuidParam, ZodPipe } from '../validation/pipes';

/**
 * The event path, checked end to end by an operator: `POST /api/system/probes` writes a probe row and a
 * `system.probe.sent` event in one transaction; every service consumes it once and records a receipt, readable
 * at `GET /api/system/probe-receipts/{id}`. If a receipt is missing, the outbox relay, JetStream or a consumer is
 * stuck. Tests use it to prove exactly-once delivery across services.
 */
export const sendProbeBody = z.strictObject({ note: z.string().max(200).default('') });

@Injectable()
export class ProbeService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: EventOutbox,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
  ) {}

  send(note: string) {
    return this.ds.transaction(async (m) => {
      const probeId = randomUUID();
      const sentAt = new Date().toISOString();
      await m.query('INSERT INTO system_probe (id, note, sent_at) VALUES ($1, $2, $3)', [probeId, note, sentAt]);
      const eventId = await this.outbox.add(m, 'system.probe.sent', { probeId, origin: this.config.SERVICE, note, sentAt });
      return { id: probeId, eventId, origin: this.config.SERVICE, sentAt };
    });
  }

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('system.probe.sent', { durable: 'ProbeService.receive' })
  async receive(event: EventPayload<'system.probe.sent'>, ctx: EventContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO system_probe_receipt (probe_id, origin, message_id, times) VALUES ($1, $2, $3, 1)
       ON CONFLICT (probe_id) DO UPDATE SET times = system_probe_receipt.times + 1`,
      [event.probeId, event.origin, ctx.messageId],
    );
  }

  async receipt(probeId: string) {
    const rows: { probe_id: string; origin: string; message_id: string; times: number; received_at: Date }[] =
      await this.ds.query('SELECT * FROM system_probe_receipt WHERE probe_id = $1', [probeId]);
    if (!rows.length) throw new DomainError('NOT_FOUND');
    const r = rows[0];
    return { probeId: r.probe_id, origin: r.origin, messageId: r.message_id, times: r.times, receivedBy: this.config.SERVICE, receivedAt: r.received_at };
  }
}

@Controller('system')
export class ProbeController {
  constructor(private readonly probes: ProbeService) {}

  @Post('probes')
  @ApiShape({ response: probeSentReply })
  @RequirePermission('system:probe_send')
  async send(@Body(new ZodPipe(sendProbeBody)) body: z.output<typeof sendProbeBody>) {
    return { data: await this.probes.send(body.note) };
  }

  @Get('probe-receipts/:id')
  @ApiShape({ response: probeReceiptReply })
  @RequirePermission('system:probe_view')
  async receipt(@UuidParam('id') id: string) {
    return { data: await this.probes.receipt(id) };
  }
}
