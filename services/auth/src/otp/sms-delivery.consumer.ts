import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type BatchContext, type BatchedEvent, OnEvents, PreparedSql } from '@olymp/server-kit';

type Report = EventPayload<'sms.delivery.reported'>;

/**
 * The reports of a batch on their OTP log rows, in one statement (prepared once per connection). A report from an
 * earlier attempt never overwrites a later one: fewer attempts, or as many and reported earlier, change nothing.
 */
const RECORD_REPORTS = new PreparedSql(
  `UPDATE otp_codes o
      SET sms_status = r.status, sms_provider = r.provider, sms_attempts = r.attempts, sms_error = r.error, sms_reported_at = r.reported_at
     FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::int[], $5::varchar[], $6::timestamptz[])
          AS r(sms_id, status, provider, attempts, error, reported_at)
    WHERE o.sms_id = r.sms_id
      AND (o.sms_attempts IS NULL OR o.sms_attempts < r.attempts OR (o.sms_attempts = r.attempts AND o.sms_reported_at <= r.reported_at))`,
);

/** Whether report `a` is later than `b` by the rule above (more attempts, or as many and reported later or at once). */
const later = (a: Report, b: Report) => a.attempts > b.attempts || (a.attempts === b.attempts && Date.parse(a.reportedAt) >= Date.parse(b.reportedAt));

/**
 * Records what notifications reports about a code's SMS (`sms.delivery.reported`) on its OTP log row. Reports may
 * arrive late or out of order. On olympiad morning there is one per code request, so they are recorded in batches
 * (`@OnEvents`: one transaction and one statement for the reports waiting; docs/performance.md).
 */
@Injectable()
export class SmsDeliveryReports {
  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvents('sms.delivery.reported', { durable: 'SmsDeliveryReports.record', maxBatch: 100 })
  async record(events: BatchedEvent<'sms.delivery.reported'>[], ctx: BatchContext): Promise<void> {
    // One row per SMS: an UPDATE ... FROM with two source rows for one target applies an arbitrary one of them.
    const bySms = new Map<string, Report>();
    for (const { payload } of events) {
      const held = bySms.get(payload.smsId);
      if (!held || later(payload, held)) bySms.set(payload.smsId, payload);
    }
    const reports = [...bySms.values()];
    await RECORD_REPORTS.run(ctx.manager, [
      reports.map((r) => r.smsId), reports.map((r) => r.status), reports.map((r) => r.provider), reports.map((r) => r.attempts),
      reports.map((r) => r.error), reports.map((r) => r.reportedAt),
    ]);
  }
}
