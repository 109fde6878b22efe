import { z } from 'zod';
import { LOCALES, almatyDay, almatyMonth, wageRatePer } from '@olymp/proto';

/** `POST teaching/teachers/{user}/wage-rates`: a rate from an Almaty day on (the day's earlier rate is refused: 409). */
export const setWageRate = z.strictObject({
  per: wageRatePer,
  amountTenge: z.number().int().min(0).max(10_000_000),
  effectiveFrom: almatyDay,
});

/** `POST teaching/teachers/{user}/wage-payments`: tenge paid for a month's work. */
export const recordWagePayment = z.strictObject({
  month: almatyMonth,
  amountTenge: z.number().int().min(1).max(100_000_000),
  note: z.string().trim().max(500).default(''),
});

/** A month of the Almaty calendar (default: the current one). */
export const monthQuery = z.strictObject({ month: almatyMonth.optional() });

/** `PUT lessons/{lesson}/cancellation`. */
export const cancelLesson = z.strictObject({ reason: z.string().trim().max(500).default('') });

/** `GET class-schedule`: the Almaty week holding `week` (default today), optionally one teacher's or one group's. */
export const scheduleQuery = z.strictObject({
  week: almatyDay.optional(),
  teacherId: z.uuid().optional(),
  groupId: z.uuid().optional(),
});

/** `GET calendar/{token}`: the titles' language (calendar apps send no X-Locale; the pupil's page puts it in the URL). */
export const feedQuery = z.strictObject({ lang: z.enum(LOCALES).optional() });

/** `GET attendance-report` and `attendance-report/csv`: a group and Almaty days `from`..`to` (both included); `lang` for the CSV's words. */
export const attendanceReportQuery = z.strictObject({
  group: z.uuid(),
  from: almatyDay,
  to: almatyDay,
  lang: z.enum(LOCALES).optional(),
});

/** `GET homework-overview`: optionally one group, and homework due in Almaty days `dueFrom`..`dueTo` (both included). */
export const homeworkOverviewQuery = z.strictObject({
  group: z.uuid().optional(),
  dueFrom: almatyDay.optional(),
  dueTo: almatyDay.optional(),
});
