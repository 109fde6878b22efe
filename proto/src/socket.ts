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
  kind: 'invoice.paid' | 'order.status.changed' | 'achievement.earned';
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

export interface ServerToClientEvents {
  board: (view: BoardView<PublicRow | MemberRow>) => void;
  'board:me': (me: MyStanding) => void;
  notice: (notice: NoticeView) => void;
}

export interface ClientToServerEvents {
  'board:subscribe': (board: BoardRefInput, ack?: (result: Ack) => void) => void;
  'board:unsubscribe': (board: BoardRefInput, ack?: (result: Ack) => void) => void;
}
