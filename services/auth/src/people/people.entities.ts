import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** Kinds of a person's postal address (spec section 7: school-address, home-address): one row of each per person. */
export const ADDRESS_KINDS = ['school', 'home'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** Who a parent entry is (spec section 7: parents "by relative"): one entry per kind per person. */
export const RELATIVES = ['mother', 'father', 'guardian', 'other'] as const;
export type Relative = (typeof RELATIVES)[number];

/** A person's postal address of one kind, keyed by person and kind. */
@Entity({ name: 'user_addresses' })
export class UserAddress {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_user_addresses' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 10, primaryKeyConstraintName: 'PK_user_addresses' })
  kind!: AddressKind;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_user_addresses_user' })
  user?: User;

  @Column({ type: 'varchar', length: 100, nullable: true })
  region!: string | null;

  @Column({ type: 'varchar', length: 100 })
  city!: string;

  @Column({ type: 'varchar', length: 200 })
  street!: string;

  @Column({ type: 'varchar', length: 20 })
  house!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  apartment!: string | null;

  @Column({ name: 'postal_code', type: 'varchar', length: 6, nullable: true })
  postalCode!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A parent or guardian of a person: one per relative kind. The phone is normalized (+7XXXXXXXXXX). */
@Entity({ name: 'user_parents' })
export class UserParent {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_user_parents' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 10, primaryKeyConstraintName: 'PK_user_parents' })
  relative!: Relative;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_user_parents_user' })
  user?: User;

  @Column({ name: 'full_name', type: 'varchar', length: 200 })
  fullName!: string;

  @Column({ type: 'varchar', length: 16 })
  phone!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/**
 * Every avatar a person uploaded (the history), re-encoded to WebP. At most one is current; a removed one has no
 * bytes any more (`removed_at`), a replaced one keeps them and stays in the history.
 */
@Entity({ name: 'user_avatars' })
@Index('IDX_user_avatars_user', ['userId', 'createdAt'])
@Index('UQ_user_avatars_current', ['userId'], { unique: true, where: '"current"' })
export class UserAvatar {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_user_avatars' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_user_avatars_user' })
  user?: User;

  /** `<id>.webp`, made by the server; the storage key is `images/<filename>`. */
  @Column({ type: 'varchar', length: 64 })
  filename!: string;

  @Column({ type: 'int' })
  size!: number;

  @Column({ type: 'smallint' })
  width!: number;

  @Column({ type: 'smallint' })
  height!: number;

  /** What the uploaded bytes were (image/jpeg, image/png, image/webp), before re-encoding. */
  @Column({ name: 'source_mime', type: 'varchar', length: 20 })
  sourceMime!: string;

  @Column({ type: 'boolean', default: false })
  current!: boolean;

  @Column({ name: 'uploaded_by', type: 'uuid' })
  uploadedBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'removed_at', type: 'timestamptz', nullable: true })
  removedAt!: Date | null;
}

export const peopleEntities = [UserAddress, UserParent, UserAvatar];
