import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-user notices, and the table @socket.io/postgres-adapter keeps broadcasts over NOTIFY's 8000 bytes in. */
export class NotificationsLive1763820000000 implements MigrationInterface {
  name = 'NotificationsLive1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "notices" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "kind" character varying(40) NOT NULL,
        "params" jsonb NOT NULL, "source" character varying(120) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "read_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_notices" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_notices_user_created" ON "notices" ("user_id", "created_at")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_notices_source" ON "notices" ("source")`);
    // The adapter's own layout (its README); not an entity: only the adapter reads and prunes it.
    await q.query(
      `CREATE TABLE "socket_io_attachments" ("id" bigserial NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE DEFAULT now(),
        "payload" bytea, CONSTRAINT "UQ_socket_io_attachments_id" UNIQUE ("id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "socket_io_attachments"');
    await q.query('DROP TABLE "notices"');
  }
}
