import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Bulk certificate runs and one row per pupil's certificate (docs/learning.md, "Certificates"). */
export class LearningCertificates1763940000000 implements MigrationInterface {
  name = 'LearningCertificates1763940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "certificate_runs" ("id" uuid NOT NULL, "challenge_id" uuid NOT NULL, "scope" character varying(10) NOT NULL, "top" integer, "locale" character varying(2) NOT NULL, "created_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_certificate_runs_scope" CHECK ("scope" IN ('all', 'top', 'chosen')), CONSTRAINT "PK_certificate_runs" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_certificate_runs_challenge" ON "certificate_runs" ("challenge_id")`);
    await q.query(`CREATE TABLE "certificate_files" ("id" uuid NOT NULL, "run_id" uuid NOT NULL, "user_id" uuid NOT NULL, "achievement_id" uuid NOT NULL, "place" integer NOT NULL, "ranked" integer NOT NULL, "state" character varying(10) NOT NULL, "size" integer, "done_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_certificate_files_state" CHECK ("state" IN ('pending', 'done')), CONSTRAINT "PK_certificate_files" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_certificate_files_run_user" ON "certificate_files" ("run_id", "user_id")`);
    await q.query(`CREATE INDEX "IDX_certificate_files_pending" ON "certificate_files" ("run_id", "place") WHERE "state" = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "certificate_files"`);
    await q.query(`DROP TABLE "certificate_runs"`);
  }
}
