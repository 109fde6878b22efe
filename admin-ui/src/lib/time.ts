/**
 * Instants shown and picked in Kazakhstan's time (Asia/Almaty, UTC+5 since 2024-03-01; computed by the zone
 * rules, never a fixed offset). The API takes and gives ISO instants.
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const ZONE = 'Asia/Almaty';

/** The instant of a local date (YYYY-MM-DD) and hour in Asia/Almaty, as an ISO string in UTC. */
export function almatyInstant(date: string, hour: number): string {
  return dayjs.tz(`${date} ${String(hour).padStart(2, '0')}:00`, 'YYYY-MM-DD HH:mm', ZONE).toDate().toISOString();
}

/** The local date and hour in Asia/Almaty of an instant. */
export function almatyParts(iso: string): { date: string; hour: number } {
  const d = dayjs(iso).tz(ZONE);
  return { date: d.format('YYYY-MM-DD'), hour: d.hour() };
}

export function formatInstant(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  return dayjs(iso).tz(ZONE).format('YYYY-MM-DD HH:mm');
}

export function toDayjs(date: string): Dayjs {
  return dayjs(date, 'YYYY-MM-DD');
}

export { dayjs };
