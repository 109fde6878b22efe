import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A delivery point: a parcel point of a city (a post office, a locker) that couriers deliver orders to, so a pupil
 * without a convenient home address collects the parcel there. Staff's CRUD resource `delivery-points`; the public
 * reads the active ones (`GET /api/shop/delivery-points?cityId`).
 */
@Entity({ name: 'delivery_points' })
@Index('IDX_delivery_points_city', ['cityId'])
export class DeliveryPoint {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_delivery_points' })
  id!: string;

  @Column({ name: 'name_kk', type: 'varchar', length: 200 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 200 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 200 })
  nameEn!: string;

  @Column({ name: 'address_kk', type: 'varchar', length: 300 })
  addressKk!: string;

  @Column({ name: 'address_ru', type: 'varchar', length: 300 })
  addressRu!: string;

  @Column({ name: 'address_en', type: 'varchar', length: 300 })
  addressEn!: string;

  @Column({ type: 'varchar', length: 100 })
  hours!: string;

  /** Auth's delivery city (no foreign key across services; checked over `auth.cities.get` on write). */
  @Column({ name: 'city_id', type: 'int' })
  cityId!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A pupil's saved delivery address (`addresses`: the caller's own only; another pupil's is 404). */
@Entity({ name: 'saved_addresses' })
@Index('IDX_saved_addresses_user', ['userId', 'createdAt'])
export class SavedAddress {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_saved_addresses' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 60, default: '' })
  label!: string;

  @Column({ type: 'varchar', length: 200 })
  recipient!: string;

  @Column({ type: 'varchar', length: 20 })
  phone!: string;

  @Column({ name: 'city_id', type: 'int' })
  cityId!: number;

  @Column({ type: 'varchar', length: 300 })
  line!: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  note!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
