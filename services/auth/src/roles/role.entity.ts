import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A role and its titles in the three languages. The roles of spec section 6 keep their fixed ids (seeded, see
 * seed/); roles staff create take ids from 101 up (the sequence starts there, migration 1763801100000).
 */
@Entity({ name: 'roles' })
export class Role {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_roles' })
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  @Index('UQ_roles_name', { unique: true })
  name!: string;

  @Column({ name: 'title_kk', type: 'varchar', length: 100 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 100 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 100 })
  titleEn!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A permission key (`group:name`) a role may hold. */
@Entity({ name: 'permissions' })
export class PermissionRow {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_permissions' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  @Index('UQ_permissions_name', { unique: true })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ name: 'role_permissions' })
export class RolePermission {
  @PrimaryColumn({ name: 'role_id', type: 'int', primaryKeyConstraintName: 'PK_role_permissions' })
  roleId!: number;

  @PrimaryColumn({ name: 'permission_id', type: 'int', primaryKeyConstraintName: 'PK_role_permissions' })
  permissionId!: number;

  @ManyToOne(() => Role, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'role_id', foreignKeyConstraintName: 'FK_role_permissions_role' })
  role?: Role;

  @ManyToOne(() => PermissionRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'permission_id', foreignKeyConstraintName: 'FK_role_permissions_permission' })
  permission?: PermissionRow;
}

/**
 * Which default grants (role, key) the seeder has already offered. A key added in a later release is granted to
 * the roles whose defaults name it at the next start, once; a grant staff removed afterwards stays removed.
 */
@Entity({ name: 'role_permission_defaults' })
export class RolePermissionDefault {
  @PrimaryColumn({ name: 'role_id', type: 'int', primaryKeyConstraintName: 'PK_role_permission_defaults' })
  roleId!: number;

  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_role_permission_defaults' })
  permission!: string;

  @CreateDateColumn({ name: 'offered_at', type: 'timestamptz' })
  offeredAt!: Date;
}
