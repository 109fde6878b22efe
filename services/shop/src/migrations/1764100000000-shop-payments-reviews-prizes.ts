import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Step 2 of the shop: orders in tenge and Altyn Saqa (ZP put towards tenge, refunds, return methods), prize claims
 * (zero-price orders), delivery points, saved addresses, product reviews and a product's rating.
 */
export class ShopPaymentsReviewsPrizes1764100000000 implements MigrationInterface {
  name = 'ShopPaymentsReviewsPrizes1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "delivery_points" ("id" uuid NOT NULL, "name_kk" character varying(200) NOT NULL, "name_ru" character varying(200) NOT NULL, "name_en" character varying(200) NOT NULL, "address_kk" character varying(300) NOT NULL, "address_ru" character varying(300) NOT NULL, "address_en" character varying(300) NOT NULL, "hours" character varying(100) NOT NULL, "city_id" integer NOT NULL, "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_delivery_points" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_delivery_points_city" ON "delivery_points"("city_id")`);
    await q.query(`CREATE TABLE "saved_addresses" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "label" character varying(60) NOT NULL DEFAULT '', "recipient" character varying(200) NOT NULL, "phone" character varying(20) NOT NULL, "city_id" integer NOT NULL, "line" character varying(300) NOT NULL, "note" character varying(500) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_saved_addresses" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_saved_addresses_user" ON "saved_addresses"("user_id", "created_at")`);
    await q.query(`CREATE TABLE "product_reviews" ("id" uuid NOT NULL, "product_id" uuid NOT NULL, "user_id" uuid NOT NULL, "order_id" uuid NOT NULL, "author" character varying(120) NOT NULL, "rating" smallint NOT NULL, "text" character varying(2000) NOT NULL DEFAULT '', "hidden" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_product_reviews_rating" CHECK ("rating" BETWEEN 1 AND 5), CONSTRAINT "PK_product_reviews" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_product_reviews_product" ON "product_reviews"("product_id", "created_at")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_product_reviews_user_product" ON "product_reviews"("user_id", "product_id")`);
    await q.query(`CREATE TABLE "prizes" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "product_id" uuid NOT NULL, "source" character varying(12) NOT NULL DEFAULT 'staff', "note" character varying(300) NOT NULL DEFAULT '', "order_id" uuid, "claimed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_prizes_claimed" CHECK (("order_id" IS NULL) = ("claimed_at" IS NULL)), CONSTRAINT "CHK_prizes_source" CHECK ("source" IN ('treasure', 'challenge', 'achievement', 'staff')), CONSTRAINT "PK_prizes" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_prizes_order" ON "prizes"("order_id") WHERE "order_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_prizes_user" ON "prizes"("user_id", "created_at")`);
    await q.query(`ALTER TABLE "products" ADD "rating_sum" integer NOT NULL DEFAULT '0'`);
    await q.query(`ALTER TABLE "products" ADD "rating_count" integer NOT NULL DEFAULT '0'`);
    await q.query(`ALTER TABLE "orders" ADD "kind" character varying(8) NOT NULL DEFAULT 'purchase'`);
    await q.query(`ALTER TABLE "orders" ADD "zp_applied" integer NOT NULL DEFAULT '0'`);
    await q.query(`ALTER TABLE "orders" ADD "tenge_due" integer`);
    await q.query(`ALTER TABLE "orders" ADD "delivery_point_id" uuid`);
    await q.query(`ALTER TABLE "orders" ADD "return_method" jsonb`);
    await q.query(`ALTER TABLE "orders" ADD "refunded" jsonb`);
    await q.query(`ALTER TABLE "products" ADD CONSTRAINT "CHK_products_rating" CHECK ("rating_count" >= 0 AND "rating_sum" BETWEEN "rating_count" AND 5 * "rating_count")`);
    await q.query(`ALTER TABLE "orders" ADD CONSTRAINT "CHK_orders_zp_applied" CHECK ("zp_applied" >= 0 AND ("zp_applied" = 0 OR "currency" = 'tenge'))`);
    await q.query(`ALTER TABLE "orders" ADD CONSTRAINT "CHK_orders_currency" CHECK ("currency" IN ('zp', 'altyn_saqa', 'tenge'))`);
    await q.query(`ALTER TABLE "orders" ADD CONSTRAINT "CHK_orders_kind" CHECK ("kind" IN ('purchase', 'prize'))`);
    await q.query(`ALTER TABLE "orders" ADD CONSTRAINT "FK_orders_delivery_point" FOREIGN KEY ("delivery_point_id") REFERENCES "delivery_points"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "prizes" ADD CONSTRAINT "FK_prizes_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "orders" DROP CONSTRAINT "CHK_orders_total"`);
    await q.query(`ALTER TABLE "orders" ADD CONSTRAINT "CHK_orders_total" CHECK ("total" >= 0 AND ("kind" = 'prize') = ("total" = 0))`);
    await q.query(`ALTER TABLE "order_lines" DROP CONSTRAINT "CHK_order_lines_price"`);
    await q.query(`ALTER TABLE "order_lines" ADD CONSTRAINT "CHK_order_lines_price" CHECK ("unit_price" >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "orders" DROP CONSTRAINT "FK_orders_delivery_point"');
    await q.query('ALTER TABLE "order_lines" DROP CONSTRAINT "CHK_order_lines_price"');
    await q.query('ALTER TABLE "order_lines" ADD CONSTRAINT "CHK_order_lines_price" CHECK ("unit_price" > 0)');
    for (const c of ['CHK_orders_total', 'CHK_orders_zp_applied', 'CHK_orders_currency', 'CHK_orders_kind']) await q.query(`ALTER TABLE "orders" DROP CONSTRAINT "${c}"`);
    await q.query('ALTER TABLE "orders" ADD CONSTRAINT "CHK_orders_total" CHECK ("total" > 0)');
    for (const c of ['kind', 'zp_applied', 'tenge_due', 'delivery_point_id', 'return_method', 'refunded']) await q.query(`ALTER TABLE "orders" DROP COLUMN "${c}"`);
    await q.query('ALTER TABLE "products" DROP CONSTRAINT "CHK_products_rating"');
    for (const c of ['rating_sum', 'rating_count']) await q.query(`ALTER TABLE "products" DROP COLUMN "${c}"`);
    for (const t of ['prizes', 'product_reviews', 'saved_addresses', 'delivery_points']) await q.query(`DROP TABLE "${t}"`);
  }
}
