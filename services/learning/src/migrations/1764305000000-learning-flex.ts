import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Flex (self-paced) courses (issue 15, docs/learning.md "Flex courses"): chapters, lessons and pupils' progress; a
 * lesson's videos are materials of owner kind `flex-lesson`; an attempt at a lesson's test remembers the lesson.
 */
export class LearningFlex1764305000000 implements MigrationInterface {
  name = 'LearningFlex1764305000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "flex_chapters" ("id" uuid NOT NULL, "course_id" uuid NOT NULL, "position" integer NOT NULL DEFAULT '0', "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "published" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_flex_chapters" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_flex_chapters_course" ON "flex_chapters" ("course_id", "position") `);
    await q.query(`CREATE TABLE "flex_lessons" ("id" uuid NOT NULL, "chapter_id" uuid NOT NULL, "position" integer NOT NULL DEFAULT '0', "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "body_kk" text NOT NULL DEFAULT '', "body_ru" text NOT NULL DEFAULT '', "body_en" text NOT NULL DEFAULT '', "quiz_id" uuid, "points" integer NOT NULL DEFAULT '10', "published" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_flex_lessons" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_flex_lessons_chapter" ON "flex_lessons" ("chapter_id", "position") `);
    await q.query(`CREATE INDEX "IDX_flex_lessons_quiz" ON "flex_lessons" ("quiz_id") `);
    await q.query(`CREATE TABLE "flex_progress" ("user_id" uuid NOT NULL, "lesson_id" uuid NOT NULL, "course_id" uuid NOT NULL, "points" integer NOT NULL, "completed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_flex_progress" PRIMARY KEY ("user_id", "lesson_id"))`);
    await q.query(`CREATE INDEX "IDX_flex_progress_course" ON "flex_progress" ("course_id", "user_id") `);
    await q.query(`ALTER TABLE "flex_chapters" ADD CONSTRAINT "FK_flex_chapters_course" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "flex_lessons" ADD CONSTRAINT "FK_flex_lessons_chapter" FOREIGN KEY ("chapter_id") REFERENCES "flex_chapters"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "flex_lessons" ADD CONSTRAINT "FK_flex_lessons_quiz" FOREIGN KEY ("quiz_id") REFERENCES "quizzes"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "flex_progress" ADD CONSTRAINT "FK_flex_progress_lesson" FOREIGN KEY ("lesson_id") REFERENCES "flex_lessons"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "attempts" ADD "flex_lesson_id" uuid`);
    await q.query(`ALTER TABLE "materials" DROP CONSTRAINT "CHK_materials_owner_kind"`);
    await q.query(`ALTER TABLE "materials" ADD CONSTRAINT "CHK_materials_owner_kind" CHECK ("owner_kind" IN ('lesson', 'training-subchapter', 'library-chapter', 'event', 'flex-lesson'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "materials" WHERE "owner_kind" = 'flex-lesson'`);
    await q.query(`ALTER TABLE "materials" DROP CONSTRAINT "CHK_materials_owner_kind"`);
    await q.query(`ALTER TABLE "materials" ADD CONSTRAINT "CHK_materials_owner_kind" CHECK ("owner_kind" IN ('lesson', 'training-subchapter', 'library-chapter', 'event'))`);
    await q.query(`ALTER TABLE "attempts" DROP COLUMN "flex_lesson_id"`);
    await q.query(`DROP TABLE "flex_progress"`);
    await q.query(`DROP TABLE "flex_lessons"`);
    await q.query(`DROP TABLE "flex_chapters"`);
  }
}
