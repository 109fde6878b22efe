import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ZP recharges and the provider notices accepted (recharges/recharge.entities.ts). */
export class FinanceRecharges1763900200000 implements MigrationInterface {
  name = 'FinanceRecharges1763900200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "zp_recharges" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "amount_zp" integer NOT NULL,
        "price_tenge" integer NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'created', "provider" character varying(20) NOT NULL,
        "provider_payment_id" character varying(100), "checkout_url" character varying(500),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE,
        "failed_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_zp_recharges_completed" CHECK (("status" = 'completed') = ("completed_at" IS NOT NULL)),
        CONSTRAINT "CHK_zp_recharges_amounts" CHECK ("amount_zp" > 0 AND "price_tenge" >= 0),
        CONSTRAINT "CHK_zp_recharges_status" CHECK ("status" IN ('created', 'pending', 'completed', 'failed')),
        CONSTRAINT "PK_zp_recharges" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_zp_recharges_provider_payment" ON "zp_recharges" ("provider", "provider_payment_id")`);
    await q.query(`CREATE INDEX "IDX_zp_recharges_completed" ON "zp_recharges" ("completed_at")`);
    await q.query(`CREATE INDEX "IDX_zp_recharges_user_created" ON "zp_recharges" ("user_id", "created_at")`);
    await q.query(
      `CREATE TABLE "provider_callbacks" ("provider" character varying(20) NOT NULL, "event_id" character varying(100) NOT NULL,
        "provider_payment_id" character varying(100) NOT NULL, "status" character varying(10) NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_provider_callbacks" PRIMARY KEY ("provider", "event_id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "provider_callbacks"');
    await q.query('DROP TABLE "zp_recharges"');
  }
}
