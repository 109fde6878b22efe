import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The language a person uses the platform in (bulk certificates are made in it; docs/auth.md). */
export class AuthUserLocale1764900000000 implements MigrationInterface {
  name = 'AuthUserLocale1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD "locale" character varying(2)`);
    await q.query(`ALTER TABLE "users" ADD CONSTRAINT "CHK_users_locale" CHECK ("locale" IN ('kk', 'ru', 'en'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP CONSTRAINT "CHK_users_locale"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "locale"`);
  }
}
