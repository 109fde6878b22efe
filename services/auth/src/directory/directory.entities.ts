import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The geography directory: provinces (17 regions and 3 cities of republican significance), their districts and
 * schools, each named in kk/ru/en. The registration form and every leaderboard read it, so it lives with the people
 * in the auth service. `code` is the stable key the boot seeding matches on; rows staff add may leave it empty.
 */
export const PROVINCE_KINDS = ['region', 'city'] as const;
export type ProvinceKind = (typeof PROVINCE_KINDS)[number];

@Entity({ name: 'provinces' })
export class Province {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_provinces' })
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  @Index('UQ_provinces_code', { unique: true })
  code!: string;

  /** A region (oblys) or a city of republican significance (Astana, Almaty, Shymkent). */
  @Column({ type: 'varchar', length: 10, default: 'region' })
  kind!: ProvinceKind;

  @Column({ name: 'name_kk', type: 'varchar', length: 200 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 200 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 200 })
  nameEn!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Entity({ name: 'districts' })
@Index('IDX_districts_province', ['provinceId'])
export class District {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_districts' })
  id!: number;

  @Column({ name: 'province_id', type: 'int' })
  provinceId!: number;

  /** Deleting a province that still has districts is refused (409), never cascaded. */
  @ManyToOne(() => Province, { onDelete: 'NO ACTION' })
  @JoinColumn({ name: 'province_id', foreignKeyConstraintName: 'FK_districts_province' })
  province?: Province;

  @Column({ type: 'varchar', length: 100, nullable: true })
  @Index('UQ_districts_code', { unique: true })
  code!: string | null;

  @Column({ name: 'name_kk', type: 'varchar', length: 200 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 200 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 200 })
  nameEn!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Entity({ name: 'schools' })
@Index('IDX_schools_district', ['districtId'])
export class School {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_schools' })
  id!: number;

  @Column({ name: 'district_id', type: 'int' })
  districtId!: number;

  @ManyToOne(() => District, { onDelete: 'NO ACTION' })
  @JoinColumn({ name: 'district_id', foreignKeyConstraintName: 'FK_schools_district' })
  district?: District;

  @Column({ type: 'varchar', length: 100, nullable: true })
  @Index('UQ_schools_code', { unique: true })
  code!: string | null;

  @Column({ name: 'name_kk', type: 'varchar', length: 300 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 300 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 300 })
  nameEn!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export const directoryEntities = [Province, District, School];
