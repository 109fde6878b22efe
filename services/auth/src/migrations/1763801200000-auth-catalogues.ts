import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The catalogues (catalogues/catalogue.entities.ts): grades, directions, subjects, cities, centers. */
export class AuthCatalogues1763801200000 implements MigrationInterface {
  name = 'AuthCatalogues1763801200000';

  async up(q: QueryRunner): Promise<void> {
    const names = `"name_kk" character varying(200) NOT NULL, "name_ru" character varying(200) NOT NULL,
        "name_en" character varying(200) NOT NULL`;
    const stamps = `"created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`;
    await q.query(
      `CREATE TABLE "grades" ("id" SERIAL NOT NULL, "number" smallint NOT NULL, ${names}, ${stamps},
        CONSTRAINT "PK_grades" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_grades_number" ON "grades" ("number")`);
    for (const table of ['directions', 'subjects', 'cities']) {
      await q.query(
        `CREATE TABLE "${table}" ("id" SERIAL NOT NULL, "code" character varying(50), ${names}, ${stamps},
          CONSTRAINT "PK_${table}" PRIMARY KEY ("id"))`,
      );
      await q.query(`CREATE UNIQUE INDEX "UQ_${table}_code" ON "${table}" ("code")`);
    }
    await q.query(
      `CREATE TABLE "centers" ("id" SERIAL NOT NULL, "code" character varying(100), "city_id" integer NOT NULL, ${names},
        "address" character varying(300) NOT NULL, "phone" character varying(16) NOT NULL, ${stamps},
        CONSTRAINT "PK_centers" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_centers_code" ON "centers" ("code")`);
    await q.query(`CREATE INDEX "IDX_centers_city" ON "centers" ("city_id")`);
    await q.query(
      `ALTER TABLE "centers" ADD CONSTRAINT "FK_centers_city" FOREIGN KEY ("city_id")
        REFERENCES "cities"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "centers"');
    for (const table of ['cities', 'subjects', 'directions', 'grades']) await q.query(`DROP TABLE "${table}"`);
  }
}
