import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const BOARD_KINDS = ['challenge', 'training'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];

/**
 * A pupil taking part in a challenge or a training (spec: user challenges, training subscriptions), with their
 * standing on its leaderboard. The standing is recomputed inside the transaction that finishes an attempt: the
 * sum over the board's quizzes of each quiz's best finished attempt (points desc, then time asc). `version` grows
 * on every change, so the live boards (notifications) keep the newest. Who the pupil is (name, places) is a copy
 * taken from auth at join time: a leaderboard of 300,000 rows must not ask another service per row.
 */
@Entity({ name: 'participations' })
@Index('UQ_participations_board_user', ['boardKind', 'boardId', 'userId'], { unique: true })
@Index('IDX_participations_user', ['userId', 'boardKind'])
// The ranking indexes (points desc, time asc, user id; only pupils with a finished test) are written by hand in the
// migration: TypeORM cannot express a descending or partial index, so it is told to leave them alone.
@Index('IDX_participations_rank', { synchronize: false })
@Index('IDX_participations_rank_province', { synchronize: false })
@Index('IDX_participations_rank_district', { synchronize: false })
@Index('IDX_participations_rank_school', { synchronize: false })
export class Participation {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_participations' })
  id!: string;

  @Column({ name: 'board_kind', type: 'varchar', length: 10 })
  boardKind!: BoardKind;

  @Column({ name: 'board_id', type: 'uuid' })
  boardId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** How the pupil got in: free join, a paid invoice, a code, an invitation, or staff. */
  @Column({ type: 'varchar', length: 10 })
  via!: 'free' | 'invoice' | 'code' | 'invited' | 'staff';

  @Column({ name: 'invoice_id', type: 'uuid', nullable: true })
  invoiceId!: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100, default: '' })
  lastName!: string;

  @Column({ type: 'smallint', nullable: true })
  grade!: number | null;

  @Column({ name: 'province_id', type: 'int', nullable: true })
  provinceId!: number | null;

  @Column({ name: 'district_id', type: 'int', nullable: true })
  districtId!: number | null;

  @Column({ name: 'school_id', type: 'int', nullable: true })
  schoolId!: number | null;

  /** Names of the places in kk/ru/en as auth gave them: { province: {kk,ru,en} | null, district, school }. */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  places!: Partial<Record<'province' | 'district' | 'school', { kk: string; ru: string; en: string } | null>>;

  @Column({ type: 'int', default: 0 })
  points!: number;

  @Column({ name: 'time_spent_ms', type: 'bigint', default: 0, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  timeSpentMs!: number;

  @Column({ name: 'correct_count', type: 'int', default: 0 })
  correctCount!: number;

  @Column({ name: 'finished_quizzes', type: 'int', default: 0 })
  finishedQuizzes!: number;

  @Column({ name: 'standing_version', type: 'int', default: 1 })
  standingVersion!: number;

  /** Trainings: hearts left, and when an empty heart bar refills. */
  @Column({ type: 'smallint', nullable: true })
  hearts!: number | null;

  @Column({ name: 'hearts_refill_at', type: 'timestamptz', nullable: true })
  heartsRefillAt!: Date | null;

  @CreateDateColumn({ name: 'joined_at', type: 'timestamptz' })
  joinedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
