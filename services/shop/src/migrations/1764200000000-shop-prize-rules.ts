import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Prize rules: what learning's events (treasure claimed, challenge finished, achievement earned) grant a pupil. */
export class ShopPrizeRules1764200000000 implements MigrationInterface {
  name = 'ShopPrizeRules1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "prize_rules" ("id" uuid NOT NULL, "source" character varying(12) NOT NULL, "match" character varying(64) NOT NULL, "product_id" uuid NOT NULL, "note" character varying(300) NOT NULL DEFAULT '', "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_prize_rules_source" CHECK ("source" IN ('treasure', 'challenge', 'achievement')), CONSTRAINT "PK_prize_rules" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_prize_rules_match" ON "prize_rules"("source", "match")`);
    await q.query(`ALTER TABLE "prize_rules" ADD CONSTRAINT "FK_prize_rules_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "prize_rules"');
  }
}
