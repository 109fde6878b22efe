import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { LOCALES, type Locale, errorMessage, isErrorCode } from '@olymp/proto';
import { DomainError, KIT_LOGGER, parseInput } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { RealtimeServer, type LiveSocket } from '../realtime/realtime.server';
import { type Ack, boardRefInput, handshakeAuth } from '../realtime/socket-contract';
import { type Board, BoardRegistry, boardKey } from './board-registry';
import { type Audience, BoardViews } from './board-views';

const AUDIENCES: Audience[] = ['public', 'member'];
const MAX_BOARDS_PER_SOCKET = 10;
/** A burst's first change waits this long, so the changes right behind it go out in the same push. */
const GATHER_MS = 40;

const boardRoom = (key: string, audience: Audience, locale: Locale) => `board:${key}:${audience}:${locale}`;

interface PushState {
  timer?: NodeJS.Timeout;
  meTimer?: NodeJS.Timeout;
  lastPushAt: number;
  lastMeAt: number;
  signature?: string;
}

/**
 * Live boards over socket.io. A socket subscribes to a board and gets its current top N at once (so a reconnect
 * shows the present, not the history), then a push whenever the top changes, coalesced: at most one push per
 * board every LEADERBOARD_PUSH_MS, however many answers arrive. Signed-in participants also get their own rank
 * (at most every LEADERBOARD_ME_PUSH_MS, and only when it changed).
 *
 * Every node holds every board (QuizFinishedFeed), so each node pushes to its own sockets (`io.local`): board
 * pushes never cross the adapter, which carries only what one node alone cannot know (notices, see NoticePusher).
 */
@Injectable()
export class LeaderboardPublisher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly state = new Map<string, PushState>();
  private stopped = false;

  constructor(
    private readonly realtime: RealtimeServer,
    private readonly registry: BoardRegistry,
    private readonly views: BoardViews,
    @Inject(NOTIFICATIONS_CONFIG) private readonly settings: NotificationsConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.realtime.onConnection((socket) => this.attach(socket));
    this.registry.onChange((board) => this.changed(board));
  }

  private attach(socket: LiveSocket): void {
    const reply = (ack: unknown, work: Promise<void>) => {
      const answer = typeof ack === 'function' ? (ack as (r: Ack) => void) : undefined;
      return work.then(
        () => answer?.({ ok: true }),
        (err: unknown) => answer?.(this.failure(err, socket.data.locale)),
      );
    };
    // Every attempt counts against the socket's limit (and, if it would ask learning, its address's) first.
    socket.on('board:subscribe', (raw, ack) => {
      const refused = this.realtime.admitSubscribe(socket, this.costly(raw));
      if (refused) {
        if (typeof ack === 'function') ack(refused);
        return;
      }
      void reply(ack, this.subscribe(socket, raw));
    });
    socket.on('board:unsubscribe', (raw, ack) => void reply(ack, this.unsubscribe(socket, raw)));
    const auth = handshakeAuth.safeParse(socket.handshake.auth ?? {});
    for (const ref of (auth.success && auth.data.boards) || []) {
      if (this.realtime.admitSubscribe(socket, this.costly(ref))) {
        this.logger.debug({ board: ref }, 'subscription at connect refused: over the subscribe limit');
        continue;
      }
      this.subscribe(socket, ref).catch((err: unknown) => this.logger.debug({ err, board: ref }, 'subscription at connect refused'));
    }
  }

  /** Whether subscribing to `raw` would ask learning (an invalid payload counts as costly: it is only noise). */
  private costly(raw: unknown): boolean {
    const ref = boardRefInput.safeParse(raw);
    return !ref.success || !this.registry.answersWithoutLookup(ref.data);
  }

  private failure(err: unknown, locale: Locale): Ack {
    const code = err instanceof DomainError ? err.code : 'INTERNAL';
    if (!(err instanceof DomainError)) this.logger.error({ err }, 'board subscription failed');
    const params = err instanceof DomainError ? err.params : {};
    return { ok: false, code, message: isErrorCode(code) ? errorMessage(code, locale, params) : code };
  }

  private async subscribe(socket: LiveSocket, raw: unknown): Promise<void> {
    const ref = parseInput(boardRefInput, raw, socket.data.locale);
    const key = boardKey(ref);
    if (!socket.data.boards.has(key) && socket.data.boards.size >= MAX_BOARDS_PER_SOCKET) {
      throw new DomainError('LEADERBOARD_TOO_MANY_BOARDS', { max: MAX_BOARDS_PER_SOCKET });
    }
    const board = await this.registry.load(ref, { allowEmpty: true });
    if (!socket.connected) return;
    const audience: Audience = socket.data.user ? 'member' : 'public';
    socket.data.boards.set(key, audience);
    socket.data.lastMe.delete(key);
    await socket.join(boardRoom(key, audience, socket.data.locale));
    const top = board.ranking.top(this.settings.LEADERBOARD_TOP_N);
    const at = this.views.snapshot(board);
    await this.views.prepare(board, top);
    socket.emit('board', this.views.view(board, top, audience, socket.data.locale, at));
    this.realtime.pushed('board');
    this.pushMeTo(socket, board);
  }

  private async unsubscribe(socket: LiveSocket, raw: unknown): Promise<void> {
    const ref = parseInput(boardRefInput, raw, socket.data.locale);
    const key = boardKey(ref);
    const audience = socket.data.boards.get(key);
    socket.data.boards.delete(key);
    socket.data.lastMe.delete(key);
    if (audience) await socket.leave(boardRoom(key, audience, socket.data.locale));
  }

  /** Local sockets watching a board, by room. */
  private watchers(key: string): { audience: Audience; locale: Locale; room: string; ids: ReadonlySet<string> }[] {
    const rooms = this.realtime.io.of('/').adapter.rooms;
    const out = [];
    for (const audience of AUDIENCES) {
      for (const locale of LOCALES) {
        const room = boardRoom(key, audience, locale);
        const ids = rooms.get(room);
        if (ids?.size) out.push({ audience, locale, room, ids });
      }
    }
    return out;
  }

  private changed(board: Board): void {
    if (this.stopped) return;
    const key = boardKey(board.ref);
    let s = this.state.get(key);
    if (!s) {
      s = { lastPushAt: 0, lastMeAt: 0 };
      this.state.set(key, s);
    }
    if (s.timer) return; // a push is already on its way and will include this change
    const wait = Math.max(GATHER_MS, s.lastPushAt + this.settings.LEADERBOARD_PUSH_MS - Date.now());
    s.timer = setTimeout(() => {
      s.timer = undefined;
      s.lastPushAt = Date.now();
      this.flush(board, s).catch((err: unknown) => this.logger.error({ err, board: board.ref }, 'board push failed'));
    }, wait);
  }

  private async flush(board: Board, s: PushState): Promise<void> {
    const key = boardKey(board.ref);
    const watching = this.watchers(key);
    if (!watching.length) return;
    const top = board.ranking.top(this.settings.LEADERBOARD_TOP_N);
    const signature = `${board.ranking.size}|${top.map((r) => `${r.userId}:${r.points}:${r.timeSpentMs}:${r.rank}`).join(',')}`;
    if (signature !== s.signature) {
      s.signature = signature;
      const at = this.views.snapshot(board);
      await this.views.prepare(board, top);
      for (const w of watching) this.realtime.io.local.to(w.room).emit('board', this.views.view(board, top, w.audience, w.locale, at));
      this.realtime.pushed('board', watching.length);
    }
    if (watching.some((w) => w.audience === 'member')) this.scheduleMe(board, s);
  }

  private scheduleMe(board: Board, s: PushState): void {
    if (s.meTimer) return;
    const wait = Math.max(0, s.lastMeAt + this.settings.LEADERBOARD_ME_PUSH_MS - Date.now());
    s.meTimer = setTimeout(() => {
      s.meTimer = undefined;
      s.lastMeAt = Date.now();
      const sockets = this.realtime.io.of('/').sockets;
      for (const w of this.watchers(boardKey(board.ref))) {
        if (w.audience !== 'member') continue;
        for (const id of w.ids) {
          const socket = sockets.get(id);
          if (socket) this.pushMeTo(socket, board);
        }
      }
    }, wait);
  }

  /** The viewer's own standing, when it is a participant and it changed since the last one it got. */
  private pushMeTo(socket: LiveSocket, board: Board): void {
    const user = socket.data.user;
    if (!user) return;
    const me = this.views.me(board, user.id);
    if (!me) return;
    const key = boardKey(board.ref);
    const signature = `${me.rank}:${me.points}:${me.timeSpentMs}`;
    if (socket.data.lastMe.get(key) === signature) return;
    socket.data.lastMe.set(key, signature);
    socket.emit('board:me', me);
    this.realtime.pushed('board:me');
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
    for (const s of this.state.values()) {
      clearTimeout(s.timer);
      clearTimeout(s.meTimer);
    }
  }
}
