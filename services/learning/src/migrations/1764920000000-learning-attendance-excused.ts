import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A fourth attendance mark: excused (absent for a reason the teacher accepts), shown to the pupil as such. */
export class LearningAttendanceExcused1764920000000 implements MigrationInterface {
  name = 'LearningAttendanceExcused1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "lesson_attendance" DROP CONSTRAINT "CHK_lesson_attendance_status"`);
    await q.query(`ALTER TABLE "lesson_attendance" ADD CONSTRAINT "CHK_lesson_attendance_status" CHECK ("status" IN ('present', 'late', 'absent', 'excused'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "lesson_attendance" WHERE "status" = 'excused'`);
    await q.query(`ALTER TABLE "lesson_attendance" DROP CONSTRAINT "CHK_lesson_attendance_status"`);
    await q.query(`ALTER TABLE "lesson_attendance" ADD CONSTRAINT "CHK_lesson_attendance_status" CHECK ("status" IN ('present', 'late', 'absent'))`);
  }
}
