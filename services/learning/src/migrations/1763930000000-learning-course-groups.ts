import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Courses (issue 15), second step: group members, lesson kind and recording, attendance, homework. */
export class LearningCourseGroups1763930000000 implements MigrationInterface {
  name = 'LearningCourseGroups1763930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "lessons" ADD "kind" character varying(16) NOT NULL DEFAULT 'live'`);
    await q.query(`ALTER TABLE "lessons" ADD "recording_url" character varying(500)`);
    await q.query(`ALTER TABLE "lessons" ADD CONSTRAINT "CHK_lessons_kind" CHECK ("kind" IN ('live', 'recorded'))`);
    await q.query(`CREATE TABLE "course_group_members" ("group_id" uuid NOT NULL, "user_id" uuid NOT NULL, "role" character varying(16) NOT NULL, "added_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_course_group_members_role" CHECK ("role" IN ('pupil', 'teacher')), CONSTRAINT "PK_course_group_members" PRIMARY KEY ("group_id", "user_id"))`);
    await q.query(`CREATE INDEX "IDX_course_group_members_user" ON "course_group_members" ("user_id") `);
    await q.query(`CREATE TABLE "lesson_attendance" ("lesson_id" uuid NOT NULL, "user_id" uuid NOT NULL, "status" character varying(16) NOT NULL, "marked_by" uuid NOT NULL, "marked_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "CHK_lesson_attendance_status" CHECK ("status" IN ('present', 'late', 'absent')), CONSTRAINT "PK_lesson_attendance" PRIMARY KEY ("lesson_id", "user_id"))`);
    await q.query(`CREATE INDEX "IDX_lesson_attendance_user" ON "lesson_attendance" ("user_id") `);
    await q.query(`CREATE TABLE "homeworks" ("id" uuid NOT NULL, "lesson_id" uuid NOT NULL, "title" character varying(300) NOT NULL, "text" text NOT NULL DEFAULT '', "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "max_points" integer NOT NULL DEFAULT '10', "created_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_homeworks" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_homeworks_lesson" ON "homeworks" ("lesson_id") `);
    await q.query(`CREATE TABLE "homework_submissions" ("id" uuid NOT NULL, "homework_id" uuid NOT NULL, "user_id" uuid NOT NULL, "text" text NOT NULL, "upload_name" character varying(300), "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "points" integer, "comment" text, "graded_at" TIMESTAMP WITH TIME ZONE, "graded_by" uuid, CONSTRAINT "PK_homework_submissions" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_homework_submissions_pupil" ON "homework_submissions" ("homework_id", "user_id") `);
    await q.query(`ALTER TABLE "course_group_members" ADD CONSTRAINT "FK_course_group_members_group" FOREIGN KEY ("group_id") REFERENCES "course_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "lesson_attendance" ADD CONSTRAINT "FK_lesson_attendance_lesson" FOREIGN KEY ("lesson_id") REFERENCES "lessons"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "homeworks" ADD CONSTRAINT "FK_homeworks_lesson" FOREIGN KEY ("lesson_id") REFERENCES "lessons"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "homework_submissions" ADD CONSTRAINT "FK_homework_submissions_homework" FOREIGN KEY ("homework_id") REFERENCES "homeworks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['homework_submissions', 'homeworks', 'lesson_attendance', 'course_group_members']) await q.query(`DROP TABLE "${t}"`);
    await q.query(`ALTER TABLE "lessons" DROP CONSTRAINT "CHK_lessons_kind"`);
    await q.query(`ALTER TABLE "lessons" DROP COLUMN "recording_url"`);
    await q.query(`ALTER TABLE "lessons" DROP COLUMN "kind"`);
  }
}
