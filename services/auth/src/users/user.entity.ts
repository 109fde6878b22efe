import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Role } from '../roles/role.entity';

/** A person who can sign in: pupil or staff. Phone is the identity (normalized +7XXXXXXXXXX, one account each). */
@Entity({ name: 'users' })
export class User {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_users' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  @Index('UQ_users_phone', { unique: true })
  phone!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100, default: '' })
  lastName!: string;

  @Column({ name: 'role_id', type: 'int' })
  roleId!: number;

  @ManyToOne(() => Role)
  @JoinColumn({ name: 'role_id', foreignKeyConstraintName: 'FK_users_role' })
  role?: Role;

  /** School grade of a pupil (null for staff); fixed after registration. */
  @Column({ type: 'smallint', nullable: true })
  grade!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
