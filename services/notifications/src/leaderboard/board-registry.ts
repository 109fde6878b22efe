import { Inject, Injectable } from '@nestjs/common';
import type { BoardRef } from '@olymp/proto';
import { DomainError, KIT_LOGGER, RpcClient } from '@olymp/server-kit';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { BoardRanking, type Standing } from '@olymp/server-kit/ranking';

export const boardKey = (b: BoardRef): string => `${b.kind}:${b.id}`;

type LoadState = 'events-only' | 'loading' | 'complete';

export interface Board {
  ref: BoardRef;
  ranking: BoardRanking;
  /** Whether the board holds learning's full standings, or only what this node saw in events. */
  state: LoadState;
  loading?: Promise<void>;
  /** When loading from learning last failed; a new attempt waits a little. */
  failedAt?: number;
}

const RETRY_AFTER_FAILURE_MS = 15_000;
const PAGE = 5000;
/** Boards learning said it does not know, remembered at most this many (the oldest forgotten first). */
const UNKNOWN_MAX = 10_000;

/**
 * Every board this node holds in memory, fed by `quiz.finished` (QuizFinishedFeed) and completed from the
 * learning service's standings (`learning.board.standings`, paged): at start for the live boards
 * (`learning.boards.live`) and on first use for any other. Both sources carry the same per-pupil versions, so
 * merging them in any order gives the same board.
 *
 * Any id can be asked for (anonymous sockets, the public GET), so asking learning is guarded: concurrent loads of
 * one board share one lookup, and "learning does not know this board" is remembered for BOARD_UNKNOWN_TTL_MS
 * (bounded, LRU) and answered 404 without asking again; an event for the board forgets it at once.
 */
@Injectable()
export class BoardRegistry {
  private readonly boards = new Map<string, Board>();
  private readonly listeners: ((board: Board) => void)[] = [];
  private readonly unknown?: LRUCache<string, true>;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NOTIFICATIONS_CONFIG) settings: NotificationsConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {
    if (settings.BOARD_UNKNOWN_TTL_MS > 0) this.unknown = new LRUCache({ max: UNKNOWN_MAX, ttl: settings.BOARD_UNKNOWN_TTL_MS });
  }

  /** Called with a board after its ranking changed. */
  onChange(listener: (board: Board) => void): void {
    this.listeners.push(listener);
  }

  /** Whether loading this board now would be answered without asking learning (held complete, or known unknown). */
  answersWithoutLookup(ref: BoardRef): boolean {
    const key = boardKey(ref);
    return this.boards.get(key)?.state === 'complete' || !!this.unknown?.has(key);
  }

  get(ref: BoardRef): Board | undefined {
    return this.boards.get(boardKey(ref));
  }

  private getOrCreate(ref: BoardRef): Board {
    const key = boardKey(ref);
    let board = this.boards.get(key);
    if (!board) {
      board = { ref: { kind: ref.kind, id: ref.id }, ranking: new BoardRanking(), state: 'events-only' };
      this.boards.set(key, board);
    }
    return board;
  }

  /** Applies standings (from an event or a page of a rebuild); tells listeners once if anything changed. */
  apply(ref: BoardRef, standings: Standing[]): boolean {
    if (standings.length) this.unknown?.delete(boardKey(ref));
    const board = this.getOrCreate(ref);
    let changed = false;
    for (const s of standings) changed = board.ranking.apply(s) || changed;
    if (changed) for (const l of this.listeners) l(board);
    return changed;
  }

  /**
   * The board, complete from learning when learning can be asked. Throws NOT_FOUND when learning does not know
   * the board. When learning cannot be asked, answers what this node has from events; with nothing, throws
   * (an HTTP reader gets 503) unless `allowEmpty` (a live subscriber just waits for the first events).
   */
  async load(ref: BoardRef, { allowEmpty = false }: { allowEmpty?: boolean } = {}): Promise<Board> {
    const key = boardKey(ref);
    if (this.unknown?.has(key) && !this.boards.get(key)?.ranking.size) throw new DomainError('NOT_FOUND');
    const board = this.getOrCreate(ref);
    if (board.state === 'complete') return board;
    if (board.failedAt && Date.now() - board.failedAt < RETRY_AFTER_FAILURE_MS) {
      if (board.ranking.size > 0 || allowEmpty) return board;
      throw new DomainError('SERVICE_UNAVAILABLE');
    }
    board.loading ??= this.fetch(board).finally(() => (board.loading = undefined));
    try {
      await board.loading;
      // A board learning confirmed is kept even empty (there are only as many as real challenges and trainings), so
      // the pupils who open it before anyone has finished do not each ask learning again.
      if ((board.state as LoadState) !== 'complete' && board.ranking.size === 0 && this.boards.get(key) === board) this.boards.delete(key);
    } catch (err) {
      if (err instanceof DomainError && err.status === 404) {
        this.unknown?.set(key, true);
        if (board.ranking.size === 0) this.boards.delete(boardKey(ref));
        throw err;
      }
      if (board.ranking.size === 0 && !allowEmpty) throw err;
    }
    return board;
  }

  private async fetch(board: Board): Promise<void> {
    const previous = board.state;
    board.state = 'loading';
    try {
      let after: string | undefined;
      for (;;) {
        const page = await this.rpc.request('learning.board.standings', { board: board.ref, limit: PAGE, ...(after ? { afterUserId: after } : {}) });
        this.apply(board.ref, page.entries);
        if (!page.next) break;
        after = page.next;
      }
      board.state = 'complete';
      board.failedAt = undefined;
    } catch (err) {
      board.state = previous === 'loading' ? 'events-only' : previous;
      board.failedAt = Date.now();
      this.logger.warn({ board: board.ref, err: err instanceof Error ? err.message : err }, 'board standings could not be loaded from learning');
      throw err;
    }
  }

  /** Loads every board learning calls live (at start); retries in the background until learning answers. */
  async rebuildLive(): Promise<number> {
    const { boards } = await this.rpc.request('learning.boards.live', {});
    const results = await Promise.allSettled(boards.map((b) => this.load({ kind: b.kind, id: b.id })));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed) throw new Error(`${failed} of ${boards.length} live boards could not be rebuilt`);
    return boards.length;
  }

  /** Boards held, for diagnostics. */
  list(): Board[] {
    return [...this.boards.values()];
  }
}
