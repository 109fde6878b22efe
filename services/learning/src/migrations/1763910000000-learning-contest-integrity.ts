import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contest integrity: what a pupil sees of a finished challenge test before its checkpoint closes (`points` or
 * `marks`), shuffling on by default for new quizzes, whether an attempt shuffled (its option order is seeded by
 * its id), and the index the reveal rule reads a quiz's latest running deadline from.
 */
export class LearningContestIntegrity1763910000000 implements MigrationInterface {
  name = 'LearningContestIntegrity1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "challenges" ADD "results_before_close" character varying(10) NOT NULL DEFAULT 'points'`);
    await q.query(`ALTER TABLE "challenges" ADD CONSTRAINT "CHK_challenges_results_before_close" CHECK ("results_before_close" IN ('points', 'marks'))`);
    await q.query(`ALTER TABLE "attempts" ADD "shuffled" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "quizzes" ALTER COLUMN "shuffle" SET DEFAULT true`);
    await q.query(`CREATE INDEX "IDX_attempts_running_quiz" ON "attempts" ("quiz_id", "deadline_at") WHERE "status" = 'running'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_attempts_running_quiz"`);
    await q.query(`ALTER TABLE "quizzes" ALTER COLUMN "shuffle" SET DEFAULT false`);
    await q.query(`ALTER TABLE "attempts" DROP COLUMN "shuffled"`);
    await q.query(`ALTER TABLE "challenges" DROP CONSTRAINT "CHK_challenges_results_before_close"`);
    await q.query(`ALTER TABLE "challenges" DROP COLUMN "results_before_close"`);
  }
}
