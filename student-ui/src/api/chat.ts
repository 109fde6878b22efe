/**
 * Chat groups (notifications service, docs/chat.md): the pupil's groups with unread counts, a group's history by
 * seq cursor, sending (retry-safe by a client id), editing, deleting, reading up to a message, reporting one.
 * Live messages come over the shared socket (`chat:message`, `chat:updated`, `chat:typing`).
 */
import type { ChatGroupReply, ChatGroupsReply, ChatImageReply, ChatMessageReply, ChatMessagesReply, ChatReadReply, ChatReportReply } from '@olymp/proto';
import { ApiError, apiFetch } from './http';
import { authJson, refreshSession, storedToken } from './session';

export type { ChatGroupView, ChatMessageView, ChatTyping } from '@olymp/proto';

export const CHAT_CHANGED = 'olymp:chat-changed';

/** Tells the menu's unread badge to count again. */
export function chatChanged(): void {
  window.dispatchEvent(new Event(CHAT_CHANGED));
}

export function getChatGroups(filter: { kind?: string; refId?: string } = {}): Promise<ChatGroupsReply> {
  const q = new URLSearchParams();
  if (filter.kind) q.set('kind', filter.kind);
  if (filter.refId) q.set('refId', filter.refId);
  const qs = q.toString();
  return authJson<ChatGroupsReply>(`chat/groups${qs ? `?${qs}` : ''}`);
}

export function getChatGroup(id: string): Promise<ChatGroupReply> {
  return authJson<ChatGroupReply>(`chat/groups/${id}`);
}

export function getChatMessages(id: string, cursor: { before?: number; after?: number } = {}, limit = 50): Promise<ChatMessagesReply> {
  const q = new URLSearchParams({ limit: String(limit) });
  if (cursor.before !== undefined) q.set('before', String(cursor.before));
  if (cursor.after !== undefined) q.set('after', String(cursor.after));
  return authJson<ChatMessagesReply>(`chat/groups/${id}/messages?${q.toString()}`);
}

/** A new client id per message (kept for the retries of that message). */
export function newClientId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** Limits of a picture, as the server states them (CHAT_LIMITS in proto/src/http.chat.ts; values, not imported: no zod in the bundle). */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Uploads a picture to the group (re-encoded by the server); the answer's `image` is what a message then sends. */
export function uploadChatImage(groupId: string, file: File): Promise<ChatImageReply> {
  const form = new FormData();
  form.append('image', file, file.name);
  return authJson<ChatImageReply>(`chat/groups/${groupId}/images`, { method: 'POST', body: form });
}

/**
 * A group's picture as a Blob: the route is members-only, so it is fetched with the token (an `<img>` sends none)
 * and shown from an object URL. One refresh on a 401, as for every call.
 */
export async function fetchChatImage(url: string): Promise<Blob> {
  const get = () => {
    const token = storedToken();
    return apiFetch(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  };
  let res = await get();
  if (res.status === 401 && (await refreshSession())) res = await get();
  if (!res.ok) throw new ApiError(res.status, undefined);
  return res.blob();
}

export function sendChatMessage(id: string, body: { clientId: string; text?: string; image?: string; replyTo?: string }): Promise<ChatMessageReply> {
  return authJson<ChatMessageReply>(`chat/groups/${id}/messages`, { method: 'POST', body });
}

export function editChatMessage(messageId: string, text: string): Promise<ChatMessageReply> {
  return authJson<ChatMessageReply>(`chat/messages/${messageId}`, { method: 'PATCH', body: { text } });
}

export function deleteChatMessage(messageId: string): Promise<ChatMessageReply> {
  return authJson<ChatMessageReply>(`chat/messages/${messageId}`, { method: 'DELETE' });
}

export function markChatRead(id: string, seq: number): Promise<ChatReadReply> {
  return authJson<ChatReadReply>(`chat/groups/${id}/read`, { method: 'POST', body: { seq } });
}

export function reportChatMessage(messageId: string, reason: string): Promise<ChatReportReply> {
  return authJson<ChatReportReply>(`chat/messages/${messageId}/report`, { method: 'POST', body: { reason } });
}
