import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Chat groups, members, messages and reports (docs/chat.md). */
export class NotificationsChat1764100000000 implements MigrationInterface {
  name = 'NotificationsChat1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "chat_groups" ("id" uuid NOT NULL, "kind" character varying(12) NOT NULL, "ref_id" uuid NOT NULL,
        "is_default" boolean NOT NULL, "title" jsonb NOT NULL, "links_allowed" boolean NOT NULL DEFAULT false,
        "closed_at" TIMESTAMP WITH TIME ZONE, "last_seq" bigint NOT NULL DEFAULT '0', "pinned_id" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_chat_groups" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_chat_groups_ref" ON "chat_groups" ("kind", "ref_id")`);
    // One default group per thing (partial: TypeORM cannot express it, so the entity leaves it alone).
    await q.query(`CREATE UNIQUE INDEX "UQ_chat_groups_default" ON "chat_groups" ("kind", "ref_id") WHERE is_default`);
    await q.query(
      `CREATE TABLE "chat_members" ("group_id" uuid NOT NULL, "user_id" uuid NOT NULL, "name" character varying(120) NOT NULL,
        "role" character varying(10) NOT NULL, "active" boolean NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_read_seq" bigint NOT NULL DEFAULT '0',
        "muted_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_chat_members" PRIMARY KEY ("group_id", "user_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_chat_members_user" ON "chat_members" ("user_id")`);
    await q.query(
      `CREATE TABLE "chat_messages" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "seq" bigint NOT NULL,
        "author_id" uuid NOT NULL, "author_name" character varying(120), "author_role" character varying(10) NOT NULL,
        "client_id" character varying(64), "text" text, "image" character varying(60), "reply_to_id" uuid,
        "pinned" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "edited_at" TIMESTAMP WITH TIME ZONE, "deleted_at" TIMESTAMP WITH TIME ZONE, "hidden_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_chat_messages" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_chat_messages_group_seq" ON "chat_messages" ("group_id", "seq")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_chat_messages_client" ON "chat_messages" ("group_id", "author_id", "client_id")`);
    await q.query(`CREATE INDEX "IDX_chat_messages_author_created" ON "chat_messages" ("author_id", "created_at")`);
    await q.query(
      `CREATE TABLE "chat_reports" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "message_id" uuid NOT NULL,
        "reporter_id" uuid NOT NULL, "reason" character varying(500) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "resolved_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_chat_reports" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_chat_reports_message_reporter" ON "chat_reports" ("message_id", "reporter_id")`);
    await q.query(`CREATE INDEX "IDX_chat_reports_group" ON "chat_reports" ("group_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "chat_reports"');
    await q.query('DROP TABLE "chat_messages"');
    await q.query('DROP TABLE "chat_members"');
    await q.query('DROP TABLE "chat_groups"');
  }
}
