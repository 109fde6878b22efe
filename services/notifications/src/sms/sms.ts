import { Controller, Get, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { devSmsReply, type EventPayload, normalizePhone } from '@olymp/proto';
import { ApiShape, type BatchContext, type BatchedEvent, EventOutbox, KIT_LOGGER, OnEvents, Public, ValidQuery, numeral } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { DevSms } from './dev-sms.entity';
import { DevInboxProvider, HttpSmsProvider, type SmsProvider } from './sms-provider';

/** SMS handed to the provider at once within a batch (the provider's HTTP calls run side by side). */
const SENDS_AT_ONCE = 16;

/**
 * Outgoing SMS. Each `sms.requested` is handed to the configured provider (SMS_PROVIDER): the development inbox
 * locally, a provider's HTTP API in production. Every attempt's outcome is published as `sms.delivery.reported`
 * (auth records it on the OTP log). A transient failure is retried by redelivery (the kit naks with a growing
 * delay) until SMS_MAX_ATTEMPTS; then, or on a refusal, the SMS is reported failed and dropped.
 * The text (which holds the code) is never logged.
 *
 * On olympiad morning there is one per code request, so they are handled in batches (`@OnEvents`): the SMS waiting
 * are sent side by side and their reports, with their inbox rows, committed in one transaction (one statement for
 * the reports) instead of a transaction each. An SMS whose attempt failed transiently is reported and left for a
 * later attempt on its own (`ctx.retryLater`); the others' are not sent again.
 */
@Injectable()
export class SmsDelivery {
  private readonly provider: SmsProvider;

  constructor(
    private readonly outbox: EventOutbox,
    @Inject(NOTIFICATIONS_CONFIG) private readonly settings: NotificationsConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {
    this.provider = settings.SMS_PROVIDER === 'http' ? new HttpSmsProvider(settings) : new DevInboxProvider();
  }

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvents('sms.requested', { durable: 'SmsDelivery.deliver', maxBatch: 64, concurrency: 2 })
  async deliver(events: BatchedEvent<'sms.requested'>[], ctx: BatchContext): Promise<void> {
    const reports: EventPayload<'sms.delivery.reported'>[] = [];
    await eachAtMost(events, SENDS_AT_ONCE, async ({ payload: sms, messageId, deliveryCount: attempts }) => {
      const outcome = await this.provider.send(sms, ctx.manager);
      const log = { smsId: sms.smsId, purpose: sms.purpose, provider: this.provider.name, attempts };
      const report = (status: 'sent' | 'delivered' | 'failed', error: string | null) => reports.push(this.report(sms, status, attempts, error));
      switch (outcome.kind) {
        case 'accepted':
          report(outcome.status, null);
          this.logger.info({ ...log, status: outcome.status }, 'sms handed to the provider');
          return;
        case 'rejected':
          report('failed', outcome.error);
          this.logger.error({ ...log, error: outcome.error }, 'sms refused by the provider; not retried');
          return;
        case 'transient':
          if (attempts >= this.settings.SMS_MAX_ATTEMPTS) {
            report('failed', `gave up after ${attempts} attempts: ${outcome.error}`);
            this.logger.error({ ...log, error: outcome.error }, 'sms given up');
            return;
          }
          // Reported now (the OTP log shows the failed attempt), sent again when redelivered.
          report('failed', `${outcome.error} (will retry)`);
          ctx.retryLater(messageId);
          this.logger.warn({ ...log, error: outcome.error }, 'sms attempt failed; will retry');
          return;
        default: {
          const never: never = outcome;
          throw new Error(`unknown outcome ${String(never)}`);
        }
      }
    });
    await this.outbox.addMany(ctx.manager, 'sms.delivery.reported', reports);
  }

  private report(sms: EventPayload<'sms.requested'>, status: 'sent' | 'delivered' | 'failed', attempts: number, error: string | null): EventPayload<'sms.delivery.reported'> {
    return {
      smsId: sms.smsId,
      status,
      provider: this.provider.name,
      attempts,
      error: error?.slice(0, 500) ?? null,
      reportedAt: new Date().toISOString(),
    };
  }
}

/** Runs `work` for every item, at most `atOnce` at a time (a slow call holds one place, not a whole wave). */
async function eachAtMost<T>(items: T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
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
