import { Controller, Get, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { Logger } from 'pino';
import { normalizePhone, type OtpLogRow, otpLogPage, type RpcReply } from '@olymp/proto';
import { ApiShape, DomainError, KIT_LOGGER, RequirePermission, RpcClient, ValidQuery, numeral } from '@olymp/server-kit';
import { Clock } from '../clock';
import { OTP_POLICY } from './otp.service';

const otpLogQuery = z.strictObject({
  phone: z.string().trim().max(40).optional(),
  page: numeral(z.number().int().min(1).default(1)),
  limit: numeral(z.number().int().min(1).max(100).default(25)),
});

/** How long the log waits for notifications' answer about the page's SMS before showing them as `unknown`. */
const DELIVERIES_TIMEOUT_MS = 2_000;

type Delivery = RpcReply<'notifications.sms.deliveries'>['deliveries'][number];

/**
 * The OTP delivery log of the admin `otp` page (permission `otp:index`): who was sent a code, when, what became of
 * it and how many wrong guesses it took. Never the code. Paged like the CRUD kit's lists, so the admin table reads
 * it the same way. What became of each SMS is notifications' record, asked for the page's codes only when staff read
 * the log: a code request sends no event back (docs/auth.md). If notifications does not answer, the codes are still
 * listed, their delivery `unknown`.
 */
@Controller('otp')
export class OtpLogController {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly rpc: RpcClient,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  @RequirePermission('otp:index')
  @ApiShape({ response: otpLogPage, summary: 'The OTP log, newest first' })
  async list(@ValidQuery(otpLogQuery) q: z.output<typeof otpLogQuery>) {
    const phone = q.phone === undefined ? null : normalizePhone(q.phone);
    if (q.phone !== undefined && !phone) throw new DomainError('INVALID_PHONE', {}, { phone: 'INVALID_PHONE' });
    const now = this.clock.now();
    const rows: { id: string; phone: string; purpose: string; attempts: number; client_ip: string; created_at: Date; expires_at: Date; consumed_at: Date | null; superseded_at: Date | null; sms_id: string; total: string }[] =
      await this.ds.query(
        `SELECT id, phone, purpose, attempts, client_ip, created_at, expires_at, consumed_at, superseded_at,
                sms_id, count(*) OVER () AS total
           FROM otp_codes WHERE ($1::varchar IS NULL OR phone = $1)
          ORDER BY created_at DESC LIMIT $2 OFFSET $3`,
        [phone, q.limit, (q.page - 1) * q.limit],
      );
    const total = rows.length ? Number(rows[0].total) : 0;
    const deliveries = rows.length ? await this.deliveries(rows.map((r) => r.sms_id)) : new Map<string, Delivery>();
    const status = (r: (typeof rows)[number]): OtpLogRow['status'] =>
      r.consumed_at ? 'used'
        : r.attempts >= OTP_POLICY.maxAttempts ? 'blocked'
          : r.superseded_at ? 'replaced'
            : r.expires_at.getTime() <= now.getTime() ? 'expired'
              : 'pending';
    return {
      data: rows.map((r) => ({
        id: r.id,
        phone: r.phone,
        purpose: r.purpose,
        status: status(r),
        attempts: r.attempts,
        clientIp: r.client_ip,
        sentAt: r.created_at.toISOString(),
        usedAt: r.consumed_at?.toISOString() ?? null,
        delivery: delivery(deliveries, r.sms_id),
      })),
      count: rows.length,
      total,
      page: q.page,
      pageCount: Math.max(1, Math.ceil(total / q.limit)),
    };
  }

  /** What notifications recorded about these SMS, or null when it did not answer (each then shows `unknown`). */
  private async deliveries(smsIds: string[]): Promise<Map<string, Delivery> | null> {
    try {
      const { deliveries } = await this.rpc.request('notifications.sms.deliveries', { smsIds }, DELIVERIES_TIMEOUT_MS);
      return new Map(deliveries.map((d) => [d.smsId, d]));
    } catch (err) {
      if (!(err instanceof DomainError && (err.code === 'UPSTREAM_TIMEOUT' || err.code === 'SERVICE_UNAVAILABLE'))) throw err;
      this.logger.warn({ code: err.code }, 'OTP log: SMS outcomes unknown (notifications did not answer)');
      return null;
    }
  }
}

/** A code's delivery on the log: null until its SMS's first attempt; `unknown` when notifications did not answer. */
function delivery(known: Map<string, Delivery> | null, smsId: string): OtpLogRow['delivery'] {
  if (!known) return { status: 'unknown', provider: null, attempts: null, error: null, reportedAt: null };
  const d = known.get(smsId);
  return d ? { status: d.status, provider: d.provider, attempts: d.attempts, error: d.error, reportedAt: d.reportedAt } : null;
}
