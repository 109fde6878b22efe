import type { Locale } from '@olymp/proto';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Role } from '../roles/role.entity';
import { District, Province, School } from '../directory/directory.entities';

/**
 * A person who can sign in: pupil or staff. The phone is the identity (normalized +7XXXXXXXXXX, one account
 * each); an e-mail may be added to sign in with it too. A pupil's grade is fixed at registration.
 */
@Entity({ name: 'users' })
@Check('CHK_users_locale', `"locale" IN ('kk', 'ru', 'en')`)
export class User {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_users' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  @Index('UQ_users_phone', { unique: true })
  phone!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  @Index('UQ_users_email', { unique: true, where: '"email" IS NOT NULL' })
  email!: string | null;

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

  /**
   * The language the person uses the platform in (kk/ru/en): set at registration from the site's language, changed
   * in the profile; what is made for them in bulk (certificates) is in it. Null: not known (older accounts).
   */
  @Column({ type: 'varchar', length: 2, nullable: true })
  locale!: Locale | null;

  @Column({ name: 'parent_phone', type: 'varchar', length: 16, nullable: true })
  parentPhone!: string | null;

  @Column({ name: 'province_id', type: 'int', nullable: true })
  provinceId!: number | null;

  @ManyToOne(() => Province, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'province_id', foreignKeyConstraintName: 'FK_users_province' })
  province?: Province;

  @Column({ name: 'district_id', type: 'int', nullable: true })
  districtId!: number | null;

  @ManyToOne(() => District, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'district_id', foreignKeyConstraintName: 'FK_users_district' })
  district?: District;

  @Column({ name: 'school_id', type: 'int', nullable: true })
  @Index('IDX_users_school')
  schoolId!: number | null;

  @ManyToOne(() => School, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'school_id', foreignKeyConstraintName: 'FK_users_school' })
  school?: School;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
