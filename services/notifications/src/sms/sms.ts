import { Controller, Get, Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { devSmsReply, type EventPayload, normalizePhone } from '@olymp/proto';
import { ApiShape, type EventContext, EventOutbox, KIT_LOGGER, OnEvent, Public, ValidQuery, numeral } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { DevSms } from './dev-sms.entity';
import { DevInboxProvider, HttpSmsProvider, type SmsProvider } from './sms-provider';

/**
 * Outgoing SMS. Each `sms.requested` is handed to the configured provider (SMS_PROVIDER): the development inbox
 * locally, a provider's HTTP API in production. Every attempt's outcome is published as `sms.delivery.reported`
 * (auth records it on the OTP log). A transient failure is retried by redelivery (the kit naks with a growing
 * delay) until SMS_MAX_ATTEMPTS; then, or on a refusal, the SMS is reported failed and dropped.
 * The text (which holds the code) is never logged.
 */
@Injectable()
export class SmsDelivery {
  private readonly provider: SmsProvider;

  constructor(
    private readonly ds: DataSource,
    private readonly outbox: EventOutbox,
    @Inject(NOTIFICATIONS_CONFIG) private readonly settings: NotificationsConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {
    this.provider = settings.SMS_PROVIDER === 'http' ? new HttpSmsProvider(settings) : new DevInboxProvider();
  }

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('sms.requested', { durable: 'SmsDelivery.deliver', concurrency: 16 })
  async deliver(sms: EventPayload<'sms.requested'>, ctx: EventContext): Promise<void> {
    const attempts = ctx.deliveryCount;
    const outcome = await this.provider.send(sms, ctx.manager);
    const log = { smsId: sms.smsId, purpose: sms.purpose, provider: this.provider.name, attempts };
    switch (outcome.kind) {
      case 'accepted':
        await this.report(ctx.manager, sms, outcome.status, attempts, null);
        this.logger.info({ ...log, status: outcome.status }, 'sms handed to the provider');
        return;
      case 'rejected':
        await this.report(ctx.manager, sms, 'failed', attempts, outcome.error);
        this.logger.error({ ...log, error: outcome.error }, 'sms refused by the provider; not retried');
        return;
      case 'transient':
        if (attempts >= this.settings.SMS_MAX_ATTEMPTS) {
          await this.report(ctx.manager, sms, 'failed', attempts, `gave up after ${attempts} attempts: ${outcome.error}`);
          this.logger.error({ ...log, error: outcome.error }, 'sms given up');
          return;
        }
        // The handler's transaction is about to roll back (so the message is redelivered): report in our own.
        await this.ds.transaction((m) => this.report(m, sms, 'failed', attempts, `${outcome.error} (will retry)`));
        this.logger.warn({ ...log, error: outcome.error }, 'sms attempt failed; will retry');
        throw new Error(`sms ${sms.smsId}: ${outcome.error}`);
      default: {
        const never: never = outcome;
        throw new Error(`unknown outcome ${String(never)}`);
      }
    }
  }

  private async report(manager: EntityManager, sms: EventPayload<'sms.requested'>, status: 'sent' | 'delivered' | 'failed', attempts: number, error: string | null): Promise<void> {
    await this.outbox.add(manager, 'sms.delivery.reported', {
      smsId: sms.smsId,
      status,
      provider: this.provider.name,
      attempts,
      error: error?.slice(0, 500) ?? null,
      reportedAt: new Date().toISOString(),
    });
  }
}

const inboxQuery = z.strictObject({
  to: z.string().transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) ctx.addIssue({ code: 'custom', message: 'phone' });
    return phone ?? '';
  }),
  limit: numeral(z.number().int().min(1).max(100).default(20)),
});

/** Registered only when DEV_SMS_INBOX is on, so in production the route does not exist at all. */
@Controller('dev/sms')
export class DevSmsController {
  constructor(private readonly ds: DataSource) {}

  @Get()
  @Public()
  @ApiShape({ response: devSmsReply })
  async list(@ValidQuery(inboxQuery) q: z.output<typeof inboxQuery>) {
    const rows = await this.ds.getRepository(DevSms).find({ where: { to: q.to }, order: { sentAt: 'DESC' }, take: q.limit });
    return { data: rows.map((r) => ({ to: r.to, text: r.text, code: r.code, sentAt: r.sentAt.toISOString() })) };
  }
}
