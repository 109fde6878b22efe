import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Roles staff create (roles/roles-admin.module.ts) take ids from a sequence that starts at 101, above every role
 * id of spec section 6, which stay as seeded. An existing manager role is granted the new `log:index` (a fresh
 * database gets it from the seeder's defaults when the role is created).
 */
export class AuthRolesAdmin1763801100000 implements MigrationInterface {
  name = 'AuthRolesAdmin1763801100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE "roles_id_seq" AS integer START WITH 101 OWNED BY "roles"."id"`);
    await q.query(`ALTER TABLE "roles" ALTER COLUMN "id" SET DEFAULT nextval('"roles_id_seq"')`);
    await q.query(`INSERT INTO "permissions" ("name") VALUES ('log:index') ON CONFLICT ("name") DO NOTHING`);
    await q.query(
      `INSERT INTO "role_permissions" ("role_id", "permission_id")
       SELECT r.id, p.id FROM "roles" r JOIN "permissions" p ON p.name = 'log:index' WHERE r.id = 3
       ON CONFLICT DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "roles" ALTER COLUMN "id" DROP DEFAULT`);
    await q.query(`DROP SEQUENCE "roles_id_seq"`);
  }
}
