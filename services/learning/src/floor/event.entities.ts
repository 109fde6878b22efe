import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { EventAudience } from '@olymp/proto';
import { Course } from './course.entities';

/**
 * An event (issue 16): a webinar, an olympiad stage or a meeting. Start and end are instants (timestamptz; staff
 * and pupils see them in Asia/Almaty). It is held online (`onlineUrl`) or at a centre of the directory (`centerId`,
 * auth's catalogue), and is for everyone, one grade or the pupils of one course. Pupils see it once published.
 * `remindedAt` is set in the transaction that publishes its reminder, so a reminder goes out once.
 */
@Entity({ name: 'events' })
@Check('CHK_events_audience', `"audience" IN ('all', 'grade', 'course')`)
@Check('CHK_events_span', `"ends_at" > "starts_at"`)
@Index('IDX_events_upcoming', ['published', 'endsAt'])
@Index('IDX_events_course', ['courseId'])
export class LearningEvent {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_events' })
  id!: string;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'description_kk', type: 'text', default: '' })
  descriptionKk!: string;

  @Column({ name: 'description_ru', type: 'text', default: '' })
  descriptionRu!: string;

  @Column({ name: 'description_en', type: 'text', default: '' })
  descriptionEn!: string;

  @Column({ name: 'image_url', type: 'varchar', length: 500, nullable: true })
  imageUrl!: string | null;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt!: Date;

  @Column({ name: 'online_url', type: 'varchar', length: 500, nullable: true })
  onlineUrl!: string | null;

  /** A centre of auth's directory (management data); another service's id, so no foreign key. */
  @Column({ name: 'center_id', type: 'int', nullable: true })
  centerId!: number | null;

  @Column({ type: 'varchar', length: 8, default: 'all' })
  audience!: EventAudience;

  @Column({ type: 'smallint', nullable: true })
  grade!: number | null;

  @Column({ name: 'course_id', type: 'uuid', nullable: true })
  courseId!: string | null;

  @ManyToOne(() => Course, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'FK_events_course' })
  course?: Course;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  @Column({ name: 'reminded_at', type: 'timestamptz', nullable: true })
  remindedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export const eventEntities = [LearningEvent];
