import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rotated-away refresh tokens of live sessions, to detect their reuse (sessions/session.entity.ts). */
export class AuthSessionRotations1763850000000 implements MigrationInterface {
  name = 'AuthSessionRotations1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "session_rotations" ("refresh_hash" character varying(64) NOT NULL, "session_id" uuid NOT NULL,
        "rotated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "client_ip" character varying(45) NOT NULL,
        CONSTRAINT "PK_session_rotations" PRIMARY KEY ("refresh_hash"))`,
    );
    await q.query('CREATE INDEX "IDX_session_rotations_session" ON "session_rotations" ("session_id")');
    await q.query(
      `ALTER TABLE "session_rotations" ADD CONSTRAINT "FK_session_rotations_session" FOREIGN KEY ("session_id")
        REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "session_rotations"');
  }
}
