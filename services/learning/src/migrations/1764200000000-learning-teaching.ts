import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Teaching (issue 15, docs/teaching.md): wage rates and payments in tenge, cancelled lessons, reminders, calendar feeds. */
export class LearningTeaching1764200000000 implements MigrationInterface {
  name = 'LearningTeaching1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "teacher_wage_rates" ("id" uuid NOT NULL, "teacher_id" uuid NOT NULL, "per" character varying(8) NOT NULL, "amount_tenge" integer NOT NULL, "effective_from" date NOT NULL, "set_by" uuid NOT NULL, "set_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "CHK_teacher_wage_rates_amount" CHECK ("amount_tenge" >= 0), CONSTRAINT "CHK_teacher_wage_rates_per" CHECK ("per" IN ('lesson', 'hour')), CONSTRAINT "PK_teacher_wage_rates" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_teacher_wage_rates_day" ON "teacher_wage_rates" ("teacher_id", "effective_from") `);
    await q.query(`CREATE TABLE "wage_payments" ("id" uuid NOT NULL, "teacher_id" uuid NOT NULL, "month" character varying(7) NOT NULL, "amount_tenge" integer NOT NULL, "note" character varying(500) NOT NULL DEFAULT '', "paid_by" uuid NOT NULL, "paid_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "CHK_wage_payments_amount" CHECK ("amount_tenge" > 0), CONSTRAINT "PK_wage_payments" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_wage_payments_teacher" ON "wage_payments" ("teacher_id", "month") `);
    await q.query(`CREATE TABLE "lesson_cancellations" ("lesson_id" uuid NOT NULL, "reason" character varying(500) NOT NULL DEFAULT '', "cancelled_by" uuid NOT NULL, "cancelled_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_lesson_cancellations" PRIMARY KEY ("lesson_id"))`);
    await q.query(`ALTER TABLE "lesson_cancellations" ADD CONSTRAINT "FK_lesson_cancellations_lesson" FOREIGN KEY ("lesson_id") REFERENCES "lessons"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`CREATE TABLE "lesson_reminders" ("lesson_id" uuid NOT NULL, "reminded_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_lesson_reminders" PRIMARY KEY ("lesson_id"))`);
    await q.query(`ALTER TABLE "lesson_reminders" ADD CONSTRAINT "FK_lesson_reminders_lesson" FOREIGN KEY ("lesson_id") REFERENCES "lessons"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`CREATE TABLE "calendar_feeds" ("user_id" uuid NOT NULL, "token" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_calendar_feeds" PRIMARY KEY ("user_id"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_calendar_feeds_token" ON "calendar_feeds" ("token") `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "calendar_feeds"`);
    await q.query(`DROP TABLE "lesson_reminders"`);
    await q.query(`DROP TABLE "lesson_cancellations"`);
    await q.query(`DROP TABLE "wage_payments"`);
    await q.query(`DROP TABLE "teacher_wage_rates"`);
  }
}
