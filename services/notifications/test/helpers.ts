/** Shared by the notifications tests: publishing real events through a service's outbox, and socket clients. */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import type { EventPayload, EventSubject } from '@olymp/proto';
import { EventOutbox, type RunningService } from '@olymp/server-kit';
import type { BoardView, ClientToServerEvents, MemberRow, MyStanding, NoticeView, PublicRow, ServerToClientEvents } from '@olymp/notifications';

/**
 * Writes events into the service's outbox in one transaction; its relay publishes them to JetStream. Returns the
 * message ids (the outbox row ids, sent as Nats-Msg-Id).
 */
export async function publish<S extends EventSubject>(service: RunningService, subject: S, payloads: EventPayload<S>[]): Promise<string[]> {
  const outbox = service.app.get(EventOutbox);
  return service.app.get(DataSource).transaction(async (m) => {
    const ids: string[] = [];
    for (const p of payloads) ids.push(await outbox.add(m, subject, p));
    return ids;
  });
}

/** Whether a consumer of the service has processed a message (its inbox holds the id). */
export async function processed(service: RunningService, messageId: string): Promise<boolean> {
  const rows: unknown[] = await service.app.get(DataSource).query('SELECT 1 FROM inbox WHERE message_id = $1', [messageId]);
  return rows.length > 0;
}

export interface Finish {
  userId: string;
  points: number;
  timeSpentMs: number;
  version: number;
  correctCount?: number;
}

export function quizFinished(board: { kind: 'challenge' | 'training'; id: string }, f: Finish): EventPayload<'quiz.finished'> {
  return {
    attemptId: randomUUID(),
    userId: f.userId,
    quizId: randomUUID(),
    context: board.kind === 'challenge' ? { kind: 'challenge', challengeId: board.id, checkpointId: randomUUID() } : { kind: 'training', trainingId: board.id },
    points: f.points,
    maxPoints: 1350,
    correctCount: f.correctCount ?? 0,
    questionCount: 10,
    timeSpentMs: f.timeSpentMs,
    finishedBy: 'user',
    finishedAt: new Date().toISOString(),
    standing: { points: f.points, timeSpentMs: f.timeSpentMs, correctCount: f.correctCount ?? 0, finishedQuizzes: 1, version: f.version },
  };
}

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client that records what it receives. */
export class Viewer {
  readonly boards: BoardView<PublicRow | MemberRow>[] = [];
  readonly me: MyStanding[] = [];
  readonly notices: NoticeView[] = [];
  disconnectReason?: string;

  private constructor(readonly socket: Client) {
    socket.on('board', (v) => this.boards.push(v));
    socket.on('board:me', (v) => this.me.push(v));
    socket.on('notice', (v) => this.notices.push(v));
    socket.on('disconnect', (reason) => (this.disconnectReason = reason));
  }

  /** `headers` go with the websocket upgrade (e.g. the `X-Forwarded-For` a gateway would set). */
  static connect(url: string, auth: Record<string, unknown> = {}, headers?: Record<string, string>): Promise<Viewer> {
    const socket: Client = io(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true, ...(headers ? { extraHeaders: headers } : {}) });
    const viewer = new Viewer(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(viewer));
      socket.once('connect_error', (err) => {
        socket.close();
        reject(err);
      });
    });
  }

  subscribe(board: { kind: string; id: string }) {
    return this.socket.timeout(5000).emitWithAck('board:subscribe', board as never);
  }

  /** The newest view of a board. */
  latest(boardId: string) {
    return this.boards.filter((b) => b.board.id === boardId).at(-1);
  }

  close(): void {
    this.socket.close();
  }
}

/** A `learning.membership.changed` fact, as learning writes it. */
export const membership = (
  group: { kind: 'challenge' | 'training' | 'event' | 'course_group'; id: string },
  userId: string,
  name: string,
  active: boolean,
  at: Date,
): EventPayload<'learning.membership.changed'> => ({
  group,
  userId,
  name,
  role: 'pupil',
  title: { kk: 'Олимпиада', ru: 'Олимпиада', en: 'Olympiad' },
  active,
  at: at.toISOString(),
});
