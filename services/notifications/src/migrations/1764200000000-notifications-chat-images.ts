import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Pictures members upload to chat groups (docs/chat.md). */
export class NotificationsChatImages1764200000000 implements MigrationInterface {
  name = 'NotificationsChatImages1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "chat_images" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "owner_id" uuid NOT NULL,
        "filename" character varying(60) NOT NULL, "size" integer NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL,
        "source_mime" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_chat_images" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_chat_images_filename" ON "chat_images" ("filename")`);
    await q.query(`CREATE INDEX "IDX_chat_images_owner_created" ON "chat_images" ("owner_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "chat_images"`);
  }
}
