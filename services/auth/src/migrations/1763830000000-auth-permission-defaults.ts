import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Remembers which default grants were offered (roles/role.entity.ts RolePermissionDefault). Databases created
 * before it hold the defaults their roles got at creation: those are recorded as offered, so a key staff removed
 * is not granted again; keys added since are granted once at the next start.
 */
export class AuthPermissionDefaults1763830000000 implements MigrationInterface {
  name = 'AuthPermissionDefaults1763830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "role_permission_defaults" ("role_id" integer NOT NULL, "permission" character varying(100) NOT NULL,
        "offered_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_role_permission_defaults" PRIMARY KEY ("role_id", "permission"))`,
    );
    await q.query(
      `INSERT INTO "role_permission_defaults" ("role_id", "permission")
       SELECT rp.role_id, p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "role_permission_defaults"');
  }
}
