import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PRODUCT_SEARCH_DOCUMENT } from '../catalogue/catalogue.entities';

/** The shop's tables: catalogue, cart and wishlist, orders (catalogue/, cart/, orders/ entities). */
export class ShopInitial1764000100000 implements MigrationInterface {
  name = 'ShopInitial1764000100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "categories" ("id" uuid NOT NULL, "parent_id" uuid, "name_kk" character varying(120) NOT NULL, "name_ru" character varying(120) NOT NULL, "name_en" character varying(120) NOT NULL, "position" integer NOT NULL DEFAULT '0', "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_categories" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_categories_parent" ON "categories" ("parent_id", "position") `);
    await q.query(`CREATE TABLE "products" ("id" uuid NOT NULL, "category_id" uuid, "name_kk" character varying(200) NOT NULL, "name_ru" character varying(200) NOT NULL, "name_en" character varying(200) NOT NULL, "description_kk" text NOT NULL DEFAULT '', "description_ru" text NOT NULL DEFAULT '', "description_en" text NOT NULL DEFAULT '', "images" jsonb NOT NULL DEFAULT '[]', "price_tenge" integer, "price_zp" integer, "price_altyn_saqa" integer, "stock" integer NOT NULL DEFAULT '0', "sold" integer NOT NULL DEFAULT '0', "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_products_price_positive" CHECK (COALESCE("price_tenge", 1) > 0 AND COALESCE("price_zp", 1) > 0 AND COALESCE("price_altyn_saqa", 1) > 0), CONSTRAINT "CHK_products_price" CHECK ("price_tenge" IS NOT NULL OR "price_zp" IS NOT NULL OR "price_altyn_saqa" IS NOT NULL), CONSTRAINT "CHK_products_sold" CHECK ("sold" >= 0), CONSTRAINT "CHK_products_stock" CHECK ("stock" >= 0), CONSTRAINT "PK_products" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_products_active_created" ON "products" ("active", "created_at") `);
    await q.query(`CREATE INDEX "IDX_products_category" ON "products" ("category_id") `);
    await q.query(`CREATE TABLE "product_specs" ("id" uuid NOT NULL, "product_id" uuid NOT NULL, "key_kk" character varying(100) NOT NULL, "key_ru" character varying(100) NOT NULL, "key_en" character varying(100) NOT NULL, "value_kk" character varying(300) NOT NULL, "value_ru" character varying(300) NOT NULL, "value_en" character varying(300) NOT NULL, "position" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_product_specs" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_product_specs_product" ON "product_specs" ("product_id", "position") `);
    await q.query(`CREATE TABLE "sliders" ("id" uuid NOT NULL, "title_kk" character varying(200) NOT NULL, "title_ru" character varying(200) NOT NULL, "title_en" character varying(200) NOT NULL, "image" character varying(100) NOT NULL, "link" character varying(300), "position" integer NOT NULL DEFAULT '0', "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sliders" PRIMARY KEY ("id"))`);
    await q.query(`CREATE TABLE "pickup_points" ("id" uuid NOT NULL, "name_kk" character varying(200) NOT NULL, "name_ru" character varying(200) NOT NULL, "name_en" character varying(200) NOT NULL, "address_kk" character varying(300) NOT NULL, "address_ru" character varying(300) NOT NULL, "address_en" character varying(300) NOT NULL, "hours" character varying(100) NOT NULL, "province_id" integer, "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_pickup_points" PRIMARY KEY ("id"))`);
    await q.query(`CREATE TABLE "cart_items" ("user_id" uuid NOT NULL, "product_id" uuid NOT NULL, "quantity" integer NOT NULL, "added_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_cart_items_quantity" CHECK ("quantity" BETWEEN 1 AND 99), CONSTRAINT "PK_cart_items" PRIMARY KEY ("user_id", "product_id"))`);
    await q.query(`CREATE TABLE "wishlist_items" ("user_id" uuid NOT NULL, "product_id" uuid NOT NULL, "added_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_wishlist_items" PRIMARY KEY ("user_id", "product_id"))`);
    await q.query(`CREATE TABLE "orders" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "status" character varying(20) NOT NULL, "method" character varying(10) NOT NULL, "currency" character varying(12) NOT NULL, "total" integer NOT NULL, "pickup_point_id" uuid, "address" jsonb, "invoice_id" uuid, "pay_by" TIMESTAMP WITH TIME ZONE NOT NULL, "pickup_code" character varying(6), "paid_at" TIMESTAMP WITH TIME ZONE, "handed_over_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_orders_total" CHECK ("total" > 0), CONSTRAINT "CHK_orders_fulfilment" CHECK (("method" = 'pickup') = ("pickup_point_id" IS NOT NULL) AND ("method" = 'delivery') = ("address" IS NOT NULL)), CONSTRAINT "CHK_orders_method" CHECK ("method" IN ('delivery', 'pickup')), CONSTRAINT "PK_orders" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_orders_pay_by" ON "orders" ("pay_by") WHERE "status" = 'awaiting_payment'`);
    await q.query(`CREATE INDEX "IDX_orders_status_method" ON "orders" ("status", "method") `);
    await q.query(`CREATE INDEX "IDX_orders_user_created" ON "orders" ("user_id", "created_at") `);
    await q.query(`CREATE TABLE "order_lines" ("order_id" uuid NOT NULL, "product_id" uuid NOT NULL, "quantity" integer NOT NULL, "unit_price" integer NOT NULL, "name_kk" character varying(200) NOT NULL, "name_ru" character varying(200) NOT NULL, "name_en" character varying(200) NOT NULL, CONSTRAINT "CHK_order_lines_price" CHECK ("unit_price" > 0), CONSTRAINT "CHK_order_lines_quantity" CHECK ("quantity" > 0), CONSTRAINT "PK_order_lines" PRIMARY KEY ("order_id", "product_id"))`);
    await q.query(`CREATE TABLE "order_status_history" ("id" uuid NOT NULL, "order_id" uuid NOT NULL, "from_status" character varying(20), "to_status" character varying(20) NOT NULL, "actor_id" uuid, "note" character varying(500), "at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_order_status_history" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_order_status_history_order" ON "order_status_history" ("order_id", "at") `);
    await q.query(`ALTER TABLE "categories" ADD CONSTRAINT "FK_categories_parent" FOREIGN KEY ("parent_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "products" ADD CONSTRAINT "FK_products_category" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "product_specs" ADD CONSTRAINT "FK_product_specs_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "cart_items" ADD CONSTRAINT "FK_cart_items_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "wishlist_items" ADD CONSTRAINT "FK_wishlist_items_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "orders" ADD CONSTRAINT "FK_orders_pickup_point" FOREIGN KEY ("pickup_point_id") REFERENCES "pickup_points"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "order_lines" ADD CONSTRAINT "FK_order_lines_order" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "order_status_history" ADD CONSTRAINT "FK_order_status_history_order" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    // The catalogue's full-text search ('simple': no stemming, works the same for kk, ru and en; lower-cased by the
    // database's C.UTF-8 ctype, Kazakh letters included). Queries use PRODUCT_SEARCH_DOCUMENT, the same expression.
    await q.query(`CREATE INDEX "IDX_products_search" ON "products" USING gin (${PRODUCT_SEARCH_DOCUMENT})`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['order_status_history', 'order_lines', 'orders', 'wishlist_items', 'cart_items', 'product_specs', 'products', 'sliders', 'pickup_points', 'categories']) {
      await q.query(`DROP TABLE "${table}"`);
    }
  }
}
