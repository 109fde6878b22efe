import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SMS outcomes kept by notifications (`sms_deliveries`), read by auth over RPC; they were sent back to auth as one
 * `sms.delivery.reported` event per attempt (docs/performance.md, 2026-11-28 session 18).
 */
export class NotificationsSmsDeliveries1764930000000 implements MigrationInterface {
  name = 'NotificationsSmsDeliveries1764930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "sms_deliveries" ("sms_id" uuid NOT NULL, "status" character varying(12) NOT NULL, "provider" character varying(40) NOT NULL,
        "attempts" integer NOT NULL, "error" character varying(500), "reported_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_sms_deliveries" PRIMARY KEY ("sms_id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "sms_deliveries"`);
  }
}
