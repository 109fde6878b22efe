import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Product } from '../catalogue/catalogue.entities';

export type PrizeSource = 'treasure' | 'challenge' | 'achievement' | 'staff';

/**
 * A product a pupil won. Claimed once (`order_id` set in the claim's transaction, under the row's lock) as a
 * zero-price order through the usual fulfilment; the order's stock reservation is the product's.
 */
@Entity({ name: 'prizes' })
@Check('CHK_prizes_source', `"source" IN ('treasure', 'challenge', 'achievement', 'staff')`)
@Check('CHK_prizes_claimed', '("order_id" IS NULL) = ("claimed_at" IS NULL)')
@Index('IDX_prizes_user', ['userId', 'createdAt'])
@Index('UQ_prizes_order', ['orderId'], { unique: true, where: '"order_id" IS NOT NULL' })
export class Prize {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_prizes' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_prizes_product' })
  product?: Product;

  @Column({ type: 'varchar', length: 12, default: 'staff' })
  source!: PrizeSource;

  @Column({ type: 'varchar', length: 300, default: '' })
  note!: string;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

export type PrizeRuleSource = 'treasure' | 'challenge' | 'achievement';

/**
 * A prize learning's events grant (`PrizeGrants`): `treasure` on `treasure.claimed` of the treasure `match`,
 * `challenge` on `achievement.earned` for finishing the challenge `match`, `achievement` on `achievement.earned` with
 * the code `match`. Each pupil gets a rule's prize once (the prize's id is derived from the rule and the pupil).
 */
@Entity({ name: 'prize_rules' })
@Check('CHK_prize_rules_source', `"source" IN ('treasure', 'challenge', 'achievement')`)
@Index('IDX_prize_rules_match', ['source', 'match'])
export class PrizeRule {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_prize_rules' })
  id!: string;

  @Column({ type: 'varchar', length: 12 })
  source!: PrizeRuleSource;

  @Column({ type: 'varchar', length: 64 })
  match!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_prize_rules_product' })
  product?: Product;

  @Column({ type: 'varchar', length: 300, default: '' })
  note!: string;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
