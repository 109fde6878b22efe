import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Invoices may be for a shop order (product kind `order`, the order's id). */
export class FinanceOrderInvoices1764000000000 implements MigrationInterface {
  name = 'FinanceOrderInvoices1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "invoices" DROP CONSTRAINT "CHK_invoices_product_kind"');
    await q.query(`ALTER TABLE "invoices" ADD CONSTRAINT "CHK_invoices_product_kind" CHECK ("product_kind" IN ('challenge', 'training', 'course', 'order'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "invoices" DROP CONSTRAINT "CHK_invoices_product_kind"');
    await q.query(`ALTER TABLE "invoices" ADD CONSTRAINT "CHK_invoices_product_kind" CHECK ("product_kind" IN ('challenge', 'training', 'course'))`);
  }
}
