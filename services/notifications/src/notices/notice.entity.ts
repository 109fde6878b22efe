import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const NOTICE_KINDS = ['invoice.paid', 'order.status.changed', 'achievement.earned', 'chat.announcement', 'event.reminder', 'lesson.reminder', 'course.enrolled', 'course.news', 'consultation.cancelled', 'homework.graded'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * A notice kept for one user: what happened (`kind`) and the values its text is made from (`params`). The text is
 * rendered in the reader's language when read, so a notice reads in Kazakh today and Russian tomorrow.
 * `source` (e.g. `invoice.paid:<invoiceId>`) is unique: the same fact never makes two notices.
 */
@Entity({ name: 'notices' })
@Index('IDX_notices_user_created', ['userId', 'createdAt'])
@Index('UQ_notices_source', ['source'], { unique: true })
export class Notice {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_notices' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 40 })
  kind!: NoticeKind;

  @Column({ type: 'jsonb' })
  params!: Record<string, unknown>;

  @Column({ type: 'varchar', length: 120 })
  source!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;
}
