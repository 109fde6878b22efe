import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { Course, Lesson } from './course.entities';

/**
 * A tariff of a course (issue 15, "Store and enrolment"): a price in tenge and/or ZP for a period of whole months,
 * and what it includes. Pupils buy one period at a time; a renewal is the next period at the tariff's price then.
 */
@Entity({ name: 'course_tariffs' })
@Index('IDX_course_tariffs_course', ['courseId', 'position'])
@Check('CHK_course_tariffs_price', '"price_tenge" >= 0 AND "price_zp" >= 0 AND ("price_tenge" > 0 OR "price_zp" > 0)')
@Check('CHK_course_tariffs_period', '"period_months" BETWEEN 1 AND 24')
export class CourseTariff {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_course_tariffs' })
  id!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'FK_course_tariffs_course' })
  course?: Course;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  /** What the tariff includes (lines of text). */
  @Column({ name: 'includes_kk', type: 'text', default: '' })
  includesKk!: string;

  @Column({ name: 'includes_ru', type: 'text', default: '' })
  includesRu!: string;

  @Column({ name: 'includes_en', type: 'text', default: '' })
  includesEn!: string;

  @Column({ name: 'price_tenge', type: 'int', default: 0 })
  priceTenge!: number;

  @Column({ name: 'price_zp', type: 'int', default: 0 })
  priceZp!: number;

  @Column({ name: 'period_months', type: 'int', default: 1 })
  periodMonths!: number;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/**
 * A pupil's enrolment in a course (one per pupil and course). Access runs until `accessUntil` (exclusive, to the
 * millisecond on the kit's Clock); null before the first payment. `groupId`: the group they study in (live courses).
 */
@Entity({ name: 'course_enrolments' })
@Index('UQ_course_enrolments_pupil', ['userId', 'courseId'], { unique: true })
@Index('IDX_course_enrolments_course', ['courseId'])
@Index('IDX_course_enrolments_access', ['accessUntil'])
export class Enrolment {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_course_enrolments' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @ManyToOne(() => Course, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'FK_course_enrolments_course' })
  course?: Course;

  /** The tariff renewals are priced by (the last one bought). */
  @Column({ name: 'tariff_id', type: 'uuid' })
  tariffId!: string;

  @ManyToOne(() => CourseTariff, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tariff_id', foreignKeyConstraintName: 'FK_course_enrolments_tariff' })
  tariff?: CourseTariff;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'access_until', type: 'timestamptz', nullable: true })
  accessUntil!: Date | null;

  /** Whether a renewal invoice is opened before the period ends (the pupil may stop it). */
  @Column({ type: 'boolean', default: true })
  renew!: boolean;

  /** When the sweeper found the access ended unpaid and took the pupil out of the group; null while active. */
  @Column({ name: 'lapsed_at', type: 'timestamptz', nullable: true })
  lapsedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export type PeriodKind = 'first' | 'renewal';
export type PeriodStatus = 'pending' | 'paid' | 'cancelled';

/**
 * One period of an enrolment and its invoice: the invoice's product is `{ kind: 'course', id: <period id> }`, so each
 * period has its own live invoice at finance (one per pupil and product). Its dates are set when it is paid.
 */
@Entity({ name: 'course_enrolment_periods' })
@Index('IDX_course_enrolment_periods_enrolment', ['enrolmentId', 'createdAt'])
@Index('UQ_course_enrolment_periods_pending', ['enrolmentId'], { unique: true, where: `"status" = 'pending'` })
@Check('CHK_course_enrolment_periods_kind', `"kind" IN ('first', 'renewal')`)
@Check('CHK_course_enrolment_periods_status', `"status" IN ('pending', 'paid', 'cancelled')`)
export class EnrolmentPeriod {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_course_enrolment_periods' })
  id!: string;

  @Column({ name: 'enrolment_id', type: 'uuid' })
  enrolmentId!: string;

  @ManyToOne(() => Enrolment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'enrolment_id', foreignKeyConstraintName: 'FK_course_enrolment_periods_enrolment' })
  enrolment?: Enrolment;

  @Column({ name: 'tariff_id', type: 'uuid' })
  tariffId!: string;

  @ManyToOne(() => CourseTariff, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tariff_id', foreignKeyConstraintName: 'FK_course_enrolment_periods_tariff' })
  tariff?: CourseTariff;

  @Column({ type: 'varchar', length: 16 })
  kind!: PeriodKind;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: PeriodStatus;

  @Column({ name: 'invoice_id', type: 'uuid', nullable: true })
  invoiceId!: string | null;

  @Column({ name: 'amount_tenge', type: 'int' })
  amountTenge!: number;

  @Column({ name: 'amount_zp', type: 'int' })
  amountZp!: number;

  @Column({ name: 'starts_at', type: 'timestamptz', nullable: true })
  startsAt!: Date | null;

  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt!: Date | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  /** When finance refunded the period's invoice (`invoice.refunded`): the access it gave ended then; applied once. */
  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** The one free trial lesson a pupil is given in a course. */
@Entity({ name: 'course_free_trials' })
export class FreeTrial {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_course_free_trials' })
  userId!: string;

  @PrimaryColumn({ name: 'course_id', type: 'uuid', primaryKeyConstraintName: 'PK_course_free_trials' })
  courseId!: string;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'FK_course_free_trials_course' })
  course?: Course;

  @Column({ name: 'lesson_id', type: 'uuid' })
  lessonId!: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'FK_course_free_trials_lesson' })
  lesson?: Lesson;

  @Column({ name: 'granted_at', type: 'timestamptz' })
  grantedAt!: Date;
}

/** How long before a period ends its renewal invoice is opened. */
export const RENEWAL_LEAD_DAYS = 3;

/**
 * Whether a pupil's paid access to the group's course has ended (`accessUntil <= now`). A pupil staff put in a
 * group by hand has no enrolment and is not affected; nor is one whose first invoice is still unpaid.
 */
export async function enrolmentLapsed(m: EntityManager, groupId: string, userId: string, now: Date): Promise<boolean> {
  const rows: unknown[] = await m.query(
    `SELECT 1 FROM course_enrolments e JOIN course_groups g ON g.course_id = e.course_id
      WHERE g.id = $1 AND e.user_id = $2 AND e.access_until IS NOT NULL AND e.access_until <= $3 LIMIT 1`,
    [groupId, userId, now],
  );
  return rows.length > 0;
}

export const enrolmentEntities = [CourseTariff, Enrolment, EnrolmentPeriod, FreeTrial];
