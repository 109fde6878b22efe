import { DateTime } from 'luxon';
import type { WageRatePer } from '@olymp/proto';
import { ZONE } from '../floor/time';

/**
 * The pure rules of teachers' pay (docs/teaching.md): Almaty months, the rate in force on a lesson's Almaty day, and
 * what one held lesson earns. Amounts are whole tenge.
 */

/** The instants a `yyyy-MM` Almaty month runs between: [from, to). */
export function monthRange(month: string): { from: Date; to: Date } {
  const start = DateTime.fromISO(`${month}-01`, { zone: ZONE }).startOf('month');
  return { from: start.toJSDate(), to: start.plus({ months: 1 }).toJSDate() };
}

/** The Almaty month (`yyyy-MM`) holding an instant. */
export const monthOf = (at: Date) => DateTime.fromJSDate(at, { zone: ZONE }).toFormat('yyyy-LL');

/** The Almaty day (`yyyy-MM-dd`) holding an instant. */
export const dayOf = (at: Date) => DateTime.fromJSDate(at, { zone: ZONE }).toISODate() as string;

export interface RateLike { per: WageRatePer; amountTenge: number; effectiveFrom: string }

/** The rate in force on an Almaty day: the one with the latest `effectiveFrom` not after it (null before the first). */
export function rateOn<R extends RateLike>(rates: readonly R[], day: string): R | null {
  let best: R | null = null;
  for (const r of rates) if (r.effectiveFrom <= day && (!best || r.effectiveFrom > best.effectiveFrom)) best = r;
  return best;
}

/** What a held lesson earns at a rate: the rate per lesson, or per hour for its length (rounded to the tenge). */
export function lessonPay(rate: RateLike | null, durationMinutes: number): number {
  if (!rate) return 0;
  return rate.per === 'lesson' ? rate.amountTenge : Math.round((rate.amountTenge * durationMinutes) / 60);
}
