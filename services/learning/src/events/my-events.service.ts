import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { DateTime } from 'luxon';
import type { EventView, Locale } from '@olymp/proto';
import { type AuthUser, Clock, RpcClient, notFound } from '@olymp/server-kit';
import type { CalendarPlace } from './event-calendar';
import { LearningEvent } from '../floor/event.entities';
import { ZONE } from '../floor/time';
import { localized } from '../floor/localized';

/** At most this many upcoming events in a pupil's list (the home shows a few; nobody has more in practice). */
const UPCOMING_LIMIT = 100;

/** An instant as Almaty local time with its offset (`2026-12-05T19:00:00.000+05:00`). */
export const almatyIso = (d: Date) => DateTime.fromJSDate(d, { zone: ZONE }).toISO() as string;

export function eventView(e: LearningEvent): EventView {
  return {
    id: e.id,
    title: localized(e, 'title'),
    description: localized(e, 'description'),
    imageUrl: e.imageUrl,
    startsAt: almatyIso(e.startsAt),
    endsAt: almatyIso(e.endsAt),
    onlineUrl: e.onlineUrl,
    centerId: e.centerId,
  };
}

/**
 * The pupil's side of events: what is published for them. An event is for a pupil when its audience is `all`, their
 * grade (auth's, fixed at registration), or a course one of whose groups they belong to (`course_group_members`).
 * Anything else, and anything unpublished, is "not found" to them (never "forbidden": its existence is not theirs).
 */
@Injectable()
export class MyEvents {
  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
    private readonly clock: Clock,
  ) {}

  /** Published events for the caller that have not ended yet, soonest first. */
  async upcoming(user: AuthUser): Promise<EventView[]> {
    const rows = await (await this.forCaller(user))
      .andWhere('e.endsAt > :now', { now: this.clock.now() })
      .orderBy('e.startsAt', 'ASC').addOrderBy('e.id', 'ASC')
      .take(UPCOMING_LIMIT)
      .getMany();
    return rows.map(eventView);
  }

  /** One event the caller may see (past ones too: a link in a notice keeps working); 404 otherwise. */
  async one(user: AuthUser, id: string): Promise<LearningEvent> {
    const row = await (await this.forCaller(user)).andWhere('e.id = :id', { id }).getOne();
    if (!row) throw notFound();
    return row;
  }

  /** Published events whose audience holds the caller. */
  private async forCaller(user: AuthUser): Promise<SelectQueryBuilder<LearningEvent>> {
    const grade = await this.gradeOf(user.sub);
    return this.ds.getRepository(LearningEvent).createQueryBuilder('e')
      .where('e.published = true')
      .andWhere(`(e.audience = 'all'
        OR (e.audience = 'grade' AND e.grade = :grade)
        OR (e.audience = 'course' AND EXISTS (
          SELECT 1 FROM course_group_members m JOIN course_groups g ON g.id = m.group_id
          WHERE g.course_id = e.course_id AND m.user_id = :user)))`, { grade, user: user.sub });
  }

  /** The event's centre (auth's directory) in the reader's language, for the calendar's LOCATION; null when online. */
  async placeOf(e: LearningEvent, locale: Locale): Promise<CalendarPlace | null> {
    if (e.centerId == null) return null;
    const { centers } = await this.rpc.request('auth.centers.get', { centerIds: [e.centerId] });
    const c = centers[0];
    return c ? { name: c.name[locale] || c.name.kk, address: c.address } : null;
  }

  /** The caller's grade from auth (null for staff, or someone auth does not know). */
  private async gradeOf(userId: string): Promise<number | null> {
    const { users } = await this.rpc.request('auth.users.get', { userIds: [userId] });
    return users[0]?.grade ?? null;
  }
}
