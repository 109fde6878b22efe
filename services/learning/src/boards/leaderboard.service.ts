import { DataSource } from 'typeorm';
import { LRUCache } from 'lru-cache';
import DataLoader from 'dataloader';
import type { z } from 'zod';
import { type BoardPerson, type BoardRef, type Locale, type leaderboardReply, type memberRowView, type publicRowView, memberRow, publicRow } from '@olymp/proto';
import { Inject, Injectable } from '@nestjs/common';
import { KIT_LOGGER, RpcClient, jsonOnce } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { Participation } from '../floor/participation.entity';
import type { BoardViewer } from '../floor/access';
import { type HeldPerson, OwnRanks } from './own-ranks';

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

const personRow = (userId: string, p: HeldPerson): PersonRow => ({
  user_id: userId, first_name: p.firstName, last_name: p.lastName, province_id: p.provinceId, district_id: p.districtId, school_id: p.schoolId, places: p.places,
});

type OwnEntry = Omit<Entry, 'totalXp'>;
/** The own row leaves out the total XP (proto's `ownRow`). */
const withoutTotalXp = ({ totalXp: _, ...rest }: Entry): OwnEntry => rest;

/** How many are ranked at each points value (desc), and in all: the part of a rank that is not a tie. */
interface Histogram {
  points: number[];
  /** `above[i]`: rows with more points than `points[i]`. */
  above: number[];
  total: number;
}

/** A page as cached: the full rows, and the same rows in each viewer's shape once asked (`shaped`). */
interface CachedPage {
  total: number;
  data: Entry[];
  views: Map<string, MemberRowView[] | PublicRowView[]>;
}

type MemberRowView = z.input<typeof memberRowView>;
type PublicRowView = z.input<typeof publicRowView>;

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
 * from the same build (names and places are fixed at join; a pupil who joined since is read once into a per-pupil
 * cache). The own row carries no total XP (proto's `ownRow`): that is the pupil's wallet, and asking finance for it
 * on every read cost more than the rank. Filtered boards, and a board not built yet, keep the SQL path.
 *
 * A page in a viewer's shape (member or public rows, per language) is made once per cached page, not per request:
 * mapping 100 rows was a tenth of an own-rank request's CPU.
 */
@Injectable()
export class Leaderboards {
  private readonly histograms = new LRUCache<string, Histogram, Query>({
    max: 10_000,
    ttl: 2_000,
    allowStale: true,
    fetchMethod: (_key, _stale, { context }) => this.loadHistogram(context),
  });
  private readonly pages = new LRUCache<string, CachedPage, Query & { page: number; perPage: number; maxPoints: number }>({
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
    const at = { total: shown.total, page, perPage, maxPoints };
    if (viewer.kind === 'staff') return { viewer: viewer.kind, data: shown.data, me, ...at };
    if (viewer.kind === 'member') return { viewer: viewer.kind, data: this.shaped(shown, 'member', viewer.locale, maxPoints) as MemberRowView[], me, ...at };
    return { viewer: viewer.kind, data: this.shaped(shown, 'public', viewer.locale, maxPoints) as PublicRowView[], me: null, ...at };
  }

  /** A cached page's rows as members or the public see them in a language: made once per page (see the class). */
  private shaped(shown: CachedPage, kind: 'member' | 'public', locale: Locale, maxPoints: number): MemberRowView[] | PublicRowView[] {
    const key = `${kind}:${locale}`;
    const made = shown.views.get(key);
    if (made) return made;
    const standing = (e: Entry) => ({ rank: e.rank, points: e.points, timeSpentMs: e.timeSpentMs, correctCount: e.correctAnswers });
    const rows = kind === 'member'
      ? shown.data.map((e) => memberRow(standing(e), personOf(e), maxPoints, locale))
      : shown.data.map((e) => publicRow(standing(e), personOf(e), locale));
    // Sent to every viewer of the page for the cache's lifetime: serialized once (the kit's jsonOnce).
    shown.views.set(key, jsonOnce(rows));
    return rows;
  }

  /**
   * The caller's own row (`me`, proto's `ownRow`: no total XP, which is their wallet's). On the unfiltered board of a
   * held ranking it needs no SQL: the place and standing from memory, who they are from the held build (or, for a
   * pupil who joined after it, the per-pupil cache of their participation).
   */
  private async ownEntry(board: BoardRef, f: BoardFilter, callerId: string, maxPoints: number): Promise<OwnEntry | null> {
    if (f.provinceId === undefined && f.districtId === undefined && f.schoolId === undefined) {
      const held = this.ranks.place(board, callerId);
      if (held === null) return null;
      if (held) {
        const person = held.person
          ? personRow(callerId, held.person)
          : await this.people.fetch(`${board.kind}:${board.id}:${callerId}`, { context: { board, userId: callerId } });
        // Ranked in memory but no row (a board read before a participation was deleted): the SQL path decides.
        if (person) {
          const { standing: st } = held;
          const row: RankRow = {
            ...person, points: st.points, time_spent_ms: String(st.timeSpentMs), correct_count: st.correctCount, finished_quizzes: st.finishedQuizzes,
          };
          return withoutTotalXp(this.entry(row, held.rank, maxPoints, null));
        }
      }
    }
    const mine = await this.rankOf(board, f, callerId);
    return mine && withoutTotalXp(this.entry(mine.row, mine.rank, maxPoints, null));
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
    return { total: histogram.total, data: jsonOnce(rows.map((r, i) => this.entry(r, first + i + 1, maxPoints, xp))), views: new Map() };
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

  private async totalXp(userIds: string[]): Promise<Map<string, number> | null> {
    const unique = [...new Set(userIds)];
    const values = await this.xp.loadMany(unique);
    if (values.some((v) => typeof v !== 'number')) return null;
    return new Map(unique.map((id, i) => [id, values[i] as number]));
  }
}
