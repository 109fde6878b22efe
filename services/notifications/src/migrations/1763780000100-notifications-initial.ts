import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NotificationsInitial1763780000100 implements MigrationInterface {
  name = 'NotificationsInitial1763780000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "dev_sms" ("id" uuid NOT NULL, "to" character varying(16) NOT NULL, "text" text NOT NULL,
        "code" character varying(8), "purpose" character varying(20) NOT NULL,
        "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_dev_sms" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_dev_sms_to_sent" ON "dev_sms" ("to", "sent_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "dev_sms"');
  }
}
