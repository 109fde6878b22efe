import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Platform settings by key (settings/setting.entity.ts); a key without a row holds its default. */
export class AuthSettings1763840000000 implements MigrationInterface {
  name = 'AuthSettings1763840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "settings" ("key" character varying(100) NOT NULL, "value" jsonb NOT NULL,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_by" uuid,
        CONSTRAINT "PK_settings" PRIMARY KEY ("key"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "settings"');
  }
}
