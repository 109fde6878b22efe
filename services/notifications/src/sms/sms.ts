import { Controller, Get, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { type EventPayload, normalizePhone } from '@olymp/proto';
import { type EventContext, KIT_CONFIG, KIT_LOGGER, type KitConfig, OnEvent, Public, ValidQuery } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { DevSms } from './dev-sms.entity';

/**
 * Outgoing SMS. `sms.requested` events are delivered once each. Outside production they are kept in the
 * development inbox (`GET /api/dev/sms?to=<phone>`), which tests, the k6 scripts and a developer read the codes
 * from. The production provider adapter is configured by environment (issue: notifications).
 */
@Injectable()
export class SmsDelivery {
  constructor(
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  @OnEvent('sms.requested', { concurrency: 16 })
  async deliver(sms: EventPayload<'sms.requested'>, ctx: EventContext): Promise<void> {
    if (!this.config.DEV_SMS_INBOX) {
      // No provider adapter yet: fail so the message stays in the stream and is redelivered once one exists.
      throw new Error('no SMS provider is configured');
    }
    await ctx.manager.getRepository(DevSms).insert({
      id: sms.smsId,
      to: sms.to,
      text: sms.text,
      code: sms.code ?? null,
      purpose: sms.purpose,
      sentAt: new Date(sms.requestedAt),
    });
    this.logger.info({ to: sms.to, purpose: sms.purpose }, 'sms kept in the development inbox');
  }
}

const inboxQuery = z.strictObject({
  to: z.string().transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) ctx.addIssue({ code: 'custom', message: 'phone' });
    return phone ?? '';
  }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Registered only when DEV_SMS_INBOX is on, so in production the route does not exist at all. */
@Controller('dev/sms')
export class DevSmsController {
  constructor(private readonly ds: DataSource) {}

  @Get()
  @Public()
  async list(@ValidQuery(inboxQuery) q: z.output<typeof inboxQuery>) {
    const rows = await this.ds.getRepository(DevSms).find({ where: { to: q.to }, order: { sentAt: 'DESC' }, take: q.limit });
    return { data: rows.map((r) => ({ to: r.to, text: r.text, code: r.code, sentAt: r.sentAt.toISOString() })) };
  }
}
