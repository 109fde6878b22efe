import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { normalizePhone, type OtpLogRow, otpLogPage } from '@olymp/proto';
import { ApiShape, DomainError, RequirePermission, ValidQuery, numeral } from '@olymp/server-kit';
import { Clock } from '../clock';
import { OTP_POLICY } from './otp.service';

const otpLogQuery = z.strictObject({
  phone: z.string().trim().max(40).optional(),
  page: numeral(z.number().int().min(1).default(1)),
  limit: numeral(z.number().int().min(1).max(100).default(25)),
});

/**
 * The OTP delivery log of the admin `otp` page (permission `otp:index`): who was sent a code, when, what became of
 * it and how many wrong guesses it took. Never the code. Paged like the CRUD kit's lists, so the admin table reads
 * it the same way.
 */
@Controller('otp')
export class OtpLogController {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  @Get()
  @RequirePermission('otp:index')
  @ApiShape({ response: otpLogPage, summary: 'The OTP log, newest first' })
  async list(@ValidQuery(otpLogQuery) q: z.output<typeof otpLogQuery>) {
    const phone = q.phone === undefined ? null : normalizePhone(q.phone);
    if (q.phone !== undefined && !phone) throw new DomainError('INVALID_PHONE', {}, { phone: 'INVALID_PHONE' });
    const now = this.clock.now();
    const rows: { id: string; phone: string; purpose: string; attempts: number; client_ip: string; created_at: Date; expires_at: Date; consumed_at: Date | null; superseded_at: Date | null; sms_status: string | null; sms_provider: string | null; sms_attempts: number | null; sms_error: string | null; sms_reported_at: Date | null; total: string }[] =
      await this.ds.query(
        `SELECT id, phone, purpose, attempts, client_ip, created_at, expires_at, consumed_at, superseded_at,
                sms_status, sms_provider, sms_attempts, sms_error, sms_reported_at, count(*) OVER () AS total
           FROM otp_codes WHERE ($1::varchar IS NULL OR phone = $1)
          ORDER BY created_at DESC LIMIT $2 OFFSET $3`,
        [phone, q.limit, (q.page - 1) * q.limit],
      );
    const total = rows.length ? Number(rows[0].total) : 0;
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
        // What notifications reported about the SMS (sms.delivery.reported): null until the first report.
        delivery: r.sms_status
          ? { status: r.sms_status, provider: r.sms_provider, attempts: r.sms_attempts, error: r.sms_error, reportedAt: r.sms_reported_at?.toISOString() ?? null }
          : null,
      })),
      count: rows.length,
      total,
      page: q.page,
      pageCount: Math.max(1, Math.ceil(total / q.limit)),
    };
  }
}
