import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each bulk certificate in its pupil's own language (their profile's), the run's language when not known. */
export class LearningCertificateLocale1764900000100 implements MigrationInterface {
  name = 'LearningCertificateLocale1764900000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "certificate_files" ADD "locale" character varying(2)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "certificate_files" DROP COLUMN "locale"`);
  }
}
