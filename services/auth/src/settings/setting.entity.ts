import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * One platform setting by key (proto/src/settings.ts lists the keys and their schemas). A key without a row holds
 * its default; the first save creates the row.
 */
@Entity({ name: 'settings' })
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_settings' })
  key!: string;

  /** The value as its key's schema left it (normalized). */
  @Column({ type: 'jsonb' })
  value!: unknown;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** Who saved it last. */
  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;
}
