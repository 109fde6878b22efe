import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent, PreparedSql } from '@olymp/server-kit';

/**
 * Records what notifications reports about a code's SMS (`sms.delivery.reported`) on its OTP log row. Reports may
 * arrive late or out of order: a report from an earlier attempt never overwrites a later one.
 */
/** One report per code sent (prepared once per connection). */
const RECORD_REPORT = new PreparedSql(
  `UPDATE otp_codes SET sms_status = $2, sms_provider = $3, sms_attempts = $4, sms_error = $5, sms_reported_at = $6
    WHERE sms_id = $1
      AND (sms_attempts IS NULL OR sms_attempts < $4 OR (sms_attempts = $4 AND sms_reported_at <= $6))`,
);

@Injectable()
export class SmsDeliveryReports {
  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('sms.delivery.reported', { durable: 'SmsDeliveryReports.record' })
  async record(e: EventPayload<'sms.delivery.reported'>, ctx: EventContext): Promise<void> {
    await RECORD_REPORT.run(ctx.manager, [e.smsId, e.status, e.provider, e.attempts, e.error, e.reportedAt]);
  }
}
