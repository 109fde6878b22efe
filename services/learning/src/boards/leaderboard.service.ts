import { DataSource } from 'typeorm';
import { LRUCache } from 'lru-cache';
import type { BoardRef } from '@olymp/proto';
import { Inject, Injectable } from '@nestjs/common';
import { KIT_LOGGER, RpcClient } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { Participation } from './participation.entity';

export interface BoardFilter {
  provinceId?: number;
  districtId?: number;
  schoolId?: number;
}

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

/**
 * A board's ranking from the participations table (spec section 9: points desc, then total time asc; the user id
 * makes the order total). Pages walk the partial ranking index; one filter (province, district or school) uses its
 * own index. A caller's rank counts the rows ahead of them through the same index.
 */
@Injectable()
export class Leaderboards {
  private readonly totals = new LRUCache<string, number>({ max: 10_000, ttl: 3_000 });
  private readonly pages = new LRUCache<string, { total: number; data: ReturnType<Leaderboards['entry']>[] }>({ max: 2_000, ttl: 2_000 });

  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

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

  /**
   * One page of the ranking, and the caller's own row. On olympiad morning thousands of pupils open the same first
   * page: a page (rows, total, XP) is cached per board, filter and page for 2 s, so the database answers it once per
   * 2 s however many ask; the caller's own rank is computed for them (three index counts).
   */
  async page(board: BoardRef, f: BoardFilter, page: number, perPage: number, maxPoints: number, callerId?: string) {
    const params: unknown[] = [];
    const where = this.where(board, f, params);
    const key = `${where}|${JSON.stringify(params)}|${page}|${perPage}|${maxPoints}`;
    let shown = this.pages.get(key);
    if (!shown) {
      const total = await this.total(where, params);
      const rows = (await this.ds.query(
        `SELECT user_id, first_name, last_name, province_id, district_id, school_id, places, points, time_spent_ms, correct_count, finished_quizzes
           FROM participations WHERE ${where}
          ORDER BY points DESC, time_spent_ms ASC, user_id ASC
          LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
        params,
      )) as RankRow[];
      const xp = await this.totalXp(rows.map((r) => r.user_id));
      const first = (page - 1) * perPage;
      shown = { total, data: rows.map((r, i) => this.entry(r, first + i + 1, maxPoints, xp)) };
      this.pages.set(key, shown);
    }
    let me = null;
    if (callerId) {
      const mine = await this.rankOf(board, f, callerId);
      me = mine && this.entry(mine.row, mine.rank, maxPoints, await this.totalXp([callerId]));
    }
    return { data: shown.data, total: shown.total, page, perPage, me };
  }

  /**
   * How many are ranked (with this filter). Counting 300,000 rows costs tens of milliseconds and every page shows it,
   * so it is cached per board and filter for a few seconds: a page's total may lag the ranking by that much.
   */
  private async total(where: string, params: unknown[]): Promise<number> {
    const key = `${where}|${JSON.stringify(params)}`;
    const hit = this.totals.get(key);
    if (hit !== undefined) return hit;
    const n = Number(((await this.ds.query(`SELECT COUNT(*) AS n FROM participations WHERE ${where}`, params)) as { n: string }[])[0].n);
    this.totals.set(key, n);
    return n;
  }

  /** The caller's row and rank (1-based), or null when they have no finished test on the board. */
  async rankOf(board: BoardRef, f: BoardFilter, userId: string): Promise<{ row: RankRow; rank: number } | null> {
    const params: unknown[] = [];
    const where = this.where(board, f, params);
    params.push(userId);
    const [row] = (await this.ds.query(
      `SELECT user_id, first_name, last_name, province_id, district_id, school_id, places, points, time_spent_ms, correct_count, finished_quizzes
         FROM participations WHERE ${where} AND user_id = $${params.length}`,
      params,
    )) as RankRow[];
    if (!row) return null;
    // Rows ahead: more points; or as many in less time; or the same points and time and a smaller id. Three range
    // scans of the ranking index, summed (an OR of the three would not use it).
    const base: unknown[] = [];
    const w = this.where(board, f, base);
    const n = base.length;
    const [{ ahead }] = (await this.ds.query(
      `SELECT (SELECT COUNT(*) FROM participations WHERE ${w} AND points > $${n + 1})
            + (SELECT COUNT(*) FROM participations WHERE ${w} AND points = $${n + 1} AND time_spent_ms < $${n + 2})
            + (SELECT COUNT(*) FROM participations WHERE ${w} AND points = $${n + 1} AND time_spent_ms = $${n + 2} AND user_id < $${n + 3}) AS ahead`,
      [...base, row.points, row.time_spent_ms, row.user_id],
    )) as { ahead: string }[];
    return { row, rank: Number(ahead) + 1 };
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

  /** Total XP from finance; the board still answers (with null) when finance cannot. */
  private async totalXp(userIds: string[]): Promise<Map<string, number> | null> {
    if (!userIds.length) return new Map<string, number>();
    try {
      const { balances } = await this.rpc.request('finance.balances.get', { userIds: [...new Set(userIds)] }, 1_000);
      return new Map(balances.map((b) => [b.userId, b.xp]));
    } catch (err) {
      this.logger.warn({ err }, 'total XP unavailable; leaderboard answered without it');
      return null;
    }
  }
}
