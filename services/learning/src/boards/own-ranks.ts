import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { BoardRef, EventPayload } from '@olymp/proto';
import { type Broadcast, BroadcastConsumers, KIT_LOGGER, PreparedSql } from '@olymp/server-kit';
import { BoardRanking, type Standing } from '@olymp/server-kit/ranking';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { Participation } from '../floor/participation.entity';

/**
 * Who a ranked pupil is on a held board, as their participation copied it at join (names and places never change
 * after): `me` needs no SQL. `places` objects are shared by every pupil with the same copy (interned by their text at
 * build), so a 300,000 board holds a few thousand of them, not one per pupil.
 */
export interface HeldPerson {
  firstName: string;
  lastName: string;
  provinceId: number | null;
  districtId: number | null;
  schoolId: number | null;
  places: Participation['places'];
}

/** Boards held at once (the least recently asked is dropped first). */
const MAX_BOARDS = 32;
/**
 * Ranked pupils held over all boards: ~260 bytes each (the live board's 78 MB for 300,000, measured by
 * load-tests/src/leaderboard-memory.bench.ts), so ~160 MB at most; past it the least recently asked boards go.
 */
const MAX_ENTRIES = 600_000;
/** A board is read again from the table this often (in the background, the held one answering meanwhile). */
export const RESYNC_MS = 10 * 60_000;
/**
 * Rows per read when a board is (re)built: parsing and inserting one page holds the event loop (~15 us a row in the
 * tree), so pages stay small (~30 ms) and other requests run between them. A first bench run with 10,000-row pages
 * saw learning's other answers stall while a 300,000 board was built.
 */
const PAGE = 2_000;
/**
 * Rows applied between two yields of the event loop while a page is taken in (~3-5 ms of work): a 2,000-row page
 * taken in at once held other requests for ~40 ms, which the bench saw as the top 100's p99 while a board was built.
 */
const ROWS_PER_TURN = 250;
/** After a failed build, the SQL path answers for this long before the next attempt. */
const RETRY_AFTER_FAILURE_MS = 15_000;

interface Held {
  ref: BoardRef;
  /** The ranking that answers, once built. */
  ready: BoardRanking | null;
  /** Who the ranked pupils of `ready` are (read by the same build); a pupil who joined after it is not here. */
  people: Map<string, HeldPerson>;
  builtAt: number;
  /** A build in progress: events are applied to it too, so nothing published meanwhile is lost. */
  building: BoardRanking | null;
  failedAt: number;
  usedAt: number;
}

const keyOf = (b: BoardRef) => `${b.kind}:${b.id}`;

/**
 * Own ranks of hot boards in memory (performance issue: "top 100 plus own rank at 300,000 participants").
 *
 * A board's unfiltered ranking is held as an order-statistic tree (the kit's BoardRanking, the one notifications'
 * live boards use), built from `participations` on the first signed-in request and kept current from this
 * service's own `quiz.finished` events through a broadcast (every replica reads every finish). Each event carries the
 * pupil's standing with the row's `standing_version`, so repeated, replayed or late events change nothing and a
 * build merges with the events read during it in any order. A pupil's place is then O(log n), in the SQL's total
 * order (points desc, time asc, user id asc), so ties rank exactly as the pages do.
 *
 * A staff reset of attempts changes a standing without an event: the replica that ran it applies it here, and the
 * others hold the old standing until the board is read again (RESYNC_MS at most; docs/learning.md). Until a board
 * is built (and for filtered boards) `place` answers null and the caller keeps the SQL path.
 */
@Injectable()
export class OwnRanks implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly boards = new Map<string, Held>();
  private feed?: Broadcast;
  private stopped = false;

  constructor(
    private readonly ds: DataSource,
    private readonly broadcasts: BroadcastConsumers,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // From now: a board is only built after this consumer exists, and the build reads every commit before it.
    this.feed = await this.broadcasts.consume('quiz.finished', { from: 'new' }, (e) => this.onFinished(e));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.feed?.stop();
  }

  private onFinished(e: EventPayload<'quiz.finished'>): void {
    if (!e.standing || e.context.kind === 'standalone') return;
    const ref = e.context.kind === 'challenge' ? { kind: 'challenge' as const, id: e.context.challengeId } : { kind: 'training' as const, id: e.context.trainingId };
    this.apply(ref, e.userId, e.standing);
  }

  /** Applies a pupil's standing to a held board (an event, or a reset on this replica); older versions change nothing. */
  apply(ref: BoardRef, userId: string, standing: Omit<Standing, 'userId'>): void {
    const held = this.boards.get(keyOf(ref));
    if (!held) return;
    const s: Standing = { userId, ...standing };
    // No finished test is off the board (the SQL's `finished_quizzes > 0`): a reset to nothing removes the pupil.
    for (const r of [held.ready, held.building]) {
      if (!r) continue;
      if (s.finishedQuizzes > 0) r.apply(s);
      else if ((r.get(userId)?.version ?? 0) < s.version) r.remove(userId);
    }
  }

  /**
   * The pupil's place (1-based, SQL order) and standing on the unfiltered board, or undefined when the board is not
   * held yet (the build starts, the caller answers from SQL); null when the pupil is not ranked on it.
   */
  place(ref: BoardRef, userId: string): { rank: number; standing: Standing; person: HeldPerson | undefined } | null | undefined {
    const now = Date.now();
    const held = this.hold(ref, now);
    const r = held.ready;
    if (!r) return undefined;
    if (now - held.builtAt > RESYNC_MS && !held.building) this.build(held);
    const rank = r.positionOf(userId);
    const standing = r.get(userId);
    return rank === null || !standing ? null : { rank, standing, person: held.people.get(userId) };
  }

  /** Whether the board is built and answering (tests wait for it; the first request starts the build). */
  isHeld(ref: BoardRef): boolean {
    return !!this.boards.get(keyOf(ref))?.ready;
  }

  private hold(ref: BoardRef, now: number): Held {
    const key = keyOf(ref);
    let held = this.boards.get(key);
    if (!held) {
      if (this.boards.size >= MAX_BOARDS) {
        const oldest = [...this.boards.entries()].reduce((a, b) => (b[1].usedAt < a[1].usedAt ? b : a));
        this.boards.delete(oldest[0]);
      }
      held = { ref: { kind: ref.kind, id: ref.id }, ready: null, people: new Map(), builtAt: 0, building: null, failedAt: 0, usedAt: now };
      this.boards.set(key, held);
    }
    held.usedAt = now;
    if (!held.ready && !held.building && now - held.failedAt > RETRY_AFTER_FAILURE_MS) this.build(held);
    return held;
  }

  /** Drops the least recently asked boards (never `keep`) while more than MAX_ENTRIES pupils are held. */
  private trim(keep: Held): void {
    const held = () => [...this.boards.values()].reduce((n, b) => n + (b.ready?.size ?? 0) + (b.building?.size ?? 0), 0);
    while (held() > MAX_ENTRIES) {
      const others = [...this.boards.entries()].filter(([, b]) => b !== keep);
      if (!others.length) return;
      this.boards.delete(others.reduce((a, b) => (b[1].usedAt < a[1].usedAt ? b : a))[0]);
    }
  }

  /** Reads the board's ranked rows in user id pages into a new ranking, which then replaces the held one. */
  private build(held: Held): void {
    const ranking = new BoardRanking();
    const people = new Map<string, HeldPerson>();
    // One object per distinct copy of the places (a school's pupils share theirs), keyed by the row's text.
    const placesByText = new Map<string, HeldPerson['places']>();
    held.building = ranking;
    const started = Date.now();
    void (async () => {
      let after: string | null = null;
      for (;;) {
        if (this.stopped || held.building !== ranking) return;
        const rows = await BUILD_PAGE.rows(this.ds, [held.ref.kind, held.ref.id, after, PAGE]);
        for (const [i, r] of rows.entries()) {
          if (i > 0 && i % ROWS_PER_TURN === 0) {
            await new Promise((resolve) => setImmediate(resolve));
            if (this.stopped || held.building !== ranking) return;
          }
          ranking.apply({
            userId: r.user_id, points: r.points, timeSpentMs: Number(r.time_spent_ms), correctCount: r.correct_count,
            finishedQuizzes: r.finished_quizzes, version: r.standing_version,
          });
          let places = placesByText.get(r.places);
          if (!places) {
            places = JSON.parse(r.places) as HeldPerson['places'];
            placesByText.set(r.places, places);
          }
          people.set(r.user_id, {
            firstName: r.first_name, lastName: r.last_name, provinceId: r.province_id, districtId: r.district_id, schoolId: r.school_id, places,
          });
        }
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1].user_id;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (held.building !== ranking) return;
      held.ready = ranking;
      held.people = people;
      held.building = null;
      held.builtAt = Date.now();
      this.trim(held);
      this.logger.info({ board: held.ref, ranked: ranking.size, places: placesByText.size, ms: held.builtAt - started }, 'own-rank board built');
    })().catch((err: unknown) => {
      if (held.building === ranking) held.building = null;
      held.failedAt = Date.now();
      if (!this.stopped) this.logger.warn({ board: held.ref, err: err instanceof Error ? err.message : err }, 'own-rank board not built; the SQL path answers');
    });
  }
}

interface BuildRow {
  user_id: string;
  points: number;
  time_spent_ms: string;
  correct_count: number;
  finished_quizzes: number;
  standing_version: number;
  first_name: string;
  last_name: string;
  province_id: number | null;
  district_id: number | null;
  school_id: number | null;
  /** As text: equal copies are parsed once (see build). */
  places: string;
}

/** One page of a board's build (prepared: a 300,000 board is 150 pages). */
const BUILD_PAGE = new PreparedSql<BuildRow>(
  `SELECT user_id, points, time_spent_ms, correct_count, finished_quizzes, standing_version,
          first_name, last_name, province_id, district_id, school_id, places::text AS places
     FROM participations
    WHERE board_kind = $1 AND board_id = $2 AND finished_quizzes > 0 AND ($3::uuid IS NULL OR user_id > $3::uuid)
    ORDER BY user_id LIMIT $4`,
);
