/**
 * The signed-in user's notices (notifications service, docs/notifications.md): newest first, paged, with the count of
 * unread ones; one or all marked read. The same notices arrive live over the socket as toasts.
 */
import { authJson } from './session';

export interface Notice {
  id: string;
  kind: string;
  toast: 'success' | 'info';
  title: string;
  text: string;
  data: Record<string, unknown>;
  createdAt: string;
  readAt: string | null;
}

export interface NoticePage {
  data: Notice[];
  count: number;
  total: number;
  unread: number;
  page: number;
  pageCount: number;
}

export const NOTICES_CHANGED = 'olymp:notices-changed';

/** Tells the header's unread badge to count again (a notice came in, or some were read). */
export function noticesChanged(): void {
  window.dispatchEvent(new Event(NOTICES_CHANGED));
}

export function getNotices(page = 1, limit = 20): Promise<NoticePage> {
  return authJson<NoticePage>(`notices?page=${page}&limit=${limit}`);
}

export function markNoticeRead(id: string): Promise<{ data: Notice }> {
  return authJson<{ data: Notice }>(`notices/${id}/read`, { method: 'POST' });
}

export function markAllNoticesRead(): Promise<{ data: { updated: number } }> {
  return authJson<{ data: { updated: number } }>('notices/read-all', { method: 'POST' });
}
