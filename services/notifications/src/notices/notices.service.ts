import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, Raw } from 'typeorm';
import { type EventPayload, LOCALES, type Locale, type Localized, MESSAGES, type MessageKey, message } from '@olymp/proto';
import { DomainError } from '@olymp/server-kit';
import type { NoticeView } from '../realtime/socket-contract';
import { RealtimeServer, userRoom } from '../realtime/realtime.server';
import { AfterCommit } from '../realtime/after-commit';
import { Notice, type NoticeKind } from './notice.entity';

export interface NewNotice {
  userId: string;
  kind: NoticeKind;
  params: Record<string, unknown>;
  source: string;
  at: Date;
}

const amount = (tenge: number, zp: number, locale: Locale): string => {
  const parts = [];
  if (tenge > 0 || zp === 0) parts.push(message('AMOUNT_TENGE', locale, { tenge: tenge.toLocaleString('ru-RU') }));
  if (zp > 0) parts.push(message('AMOUNT_ZP', locale, { zp: zp.toLocaleString('ru-RU') }));
  return parts.join(' + ');
};

/** An instant as Almaty's wall clock (`19:00`): event times are Almaty's (UTC+5, no daylight saving). */
const almatyTime = (iso: string): string =>
  new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'Asia/Almaty', hour: '2-digit', minute: '2-digit', hour12: false });

/** A day as people in Kazakhstan write it (dd.mm.yyyy), in Almaty time. */
const almatyDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('ru-RU', { timeZone: 'Asia/Almaty', day: '2-digit', month: '2-digit', year: 'numeric' });

/** An order status in the reader's language (an unknown one as it came). */
export function orderStatusLabel(status: string, locale: Locale): string {
  const key = `ORDER_STATUS_${status.toUpperCase()}`;
  return key in MESSAGES ? message(key as MessageKey, locale) : status;
}

/**
 * Per-user notices: kept (one per fact) and pushed to the user's sockets on every node, through the socket.io
 * adapter, after the transaction that kept them commits. Texts are rendered in the reader's language.
 */
@Injectable()
export class NoticesService {
  constructor(
    private readonly ds: DataSource,
    private readonly realtime: RealtimeServer,
    private readonly afterCommit: AfterCommit,
  ) {}

  static fromInvoicePaid(e: EventPayload<'invoice.paid'>): NewNotice {
    return {
      userId: e.userId,
      kind: 'invoice.paid',
      params: { invoiceId: e.invoiceId, product: e.product, amountTenge: e.amountTenge, amountZp: e.amountZp, method: e.method },
      source: `invoice.paid:${e.invoiceId}`,
      at: new Date(e.paidAt),
    };
  }

  static fromOrderStatus(e: EventPayload<'order.status.changed'>): NewNotice {
    return {
      userId: e.userId,
      kind: 'order.status.changed',
      params: { orderId: e.orderId, from: e.from, to: e.to },
      source: `order.status.changed:${e.orderId}:${e.to}:${e.changedAt}`,
      at: new Date(e.changedAt),
    };
  }

  /**
   * The pupil's "you are enrolled" (or "extended", for a renewal) notice, one per paid period. A v1 fact (written
   * before it carried the course's title) makes none: notifications never asks learning for the title.
   */
  static fromCourseEnrolled(e: EventPayload<'course.enrolled'>): NewNotice | null {
    if (!('course' in e) || !e.course) return null;
    return {
      userId: e.userId,
      kind: 'course.enrolled',
      params: { enrolmentId: e.enrolmentId, periodId: e.periodId, courseId: e.courseId, course: e.course, renewal: e.renewal, accessUntil: e.accessUntil, groupId: e.groupId },
      source: `course.enrolled:${e.periodId}`,
      at: new Date(e.startsAt),
    };
  }

  /** One notice per pupil of an event's reminder (`learning.event.reminded`), keyed by (event, pupil). */
  static fromEventReminded(e: EventPayload<'learning.event.reminded'>): NewNotice[] {
    return e.userIds.map((userId) => ({
      userId,
      kind: 'event.reminder' as const,
      params: { eventId: e.eventId, title: e.title, startsAt: e.startsAt, onlineUrl: e.onlineUrl },
      source: `event.reminder:${e.eventId}:${userId}`,
      at: new Date(e.remindedAt),
    }));
  }

  static fromAchievement(e: EventPayload<'achievement.earned'>): NewNotice {
    return {
      userId: e.userId,
      kind: 'achievement.earned',
      params: { achievementId: e.achievementId, code: e.code, title: e.title, challengeId: e.challengeId },
      source: `achievement.earned:${e.achievementId}`,
      at: new Date(e.earnedAt),
    };
  }

  /** Keeps a notice in the caller's transaction and pushes it once that commits. A repeated fact does nothing. */
  async add(manager: EntityManager, n: NewNotice): Promise<void> {
    const id = randomUUID();
    const inserted: { id: string }[] = await manager.query(
      `INSERT INTO notices (id, user_id, kind, params, source, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (source) DO NOTHING RETURNING id`,
      [id, n.userId, n.kind, JSON.stringify(n.params), n.source, n.at],
    );
    if (!inserted.length) return;
    const notice = Object.assign(new Notice(), { id, userId: n.userId, kind: n.kind, params: n.params, source: n.source, createdAt: n.at, readAt: null });
    this.afterCommit.run(manager, () => {
      for (const locale of LOCALES) this.realtime.io.to(userRoom(n.userId, locale)).emit('notice', this.view(notice, locale));
      this.realtime.pushed('notice', LOCALES.length);
    });
  }

  /** Many notices in one statement (an announcement to every member of a group); each pushed after the commit. */
  async addMany(manager: EntityManager, list: NewNotice[]): Promise<void> {
    if (!list.length) return;
    const ids = list.map(() => randomUUID());
    const inserted = (await manager.query(
      `INSERT INTO notices (id, user_id, kind, params, source, created_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::jsonb[], $5::varchar[], $6::timestamptz[])
       ON CONFLICT (source) DO NOTHING RETURNING id`,
      [ids, list.map((n) => n.userId), list.map((n) => n.kind), list.map((n) => JSON.stringify(n.params)), list.map((n) => n.source), list.map((n) => n.at)],
    )) as { id: string }[];
    const kept = new Set(inserted.map((r) => r.id));
    const notices = list.flatMap((n, i) =>
      kept.has(ids[i]) ? [Object.assign(new Notice(), { id: ids[i], userId: n.userId, kind: n.kind, params: n.params, source: n.source, createdAt: n.at, readAt: null })] : [],
    );
    this.afterCommit.run(manager, () => {
      for (const notice of notices) {
        for (const locale of LOCALES) this.realtime.io.to(userRoom(notice.userId, locale)).emit('notice', this.view(notice, locale));
      }
    });
  }

  view(n: Notice, locale: Locale): NoticeView {
    const p = n.params;
    switch (n.kind) {
      case 'invoice.paid':
        return this.shape(n, 'success', message('NOTICE_INVOICE_PAID_TITLE', locale), message('NOTICE_INVOICE_PAID', locale, { amount: amount(Number(p.amountTenge), Number(p.amountZp), locale) }));
      case 'order.status.changed':
        return this.shape(n, 'info', message('NOTICE_ORDER_STATUS_TITLE', locale), message('NOTICE_ORDER_STATUS', locale, { status: orderStatusLabel(String(p.to), locale) }));
      case 'achievement.earned': {
        const title = p.title as Localized;
        return this.shape(n, 'success', message('NOTICE_ACHIEVEMENT_TITLE', locale), message('NOTICE_ACHIEVEMENT', locale, { title: title[locale] || title.kk }));
      }
      case 'chat.announcement': {
        const group = p.group as Localized;
        return this.shape(n, 'info', message('NOTICE_CHAT_ANNOUNCEMENT_TITLE', locale, { group: group[locale] || group.kk }), message('NOTICE_CHAT_ANNOUNCEMENT', locale, { text: String(p.text) }));
      }
      case 'event.reminder': {
        const title = p.title as Localized;
        const shown = title[locale] || title.kk;
        return this.shape(n, 'info', message('NOTICE_EVENT_REMINDER_TITLE', locale, { title: shown }), message('NOTICE_EVENT_REMINDER', locale, { title: shown, time: almatyTime(String(p.startsAt)) }));
      }
      case 'course.enrolled': {
        const course = p.course as Localized;
        const title = course[locale] || course.kk;
        const until = almatyDate(String(p.accessUntil));
        if (p.renewal) return this.shape(n, 'success', message('NOTICE_COURSE_RENEWED_TITLE', locale), message('NOTICE_COURSE_RENEWED', locale, { title, until }));
        return this.shape(n, 'success', message('NOTICE_COURSE_ENROLLED_TITLE', locale), message('NOTICE_COURSE_ENROLLED', locale, { title, until }));
      }
      case 'lesson.reminder': {
        const title = p.title as Localized;
        return this.shape(n, 'info', message('NOTICE_LESSON_SOON_TITLE', locale), message('NOTICE_LESSON_SOON', locale, { title: title[locale] || title.kk, time: String(p.time) }));
      }
      case 'course.news': {
        const course = p.course as Localized;
        const text = p.text as Localized;
        return this.shape(n, 'info', message('NOTICE_COURSE_NEWS_TITLE', locale, { course: course[locale] || course.kk }), message('NOTICE_COURSE_NEWS', locale, { text: text[locale] || text.kk || text.ru || text.en }));
      }
      case 'homework.graded': {
        const course = p.course as Localized;
        return this.shape(n, 'success', message('NOTICE_HOMEWORK_GRADED_TITLE', locale), message('NOTICE_HOMEWORK_GRADED', locale, { title: String(p.title), course: course[locale] || course.kk, points: String(p.points), max: String(p.maxPoints) }));
      }
      case 'consultation.cancelled': {
        const course = p.course as Localized;
        const at = String(p.startsAt);
        return this.shape(n, 'info', message('NOTICE_CONSULTATION_CANCELLED_TITLE', locale), message('NOTICE_CONSULTATION_CANCELLED', locale, { course: course[locale] || course.kk, date: almatyDate(at), time: almatyTime(at) }));
      }
      default: {
        const never: never = n.kind;
        throw new Error(`unknown notice kind ${String(never)}`);
      }
    }
  }

  private shape(n: Notice, toast: NoticeView['toast'], title: string, text: string): NoticeView {
    return { id: n.id, kind: n.kind, toast, title, text, data: n.params, createdAt: n.createdAt.toISOString(), readAt: n.readAt?.toISOString() ?? null };
  }

  async list(userId: string, q: { page: number; limit: number; unread?: boolean; group?: string }, locale: Locale) {
    const repo = this.ds.getRepository(Notice);
    const where = {
      userId,
      ...(q.unread ? { readAt: IsNull() } : {}),
      // The group a notice is about is in its params (lesson reminders and course news carry `groupId`).
      ...(q.group ? { params: Raw((p) => `${p} ->> 'groupId' = :group`, { group: q.group }) } : {}),
    };
    const [rows, total] = await repo.findAndCount({ where, order: { createdAt: 'DESC', id: 'DESC' }, take: q.limit, skip: (q.page - 1) * q.limit });
    const unread = await repo.count({ where: { userId, readAt: IsNull() } });
    return {
      data: rows.map((r) => this.view(r, locale)),
      count: rows.length,
      total,
      unread,
      page: q.page,
      pageCount: Math.max(1, Math.ceil(total / q.limit)),
    };
  }

  /** Marks one of the user's notices read; another user's notice is "not found", never "forbidden". */
  async markRead(userId: string, id: string, locale: Locale): Promise<NoticeView> {
    const repo = this.ds.getRepository(Notice);
    const n = await repo.findOneBy({ id, userId });
    if (!n) throw new DomainError('NOT_FOUND');
    if (!n.readAt) {
      await repo.update({ id, userId }, { readAt: new Date() });
      n.readAt = (await repo.findOneByOrFail({ id })).readAt;
    }
    return this.view(n, locale);
  }

  async markAllRead(userId: string): Promise<number> {
    const res = await this.ds.query('UPDATE notices SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
    return (res as [unknown[], number])[1] ?? 0;
  }
}
