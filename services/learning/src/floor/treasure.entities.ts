import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A reward on a board's path (spec: treasures, training treasures). It unlocks when the pupil has finished every
 * test of its checkpoint (challenge) or its subchapter (training), or at once when neither is set, and is claimed
 * once; the claim publishes `treasure.claimed` and finance credits the reward.
 */
@Entity({ name: 'treasures' })
@Index('IDX_treasures_board', ['boardKind', 'boardId', 'position'])
export class Treasure {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_treasures' })
  id!: string;

  @Column({ name: 'board_kind', type: 'varchar', length: 10 })
  boardKind!: 'challenge' | 'training';

  @Column({ name: 'board_id', type: 'uuid' })
  boardId!: string;

  @Column({ name: 'checkpoint_id', type: 'uuid', nullable: true })
  checkpointId!: string | null;

  @Column({ name: 'subchapter_id', type: 'uuid', nullable: true })
  subchapterId!: string | null;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'reward_xp', type: 'int', default: 0 })
  rewardXp!: number;

  @Column({ name: 'reward_zp', type: 'int', default: 0 })
  rewardZp!: number;

  @Column({ name: 'reward_altyn_saqa', type: 'int', default: 0 })
  rewardAltynSaqa!: number;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ name: 'treasure_claims' })
@Index('UQ_treasure_claims_treasure_user', ['treasureId', 'userId'], { unique: true })
export class TreasureClaim {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_treasure_claims' })
  id!: string;

  @Column({ name: 'treasure_id', type: 'uuid' })
  treasureId!: string;

  @ManyToOne(() => Treasure, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'treasure_id', foreignKeyConstraintName: 'FK_treasure_claims_treasure' })
  treasure?: Treasure;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'claimed_at', type: 'timestamptz' })
  claimedAt!: Date;
}

/**
 * What a pupil earned (spec: achievements, certificates): finishing every test of a challenge. `certificate_code`
 * is what a printed certificate carries, to check it and download it again.
 */
@Entity({ name: 'achievements' })
@Index('UQ_achievements_user_challenge_code', ['userId', 'challengeId', 'code'], { unique: true })
@Index('UQ_achievements_certificate', ['certificateCode'], { unique: true })
export class Achievement {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_achievements' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'challenge_id', type: 'uuid', nullable: true })
  challengeId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  code!: string;

  @Column({ name: 'certificate_code', type: 'varchar', length: 16 })
  certificateCode!: string;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ type: 'int', default: 0 })
  points!: number;

  @Column({ name: 'earned_at', type: 'timestamptz' })
  earnedAt!: Date;
}

export const treasureEntities = [Treasure, TreasureClaim, Achievement];
