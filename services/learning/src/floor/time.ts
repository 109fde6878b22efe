import { DateTime } from 'luxon';

/** Checkpoints, hearts and messages speak Kazakhstan's time (UTC+5 since 2024-03-01); instants are stored in UTC. */
export const ZONE = 'Asia/Almaty';

/** `2026-11-22 09:00` in Almaty time, for messages. */
export const almaty = (d: Date) => DateTime.fromJSDate(d, { zone: ZONE }).toFormat('yyyy-LL-dd HH:mm');

/** The instant a local Almaty date and hour stand for (`2026-11-22`, 9 -> 2026-11-22T04:00:00Z). */
export function almatyInstant(date: string, hour: number, minute = 0): Date {
  const dt = DateTime.fromISO(date, { zone: ZONE }).set({ hour, minute, second: 0, millisecond: 0 });
  if (!dt.isValid) throw new Error(`not a date: ${date}`);
  return dt.toJSDate();
}

/** Today's date in Almaty (`yyyy-LL-dd`). */
export const almatyDate = (d: Date) => DateTime.fromJSDate(d, { zone: ZONE }).toISODate() as string;
