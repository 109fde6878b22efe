import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices priced in Altyn Saqa, ZP put towards a tenge price (`zp_applied`, `tenge_due`), refunds in every unit,
 * and tenge payments of invoices through the payment provider (`invoice_payments`).
 */
export class FinanceAltynSaqaTenge1764100000000 implements MigrationInterface {
  name = 'FinanceAltynSaqaTenge1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "invoice_payments" ("id" uuid NOT NULL, "invoice_id" uuid NOT NULL, "amount_tenge" integer NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'pending', "provider" character varying(20) NOT NULL, "provider_payment_id" character varying(100) NOT NULL, "checkout_url" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "settled_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_invoice_payments_amount" CHECK ("amount_tenge" > 0), CONSTRAINT "CHK_invoice_payments_status" CHECK ("status" IN ('pending', 'succeeded', 'failed')), CONSTRAINT "PK_invoice_payments" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_invoice_payments_invoice" ON "invoice_payments"("invoice_id")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_invoice_payments_pending" ON "invoice_payments"("invoice_id") WHERE "status" = 'pending'`);
    await q.query(`CREATE UNIQUE INDEX "UQ_invoice_payments_provider_payment" ON "invoice_payments"("provider", "provider_payment_id")`);
    await q.query(`ALTER TABLE "invoices" ADD "amount_altyn_saqa" integer NOT NULL DEFAULT '0'`);
    await q.query(`ALTER TABLE "invoices" ADD "zp_applied" integer NOT NULL DEFAULT '0'`);
    await q.query(`ALTER TABLE "invoices" ADD "tenge_due" integer NOT NULL DEFAULT '0'`);
    await q.query(`ALTER TABLE "invoices" ADD "refunded_altyn_saqa" integer`);
    await q.query(`ALTER TABLE "invoices" ADD "refunded_tenge" integer`);
    await q.query(`ALTER TABLE "invoices" ADD CONSTRAINT "CHK_invoices_zp_applied" CHECK ("zp_applied" >= 0 AND ("zp_applied" = 0 OR "amount_tenge" > 0))`);
    await q.query(`UPDATE "invoices" SET "tenge_due" = "amount_tenge" WHERE "status" = 'pending'`);
    await q.query(`ALTER TABLE "invoices" DROP CONSTRAINT "CHK_invoices_amounts"`);
    await q.query(`ALTER TABLE "invoices" ADD CONSTRAINT "CHK_invoices_amounts" CHECK ("amount_tenge" >= 0 AND "amount_zp" >= 0 AND "amount_altyn_saqa" >= 0 AND "amount_tenge" + "amount_zp" + "amount_altyn_saqa" > 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "invoices" DROP CONSTRAINT "CHK_invoices_amounts"');
    await q.query('ALTER TABLE "invoices" DROP CONSTRAINT "CHK_invoices_zp_applied"');
    await q.query('ALTER TABLE "invoices" ADD CONSTRAINT "CHK_invoices_amounts" CHECK ("amount_tenge" >= 0 AND "amount_zp" >= 0 AND "amount_tenge" + "amount_zp" > 0)');
    for (const c of ['amount_altyn_saqa', 'zp_applied', 'tenge_due', 'refunded_altyn_saqa', 'refunded_tenge']) await q.query(`ALTER TABLE "invoices" DROP COLUMN "${c}"`);
    await q.query('DROP TABLE "invoice_payments"');
  }
}
