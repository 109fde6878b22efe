import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuthInitial1763780000000 implements MigrationInterface {
  name = 'AuthInitial1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "roles" ("id" integer NOT NULL, "name" character varying(50) NOT NULL,
        "title_kk" character varying(100) NOT NULL, "title_ru" character varying(100) NOT NULL,
        "title_en" character varying(100) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_roles" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_roles_name" ON "roles" ("name")`);
    await q.query(
      `CREATE TABLE "permissions" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_permissions" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_permissions_name" ON "permissions" ("name")`);
    await q.query(
      `CREATE TABLE "role_permissions" ("role_id" integer NOT NULL, "permission_id" integer NOT NULL,
        CONSTRAINT "PK_role_permissions" PRIMARY KEY ("role_id", "permission_id"))`,
    );
    await q.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL, "phone" character varying(16) NOT NULL,
        "first_name" character varying(100) NOT NULL, "last_name" character varying(100) NOT NULL DEFAULT '',
        "role_id" integer NOT NULL, "grade" smallint,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_users" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_users_phone" ON "users" ("phone")`);
    await q.query(
      `ALTER TABLE "role_permissions" ADD CONSTRAINT "FK_role_permissions_role" FOREIGN KEY ("role_id")
        REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "role_permissions" ADD CONSTRAINT "FK_role_permissions_permission" FOREIGN KEY ("permission_id")
        REFERENCES "permissions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_users_role" FOREIGN KEY ("role_id") REFERENCES "roles"("id")
        ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "users"');
    await q.query('DROP TABLE "role_permissions"');
    await q.query('DROP TABLE "permissions"');
    await q.query('DROP TABLE "roles"');
  }
}
