import { DataSource } from 'typeorm';
import { LRUCache } from 'lru-cache';
import DataLoader from 'dataloader';
import type { z } from 'zod';
import { type BoardPerson, type BoardRef, type leaderboardReply, memberRow, publicRow } from '@olymp/proto';
import { Inject, Injectable } from '@nestjs/common';
import { KIT_LOGGER, RpcClient } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { Participation } from '../floor/participation.entity';
import type { BoardViewer } from '../floor/access';
import { OwnRanks } from './own-ranks';

export interface BoardFilter {
  provinceId?: number;
  districtId?: number;
  schoolId?: number;
}

type Entry = ReturnType<Leaderboards['entry']>;

const personOf = (e: Entry): BoardPerson => ({
  firstName: e.firstName, lastName: e.lastName, school: e.school?.name ?? null, province: e.province?.name ?? null, district: e.district?.name ?? null,
});

interface RankRow {
  user_id: string;
  first_name: string;
  last_name: string;
  province_id: number | null;
  district_id: number | null;
  school_id: number | null;
  places: Participation['places'];
  points: number;
  time_spent_ms: string;
  correct_count: number;
  finished_quizzes: number;
}

/** Who a ranked pupil is on a board: fixed when they joined (the participation's copy), so cached for long. */
type PersonRow = Pick<RankRow, 'user_id' | 'first_name' | 'last_name' | 'province_id' | 'district_id' | 'school_id' | 'places'>;

/** A caller's total XP (`me`) is fresh this long; an older one is answered while it is asked again (as the pages). */
const XP_FRESH_MS = 2_000;
/** ... but never older than this: past it the caller waits for finance. */
const XP_MAX_AGE_MS = 10_000;

/** How many are ranked at each points value (desc), and in all: the part of a rank that is not a tie. */
interface Histogram {
  points: number[];
  /** `above[i]`: rows with more points than `points[i]`. */
  above: number[];
  total: number;
}

interface Query {
  where: string;
  params: unknown[];
}

/** Rows ranked with strictly more points than `x`. */
export function rowsAbove(h: Histogram, x: number): number {
  // points are descending: the first value not above x starts the rest; binary search.
  let lo = 0;
  let hi = h.points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (h.points[mid] > x) lo = mid + 1;
    else hi = mid;
  }
  return lo < h.points.length ? h.above[lo] : h.total;
}

/**
 * A board's ranking from the participations table (spec section 9: points desc, then total time asc; the user id
 * makes the order total). Pages walk the partial ranking index; one filter (province, district or school) uses its
 * own index.
 *
 * On olympiad morning hundreds of thousands of pupils ask for the same board. What is the same for all of them is
 * cached per board and filter and refreshed in the background (a reader never waits for a refresh once a value
 * exists): each page for 2 s, and the board's points histogram for 2 s. A caller's rank is the histogram's count of
 * rows with more points (at most ~2 s old) plus a live count of the rows tied on points that are ahead of them (one
 * short range of the ranking index), instead of counting up to 300,000 index entries per request.
 *
 * On the unfiltered board a signed-in caller's own row skips SQL and finance altogether (performance issue, "own
 * rank"): the place comes from the board held in memory (OwnRanks: exact, current with every finish), who they are
 * from a per-pupil cache of their participation's names and places (fixed at join), and their total XP from a short
 * cache (fresh for 2 s like the pages, an older one answered while it is asked again, never older than 10 s).
 * Filtered boards, and a board not built yet, keep the SQL path.
 */
@Injectable()
export class Leaderboards {
  private readonly histograms = new LRUCache<string, Histogram, Query>({
    max: 10_000,
    ttl: 2_000,
    allowStale: true,
    fetchMethod: (_key, _stale, { context }) => this.loadHistogram(context),
  });
  private readonly pages = new LRUCache<string, { total: number; data: Entry[] }, Query & { page: number; perPage: number; maxPoints: number }>({
    max: 2_000,
    ttl: 2_000,
    allowStale: true,
    fetchMethod: (_key, _stale, { context }) => this.loadPage(context),
  });

  private readonly people = new LRUCache<string, PersonRow, { board: BoardRef; userId: string }>({
    max: 100_000,
    ttl: 30 * 60_000,
    fetchMethod: async (_key, _stale, { context }) => {
      const [row] = (await this.ds.query(
        `SELECT user_id, first_name, last_name, province_id, district_id, school_id, places
           FROM participations WHERE board_kind = $1 AND board_id = $2 AND user_id = $3`,
        [context.board.kind, context.board.id, context.userId],
      )) as PersonRow[];
      return row;
    },
  });
  private readonly xpOfMe = new LRUCache<string, { xp: number }>({
    max: 100_000,
    ttl: XP_FRESH_MS,
    allowStale: true,
    fetchMethod: async (userId) => {
      const xp = await this.xp.load(userId);
      // Not kept when finance could not answer: the next caller asks again.
      return typeof xp === 'number' ? { xp } : undefined;
    },
  });

  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
    private readonly ranks: OwnRanks,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  /** Drops every cached page and histogram (benchmarks measure a miss with it: load-tests/src/leaderboard-db.bench.ts). */
  clearCaches(): void {
    this.pages.clear();
    this.histograms.clear();
  }

  private where(board: BoardRef, f: BoardFilter, params: unknown[]): string {
    params.push(board.kind, board.id);
    let sql = 'board_kind = $1 AND board_id = $2 AND finished_quizzes > 0';
    for (const [key, column] of [['provinceId', 'province_id'], ['districtId', 'district_id'], ['schoolId', 'school_id']] as const) {
      if (f[key] !== undefined) {
        params.push(f[key]);
        sql += ` AND ${column} = $${params.length}`;
      }
    }
    return sql;
  }

  private query(board: BoardRef, f: BoardFilter): Query & { key: string } {
    const params: unknown[] = [];
    const where = this.where(board, f, params);
    return { where, params, key: `${where}|${JSON.stringify(params)}` };
  }

  /** One page of the ranking (cached, see the class) in the viewer's shape (proto's `leaderboardReply`, which names the
   * shape in `viewer`), and a signed-in caller's own row. */
  async page(board: BoardRef, f: BoardFilter, page: number, perPage: number, maxPoints: number, viewer: BoardViewer): Promise<z.input<typeof leaderboardReply>> {
    const q = this.query(board, f);
    const [shown, me] = await Promise.all([
      this.pages.fetch(`${q.key}|${page}|${perPage}|${maxPoints}`, { context: { where: q.where, params: q.params, page, perPage, maxPoints } }),
      viewer.kind !== 'public' ? this.ownEntry(board, f, viewer.userId, maxPoints) : null,
    ]);
    if (!shown) throw new Error('leaderboard page unavailable');
    const standing = (e: Entry) => ({ rank: e.rank, points: e.points, timeSpentMs: e.timeSpentMs, correctCount: e.correctAnswers });
    const at = { total: shown.total, page, perPage, maxPoints };
    if (viewer.kind === 'staff') return { viewer: viewer.kind, data: shown.data, me, ...at };
    if (viewer.kind === 'member') return { viewer: viewer.kind, data: shown.data.map((e) => memberRow(standing(e), personOf(e), maxPoints, viewer.locale)), me, ...at };
    return { viewer: viewer.kind, data: shown.data.map((e) => publicRow(standing(e), personOf(e), viewer.locale)), me: null, ...at };
  }

  private async ownEntry(board: BoardRef, f: BoardFilter, callerId: string, maxPoints: number) {
    if (f.provinceId === undefined && f.districtId === undefined && f.schoolId === undefined) {
      const held = this.ranks.place(board, callerId);
      if (held === null) return null;
      if (held) {
        const [person, xp] = await Promise.all([
          this.people.fetch(`${board.kind}:${board.id}:${callerId}`, { context: { board, userId: callerId } }),
          this.cachedXp(callerId),
        ]);
        // Ranked in memory but no row (a board read before a participation was deleted): the SQL path decides.
        if (person) {
          const { standing: st } = held;
          const row: RankRow = {
            ...person, points: st.points, time_spent_ms: String(st.timeSpentMs), correct_count: st.correctCount, finished_quizzes: st.finishedQuizzes,
          };
          return this.entry(row, held.rank, maxPoints, xp === null ? null : new Map([[callerId, xp]]));
        }
      }
    }
    // Asked together: most callers are ranked, and the XP answer is small.
    const [mine, xp] = await Promise.all([this.rankOf(board, f, callerId), this.totalXp([callerId])]);
    return mine && this.entry(mine.row, mine.rank, maxPoints, xp);
  }

  private async loadPage({ where, params, page, perPage, maxPoints }: Query & { page: number; perPage: number; maxPoints: number }) {
    const [histogram, rows] = await Promise.all([
      this.histogram({ where, params }),
      this.ds.query(
        `SELECT user_id, first_name, last_name, province_id, district_id, school_id, places, points, time_spent_ms, correct_count, finished_quizzes
           FROM participations WHERE ${where}
          ORDER BY points DESC, time_spent_ms ASC, user_id ASC
          LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
        params,
      ) as Promise<RankRow[]>,
    ]);
    const xp = await this.totalXp(rows.map((r) => r.user_id));
    const first = (page - 1) * perPage;
    return { total: histogram.total, data: rows.map((r, i) => this.entry(r, first + i + 1, maxPoints, xp)) };
  }

  private async histogram(q: Query): Promise<Histogram> {
    const h = await this.histograms.fetch(`${q.where}|${JSON.stringify(q.params)}`, { context: q });
    if (!h) throw new Error('leaderboard histogram unavailable');
    return h;
  }

  /** One pass over the ranking index (index-only): rows per points value. */
  private async loadHistogram({ where, params }: Query): Promise<Histogram> {
    const rows = (await this.ds.query(
      `SELECT points, COUNT(*)::int AS n FROM participations WHERE ${where} GROUP BY points ORDER BY points DESC`,
      params,
    )) as { points: number; n: number }[];
    const h: Histogram = { points: [], above: [], total: 0 };
    for (const r of rows) {
      h.points.push(r.points);
      h.above.push(h.total);
      h.total += r.n;
    }
    return h;
  }

  /** The caller's row and rank (1-based), or null when they have no finished test on the board. */
  async rankOf(board: BoardRef, f: BoardFilter, userId: string): Promise<{ row: RankRow; rank: number } | null> {
    const q = this.query(board, f);
    const n = q.params.length;
    // The row, and the rows tied with it on points that are ahead of it (less time, or as much and a smaller id):
    // a row comparison on the index's trailing columns, so one short range scan.
    const [[mine], histogram] = await Promise.all([
      this.ds.query(
        `WITH me AS (
           SELECT user_id, first_name, last_name, province_id, district_id, school_id, places, points, time_spent_ms, correct_count, finished_quizzes
             FROM participations WHERE ${q.where} AND user_id = $${n + 1})
         SELECT me.*, (SELECT COUNT(*) FROM participations WHERE ${q.where} AND points = me.points
                         AND (time_spent_ms, user_id) < (me.time_spent_ms, me.user_id)) AS tied_ahead
           FROM me`,
        [...q.params, userId],
      ) as Promise<(RankRow & { tied_ahead: string })[]>,
      this.histogram(q),
    ]);
    if (!mine) return null;
    const { tied_ahead: tied, ...row } = mine;
    return { row, rank: rowsAbove(histogram, row.points) + Number(tied) + 1 };
  }

  private entry(r: RankRow, rank: number, maxPoints: number, xp: Map<string, number> | null) {
    const time = Number(r.time_spent_ms);
    return {
      rank,
      userId: r.user_id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      firstName: r.first_name,
      lastName: r.last_name,
      province: r.province_id ? { id: r.province_id, name: r.places.province ?? null } : null,
      district: r.district_id ? { id: r.district_id, name: r.places.district ?? null } : null,
      school: r.school_id ? { id: r.school_id, name: r.places.school ?? null } : null,
      points: r.points,
      // XP for a board is the sum of each quiz's best points (finance's rule, docs/finance.md).
      xpEarned: r.points,
      totalXp: xp ? (xp.get(r.user_id) ?? 0) : null,
      timeSpentMs: time,
      correctAnswers: r.correct_count,
      finishedQuizzes: r.finished_quizzes,
      percentage: maxPoints > 0 ? Math.round((r.points / maxPoints) * 1000) / 10 : 0,
    };
  }

  /**
   * Total XP from finance; the board still answers (with null) when finance cannot. Every caller of a board asks for
   * their own: the asks of one event-loop turn go to finance as one request (DataLoader, no caching: XP is read
   * fresh), which profiles showed to cost learning more than the rank itself when each was a request of its own.
   */
  private readonly xp = new DataLoader<string, number | null>(
    async (userIds) => {
      try {
        const { balances } = await this.rpc.request('finance.balances.get', { userIds: [...userIds] }, 1_000);
        const byUser = new Map(balances.map((b) => [b.userId, b.xp]));
        return userIds.map((id) => byUser.get(id) ?? 0);
      } catch (err) {
        this.logger.warn({ err }, 'total XP unavailable; leaderboard answered without it');
        return userIds.map(() => null);
      }
    },
    { cache: false, maxBatchSize: 1_000 },
  );

  /** The caller's total XP for `me` (see XP_FRESH_MS), or null when finance cannot answer. */
  private async cachedXp(userId: string): Promise<number | null> {
    // A value past its age limit is dropped first, so this caller waits for a fresh one.
    if (this.xpOfMe.getRemainingTTL(userId) < XP_FRESH_MS - XP_MAX_AGE_MS) this.xpOfMe.delete(userId);
    return (await this.xpOfMe.fetch(userId))?.xp ?? null;
  }

  private async totalXp(userIds: string[]): Promise<Map<string, number> | null> {
    const unique = [...new Set(userIds)];
    const values = await this.xp.loadMany(unique);
    if (values.some((v) => typeof v !== 'number')) return null;
    return new Map(unique.map((id, i) => [id, values[i] as number]));
  }
}
