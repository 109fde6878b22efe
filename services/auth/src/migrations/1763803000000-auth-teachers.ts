import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Teachers (staff-people/teacher.entity.ts). */
export class AuthTeachers1763803000000 implements MigrationInterface {
  name = 'AuthTeachers1763803000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "teachers" ("id" SERIAL NOT NULL, "first_name" character varying(100) NOT NULL,
        "last_name" character varying(100) NOT NULL DEFAULT '', "phone" character varying(16), "user_id" uuid,
        "center_id" integer, "subject_id" integer,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_teachers" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_teachers_user" ON "teachers" ("user_id")`);
    await q.query(`CREATE INDEX "IDX_teachers_center" ON "teachers" ("center_id")`);
    await q.query(`ALTER TABLE "teachers" ADD CONSTRAINT "FK_teachers_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "teachers" ADD CONSTRAINT "FK_teachers_center" FOREIGN KEY ("center_id") REFERENCES "centers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "teachers" ADD CONSTRAINT "FK_teachers_subject" FOREIGN KEY ("subject_id") REFERENCES "subjects"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "teachers"');
  }
}
