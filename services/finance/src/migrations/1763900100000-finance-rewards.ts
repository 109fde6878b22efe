import type { MigrationInterface, QueryRunner } from 'typeorm';

/** XP credited per pupil and quiz (rewards/quiz-xp.entity.ts). */
export class FinanceRewards1763900100000 implements MigrationInterface {
  name = 'FinanceRewards1763900100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "quiz_xp" ("user_id" uuid NOT NULL, "quiz_id" uuid NOT NULL, "credited" integer NOT NULL DEFAULT 0,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_quiz_xp" PRIMARY KEY ("user_id", "quiz_id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "quiz_xp"');
  }
}
