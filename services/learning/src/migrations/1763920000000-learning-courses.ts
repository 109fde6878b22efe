import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Courses (issue 15): courses, their modules, groups of a course and a group's lessons. */
export class LearningCourses1763920000000 implements MigrationInterface {
  name = 'LearningCourses1763920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "courses" ("id" uuid NOT NULL, "kind" character varying(16) NOT NULL, "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "description_kk" text NOT NULL DEFAULT '', "description_ru" text NOT NULL DEFAULT '', "description_en" text NOT NULL DEFAULT '', "image_url" character varying(500), "published" boolean NOT NULL DEFAULT false, "position" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_courses_kind" CHECK ("kind" IN ('live', 'flex', 'self-study', 'offline')), CONSTRAINT "PK_courses" PRIMARY KEY ("id"))`);
    await q.query(`CREATE TABLE "course_modules" ("id" uuid NOT NULL, "course_id" uuid NOT NULL, "position" integer NOT NULL DEFAULT '0', "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "description_kk" text NOT NULL DEFAULT '', "description_ru" text NOT NULL DEFAULT '', "description_en" text NOT NULL DEFAULT '', CONSTRAINT "PK_course_modules" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_course_modules_course" ON "course_modules"  ("course_id", "position") `);
    await q.query(`CREATE TABLE "course_groups" ("id" uuid NOT NULL, "course_id" uuid NOT NULL, "name" character varying(200) NOT NULL, "capacity" integer, "meeting_url" character varying(500), "published" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_course_groups_capacity" CHECK ("capacity" IS NULL OR "capacity" > 0), CONSTRAINT "PK_course_groups" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_course_groups_course" ON "course_groups"  ("course_id") `);
    await q.query(`CREATE TABLE "lessons" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "module_id" uuid, "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "duration_minutes" integer NOT NULL DEFAULT '90', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_lessons_duration" CHECK ("duration_minutes" BETWEEN 1 AND 600), CONSTRAINT "PK_lessons" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_lessons_module" ON "lessons"  ("module_id") `);
    await q.query(`CREATE INDEX "IDX_lessons_group_starts" ON "lessons"  ("group_id", "starts_at") `);
    await q.query(`ALTER TABLE "course_modules" ADD CONSTRAINT "FK_course_modules_course" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "course_groups" ADD CONSTRAINT "FK_course_groups_course" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "lessons" ADD CONSTRAINT "FK_lessons_group" FOREIGN KEY ("group_id") REFERENCES "course_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "lessons" ADD CONSTRAINT "FK_lessons_module" FOREIGN KEY ("module_id") REFERENCES "course_modules"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['lessons', 'course_groups', 'course_modules', 'courses']) await q.query(`DROP TABLE "${t}"`);
  }
}
