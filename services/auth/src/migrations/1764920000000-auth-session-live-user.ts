import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one live session per account, kept by the database: a sign-in is now one statement with no lock taken
 * before it (docs/auth.md, "Two round trips per sign-in"), and a session that went live under it is told apart by this
 * index. The rule held before (a per-account lock), so older duplicates are not expected; any are ended first, the
 * newest staying live, as a sign-in would have left them.
 */
export class AuthSessionLiveUser1764920000000 implements MigrationInterface {
  name = 'AuthSessionLiveUser1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "sessions" o SET "revoked_at" = now(), "revoke_reason" = 'replaced'
        WHERE o."revoked_at" IS NULL
          AND EXISTS (SELECT 1 FROM "sessions" n
                       WHERE n."user_id" = o."user_id" AND n."revoked_at" IS NULL
                         AND (n."created_at", n."id") > (o."created_at", o."id"))`,
    );
    await q.query(`DROP INDEX "IDX_sessions_user_live"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_sessions_live_user" ON "sessions" ("user_id") WHERE "revoked_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "UQ_sessions_live_user"`);
    await q.query(`CREATE INDEX "IDX_sessions_user_live" ON "sessions" ("user_id") WHERE "revoked_at" IS NULL`);
  }
}
