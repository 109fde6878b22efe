import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An SMS kept by the development inbox (like Mailpit for mail). Never written in production. */
@Entity({ name: 'dev_sms' })
@Index('IDX_dev_sms_to_sent', ['to', 'sentAt'])
export class DevSms {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_dev_sms' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  to!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'varchar', length: 8, nullable: true })
  code!: string | null;

  @Column({ type: 'varchar', length: 20 })
  purpose!: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt!: Date;
}
