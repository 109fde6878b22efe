import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Quiz } from './quiz.entities';

export const AUDIENCES = ['all', 'users', 'code'] as const;
export type Audience = (typeof AUDIENCES)[number];
export type ChallengeStatus = 'planned' | 'ongoing' | 'finished';
/**
 * What a pupil sees of a finished test while its checkpoint is still open to others: their points only, or also
 * which of their answers were right. Correct answers and explanations wait for the close either way.
 */
export const RESULTS_BEFORE_CLOSE = ['points', 'marks'] as const;
export type ResultsBeforeClose = (typeof RESULTS_BEFORE_CLOSE)[number];

/** Placeholders a certificate text may use: {name}, {challenge}, {points}, {rank}, {date}. */
export interface CertificateTemplate {
  backgroundUrl: string | null;
  titleKk: string;
  titleRu: string;
  titleEn: string;
  bodyKk: string;
  bodyRu: string;
  bodyEn: string;
}

/**
 * A challenge (spec sections 1, 4, 9): days of checkpoints with timed tests, a leaderboard, a prize. Its status
 * is derived from `starts_at`/`ends_at` and the clock, never stored. Free when both prices are 0; otherwise joined
 * through an invoice the finance service issues.
 */
@Entity({ name: 'challenges' })
@Index('IDX_challenges_listing', ['published', 'archived', 'position'])
@Check('CHK_challenges_dates', '"ends_at" > "starts_at"')
@Check('CHK_challenges_prices', '"price_tenge" >= 0 AND "price_zp" >= 0')
@Check('CHK_challenges_results_before_close', `"results_before_close" IN ('points', 'marks')`)
export class Challenge {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_challenges' })
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

  /** The one grade that may join (the 5-day challenge: 4, 5 or 6); null = any grade. */
  @Column({ type: 'smallint', nullable: true })
  grade!: number | null;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt!: Date;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ type: 'boolean', default: false })
  archived!: boolean;

  /** Hidden from the public list (still reachable by link, code or invitation). */
  @Column({ type: 'boolean', default: false })
  private!: boolean;

  @Column({ type: 'varchar', length: 10, default: 'all' })
  audience!: Audience;

  /** For audience `code`: the code pupils enter to join (compared case-insensitively). */
  @Column({ name: 'access_code', type: 'varchar', length: 40, nullable: true })
  accessCode!: string | null;

  @Column({ name: 'price_tenge', type: 'int', default: 0 })
  priceTenge!: number;

  @Column({ name: 'price_zp', type: 'int', default: 0 })
  priceZp!: number;

  @Column({ name: 'reward_kk', type: 'text', default: '' })
  rewardKk!: string;

  @Column({ name: 'reward_ru', type: 'text', default: '' })
  rewardRu!: string;

  @Column({ name: 'reward_en', type: 'text', default: '' })
  rewardEn!: string;

  @Column({ name: 'image_url', type: 'varchar', length: 500, nullable: true })
  imageUrl!: string | null;

  @Column({ name: 'certificate_template', type: 'jsonb', nullable: true })
  certificateTemplate!: CertificateTemplate | null;

  /** Before a checkpoint closes, a pupil who finished its test sees `points`, or `marks` (right/wrong per answer). */
  @Column({ name: 'results_before_close', type: 'varchar', length: 10, default: 'points' })
  resultsBeforeClose!: ResultsBeforeClose;

  /** Order in lists (reorder). */
  @Column({ type: 'int', default: 0 })
  position!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/**
 * One day of a challenge. It opens at `opens_at` (staff pick a local hour in Asia/Almaty) and closes 24 hours later
 * or when the next checkpoint of the challenge opens, whichever is first (`checkpointWindows`): the closing is
 * derived, never stored, so moving one day can never leave another's window stale.
 */
@Entity({ name: 'checkpoints' })
@Index('IDX_checkpoints_challenge', ['challengeId', 'opensAt'])
export class Checkpoint {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_checkpoints' })
  id!: string;

  @Column({ name: 'challenge_id', type: 'uuid' })
  challengeId!: string;

  @ManyToOne(() => Challenge, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'challenge_id', foreignKeyConstraintName: 'FK_checkpoints_challenge' })
  challenge?: Challenge;

  @Column({ type: 'smallint' })
  day!: number;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'opens_at', type: 'timestamptz' })
  opensAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The tests of a checkpoint, in order. */
@Entity({ name: 'checkpoint_quizzes' })
@Index('IDX_checkpoint_quizzes_quiz', ['quizId'])
export class CheckpointQuiz {
  @PrimaryColumn({ name: 'checkpoint_id', type: 'uuid', primaryKeyConstraintName: 'PK_checkpoint_quizzes' })
  checkpointId!: string;

  @PrimaryColumn({ name: 'quiz_id', type: 'uuid', primaryKeyConstraintName: 'PK_checkpoint_quizzes' })
  quizId!: string;

  @ManyToOne(() => Checkpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'checkpoint_id', foreignKeyConstraintName: 'FK_checkpoint_quizzes_checkpoint' })
  checkpoint?: Checkpoint;

  @ManyToOne(() => Quiz, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'quiz_id', foreignKeyConstraintName: 'FK_checkpoint_quizzes_quiz' })
  quiz?: Quiz;

  @Column({ type: 'int', default: 0 })
  position!: number;
}

/** Pupils invited to a challenge whose audience is `users`. */
@Entity({ name: 'challenge_invitations' })
export class ChallengeInvitation {
  @PrimaryColumn({ name: 'challenge_id', type: 'uuid', primaryKeyConstraintName: 'PK_challenge_invitations' })
  challengeId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_challenge_invitations' })
  userId!: string;

  @ManyToOne(() => Challenge, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'challenge_id', foreignKeyConstraintName: 'FK_challenge_invitations_challenge' })
  challenge?: Challenge;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

export const CHECKPOINT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** When a checkpoint opened at `opensAt` closes: 24 hours later, or when the next one opens if that is sooner. */
export function closingOf(opensAt: Date, nextOpensAt: Date | null | undefined): Date {
  const limit = opensAt.getTime() + CHECKPOINT_WINDOW_MS;
  const next = nextOpensAt?.getTime();
  return new Date(next !== undefined && next > opensAt.getTime() ? Math.min(limit, next) : limit);
}

/** Each checkpoint's window: [opensAt, closingOf(opensAt, next opensAt)). */
export function checkpointWindows<C extends Pick<Checkpoint, 'id' | 'opensAt'>>(checkpoints: C[]): Map<string, { opensAt: Date; closesAt: Date }> {
  const sorted = [...checkpoints].sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime());
  return new Map(sorted.map((c, i) => [c.id, { opensAt: c.opensAt, closesAt: closingOf(c.opensAt, sorted[i + 1]?.opensAt) }]));
}

export function challengeStatus(c: Pick<Challenge, 'startsAt' | 'endsAt'>, now: Date): ChallengeStatus {
  if (now < c.startsAt) return 'planned';
  return now < c.endsAt ? 'ongoing' : 'finished';
}

export const challengeEntities = [Challenge, Checkpoint, CheckpointQuiz, ChallengeInvitation];
