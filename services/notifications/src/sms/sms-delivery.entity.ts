import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What became of an SMS: the latest attempt's outcome, one row per SMS (the id `sms.requested` gave it). Written in
 * the delivery batch's transaction; read by auth's OTP log over RPC (`notifications.sms.deliveries`), so the outcome
 * needs no event of its own back to auth (docs/notifications.md "SMS").
 */
@Entity({ name: 'sms_deliveries' })
export class SmsDeliveryRecord {
  @PrimaryColumn({ name: 'sms_id', type: 'uuid', primaryKeyConstraintName: 'PK_sms_deliveries' })
  smsId!: string;

  /** sent, delivered or failed. */
  @Column({ type: 'varchar', length: 12 })
  status!: string;

  @Column({ type: 'varchar', length: 40 })
  provider!: string;

  @Column({ type: 'int' })
  attempts!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  @Column({ name: 'reported_at', type: 'timestamptz' })
  reportedAt!: Date;
}
