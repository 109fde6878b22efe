/** HTTP contracts of the notifications service (docs/notifications.md): the signed-in user's notices. */
import { z } from 'zod';
import { dataOf, isoInstant } from './http';
import { memberRowView, publicRowView } from './http.learning';
import type { NoticeView } from './socket';

/** A notice as the API and the socket send it (the `NoticeView` of the socket contract). */
export const noticeView = z.object({
  id: z.uuid(),
  kind: z.enum(['invoice.paid', 'order.status.changed', 'achievement.earned', 'chat.announcement', 'event.reminder', 'lesson.reminder', 'course.enrolled', 'course.news', 'consultation.cancelled', 'homework.graded']),
  toast: z.enum(['success', 'info']),
  title: z.string(),
  text: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: isoInstant,
  readAt: isoInstant.nullable(),
}) satisfies z.ZodType<NoticeView>;

/** `GET /api/notices`: newest first, with the count of unread ones. */
export const noticePage = z.object({
  data: z.array(noticeView),
  count: z.number().int(),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type NoticePage = z.output<typeof noticePage>;
/** `POST /api/notices/{id}/read`. */
export const noticeReadReply = dataOf(noticeView);
export type NoticeReadReply = z.output<typeof noticeReadReply>;
/** `POST /api/notices/read-all`: how many were unread. */
export const noticesReadAllReply = dataOf(z.object({ updated: z.number().int() }));
export type NoticesReadAllReply = z.output<typeof noticesReadAllReply>;

/**
 * `GET /api/leaderboard-live/{id}` (anyone, display screens): the live board's top rows as the socket's `board`
 * event carries them, public rows only.
 */
export const liveBoardReply = dataOf(
  z.object({
    board: z.object({ kind: z.enum(['challenge', 'training']), id: z.uuid() }),
    version: z.number().int(),
    participants: z.number().int(),
    maxPoints: z.number().nullable(),
    top: z.array(z.union([memberRowView, publicRowView])),
    at: isoInstant,
  }),
);
export type LiveBoardReply = z.output<typeof liveBoardReply>;

/** `GET /api/dev/sms` (outside production): the texts the development inbox received for a phone, newest first. */
export const devSmsReply = dataOf(z.array(z.object({ to: z.string(), text: z.string(), code: z.string().nullable(), sentAt: isoInstant })));
export type DevSmsReply = z.output<typeof devSmsReply>;
