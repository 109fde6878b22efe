import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A refunded enrolment period (`invoice.refunded`): its access ended at the refund. */
export class LearningEnrolmentRefunds1764900000000 implements MigrationInterface {
  name = 'LearningEnrolmentRefunds1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "course_enrolment_periods" ADD "refunded_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "course_enrolment_periods" DROP COLUMN "refunded_at"`);
  }
}
