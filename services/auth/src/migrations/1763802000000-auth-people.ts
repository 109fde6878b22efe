import type { MigrationInterface, QueryRunner } from 'typeorm';

/** People (people/people.entities.ts): postal addresses by kind, parents by relative, the avatar history. */
export class AuthPeople1763802000000 implements MigrationInterface {
  name = 'AuthPeople1763802000000';

  async up(q: QueryRunner): Promise<void> {
    const stamps = `"created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`;
    await q.query(
      `CREATE TABLE "user_addresses" ("user_id" uuid NOT NULL, "kind" character varying(10) NOT NULL,
        "region" character varying(100), "city" character varying(100) NOT NULL, "street" character varying(200) NOT NULL,
        "house" character varying(20) NOT NULL, "apartment" character varying(20), "postal_code" character varying(6), ${stamps},
        CONSTRAINT "PK_user_addresses" PRIMARY KEY ("user_id", "kind"))`,
    );
    await q.query(
      `CREATE TABLE "user_parents" ("user_id" uuid NOT NULL, "relative" character varying(10) NOT NULL,
        "full_name" character varying(200) NOT NULL, "phone" character varying(16) NOT NULL, ${stamps},
        CONSTRAINT "PK_user_parents" PRIMARY KEY ("user_id", "relative"))`,
    );
    await q.query(
      `CREATE TABLE "user_avatars" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "filename" character varying(64) NOT NULL,
        "size" integer NOT NULL, "width" smallint NOT NULL, "height" smallint NOT NULL, "source_mime" character varying(20) NOT NULL,
        "current" boolean NOT NULL DEFAULT false, "uploaded_by" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "removed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_user_avatars" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_user_avatars_current" ON "user_avatars" ("user_id") WHERE "current"`);
    await q.query(`CREATE INDEX "IDX_user_avatars_user" ON "user_avatars" ("user_id", "created_at")`);
    for (const table of ['user_addresses', 'user_parents', 'user_avatars']) {
      await q.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "FK_${table}_user" FOREIGN KEY ("user_id")
          REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['user_avatars', 'user_parents', 'user_addresses']) await q.query(`DROP TABLE "${table}"`);
  }
}
