import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Quiz } from './quiz.entities';

/** A save that arrives this long after the deadline still counts: it left the pupil's phone in time. */
export const ANSWER_GRACE_MS = 5_000;

export type AttemptStatus = 'running' | 'finished' | 'reset';
export type ContextKind = 'challenge' | 'training' | 'flex' | 'standalone';

/** What a pupil confirmed before the test (spec section 5). */
export interface Prechecks {
  charged: true;
  stableConnection: true;
  timerKeepsRunning: true;
  confirmedAt: string;
}

/**
 * One pupil's go at one quiz in one context. Time belongs to the server: `deadline_at` is fixed at start; answers
 * are accepted until the deadline plus a short network grace; the sweeper finishes what the pupil did not. Exactly
 * one transition running -> finished happens (row lock + status check), and it writes `quiz.finished` to the
 * outbox in the same transaction.
 */
@Entity({ name: 'attempts' })
@Index('IDX_attempts_user_quiz', ['userId', 'quizId'])
@Index('IDX_attempts_board_user', ['boardKind', 'boardId', 'userId'])
// At most one running attempt per pupil and quiz; the sweeper scans running attempts by deadline. Partial
// indexes, written by hand in the migration.
@Index('UQ_attempts_running', { synchronize: false })
@Index('IDX_attempts_due', { synchronize: false })
// The latest deadline of a quiz's running attempts: when its correct answers may be shown (Reveals).
@Index('IDX_attempts_running_quiz', { synchronize: false })
export class Attempt {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_attempts' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'quiz_id', type: 'uuid' })
  quizId!: string;

  @ManyToOne(() => Quiz, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'quiz_id', foreignKeyConstraintName: 'FK_attempts_quiz' })
  quiz?: Quiz;

  @Column({ name: 'context_kind', type: 'varchar', length: 10 })
  contextKind!: ContextKind;

  /** The board (challenge or training id) the attempt counts for; null for a standalone quiz. */
  @Column({ name: 'board_kind', type: 'varchar', length: 10, nullable: true })
  boardKind!: 'challenge' | 'training' | null;

  @Column({ name: 'board_id', type: 'uuid', nullable: true })
  boardId!: string | null;

  @Column({ name: 'checkpoint_id', type: 'uuid', nullable: true })
  checkpointId!: string | null;

  @Column({ name: 'subchapter_id', type: 'uuid', nullable: true })
  subchapterId!: string | null;

  /** The flex course lesson whose test this is (context `flex`); null elsewhere. */
  @Column({ name: 'flex_lesson_id', type: 'uuid', nullable: true })
  flexLessonId!: string | null;

  /** 1 for the first try of this quiz in this context, then 2, 3... */
  @Column({ name: 'attempt_no', type: 'int' })
  attemptNo!: number;

  @Column({ type: 'varchar', length: 10, default: 'running' })
  status!: AttemptStatus;

  @Column({ type: 'jsonb' })
  prechecks!: Prechecks;

  /** Question ids in the order this pupil sees them (fixed at start). */
  @Column({ name: 'question_order', type: 'uuid', array: true })
  questionOrder!: string[];

  /**
   * Whether the quiz shuffled when this attempt started: then `question_order` is seeded by the attempt id and each
   * question's options are shown in the order seeded by the attempt and question ids (`seededOrder`), so a reload
   * or another device shows the same order, and a staff toggle later does not reorder a running test.
   */
  @Column({ type: 'boolean', default: false })
  shuffled!: boolean;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'deadline_at', type: 'timestamptz' })
  deadlineAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ name: 'finished_by', type: 'varchar', length: 10, nullable: true })
  finishedBy!: 'user' | 'timeout' | null;

  @Column({ type: 'int', default: 0 })
  points!: number;

  @Column({ name: 'max_points', type: 'int', default: 0 })
  maxPoints!: number;

  @Column({ name: 'correct_count', type: 'int', default: 0 })
  correctCount!: number;

  @Column({ name: 'question_count', type: 'int', default: 0 })
  questionCount!: number;

  @Column({ name: 'time_spent_ms', type: 'int', default: 0 })
  timeSpentMs!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A pupil's answer to one question of an attempt: `{ optionId }`, `{ optionIds }`, `{ value }` or `{ text }`. */
export type AnswerValue = { optionId: string } | { optionIds: string[] } | { value: number } | { text: string };

/**
 * The latest answer of an attempt to a question, saved as the pupil gives it. `seq` orders saves from one client:
 * a save with a lower or equal seq than the stored one (a retry, or an old save arriving late) changes nothing.
 * Correctness and points are filled in when the attempt is finished.
 */
@Entity({ name: 'user_answers' })
@Index('IDX_user_answers_question', ['questionId'])
export class UserAnswer {
  @PrimaryColumn({ name: 'attempt_id', type: 'uuid', primaryKeyConstraintName: 'PK_user_answers' })
  attemptId!: string;

  @PrimaryColumn({ name: 'question_id', type: 'uuid', primaryKeyConstraintName: 'PK_user_answers' })
  questionId!: string;

  @ManyToOne(() => Attempt, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'attempt_id', foreignKeyConstraintName: 'FK_user_answers_attempt' })
  attempt?: Attempt;

  @Column({ type: 'jsonb' })
  answer!: AnswerValue;

  @Column({ type: 'int', default: 0 })
  seq!: number;

  @Column({ name: 'saved_at', type: 'timestamptz' })
  savedAt!: Date;

  @Column({ name: 'is_correct', type: 'boolean', nullable: true })
  isCorrect!: boolean | null;

  @Column({ type: 'int', nullable: true })
  points!: number | null;
}

export const attemptEntities = [Attempt, UserAnswer];
