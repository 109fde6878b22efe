import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The catalogues staff manage under "management" besides geography (spec sections 2 and 3): school grades,
 * study directions, subjects, the shop's delivery cities and the learning centres, each named in kk/ru/en.
 * `code` (and a grade's `number`) is the stable key the boot seeding matches on; rows staff add may leave it empty.
 */

/** A school grade (class); users.grade holds its `number`. */
@Entity({ name: 'grades' })
export class Grade {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_grades' })
  id!: number;

  @Column({ type: 'smallint' })
  @Index('UQ_grades_number', { unique: true })
  number!: number;

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

/** A study direction (programme line), e.g. exam preparation or the olympiad academy. */
@Entity({ name: 'directions' })
export class Direction {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_directions' })
  id!: number;

  @Column({ type: 'varchar', length: 50, nullable: true })
  @Index('UQ_directions_code', { unique: true })
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

/** A school subject (courses, olympiads and quizzes refer to it). */
@Entity({ name: 'subjects' })
export class Subject {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_subjects' })
  id!: number;

  @Column({ type: 'varchar', length: 50, nullable: true })
  @Index('UQ_subjects_code', { unique: true })
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

/** A city the shop delivers to. */
@Entity({ name: 'cities' })
export class City {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_cities' })
  id!: number;

  @Column({ type: 'varchar', length: 50, nullable: true })
  @Index('UQ_cities_code', { unique: true })
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

/** A learning centre (offline lessons): where it is and how to call it. */
@Entity({ name: 'centers' })
@Index('IDX_centers_city', ['cityId'])
export class Center {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_centers' })
  id!: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  @Index('UQ_centers_code', { unique: true })
  code!: string | null;

  @Column({ name: 'city_id', type: 'int' })
  cityId!: number;

  /** Deleting a city that still has centres is refused (409), never cascaded. */
  @ManyToOne(() => City, { onDelete: 'NO ACTION' })
  @JoinColumn({ name: 'city_id', foreignKeyConstraintName: 'FK_centers_city' })
  city?: City;

  @Column({ name: 'name_kk', type: 'varchar', length: 200 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 200 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 200 })
  nameEn!: string;

  @Column({ type: 'varchar', length: 300 })
  address!: string;

  /** +7XXXXXXXXXX. */
  @Column({ type: 'varchar', length: 16 })
  phone!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export const catalogueEntities = [Grade, Direction, Subject, City, Center];
