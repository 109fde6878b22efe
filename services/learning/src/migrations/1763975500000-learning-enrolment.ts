import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The course store and enrolment (issue 15): tariffs, pupils' enrolments, their paid periods, free trial lessons. */
export class LearningEnrolment1763975500000 implements MigrationInterface {
  name = 'LearningEnrolment1763975500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "course_tariffs" ("id" uuid NOT NULL, "course_id" uuid NOT NULL, "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "includes_kk" text NOT NULL DEFAULT '', "includes_ru" text NOT NULL DEFAULT '', "includes_en" text NOT NULL DEFAULT '', "price_tenge" integer NOT NULL DEFAULT '0', "price_zp" integer NOT NULL DEFAULT '0', "period_months" integer NOT NULL DEFAULT '1', "published" boolean NOT NULL DEFAULT false, "position" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_course_tariffs_period" CHECK ("period_months" BETWEEN 1 AND 24), CONSTRAINT "CHK_course_tariffs_price" CHECK ("price_tenge" >= 0 AND "price_zp" >= 0 AND ("price_tenge" > 0 OR "price_zp" > 0)), CONSTRAINT "PK_course_tariffs" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_course_tariffs_course" ON "course_tariffs"  ("course_id", "position") `);
    await q.query(`CREATE TABLE "course_enrolments" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "course_id" uuid NOT NULL, "tariff_id" uuid NOT NULL, "group_id" uuid, "access_until" TIMESTAMP WITH TIME ZONE, "renew" boolean NOT NULL DEFAULT true, "lapsed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_course_enrolments" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_course_enrolments_access" ON "course_enrolments"  ("access_until") `);
    await q.query(`CREATE INDEX "IDX_course_enrolments_course" ON "course_enrolments"  ("course_id") `);
    await q.query(`CREATE UNIQUE INDEX "UQ_course_enrolments_pupil" ON "course_enrolments"  ("user_id", "course_id") `);
    await q.query(`CREATE TABLE "course_enrolment_periods" ("id" uuid NOT NULL, "enrolment_id" uuid NOT NULL, "tariff_id" uuid NOT NULL, "kind" character varying(16) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "invoice_id" uuid, "amount_tenge" integer NOT NULL, "amount_zp" integer NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE, "ends_at" TIMESTAMP WITH TIME ZONE, "paid_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_course_enrolment_periods_status" CHECK ("status" IN ('pending', 'paid', 'cancelled')), CONSTRAINT "CHK_course_enrolment_periods_kind" CHECK ("kind" IN ('first', 'renewal')), CONSTRAINT "PK_course_enrolment_periods" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_course_enrolment_periods_pending" ON "course_enrolment_periods"  ("enrolment_id") WHERE "status" = 'pending'`);
    await q.query(`CREATE INDEX "IDX_course_enrolment_periods_enrolment" ON "course_enrolment_periods"  ("enrolment_id", "created_at") `);
    await q.query(`CREATE TABLE "course_free_trials" ("user_id" uuid NOT NULL, "course_id" uuid NOT NULL, "lesson_id" uuid NOT NULL, "granted_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_course_free_trials" PRIMARY KEY ("user_id", "course_id"))`);
    await q.query(`ALTER TABLE "course_tariffs" ADD CONSTRAINT "FK_course_tariffs_course" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "course_enrolments" ADD CONSTRAINT "FK_course_enrolments_course" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "course_enrolments" ADD CONSTRAINT "FK_course_enrolments_tariff" FOREIGN KEY ("tariff_id") REFERENCES "course_tariffs"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "course_enrolment_periods" ADD CONSTRAINT "FK_course_enrolment_periods_enrolment" FOREIGN KEY ("enrolment_id") REFERENCES "course_enrolments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "course_enrolment_periods" ADD CONSTRAINT "FK_course_enrolment_periods_tariff" FOREIGN KEY ("tariff_id") REFERENCES "course_tariffs"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "course_free_trials" ADD CONSTRAINT "FK_course_free_trials_course" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "course_free_trials" ADD CONSTRAINT "FK_course_free_trials_lesson" FOREIGN KEY ("lesson_id") REFERENCES "lessons"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "course_free_trials"`);
    await q.query(`DROP TABLE "course_enrolment_periods"`);
    await q.query(`DROP TABLE "course_enrolments"`);
    await q.query(`DROP TABLE "course_tariffs"`);
  }
}
