/**
 * socket.io to the notifications service through the gateway (docs/notifications.md). Types come from
 * @olymp/proto, type-only, so none of its runtime reaches the bundle. The handshake is read again on every
 * (re)connect: the newest token, the language, and the boards this tab watches, which the server subscribes at once
 * so a reconnecting screen shows the current board without asking.
 */
import { io, type Socket } from 'socket.io-client';
import type { BoardRefInput, ClientToServerEvents, ServerToClientEvents } from '@olymp/proto';
import { currentLocale } from '@olymp/web-common';
import { refreshSession, storedToken } from '../api/session';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type { BoardRefInput };

export interface LiveConnection {
  socket: LiveSocket;
  watch(board: BoardRefInput): () => void;
  close(): void;
}

function key(board: BoardRefInput): string {
  return `${board.kind}:${board.id}`;
}

/** `signedIn`: send the stored token (per-user notices, own rank); otherwise an anonymous viewer (display screens). */
export function connectLive({ signedIn, boards = [] }: { signedIn: boolean; boards?: BoardRefInput[] }): LiveConnection {
  const watched = new Map<string, { board: BoardRefInput; count: number }>();
  for (const b of boards) watched.set(key(b), { board: b, count: 1 });

  const socket: LiveSocket = io({
    path: '/socket.io',
    // Behind several notifications nodes polling needs sticky sessions; websocket does not (docs/notifications.md).
    transports: ['websocket'],
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
    auth: (send) =>
      send({
        ...(signedIn && storedToken() ? { token: storedToken() } : {}),
        locale: currentLocale(),
        boards: [...watched.values()].map((w) => w.board),
      }),
  });

  // The server closes a socket when its token expires (or on shutdown); socket.io does not reconnect after a
  // server-side disconnect by itself, so do it here: the handshake then carries the newest token and the boards.
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 500);
  });

  // A refused handshake (expired token) is not retried by socket.io itself: refresh, then connect again.
  let refreshTries = 0;
  socket.on('connect', () => {
    refreshTries = 0;
  });
  socket.on('connect_error', () => {
    if (socket.active || !signedIn || refreshTries >= 3) return;
    refreshTries += 1;
    refreshSession().then(
      (ok) => ok && socket.connect(),
      () => setTimeout(() => socket.connect(), 2000),
    );
  });

  return {
    socket,
    watch(board) {
      const k = key(board);
      const entry = watched.get(k);
      if (entry) entry.count += 1;
      else {
        watched.set(k, { board, count: 1 });
        if (socket.connected) socket.emit('board:subscribe', board);
      }
      return () => {
        const current = watched.get(k);
        if (!current) return;
        current.count -= 1;
        if (current.count <= 0) {
          watched.delete(k);
          if (socket.connected) socket.emit('board:unsubscribe', board);
        }
      };
    },
    close() {
      socket.disconnect();
    },
  };
}

let shared: { connection: LiveConnection; users: number } | null = null;

/** The student area's one signed-in socket, shared by the notices and the live leaderboard tab. */
export function acquireSharedConnection(): { connection: LiveConnection; release: () => void } {
  shared ??= { connection: connectLive({ signedIn: true }), users: 0 };
  shared.users += 1;
  const mine = shared;
  return {
    connection: mine.connection,
    release: () => {
      mine.users -= 1;
      if (mine.users === 0 && shared === mine) {
        mine.connection.close();
        shared = null;
      }
    },
  };
}
