import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Events (issue 16): webinars, olympiad stages and meetings for all pupils, a grade or a course's pupils. */
export class LearningEvents1763965000000 implements MigrationInterface {
  name = 'LearningEvents1763965000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "events" ("id" uuid NOT NULL, "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "description_kk" text NOT NULL DEFAULT '', "description_ru" text NOT NULL DEFAULT '', "description_en" text NOT NULL DEFAULT '', "image_url" character varying(500), "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL, "online_url" character varying(500), "center_id" integer, "audience" character varying(8) NOT NULL DEFAULT 'all', "grade" smallint, "course_id" uuid, "published" boolean NOT NULL DEFAULT false, "published_at" TIMESTAMP WITH TIME ZONE, "reminded_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_events_span" CHECK ("ends_at" > "starts_at"), CONSTRAINT "CHK_events_audience" CHECK ("audience" IN ('all', 'grade', 'course')), CONSTRAINT "PK_events" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_events_upcoming" ON "events"  ("published", "ends_at") `);
    await q.query(`CREATE INDEX "IDX_events_course" ON "events"  ("course_id") `);
    await q.query(`ALTER TABLE "events" ADD CONSTRAINT "FK_events_course" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "events"`);
  }
}
