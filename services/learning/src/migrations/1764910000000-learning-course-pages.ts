import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An online course's pupil pages (issue 15, docs/course-pages.md): news posts, consultation slots, terms and acceptances. */
export class LearningCoursePages1764910000000 implements MigrationInterface {
  name = 'LearningCoursePages1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "course_news_posts" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "text_kk" text NOT NULL DEFAULT '', "text_ru" text NOT NULL DEFAULT '', "text_en" text NOT NULL DEFAULT '', "link_url" character varying(500), "author_name" character varying(200) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "CHK_course_news_posts_text" CHECK ("text_kk" <> '' OR "text_ru" <> '' OR "text_en" <> ''), CONSTRAINT "PK_course_news_posts" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_course_news_posts_feed" ON "course_news_posts" ("group_id", "created_at", "id") `);
    await q.query(`ALTER TABLE "course_news_posts" ADD CONSTRAINT "FK_course_news_posts_group" FOREIGN KEY ("group_id") REFERENCES "course_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`CREATE TABLE "consultation_slots" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL, "teacher_name" character varying(200) NOT NULL DEFAULT '', "booked_by" uuid, "booked_by_name" character varying(200), "booked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "CHK_consultation_slots_booking" CHECK (("booked_by" IS NULL) = ("booked_at" IS NULL)), CONSTRAINT "CHK_consultation_slots_span" CHECK ("ends_at" > "starts_at"), CONSTRAINT "PK_consultation_slots" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_consultation_slots_group" ON "consultation_slots" ("group_id", "starts_at") `);
    await q.query(`CREATE INDEX "IDX_consultation_slots_booker" ON "consultation_slots" ("booked_by") `);
    await q.query(`ALTER TABLE "consultation_slots" ADD CONSTRAINT "FK_consultation_slots_group" FOREIGN KEY ("group_id") REFERENCES "course_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`CREATE TABLE "course_terms" ("id" uuid NOT NULL, "course_id" uuid NOT NULL, "version" integer NOT NULL, "text_kk" text NOT NULL DEFAULT '', "text_ru" text NOT NULL DEFAULT '', "text_en" text NOT NULL DEFAULT '', "created_by_name" character varying(200) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "CHK_course_terms_version" CHECK ("version" > 0), CONSTRAINT "PK_course_terms" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_course_terms_version" ON "course_terms" ("course_id", "version") `);
    await q.query(`ALTER TABLE "course_terms" ADD CONSTRAINT "FK_course_terms_course" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`CREATE TABLE "course_terms_acceptances" ("course_id" uuid NOT NULL, "user_id" uuid NOT NULL, "version" integer NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_course_terms_acceptances" PRIMARY KEY ("course_id", "user_id", "version"))`);
    await q.query(`ALTER TABLE "course_terms_acceptances" ADD CONSTRAINT "FK_course_terms_acceptances_course" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "course_terms_acceptances"`);
    await q.query(`DROP TABLE "course_terms"`);
    await q.query(`DROP TABLE "consultation_slots"`);
    await q.query(`DROP TABLE "course_news_posts"`);
  }
}
