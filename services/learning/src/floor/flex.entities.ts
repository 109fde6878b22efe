import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { Course } from './course.entities';
import { Quiz } from './quiz.entities';

/**
 * A chapter of a flex (self-paced) course (issue 15, "Flex courses"): its lessons are read in order, at the pupil's
 * own pace, by pupils whose enrolment in the course is active.
 */
@Entity({ name: 'flex_chapters' })
@Index('IDX_flex_chapters_course', ['courseId', 'position'])
export class FlexChapter {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_flex_chapters' })
  id!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'FK_flex_chapters_course' })
  course?: Course;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/**
 * A lesson of a flex chapter: text in three languages, videos (media's materials with owner kind `flex-lesson`), an
 * optional test (a quiz of the question bank, played through the attempts engine in the `flex` context) and the
 * points a pupil earns for finishing it (plus the test's points).
 */
@Entity({ name: 'flex_lessons' })
@Index('IDX_flex_lessons_chapter', ['chapterId', 'position'])
@Index('IDX_flex_lessons_quiz', ['quizId'])
export class FlexLesson {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_flex_lessons' })
  id!: string;

  @Column({ name: 'chapter_id', type: 'uuid' })
  chapterId!: string;

  @ManyToOne(() => FlexChapter, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'chapter_id', foreignKeyConstraintName: 'FK_flex_lessons_chapter' })
  chapter?: FlexChapter;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'body_kk', type: 'text', default: '' })
  bodyKk!: string;

  @Column({ name: 'body_ru', type: 'text', default: '' })
  bodyRu!: string;

  @Column({ name: 'body_en', type: 'text', default: '' })
  bodyEn!: string;

  @Column({ name: 'quiz_id', type: 'uuid', nullable: true })
  quizId!: string | null;

  @ManyToOne(() => Quiz, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'quiz_id', foreignKeyConstraintName: 'FK_flex_lessons_quiz' })
  quiz?: Quiz;

  /** Points for finishing the lesson (the test's points come on top). */
  @Column({ type: 'int', default: 10 })
  points!: number;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A pupil's finished flex lesson (one row per pupil and lesson) and the points it earned them. */
@Entity({ name: 'flex_progress' })
@Index('IDX_flex_progress_course', ['courseId', 'userId'])
export class FlexProgress {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_flex_progress' })
  userId!: string;

  @PrimaryColumn({ name: 'lesson_id', type: 'uuid', primaryKeyConstraintName: 'PK_flex_progress' })
  lessonId!: string;

  @ManyToOne(() => FlexLesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'FK_flex_progress_lesson' })
  lesson?: FlexLesson;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @Column({ type: 'int' })
  points!: number;

  @Column({ name: 'completed_at', type: 'timestamptz' })
  completedAt!: Date;
}

/**
 * Whether a pupil may open a flex course's lessons now: an enrolment in the course whose paid access runs
 * (`now < access_until`, to the millisecond on the kit's Clock), the same rule as enrolment's `active` status.
 */
export async function flexAccessOpen(m: EntityManager, courseId: string, userId: string, now: Date): Promise<boolean> {
  const rows: unknown[] = await m.query(
    'SELECT 1 FROM course_enrolments WHERE course_id = $1 AND user_id = $2 AND access_until IS NOT NULL AND access_until > $3 LIMIT 1',
    [courseId, userId, now],
  );
  return rows.length > 0;
}

export const flexEntities = [FlexChapter, FlexLesson, FlexProgress];
