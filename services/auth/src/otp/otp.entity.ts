import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export const OTP_PURPOSES = ['login', 'register'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * One one-time code sent by SMS. The code itself is never stored: only an HMAC of it, keyed by a server secret,
 * so a database leak does not reveal live codes (6 digits are trivial to brute-force from a plain hash). The rows
 * are also the OTP delivery log staff read (phone, time, status, attempts) — never the code.
 */
@Entity({ name: 'otp_codes' })
@Index('IDX_otp_codes_phone_created', ['phone', 'createdAt'])
@Index('IDX_otp_codes_ip_created', ['clientIp', 'createdAt'])
// One live code per phone: what lets a code request be one statement without a lock (otp.service.ts).
@Index('UQ_otp_codes_live_phone', ['phone'], { unique: true, where: '"consumed_at" IS NULL AND "superseded_at" IS NULL' })
export class OtpCode {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_otp_codes' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  phone!: string;

  @Column({ type: 'varchar', length: 10 })
  purpose!: OtpPurpose;

  @Column({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash!: string;

  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'client_ip', type: 'varchar', length: 45 })
  clientIp!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  /** Set when a resend replaced this code. */
  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt!: Date | null;

  /** The SMS's id (`sms.requested`): the OTP log asks notifications what became of it by this id. */
  @Column({ name: 'sms_id', type: 'uuid' })
  smsId!: string;
}
