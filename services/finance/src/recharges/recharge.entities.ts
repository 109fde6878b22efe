import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const RECHARGE_STATUSES = ['created', 'pending', 'completed', 'failed'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

/**
 * A pupil buying ZP with money: created, then pending at the provider, then completed (the ZP are credited once,
 * ledger key `recharge:<id>`) or failed.
 */
@Entity({ name: 'zp_recharges' })
@Index('IDX_zp_recharges_user_created', ['userId', 'createdAt'])
@Index('IDX_zp_recharges_completed', ['completedAt'])
@Index('UQ_zp_recharges_provider_payment', ['provider', 'providerPaymentId'], { unique: true })
@Check('CHK_zp_recharges_status', `"status" IN ('created', 'pending', 'completed', 'failed')`)
@Check('CHK_zp_recharges_amounts', '"amount_zp" > 0 AND "price_tenge" >= 0')
@Check('CHK_zp_recharges_completed', `("status" = 'completed') = ("completed_at" IS NOT NULL)`)
export class ZpRecharge {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_zp_recharges' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'amount_zp', type: 'integer' })
  amountZp!: number;

  @Column({ name: 'price_tenge', type: 'integer' })
  priceTenge!: number;

  @Column({ type: 'varchar', length: 10, default: 'created' })
  status!: RechargeStatus;

  /** sandbox, or `demo` for the demo seed's recharges. */
  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  @Column({ name: 'provider_payment_id', type: 'varchar', length: 100, nullable: true })
  providerPaymentId!: string | null;

  @Column({ name: 'checkout_url', type: 'varchar', length: 500, nullable: true })
  checkoutUrl!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Every authentic provider notice accepted, by its event id: a second one with the same id is a replay. */
@Entity({ name: 'provider_callbacks' })
export class ProviderCallback {
  @PrimaryColumn({ type: 'varchar', length: 20, primaryKeyConstraintName: 'PK_provider_callbacks' })
  provider!: string;

  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_provider_callbacks' })
  eventId!: string;

  @Column({ name: 'provider_payment_id', type: 'varchar', length: 100 })
  providerPaymentId!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
