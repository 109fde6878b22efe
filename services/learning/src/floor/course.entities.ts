import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { CourseKind } from '@olymp/proto';

/**
 * A course the platform sells and teaches (issue 15): live (groups with scheduled lessons), flex (self-paced),
 * self-study or offline. Its programme is its modules; tariffs and enrolment come with finance.
 */
@Entity({ name: 'courses' })
@Check('CHK_courses_kind', `"kind" IN ('live', 'flex', 'self-study', 'offline')`)
export class Course {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_courses' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: CourseKind;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'description_kk', type: 'text', default: '' })
  descriptionKk!: string;

  @Column({ name: 'description_ru', type: 'text', default: '' })
  descriptionRu!: string;

  @Column({ name: 'description_en', type: 'text', default: '' })
  descriptionEn!: string;

  @Column({ name: 'image_url', type: 'varchar', length: 500, nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A part of a course's programme, in order. */
@Entity({ name: 'course_modules' })
@Index('IDX_course_modules_course', ['courseId', 'position'])
export class CourseModule {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_course_modules' })
  id!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'FK_course_modules_course' })
  course?: Course;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'description_kk', type: 'text', default: '' })
  descriptionKk!: string;

  @Column({ name: 'description_ru', type: 'text', default: '' })
  descriptionRu!: string;

  @Column({ name: 'description_en', type: 'text', default: '' })
  descriptionEn!: string;
}

/** A class of a course: its pupils meet at `meetingUrl` (the group link) for the group's lessons. */
@Entity({ name: 'course_groups' })
@Index('IDX_course_groups_course', ['courseId'])
@Check('CHK_course_groups_capacity', '"capacity" IS NULL OR "capacity" > 0')
export class CourseGroup {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_course_groups' })
  id!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @ManyToOne(() => Course, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'FK_course_groups_course' })
  course?: Course;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** Most pupils; null = no limit. */
  @Column({ type: 'int', nullable: true })
  capacity!: number | null;

  @Column({ name: 'meeting_url', type: 'varchar', length: 500, nullable: true })
  meetingUrl!: string | null;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A live lesson of a group: an instant (stored in UTC, shown in Almaty time), a length, optionally a module's. */
@Entity({ name: 'lessons' })
@Index('IDX_lessons_group_starts', ['groupId', 'startsAt'])
@Index('IDX_lessons_module', ['moduleId'])
@Check('CHK_lessons_duration', '"duration_minutes" BETWEEN 1 AND 600')
export class Lesson {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_lessons' })
  id!: string;

  @Column({ name: 'group_id', type: 'uuid' })
  groupId!: string;

  @ManyToOne(() => CourseGroup, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'FK_lessons_group' })
  group?: CourseGroup;

  @Column({ name: 'module_id', type: 'uuid', nullable: true })
  moduleId!: string | null;

  @ManyToOne(() => CourseModule, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'module_id', foreignKeyConstraintName: 'FK_lessons_module' })
  module?: CourseModule;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'duration_minutes', type: 'int', default: 90 })
  durationMinutes!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export const courseEntities = [Course, CourseModule, CourseGroup, Lesson];
