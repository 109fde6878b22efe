import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Event chats open to every pupil or one grade (`event.audience.changed`, docs/chat.md). */
export class NotificationsChatOpen1764900000000 implements MigrationInterface {
  name = 'NotificationsChatOpen1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat_groups" ADD "open_to_pupils" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "chat_groups" ADD "open_grade" smallint`);
    await q.query(`ALTER TABLE "chat_groups" ADD "audience_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "chat_members" ADD "via_open" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "chat_members" ADD "grade" smallint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat_members" DROP COLUMN "grade"`);
    await q.query(`ALTER TABLE "chat_members" DROP COLUMN "via_open"`);
    await q.query(`ALTER TABLE "chat_groups" DROP COLUMN "audience_at"`);
    await q.query(`ALTER TABLE "chat_groups" DROP COLUMN "open_grade"`);
    await q.query(`ALTER TABLE "chat_groups" DROP COLUMN "open_to_pupils"`);
  }
}
