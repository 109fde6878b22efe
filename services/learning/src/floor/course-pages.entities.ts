import { Check, Column, Entity, type EntityManager, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Course, CourseGroup } from './course.entities';

/**
 * An online course's pupil pages (issue 15, docs/course-pages.md): the group's news feed, consultation slots with
 * their one booking, and the course's terms with pupils' acceptances.
 */

/** A news post of a group by one of its teachers or by staff; pupils of the group read it. */
@Entity({ name: 'course_news_posts' })
@Index('IDX_course_news_posts_feed', ['groupId', 'createdAt', 'id'])
@Check('CHK_course_news_posts_text', `"text_kk" <> '' OR "text_ru" <> '' OR "text_en" <> ''`)
export class CourseNewsPost {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_course_news_posts' })
  id!: string;

  @Column({ name: 'group_id', type: 'uuid' })
  groupId!: string;

  @ManyToOne(() => CourseGroup, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'FK_course_news_posts_group' })
  group?: CourseGroup;

  @Column({ name: 'text_kk', type: 'text', default: '' })
  textKk!: string;

  @Column({ name: 'text_ru', type: 'text', default: '' })
  textRu!: string;

  @Column({ name: 'text_en', type: 'text', default: '' })
  textEn!: string;

  @Column({ name: 'link_url', type: 'varchar', length: 500, nullable: true })
  linkUrl!: string | null;

  /** The author's full name when posted (staff screens show it; pupils see "Aigerim S."); the audit log has their id. */
  @Column({ name: 'author_name', type: 'varchar', length: 200, default: '' })
  authorName!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A time a teacher offers for a consultation; booked at most once (the booking is this row's `booked_*`). */
@Entity({ name: 'consultation_slots' })
@Index('IDX_consultation_slots_group', ['groupId', 'startsAt'])
@Index('IDX_consultation_slots_booker', ['bookedBy'])
@Check('CHK_consultation_slots_span', '"ends_at" > "starts_at"')
@Check('CHK_consultation_slots_booking', '("booked_by" IS NULL) = ("booked_at" IS NULL)')
export class ConsultationSlot {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_consultation_slots' })
  id!: string;

  @Column({ name: 'group_id', type: 'uuid' })
  groupId!: string;

  @ManyToOne(() => CourseGroup, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'FK_consultation_slots_group' })
  group?: CourseGroup;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt!: Date;

  /** Who opened it (the teacher's full name; pupils see "Aigerim S."). */
  @Column({ name: 'teacher_name', type: 'varchar', length: 200, default: '' })
  teacherName!: string;

  @Column({ name: 'booked_by', type: 'uuid', nullable: true })
  bookedBy!: string | null;

  /** The booking pupil's full name (staff and the group's teachers see it). */
  @Column({ name: 'booked_by_name', type: 'varchar', length: 200, nullable: true })
  bookedByName!: string | null;

  @Column({ name: 'booked_at', type: 'timestamptz', nullable: true })
  bookedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A version of a course's terms (1, 2, ...): a new version asks every pupil again. Versions are never edited. */
@Entity({ name: 'course_terms' })
@Index('UQ_course_terms_version', ['courseId', 'version'], { unique: true })
@Check('CHK_course_terms_version', '"version" > 0')
export class CourseTerms {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_course_terms' })
  id!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'FK_course_terms_course' })
  course?: Course;

  @Column({ type: 'int' })
  version!: number;

  @Column({ name: 'text_kk', type: 'text', default: '' })
  textKk!: string;

  @Column({ name: 'text_ru', type: 'text', default: '' })
  textRu!: string;

  @Column({ name: 'text_en', type: 'text', default: '' })
  textEn!: string;

  /** Who wrote the version (full name); the audit log has their id. */
  @Column({ name: 'created_by_name', type: 'varchar', length: 200, default: '' })
  createdByName!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A pupil's acceptance of one version of a course's terms, with its time. */
@Entity({ name: 'course_terms_acceptances' })
export class CourseTermsAcceptance {
  @PrimaryColumn({ name: 'course_id', type: 'uuid', primaryKeyConstraintName: 'PK_course_terms_acceptances' })
  courseId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_course_terms_acceptances' })
  userId!: string;

  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'PK_course_terms_acceptances' })
  version!: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'FK_course_terms_acceptances_course' })
  course?: Course;

  @Column({ name: 'accepted_at', type: 'timestamptz' })
  acceptedAt!: Date;
}

/**
 * The courses (of `courseIds`) whose current terms `userId` has not accepted: the terms gate of the lessons
 * (docs/course-pages.md). A course without terms has nothing to accept.
 */
export async function termsPending(m: EntityManager, courseIds: string[], userId: string): Promise<Set<string>> {
  if (!courseIds.length) return new Set();
  const rows = await m.query(
    `SELECT t.course_id AS "courseId" FROM course_terms t
      WHERE t.course_id = ANY($1::uuid[]) AND t.version = (SELECT max(v.version) FROM course_terms v WHERE v.course_id = t.course_id)
        AND NOT EXISTS (SELECT 1 FROM course_terms_acceptances a WHERE a.course_id = t.course_id AND a.user_id = $2 AND a.version = t.version)`,
    [[...new Set(courseIds)], userId],
  ) as { courseId: string }[];
  return new Set(rows.map((r) => r.courseId));
}

export const coursePagesEntities = [CourseNewsPost, ConsultationSlot, CourseTerms, CourseTermsAcceptance];
