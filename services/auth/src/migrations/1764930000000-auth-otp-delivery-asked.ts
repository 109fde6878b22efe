import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The OTP log asks notifications what became of each SMS (RPC `notifications.sms.deliveries`) instead of keeping the
 * `sms.delivery.reported` events on the code's row: the columns and the index the reports were matched by go.
 * Outcomes recorded before this migration are not carried over (notifications keeps them from now on).
 */
export class AuthOtpDeliveryAsked1764930000000 implements MigrationInterface {
  name = 'AuthOtpDeliveryAsked1764930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "IDX_otp_codes_sms"');
    await q.query(
      `ALTER TABLE "otp_codes" DROP COLUMN "sms_reported_at", DROP COLUMN "sms_error", DROP COLUMN "sms_attempts",
        DROP COLUMN "sms_provider", DROP COLUMN "sms_status"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "otp_codes" ADD "sms_status" character varying(10), ADD "sms_provider" character varying(40),
        ADD "sms_attempts" smallint, ADD "sms_error" character varying(500), ADD "sms_reported_at" TIMESTAMP WITH TIME ZONE`,
    );
    await q.query(`CREATE INDEX "IDX_otp_codes_sms" ON "otp_codes" ("sms_id")`);
  }
}
