import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Quiz } from './quiz.entities';

/**
 * A training: chapters of subchapters, each subchapter a lesson that may end in a test (its checkpoint). Hearts:
 * every wrong answer of a finished test costs one; with none left, no new test starts until the reset interval
 * after the last one was lost has passed, then the bar is full again. `try_number` caps attempts per test.
 */
@Entity({ name: 'trainings' })
@Check('CHK_trainings_prices', '"price_tenge" >= 0 AND "price_zp" >= 0')
export class Training {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_trainings' })
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

  @Column({ type: 'smallint', nullable: true })
  grade!: number | null;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ name: 'price_tenge', type: 'int', default: 0 })
  priceTenge!: number;

  @Column({ name: 'price_zp', type: 'int', default: 0 })
  priceZp!: number;

  /** Most attempts a pupil may make at one test; null = unlimited. */
  @Column({ name: 'try_number', type: 'smallint', nullable: true })
  tryNumber!: number | null;

  @Column({ name: 'hearts_max', type: 'smallint', default: 5 })
  heartsMax!: number;

  @Column({ name: 'heart_reset_minutes', type: 'int', default: 240 })
  heartResetMinutes!: number;

  @Column({ name: 'image_url', type: 'varchar', length: 500, nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Entity({ name: 'training_chapters' })
@Index('IDX_training_chapters_training', ['trainingId', 'position'])
export class TrainingChapter {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_training_chapters' })
  id!: string;

  @Column({ name: 'training_id', type: 'uuid' })
  trainingId!: string;

  @ManyToOne(() => Training, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'training_id', foreignKeyConstraintName: 'FK_training_chapters_training' })
  training?: Training;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;
}

@Entity({ name: 'training_subchapters' })
@Index('IDX_training_subchapters_chapter', ['chapterId', 'position'])
@Index('IDX_training_subchapters_quiz', ['quizId'])
export class TrainingSubchapter {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_training_subchapters' })
  id!: string;

  @Column({ name: 'chapter_id', type: 'uuid' })
  chapterId!: string;

  @ManyToOne(() => TrainingChapter, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'chapter_id', foreignKeyConstraintName: 'FK_training_subchapters_chapter' })
  chapter?: TrainingChapter;

  /** Denormalized from the chapter so a test's training is one lookup. */
  @Column({ name: 'training_id', type: 'uuid' })
  trainingId!: string;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'content_kk', type: 'text', default: '' })
  contentKk!: string;

  @Column({ name: 'content_ru', type: 'text', default: '' })
  contentRu!: string;

  @Column({ name: 'content_en', type: 'text', default: '' })
  contentEn!: string;

  /** The subchapter's test (its checkpoint), if any. */
  @Column({ name: 'quiz_id', type: 'uuid', nullable: true })
  quizId!: string | null;

  @ManyToOne(() => Quiz, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'quiz_id', foreignKeyConstraintName: 'FK_training_subchapters_quiz' })
  quiz?: Quiz;
}

export const trainingEntities = [Training, TrainingChapter, TrainingSubchapter];
