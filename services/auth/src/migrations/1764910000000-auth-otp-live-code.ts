import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one live code per phone, kept by the database: a code request is now one statement with no lock taken
 * before it (docs/auth.md, "One statement per code request"), and two requests of one phone at once are told apart
 * by this index. Older duplicates, if any, are marked replaced first (the newest stays live, as a resend does).
 */
export class AuthOtpLiveCode1764910000000 implements MigrationInterface {
  name = 'AuthOtpLiveCode1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "otp_codes" o SET "superseded_at" = now()
        WHERE o."consumed_at" IS NULL AND o."superseded_at" IS NULL
          AND EXISTS (SELECT 1 FROM "otp_codes" n
                       WHERE n."phone" = o."phone" AND n."consumed_at" IS NULL AND n."superseded_at" IS NULL
                         AND (n."created_at", n."id") > (o."created_at", o."id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_otp_codes_live_phone" ON "otp_codes" ("phone") WHERE "consumed_at" IS NULL AND "superseded_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "UQ_otp_codes_live_phone"`);
  }
}
