import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Locale } from '@olymp/proto';
import { type AuthUser, Clock, DomainError, KIT_CONFIG, type KitConfig } from '@olymp/server-kit';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { CalendarFeed } from '../floor/teaching.entities';
import { ZONE } from '../floor/time';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 3600_000;
/** What a feed holds: lessons from a month back to half a year ahead. */
const PAST_DAYS = 31;
const AHEAD_DAYS = 183;

/**
 * Asia/Almaty as a VTIMEZONE: UTC+5 all year since 1 March 2024 (no daylight saving), so one STANDARD part says it.
 * Calendar apps read the lessons' local times (`DTSTART;TZID=Asia/Almaty:...T190000`) against it.
 */
const almatyVtimezone = () => [
  'BEGIN:VTIMEZONE', 'TZID:Asia/Almaty', 'X-LIC-LOCATION:Asia/Almaty',
  'BEGIN:STANDARD', 'TZOFFSETFROM:+0600', 'TZOFFSETTO:+0500', 'TZNAME:+05', 'DTSTART:20240301T000000', 'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

interface Row {
  id: string; startsAt: Date; durationMinutes: number; groupName: string; cancelled: boolean; updatedAt: Date;
  titleKk: string; titleRu: string; titleEn: string; courseKk: string; courseRu: string; courseEn: string;
}

/**
 * A pupil's timetable as an iCalendar feed (RFC 5545, built by ical-generator) at a secret URL: an unguessable
 * token (32 random bytes) that the pupil can replace or revoke; lessons at their Almaty times, cancelled ones marked.
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
  ) {}

  private url(token: string) {
    return `${this.config.SITE_URL.replace(/\/$/, '')}/api/calendar/${token}.ics`;
  }

  private view(feed: CalendarFeed | null) {
    return { data: { url: feed ? this.url(feed.token) : null, createdAt: feed?.createdAt.toISOString() ?? null } };
  }

  async mine(user: AuthUser) {
    return this.view(await this.ds.getRepository(CalendarFeed).findOneBy({ userId: user.sub }));
  }

  /** A new secret URL (the old one stops working at once). */
  async renew(user: AuthUser) {
    const feed = { userId: user.sub, token: randomBytes(32).toString('base64url'), createdAt: this.clock.now() };
    await this.ds.getRepository(CalendarFeed).upsert(feed, ['userId']);
    return this.view(feed as CalendarFeed);
  }

  async revoke(user: AuthUser) {
    await this.ds.getRepository(CalendarFeed).delete({ userId: user.sub });
    return this.view(null);
  }

  /** The feed behind a token (`<token>.ics`), titles in `locale`; an unknown or revoked token is 404. */
  async render(param: string, locale: Locale): Promise<string> {
    const token = param.endsWith('.ics') ? param.slice(0, -4) : param;
    const feed = TOKEN.test(token) ? await this.ds.getRepository(CalendarFeed).findOneBy({ token }) : null;
    if (!feed) throw new DomainError('CALENDAR_FEED_NOT_FOUND');
    const now = this.clock.nowMs();
    const rows = await this.ds.query(
      `SELECT l.id, l.starts_at AS "startsAt", l.duration_minutes AS "durationMinutes", l.updated_at AS "updatedAt", g.name AS "groupName",
              l.title_kk AS "titleKk", l.title_ru AS "titleRu", l.title_en AS "titleEn",
              c.title_kk AS "courseKk", c.title_ru AS "courseRu", c.title_en AS "courseEn",
              EXISTS (SELECT 1 FROM lesson_cancellations x WHERE x.lesson_id = l.id) AS cancelled
         FROM lessons l
         JOIN course_group_members m ON m.group_id = l.group_id AND m.user_id = $1
         JOIN course_groups g ON g.id = l.group_id JOIN courses c ON c.id = g.course_id
        WHERE l.starts_at >= $2 AND l.starts_at < $3 ORDER BY l.starts_at`,
      [feed.userId, new Date(now - PAST_DAYS * DAY_MS), new Date(now + AHEAD_DAYS * DAY_MS)],
    ) as Row[];
    const pick = (r: Row, base: 'title' | 'course') => (base === 'title'
      ? { kk: r.titleKk, ru: r.titleRu, en: r.titleEn }
      : { kk: r.courseKk, ru: r.courseRu, en: r.courseEn })[locale];
    const cal = ical({ name: 'Olymp', prodId: { company: 'olymp', product: 'timetable', language: locale.toUpperCase() }, method: ICalCalendarMethod.PUBLISH, ttl: 3600 });
    cal.timezone({ name: ZONE, generator: almatyVtimezone });
    for (const r of rows) {
      const start = DateTime.fromJSDate(r.startsAt, { zone: ZONE });
      cal.createEvent({
        id: `${r.id}@olymp`,
        start,
        end: start.plus({ minutes: r.durationMinutes }),
        timezone: ZONE,
        stamp: r.updatedAt,
        summary: pick(r, 'title'),
        description: `${pick(r, 'course')} · ${r.groupName}`,
        url: `${this.config.SITE_URL.replace(/\/$/, '')}/student/courses/timetable`,
        status: r.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    }
    return cal.toString();
  }
}
