import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Center, Subject } from '../catalogues/catalogue.entities';

/**
 * A teacher (spec section 7 "teachers"): teaching staff at a centre, with the subject they teach. The spec gives no
 * teacher role, so a teacher is a record of its own; `userId` links the person's sign-in account when they have one
 * (at most one teacher record per account; deleting the account keeps the record).
 */
@Entity({ name: 'teachers' })
@Index('IDX_teachers_center', ['centerId'])
export class Teacher {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_teachers' })
  id!: number;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100, default: '' })
  lastName!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  @Index('UQ_teachers_user', { unique: true })
  userId!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_teachers_user' })
  user?: User;

  @Column({ name: 'center_id', type: 'int', nullable: true })
  centerId!: number | null;

  @ManyToOne(() => Center, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'center_id', foreignKeyConstraintName: 'FK_teachers_center' })
  center?: Center;

  @Column({ name: 'subject_id', type: 'int', nullable: true })
  subjectId!: number | null;

  @ManyToOne(() => Subject, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'subject_id', foreignKeyConstraintName: 'FK_teachers_subject' })
  subject?: Subject;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
