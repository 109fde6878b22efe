/**
 * The signed-in user's notices (notifications service, docs/notifications.md): newest first, paged, with the count of
 * unread ones; one or all marked read. The same notices arrive live over the socket as toasts.
 */
import type { NoticePage, NoticeReadReply, NoticesReadAllReply, NoticeView } from '@olymp/proto';
import { authJson } from './session';

// Proto's HTTP contracts (proto/src/http.notifications.ts), imported type-only; the socket sends the same NoticeView.
export type { NoticePage } from '@olymp/proto';
export type Notice = NoticeView;

export const NOTICES_CHANGED = 'olymp:notices-changed';

/** Tells the header's unread badge to count again (a notice came in, or some were read). */
export function noticesChanged(): void {
  window.dispatchEvent(new Event(NOTICES_CHANGED));
}

export function getNotices(page = 1, limit = 20): Promise<NoticePage> {
  return authJson<NoticePage>(`notices?page=${page}&limit=${limit}`);
}

export function markNoticeRead(id: string): Promise<NoticeReadReply> {
  return authJson<NoticeReadReply>(`notices/${id}/read`, { method: 'POST' });
}

export function markAllNoticesRead(): Promise<NoticesReadAllReply> {
  return authJson<NoticesReadAllReply>('notices/read-all', { method: 'POST' });
}
