import type { Locale } from '@olymp/proto';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export const CERT_SCOPES = ['all', 'top', 'chosen'] as const;
export type CertScope = (typeof CERT_SCOPES)[number];

/**
 * A bulk certificate run of one challenge (spec: certs generate, progress, zip, clear): which pupils, in which
 * language. One run per challenge at a time; `certs clear` removes it with its files.
 */
@Entity({ name: 'certificate_runs' })
@Index('UQ_certificate_runs_challenge', ['challengeId'], { unique: true })
@Check('CHK_certificate_runs_scope', `"scope" IN ('all', 'top', 'chosen')`)
export class CertificateRun {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_certificate_runs' })
  id!: string;

  @Column({ name: 'challenge_id', type: 'uuid' })
  challengeId!: string;

  @Column({ type: 'varchar', length: 10 })
  scope!: CertScope;

  @Column({ type: 'int', nullable: true })
  top!: number | null;

  @Column({ type: 'varchar', length: 2 })
  locale!: 'kk' | 'ru' | 'en';

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * One pupil's certificate in a run: `pending` until its PDF is stored under `files/<id>.pdf`, then `done`. The
 * unique (run, user) pair and the row lock a worker holds while it makes the file mean a pupil never gets two.
 */
@Entity({ name: 'certificate_files' })
@Index('UQ_certificate_files_run_user', ['runId', 'userId'], { unique: true })
@Index('IDX_certificate_files_pending', ['runId', 'place'], { where: `"state" = 'pending'` })
@Check('CHK_certificate_files_state', `"state" IN ('pending', 'done')`)
export class CertificateFile {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_certificate_files' })
  id!: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'achievement_id', type: 'uuid' })
  achievementId!: string;

  @Column({ type: 'int' })
  place!: number;

  @Column({ type: 'int' })
  ranked!: number;

  @Column({ type: 'varchar', length: 10 })
  state!: 'pending' | 'done';

  /** The pupil's own language (their profile, read when the run started); null: the run's `locale`. */
  @Column({ type: 'varchar', length: 2, nullable: true })
  locale!: Locale | null;

  @Column({ type: 'int', nullable: true })
  size!: number | null;

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt!: Date | null;
}

export const certificateEntities = [CertificateRun, CertificateFile];
