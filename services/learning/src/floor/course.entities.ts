import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AttendanceStatus, CourseKind, GroupMemberRole, LessonKind } from '@olymp/proto';

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
@Check('CHK_lessons_kind', `"kind" IN ('live', 'recorded')`)
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

  /** `live` (held at the group link) or `recorded` (only its recording). */
  @Column({ type: 'varchar', length: 16, default: 'live' })
  kind!: LessonKind;

  /** The lesson's recording; members may open it for RECORDING_DAYS after the start. */
  @Column({ name: 'recording_url', type: 'varchar', length: 500, nullable: true })
  recordingUrl!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** How long after a lesson's start its members may open the recording (spec: the preparation course). */
export const RECORDING_DAYS = 60;
/** How early before a live lesson its members get the group link. */
export const MEETING_OPEN_MINUTES = 15;

/** A person in a group: a pupil (counted against the capacity) or a teacher (a staff user). */
@Entity({ name: 'course_group_members' })
@Index('IDX_course_group_members_user', ['userId'])
@Check('CHK_course_group_members_role', `"role" IN ('pupil', 'teacher')`)
export class GroupMember {
  @PrimaryColumn({ name: 'group_id', type: 'uuid', primaryKeyConstraintName: 'PK_course_group_members' })
  groupId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_course_group_members' })
  userId!: string;

  @ManyToOne(() => CourseGroup, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'FK_course_group_members_group' })
  group?: CourseGroup;

  @Column({ type: 'varchar', length: 16 })
  role!: GroupMemberRole;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt!: Date;
}

/** A teacher's mark of one pupil at one lesson. */
@Entity({ name: 'lesson_attendance' })
@Index('IDX_lesson_attendance_user', ['userId'])
@Check('CHK_lesson_attendance_status', `"status" IN ('present', 'late', 'absent', 'excused')`)
export class LessonAttendance {
  @PrimaryColumn({ name: 'lesson_id', type: 'uuid', primaryKeyConstraintName: 'PK_lesson_attendance' })
  lessonId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_lesson_attendance' })
  userId!: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'FK_lesson_attendance_lesson' })
  lesson?: Lesson;

  @Column({ type: 'varchar', length: 16 })
  status!: AttendanceStatus;

  @Column({ name: 'marked_by', type: 'uuid' })
  markedBy!: string;

  @Column({ name: 'marked_at', type: 'timestamptz' })
  markedAt!: Date;
}

/** A task a teacher sets at a lesson, due at an instant. */
@Entity({ name: 'homeworks' })
@Index('IDX_homeworks_lesson', ['lessonId'])
export class Homework {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_homeworks' })
  id!: string;

  @Column({ name: 'lesson_id', type: 'uuid' })
  lessonId!: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'FK_homeworks_lesson' })
  lesson?: Lesson;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'text', default: '' })
  text!: string;

  @Column({ name: 'due_at', type: 'timestamptz' })
  dueAt!: Date;

  @Column({ name: 'max_points', type: 'int', default: 10 })
  maxPoints!: number;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A pupil's hand-in of a homework (one per pupil; replaced until graded). */
@Entity({ name: 'homework_submissions' })
@Index('UQ_homework_submissions_pupil', ['homeworkId', 'userId'], { unique: true })
export class HomeworkSubmission {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_homework_submissions' })
  id!: string;

  @Column({ name: 'homework_id', type: 'uuid' })
  homeworkId!: string;

  @ManyToOne(() => Homework, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'homework_id', foreignKeyConstraintName: 'FK_homework_submissions_homework' })
  homework?: Homework;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'upload_name', type: 'varchar', length: 300, nullable: true })
  uploadName!: string | null;

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt!: Date;

  @Column({ type: 'int', nullable: true })
  points!: number | null;

  @Column({ type: 'text', nullable: true })
  comment!: string | null;

  @Column({ name: 'graded_at', type: 'timestamptz', nullable: true })
  gradedAt!: Date | null;

  @Column({ name: 'graded_by', type: 'uuid', nullable: true })
  gradedBy!: string | null;
}

export const courseEntities = [Course, CourseModule, CourseGroup, Lesson, GroupMember, LessonAttendance, Homework, HomeworkSubmission];
