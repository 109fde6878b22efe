import { z } from 'zod';
import { DomainError } from '@olymp/server-kit';

/** Reports count days in Kazakhstan's time (Asia/Almaty, UTC+5); instants are stored in UTC. */
export const REPORT_ZONE = 'Asia/Almaty';
export const MAX_PERIOD_DAYS = 366;
const day = z.iso.date();

export const periodQuery = { from: day.optional(), to: day.optional() };

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_ZONE }).format(new Date());
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Inclusive days [from, to]; by default the last 30 days up to today. */
export function period(q: { from?: string; to?: string }): { from: string; to: string } {
  const to = q.to ?? (q.from ? addDays(q.from, 29) : today());
  const from = q.from ?? addDays(to, -29);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days < 1 || days > MAX_PERIOD_DAYS) throw new DomainError('PERIOD_INVALID', { maxDays: MAX_PERIOD_DAYS }, { from: 'PERIOD_INVALID' });
  return { from, to };
}

/** SQL: `col` falls on one of the days [$a, $b] in REPORT_ZONE (parameters are the day strings). */
export const inPeriod = (col: string, a: string, b: string) =>
  `${col} >= (${a}::date)::timestamp AT TIME ZONE '${REPORT_ZONE}' AND ${col} < (${b}::date + 1)::timestamp AT TIME ZONE '${REPORT_ZONE}'`;
export const dayOf = (col: string) => `to_char((${col} AT TIME ZONE '${REPORT_ZONE}')::date, 'YYYY-MM-DD')`;
