import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { MigrationInterface, QueryRunner, ValueTransformer } from 'typeorm';
import type { UploadKind } from './upload.types';

/**
 * One row per upload, in every service's own schema: a chunked upload while it receives chunks (`receiving`), and
 * every stored file (`stored`, images included) with its owner, so a pupil can delete only their own files. The
 * row is the session state, so an upload survives a restart and any replica can take the next chunk (row lock).
 */
export type UploadStatus = 'receiving' | 'stored';

/** One S3 multipart part already sent (local storage keeps this empty: chunks go into one file). */
export interface UploadPart {
  n: number;
  etag: string;
  size: number;
}

/** bigint comes back from pg as a string; sizes fit in a JS number (< 2^53). */
const bigintNumber: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

@Entity({ name: 'upload' })
@Index('IDX_upload_receiving', ['updatedAt'], { where: `"status" = 'receiving'` })
@Index('IDX_upload_owner', ['ownerId'])
@Index('UQ_upload_filename', ['filename'], { unique: true })
export class UploadRecord {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_upload' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  kind!: UploadKind;

  @Column({ type: 'varchar', length: 12 })
  status!: UploadStatus;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  /** The client's file name, for people only; never used in a path or key. */
  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName!: string;

  /** What the client said the type is; the stored type is decided from the bytes. */
  @Column({ name: 'declared_type', type: 'varchar', length: 100, nullable: true })
  declaredType!: string | null;

  /** Total size in bytes (declared at the start of a chunked upload). */
  @Column({ type: 'bigint', transformer: bigintNumber })
  size!: number;

  /** Bytes received so far; the only offset the next chunk may start at. */
  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  received!: number;

  /** `<uuid>.<ext>` once stored. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  filename!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  mime!: string | null;

  @Column({ name: 's3_upload_id', type: 'varchar', length: 1024, nullable: true })
  s3UploadId!: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  parts!: UploadPart[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export class KitUploads1763815000000 implements MigrationInterface {
  name = 'KitUploads1763815000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "upload" ("id" uuid NOT NULL, "kind" character varying(10) NOT NULL,
        "status" character varying(12) NOT NULL, "owner_id" uuid NOT NULL,
        "original_name" character varying(255) NOT NULL, "declared_type" character varying(100),
        "size" bigint NOT NULL, "received" bigint NOT NULL DEFAULT '0', "filename" character varying(100),
        "mime" character varying(100), "s3_upload_id" character varying(1024), "parts" jsonb NOT NULL DEFAULT '[]',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_upload" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_upload_receiving" ON "upload" ("updated_at") WHERE "status" = 'receiving'`);
    await q.query(`CREATE INDEX "IDX_upload_owner" ON "upload" ("owner_id")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_upload_filename" ON "upload" ("filename")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "upload"');
  }
}
