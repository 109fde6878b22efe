import { Controller, Get, Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { devSmsReply, type EventPayload, normalizePhone, type RpcReply, type RpcRequest } from '@olymp/proto';
import {
  ApiShape, type BatchContext, type BatchedEvent, KIT_LOGGER, OnEvents, PreparedSql, Public, RpcHandler, RpcPayloadOf, ValidQuery, numeral,
} from '@olymp/server-kit';
import type { Logger } from 'pino';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { DevSms } from './dev-sms.entity';
import { DevInboxProvider, HttpSmsProvider, type SmsProvider } from './sms-provider';

/** SMS handed to the provider at once within a batch (the provider's HTTP calls run side by side). */
const SENDS_AT_ONCE = 16;

/** An attempt's outcome, as the OTP log shows it (RPC `notifications.sms.deliveries`). */
export type SmsOutcomeRecord = RpcReply<'notifications.sms.deliveries'>['deliveries'][number];

/**
 * A batch's outcomes on their SMS rows, in one statement (prepared once per connection). An earlier attempt never
 * overwrites a later one: fewer attempts, or as many and recorded earlier, change nothing. Attempts of one SMS follow
 * one another, but a node that took long over an attempt may commit after the redelivery's node did.
 */
const RECORD_OUTCOMES = new PreparedSql(
  `INSERT INTO sms_deliveries AS d (sms_id, status, provider, attempts, error, reported_at)
   SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::int[], $5::varchar[], $6::timestamptz[])
   ON CONFLICT (sms_id) DO UPDATE SET status = EXCLUDED.status, provider = EXCLUDED.provider, attempts = EXCLUDED.attempts,
          error = EXCLUDED.error, reported_at = EXCLUDED.reported_at
    WHERE d.attempts < EXCLUDED.attempts OR (d.attempts = EXCLUDED.attempts AND d.reported_at <= EXCLUDED.reported_at)`,
);

/** Whether outcome `a` is later than `b` by the rule above. */
const later = (a: SmsOutcomeRecord, b: SmsOutcomeRecord) =>
  a.attempts > b.attempts || (a.attempts === b.attempts && Date.parse(a.reportedAt) >= Date.parse(b.reportedAt));

/** Records outcomes (any order, several per SMS) so that each SMS keeps its latest; one statement. */
export async function recordSmsOutcomes(manager: EntityManager, outcomes: SmsOutcomeRecord[]): Promise<void> {
  // One row per SMS: an INSERT ... ON CONFLICT may not touch one row twice in a statement.
  const bySms = new Map<string, SmsOutcomeRecord>();
  for (const o of outcomes) {
    const held = bySms.get(o.smsId);
    if (!held || later(o, held)) bySms.set(o.smsId, o);
  }
  const rows = [...bySms.values()];
  if (!rows.length) return;
  await RECORD_OUTCOMES.run(manager, [
    rows.map((r) => r.smsId), rows.map((r) => r.status), rows.map((r) => r.provider), rows.map((r) => r.attempts),
    rows.map((r) => r.error), rows.map((r) => r.reportedAt),
  ]);
}

/**
 * Outgoing SMS. Each `sms.requested` is handed to the configured provider (SMS_PROVIDER): the development inbox
 * locally, a provider's HTTP API in production. Every attempt's outcome is recorded here (`sms_deliveries`, the
 * latest attempt's), and auth's OTP log asks for it over RPC when staff read the log. A transient failure is retried
 * by redelivery (the kit naks with a growing delay) until SMS_MAX_ATTEMPTS; then, or on a refusal, the SMS is
 * recorded failed and dropped. The text (which holds the code) is never logged.
 *
 * On olympiad morning there is one per code request, so they are handled in batches (`@OnEvents`): the SMS waiting
 * are sent side by side and their outcomes, with their inbox rows, committed in one transaction (one statement for
 * the outcomes) instead of a transaction each. The outcomes stay here: sending each back to auth as an event cost a
 * second trip through the outbox, JetStream and auth's inbox per code request (docs/performance.md). An SMS whose
 * attempt failed transiently is recorded and left for a later attempt on its own (`ctx.retryLater`); the others'
 * are not sent again.
 */
@Injectable()
export class SmsDelivery {
  private readonly provider: SmsProvider;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly settings: NotificationsConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {
    this.provider = settings.SMS_PROVIDER === 'http' ? new HttpSmsProvider(settings) : new DevInboxProvider();
  }

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvents('sms.requested', { durable: 'SmsDelivery.deliver', maxBatch: 64, concurrency: 2 })
  async deliver(events: BatchedEvent<'sms.requested'>[], ctx: BatchContext): Promise<void> {
    const outcomes: SmsOutcomeRecord[] = [];
    await eachAtMost(events, SENDS_AT_ONCE, async ({ payload: sms, messageId, deliveryCount: attempts }) => {
      const outcome = await this.provider.send(sms, ctx.manager);
      const log = { smsId: sms.smsId, purpose: sms.purpose, provider: this.provider.name, attempts };
      const report = (status: 'sent' | 'delivered' | 'failed', error: string | null) => outcomes.push(this.outcome(sms, status, attempts, error));
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
          // Recorded now (the OTP log shows the failed attempt), sent again when redelivered.
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
    await recordSmsOutcomes(ctx.manager, outcomes);
  }

  private outcome(sms: EventPayload<'sms.requested'>, status: 'sent' | 'delivered' | 'failed', attempts: number, error: string | null): SmsOutcomeRecord {
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

/** The outcomes auth's OTP log shows, for the SMS of the page it reads. */
@Controller()
export class SmsDeliveriesRpc {
  constructor(private readonly ds: DataSource) {}

  @RpcHandler('notifications.sms.deliveries')
  async deliveries(@RpcPayloadOf('notifications.sms.deliveries') req: RpcRequest<'notifications.sms.deliveries'>): Promise<RpcReply<'notifications.sms.deliveries'>> {
    const rows: { sms_id: string; status: 'sent' | 'delivered' | 'failed'; provider: string; attempts: number; error: string | null; reported_at: Date }[] =
      await this.ds.query('SELECT sms_id, status, provider, attempts, error, reported_at FROM sms_deliveries WHERE sms_id = ANY($1::uuid[])', [req.smsIds]);
    return {
      deliveries: rows.map((r) => ({ smsId: r.sms_id, status: r.status, provider: r.provider, attempts: r.attempts, error: r.error, reportedAt: r.reported_at.toISOString() })),
    };
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
