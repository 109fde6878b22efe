import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn } from 'typeorm';
import type { WageRatePer } from '@olymp/proto';
import { Lesson } from './course.entities';

/**
 * Teaching (issue 15, docs/teaching.md). Wages are tenge owed to teachers: these tables are the whole of it, apart
 * from finance's points ledger (pupils' XP, ZP and Altyn Saqa) and from pupils' invoices.
 */

/** A teacher's wage rate (per held lesson or per hour of held lessons), in force from an Almaty day on. */
@Entity({ name: 'teacher_wage_rates' })
@Index('UQ_teacher_wage_rates_day', ['teacherId', 'effectiveFrom'], { unique: true })
@Check('CHK_teacher_wage_rates_per', `"per" IN ('lesson', 'hour')`)
@Check('CHK_teacher_wage_rates_amount', '"amount_tenge" >= 0')
export class WageRate {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_teacher_wage_rates' })
  id!: string;

  /** The teacher's user id (a staff account that teaches groups). */
  @Column({ name: 'teacher_id', type: 'uuid' })
  teacherId!: string;

  @Column({ type: 'varchar', length: 8 })
  per!: WageRatePer;

  @Column({ name: 'amount_tenge', type: 'int' })
  amountTenge!: number;

  /** `yyyy-MM-dd` of the Almaty calendar. */
  @Column({ name: 'effective_from', type: 'date' })
  effectiveFrom!: string;

  @Column({ name: 'set_by', type: 'uuid' })
  setBy!: string;

  @Column({ name: 'set_at', type: 'timestamptz' })
  setAt!: Date;
}

/** Tenge paid to a teacher for a month's work, recorded by staff (audited). */
@Entity({ name: 'wage_payments' })
@Index('IDX_wage_payments_teacher', ['teacherId', 'month'])
@Check('CHK_wage_payments_amount', '"amount_tenge" > 0')
export class WagePayment {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_wage_payments' })
  id!: string;

  @Column({ name: 'teacher_id', type: 'uuid' })
  teacherId!: string;

  /** `yyyy-MM` of the Almaty calendar the payment is for. */
  @Column({ type: 'varchar', length: 7 })
  month!: string;

  @Column({ name: 'amount_tenge', type: 'int' })
  amountTenge!: number;

  @Column({ type: 'varchar', length: 500, default: '' })
  note!: string;

  @Column({ name: 'paid_by', type: 'uuid' })
  paidBy!: string;

  @Column({ name: 'paid_at', type: 'timestamptz' })
  paidAt!: Date;
}

/** A lesson called off: not paid, not reminded, shown cancelled in calendar feeds. */
@Entity({ name: 'lesson_cancellations' })
export class LessonCancellation {
  @PrimaryColumn({ name: 'lesson_id', type: 'uuid', primaryKeyConstraintName: 'PK_lesson_cancellations' })
  lessonId!: string;

  @OneToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'FK_lesson_cancellations_lesson' })
  lesson?: Lesson;

  @Column({ type: 'varchar', length: 500, default: '' })
  reason!: string;

  @Column({ name: 'cancelled_by', type: 'uuid' })
  cancelledBy!: string;

  @Column({ name: 'cancelled_at', type: 'timestamptz' })
  cancelledAt!: Date;
}

/** A lesson whose reminder was written (its `lesson.reminder.due` event, in the same transaction): at most one. */
@Entity({ name: 'lesson_reminders' })
export class LessonReminder {
  @PrimaryColumn({ name: 'lesson_id', type: 'uuid', primaryKeyConstraintName: 'PK_lesson_reminders' })
  lessonId!: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'FK_lesson_reminders_lesson' })
  lesson?: Lesson;

  @Column({ name: 'reminded_at', type: 'timestamptz' })
  remindedAt!: Date;
}

/**
 * A pupil's secret calendar feed (like a calendar service's "secret address"): 32 random bytes, kept so the pupil's
 * page can show the URL again; a new one replaces it and revoking deletes the row, so an old URL stops at once.
 */
@Entity({ name: 'calendar_feeds' })
export class CalendarFeed {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_calendar_feeds' })
  userId!: string;

  @Index('UQ_calendar_feeds_token', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  token!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

export const teachingEntities = [WageRate, WagePayment, LessonCancellation, LessonReminder, CalendarFeed];
