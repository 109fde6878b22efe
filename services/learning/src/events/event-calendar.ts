import ical from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Locale } from '@olymp/proto';
import type { LearningEvent } from '../floor/event.entities';
import { ZONE } from '../floor/time';

/** A centre as the calendar's LOCATION shows it. */
export interface CalendarPlace { name: string; address: string }

/**
 * "Add to calendar": one event as an iCalendar file (RFC 5545) in the reader's language. Times are written in
 * Asia/Almaty with its VTIMEZONE (from the IANA data of timezones-ical-library), so a phone in another zone still
 * shows the right instant and one in Almaty shows the hour staff chose. The UID is stable per event, so importing
 * the file again updates the entry instead of adding a second one.
 */
export function eventCalendar(e: LearningEvent, locale: Locale, opts: { siteUrl: string; place: CalendarPlace | null; now: Date }): string {
  const pick = (prefix: 'title' | 'description') =>
    e[`${prefix}${locale === 'kk' ? 'Kk' : locale === 'ru' ? 'Ru' : 'En'}`] || e[`${prefix}Kk`];
  const cal = ical({ prodId: { company: 'olymp', product: 'events', language: locale.toUpperCase() }, name: pick('title') });
  // No calendar-wide zone (DTSTAMP must stay UTC); the event's zone gets its VTIMEZONE from the generator. A plain
  // Date with a zone would be written as its UTC hours labelled Almaty, so the times go in as Luxon in that zone.
  cal.timezone({ name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] });
  const inZone = (d: Date) => DateTime.fromJSDate(d).setZone(ZONE);
  const page = `${opts.siteUrl.replace(/\/$/, '')}/student/events/${e.id}`;
  const description = [pick('description'), e.onlineUrl ?? '', page].filter(Boolean).join('\n\n');
  cal.createEvent({
    id: `${e.id}@olymp`,
    start: inZone(e.startsAt),
    end: inZone(e.endsAt),
    timezone: ZONE,
    stamp: opts.now,
    summary: pick('title'),
    description,
    location: opts.place ? `${opts.place.name}, ${opts.place.address}` : e.onlineUrl,
    url: e.onlineUrl ?? page,
  });
  return cal.toString();
}
