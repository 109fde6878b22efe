import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { KitUploads1763815000000, UploadRecord } from '../uploads/upload.entity';
import { AuditEntry, KitAudit1763801000000 } from '../audit/audit.entity';

/**
 * The transactional outbox and the idempotent-consumer inbox; every service has both tables in its own schema.
 * An outbox row is written in the same transaction as the business change; the relay publishes it to JetStream
 * with the row id as `Nats-Msg-Id`. An inbox row is written in the same transaction as a consumer's effect, keyed
 * by (consumer, message id), so a redelivered message changes nothing.
 */
@Entity({ name: 'outbox' })
@Index('IDX_outbox_unpublished', ['createdAt'], { where: '"published_at" IS NULL' })
export class OutboxEvent {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_outbox' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'int' })
  version!: number;

  @Column({ type: 'jsonb' })
  payload!: unknown;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  headers!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
}

@Entity({ name: 'inbox' })
export class InboxMessage {
  @PrimaryColumn({ type: 'varchar', length: 200, primaryKeyConstraintName: 'PK_inbox' })
  consumer!: string;

  @PrimaryColumn({ name: 'message_id', type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_inbox' })
  messageId!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}

export class KitMessaging1763770000000 implements MigrationInterface {
  name = 'KitMessaging1763770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "outbox" ("id" uuid NOT NULL, "subject" character varying(200) NOT NULL, "version" integer NOT NULL,
        "payload" jsonb NOT NULL, "headers" jsonb NOT NULL DEFAULT '{}',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE,
        "attempts" integer NOT NULL DEFAULT '0', "last_error" text, CONSTRAINT "PK_outbox" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_outbox_unpublished" ON "outbox" ("created_at") WHERE "published_at" IS NULL`);
    await q.query(
      `CREATE TABLE "inbox" ("consumer" character varying(200) NOT NULL, "message_id" character varying(100) NOT NULL,
        "subject" character varying(200) NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_inbox" PRIMARY KEY ("consumer", "message_id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "inbox"');
    await q.query('DROP TABLE "outbox"');
  }
}

/** Tables of the end-to-end event probe (probe/probe.ts); plain SQL, no entities. */
export class KitProbe1763770000001 implements MigrationInterface {
  name = 'KitProbe1763770000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "system_probe" ("id" uuid NOT NULL, "note" character varying(200) NOT NULL,
        "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_system_probe" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "system_probe_receipt" ("probe_id" uuid NOT NULL, "origin" character varying(50) NOT NULL,
        "message_id" character varying(100) NOT NULL, "times" integer NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_system_probe_receipt" PRIMARY KEY ("probe_id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "system_probe_receipt"');
    await q.query('DROP TABLE "system_probe"');
  }
}

export const kitEntities = [OutboxEvent, InboxMessage, UploadRecord, AuditEntry];
export const kitMigrations = [KitMessaging1763770000000, KitProbe1763770000001, KitAudit1763801000000, KitUploads1763815000000];
