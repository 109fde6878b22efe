import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The geography directory (directory/directory.entities.ts): provinces, districts, schools. */
export class AuthDirectory1763790000000 implements MigrationInterface {
  name = 'AuthDirectory1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "provinces" ("id" SERIAL NOT NULL, "code" character varying(50) NOT NULL,
        "kind" character varying(10) NOT NULL DEFAULT 'region', "name_kk" character varying(200) NOT NULL,
        "name_ru" character varying(200) NOT NULL, "name_en" character varying(200) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_provinces" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_provinces_code" ON "provinces" ("code")`);
    await q.query(
      `CREATE TABLE "districts" ("id" SERIAL NOT NULL, "province_id" integer NOT NULL, "code" character varying(100),
        "name_kk" character varying(200) NOT NULL, "name_ru" character varying(200) NOT NULL,
        "name_en" character varying(200) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_districts" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_districts_code" ON "districts" ("code")`);
    await q.query(`CREATE INDEX "IDX_districts_province" ON "districts" ("province_id")`);
    await q.query(
      `CREATE TABLE "schools" ("id" SERIAL NOT NULL, "district_id" integer NOT NULL, "code" character varying(100),
        "name_kk" character varying(300) NOT NULL, "name_ru" character varying(300) NOT NULL,
        "name_en" character varying(300) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_schools" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_schools_code" ON "schools" ("code")`);
    await q.query(`CREATE INDEX "IDX_schools_district" ON "schools" ("district_id")`);
    await q.query(
      `ALTER TABLE "districts" ADD CONSTRAINT "FK_districts_province" FOREIGN KEY ("province_id")
        REFERENCES "provinces"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "schools" ADD CONSTRAINT "FK_schools_district" FOREIGN KEY ("district_id")
        REFERENCES "districts"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "schools"');
    await q.query('DROP TABLE "districts"');
    await q.query('DROP TABLE "provinces"');
  }
}
