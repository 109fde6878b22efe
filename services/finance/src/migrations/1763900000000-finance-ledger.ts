import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger (accounts, ledger transactions, postings) and invoices. Beyond what the entities describe: triggers
 * that make postings and ledger transactions append-only and refuse a posting between accounts of another unit,
 * and the system accounts every posting's other side is.
 */
export class FinanceLedger1763900000000 implements MigrationInterface {
  name = 'FinanceLedger1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "accounts" ("id" uuid NOT NULL, "owner_id" uuid, "code" character varying(20), "unit" character varying(12) NOT NULL,
        "balance" bigint, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_accounts_unit" CHECK ("unit" IN ('XP', 'ZP', 'ALTYN_SAQA')),
        CONSTRAINT "CHK_accounts_balance" CHECK (("owner_id" IS NULL AND "balance" IS NULL) OR ("owner_id" IS NOT NULL AND "balance" >= 0)),
        CONSTRAINT "CHK_accounts_holder" CHECK (("owner_id" IS NULL) <> ("code" IS NULL)),
        CONSTRAINT "PK_accounts" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_accounts_code_unit" ON "accounts" ("code", "unit") WHERE "code" IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX "UQ_accounts_owner_unit" ON "accounts" ("owner_id", "unit") WHERE "owner_id" IS NOT NULL`);
    await q.query(
      `CREATE TABLE "ledger_transactions" ("id" uuid NOT NULL, "idempotency_key" character varying(200) NOT NULL,
        "kind" character varying(30) NOT NULL, "reason" jsonb NOT NULL DEFAULT '{}', "fingerprint" character varying(64) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ledger_transactions" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_ledger_transactions_created" ON "ledger_transactions" ("created_at")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_ledger_transactions_key" ON "ledger_transactions" ("idempotency_key")`);
    await q.query(
      `CREATE TABLE "postings" ("id" BIGSERIAL NOT NULL, "transaction_id" uuid NOT NULL, "unit" character varying(12) NOT NULL,
        "debit_account_id" uuid NOT NULL, "credit_account_id" uuid NOT NULL, "amount" bigint NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_postings_accounts" CHECK ("debit_account_id" <> "credit_account_id"),
        CONSTRAINT "CHK_postings_amount" CHECK ("amount" > 0), CONSTRAINT "PK_postings" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_postings_transaction" ON "postings" ("transaction_id")`);
    await q.query(`CREATE INDEX "IDX_postings_credit" ON "postings" ("credit_account_id", "id")`);
    await q.query(`CREATE INDEX "IDX_postings_debit" ON "postings" ("debit_account_id", "id")`);
    await q.query(`ALTER TABLE "postings" ADD CONSTRAINT "FK_postings_transaction" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "postings" ADD CONSTRAINT "FK_postings_debit_account" FOREIGN KEY ("debit_account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "postings" ADD CONSTRAINT "FK_postings_credit_account" FOREIGN KEY ("credit_account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);

    // Append-only: history is never rewritten; a correction is a new posting.
    await q.query(
      `CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation'; END $$`,
    );
    await q.query(`CREATE TRIGGER "TRG_postings_append_only" BEFORE UPDATE OR DELETE ON "postings" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"()`);
    await q.query(`CREATE TRIGGER "TRG_postings_no_truncate" BEFORE TRUNCATE ON "postings" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"()`);
    await q.query(`CREATE TRIGGER "TRG_ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"()`);
    // Both accounts of a posting hold the posting's unit, so each unit's postings sum to zero on their own.
    await q.query(
      `CREATE FUNCTION "postings_same_unit"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
       BEGIN
         IF (SELECT count(*) FROM accounts WHERE id IN (NEW.debit_account_id, NEW.credit_account_id) AND unit = NEW.unit) <> 2 THEN
           RAISE EXCEPTION 'a % posting between accounts of another unit', NEW.unit USING ERRCODE = 'check_violation';
         END IF;
         RETURN NEW;
       END $$`,
    );
    await q.query(`CREATE TRIGGER "TRG_postings_same_unit" BEFORE INSERT ON "postings" FOR EACH ROW EXECUTE FUNCTION "postings_same_unit"()`);
    await q.query(
      `INSERT INTO "accounts" ("id", "code", "unit") VALUES
        (gen_random_uuid(), 'rewards', 'XP'), (gen_random_uuid(), 'rewards', 'ZP'), (gen_random_uuid(), 'rewards', 'ALTYN_SAQA'),
        (gen_random_uuid(), 'recharges', 'ZP'), (gen_random_uuid(), 'sales', 'ZP'), (gen_random_uuid(), 'sales', 'ALTYN_SAQA'),
        (gen_random_uuid(), 'refunds', 'ZP'), (gen_random_uuid(), 'refunds', 'ALTYN_SAQA')`,
    );

    await q.query(
      `CREATE TABLE "invoices" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "product_kind" character varying(12) NOT NULL,
        "product_id" uuid NOT NULL, "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL,
        "title_en" character varying(300) NOT NULL, "amount_tenge" integer NOT NULL, "amount_zp" integer NOT NULL,
        "status" character varying(10) NOT NULL DEFAULT 'pending', "payment_method" character varying(10),
        "paid_at" TIMESTAMP WITH TIME ZONE, "cancelled_at" TIMESTAMP WITH TIME ZONE, "refunded_at" TIMESTAMP WITH TIME ZONE,
        "refunded_zp" integer, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_invoices_cancelled" CHECK (("status" = 'cancelled') = ("cancelled_at" IS NOT NULL)),
        CONSTRAINT "CHK_invoices_paid" CHECK (("status" = 'paid') = ("paid_at" IS NOT NULL AND "payment_method" IS NOT NULL)),
        CONSTRAINT "CHK_invoices_amounts" CHECK ("amount_tenge" >= 0 AND "amount_zp" >= 0 AND "amount_tenge" + "amount_zp" > 0),
        CONSTRAINT "CHK_invoices_product_kind" CHECK ("product_kind" IN ('challenge', 'training', 'course')),
        CONSTRAINT "CHK_invoices_status" CHECK ("status" IN ('pending', 'paid', 'cancelled')),
        CONSTRAINT "PK_invoices" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_invoices_paid_at" ON "invoices" ("paid_at")`);
    await q.query(`CREATE INDEX "IDX_invoices_product" ON "invoices" ("product_kind", "product_id")`);
    await q.query(`CREATE INDEX "IDX_invoices_user_created" ON "invoices" ("user_id", "created_at")`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_invoices_live_product" ON "invoices" ("user_id", "product_kind", "product_id")
        WHERE "status" = 'pending' OR ("status" = 'paid' AND "refunded_at" IS NULL)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "invoices"');
    await q.query('DROP TABLE "postings"');
    await q.query('DROP TABLE "ledger_transactions"');
    await q.query('DROP TABLE "accounts"');
    await q.query('DROP FUNCTION "postings_same_unit"()');
    await q.query('DROP FUNCTION "ledger_append_only"()');
  }
}
