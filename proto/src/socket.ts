import { z } from 'zod';
import type { ErrorCode } from './errors';

/**
 * What travels over socket.io between the notifications service and browsers (path `/socket.io`, through the
 * gateway). The student UI imports these types (type-only: nothing of zod reaches its bundle).
 *
 * Handshake `auth`: `{ token?: string, locale?: 'kk'|'ru'|'en', boards?: BoardRef[] }`. The token is the access
 * token of the API (optional: public boards need none). `boards` are subscribed at connect, so a client that
 * reconnects (socket.io-client resends the same `auth`) gets those boards' current state at once. A handshake
 * with any invalid field is refused whole: `connect_error` with message `SOCKET_HANDSHAKE_INVALID` (or
 * `UNAUTHENTICATED` for a bad token) and `data: { code, message }` (message localized).
 *
 * `board:subscribe` attempts are limited per socket and per client address: an attempt over the limit is acked
 * `{ ok: false, code: 'SOCKET_SUBSCRIBE_RATE_LIMITED' }`, and a socket that keeps trying is disconnected.
 */
export const boardRefInput = z.strictObject({ kind: z.enum(['challenge', 'training']), id: z.uuid() });
export type BoardRefInput = z.output<typeof boardRefInput>;

export const handshakeAuth = z.object({
  token: z.string().min(1).max(4096).optional(),
  locale: z.string().max(10).optional(),
  boards: z.array(boardRefInput).max(10).optional(),
});

/** One row of a board as everyone may see it (display screens included): no ids, no phones. */
export interface PublicRow {
  rank: number;
  /** First name and the initial of the last name ("Aigerim S."): pupils are minors. */
  name: string | null;
  school: string | null;
  /** The province. */
  region: string | null;
  points: number;
  timeSpentMs: number;
}

/** What a signed-in viewer sees per row, beyond the public fields. */
export interface MemberRow extends PublicRow {
  district: string | null;
  correctCount: number;
  /** Points as a share of the board's maximum, 0-100 with one decimal; null when the maximum is unknown. */
  percent: number | null;
}

export interface BoardView<R extends PublicRow = PublicRow> {
  board: BoardRefInput;
  /** Grows with every change of this board on the node that sent it; drop a view older than one you hold. */
  version: number;
  participants: number;
  maxPoints: number | null;
  top: R[];
  at: string;
}

/** The viewer's own standing on a board (signed-in participants only). */
export interface MyStanding {
  board: BoardRefInput;
  rank: number;
  participants: number;
  points: number;
  timeSpentMs: number;
  correctCount: number;
}

export interface NoticeView {
  id: string;
  kind: 'invoice.paid' | 'order.status.changed' | 'achievement.earned' | 'chat.announcement' | 'event.reminder' | 'lesson.reminder' | 'course.enrolled' | 'course.news' | 'consultation.cancelled' | 'homework.graded';
  /** The student UI's toast type (spec section 9). */
  toast: 'success' | 'info';
  title: string;
  text: string;
  data: Record<string, unknown>;
  createdAt: string;
  readAt: string | null;
}

export type Ack = { ok: true } | { ok: false; code: ErrorCode; message: string };

/** `connect_error`'s `data` when the server refuses a handshake. */
export interface HandshakeRefusal {
  code: Extract<ErrorCode, 'SOCKET_HANDSHAKE_INVALID' | 'UNAUTHENTICATED'>;
  message: string;
}

/** What a chat group belongs to. */
export type ChatGroupKind = 'challenge' | 'training' | 'event' | 'course_group' | 'course';

/**
 * A chat message as members see it (docs/chat.md). No author id or phone ever: pupils are minors. `author.key` is
 * an opaque per-group token of the author (the reader finds its own in its group's `me.key`), so a client can tell
 * its own messages and group a run of one author's messages. `text` is null once the message is deleted by its
 * author or hidden by staff (`deletedAt` / `hiddenAt` say which). Links stay text: clients never turn them into
 * anchors unless the group's `linksAllowed`.
 */
export interface ChatMessageView {
  id: string;
  groupId: string;
  /** Position in the group, from 1, gapless in order of commit: the history's cursor. */
  seq: number;
  clientId: string | null;
  author: { key: string; name: string | null; role: 'pupil' | 'teacher' | 'staff' };
  text: string | null;
  image: { url: string } | null;
  replyTo: { id: string; seq: number; name: string | null; text: string | null } | null;
  pinned: boolean;
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  hiddenAt: string | null;
}

/** Someone in a group is typing (sent at most every 2 s per socket; shown for a few seconds). */
export interface ChatTyping {
  groupId: string;
  key: string;
  name: string | null;
}

/** A group's state changed (closed, reopened, links allowed). */
export interface ChatGroupChange {
  groupId: string;
  closedAt: string | null;
  linksAllowed: boolean;
}

export interface ChatJoinInput {
  groupId: string;
  /** The highest `seq` the client holds: the ack carries every visible message after it (reconnect catch-up). */
  after?: number;
}

export type ChatJoinAck =
  | { ok: true; messages: ChatMessageView[]; hasMore: boolean }
  | { ok: false; code: ErrorCode; message: string };

export interface ServerToClientEvents {
  board: (view: BoardView<PublicRow | MemberRow>) => void;
  'board:me': (me: MyStanding) => void;
  notice: (notice: NoticeView) => void;
  'chat:message': (message: ChatMessageView) => void;
  /** A message was edited, deleted, hidden or pinned: the whole new view. */
  'chat:updated': (message: ChatMessageView) => void;
  'chat:typing': (typing: ChatTyping) => void;
  'chat:group': (change: ChatGroupChange) => void;
}

export interface ClientToServerEvents {
  'board:subscribe': (board: BoardRefInput, ack?: (result: Ack) => void) => void;
  'board:unsubscribe': (board: BoardRefInput, ack?: (result: Ack) => void) => void;
  /** Joins a group's room (a member's groups are joined at connect) and fetches what was missed after `after`. */
  'chat:join': (input: ChatJoinInput, ack?: (result: ChatJoinAck) => void) => void;
  'chat:typing': (input: { groupId: string }) => void;
}
