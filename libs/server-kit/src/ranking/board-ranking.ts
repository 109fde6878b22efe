import { TreeSet } from 'data-structure-typed';

/**
 * One board's ranking in memory: points descending, then total time ascending (spec section 9), user id last so
 * the order is total. Backed by an order-statistic red-black tree (`data-structure-typed`'s TreeSet with
 * `enableOrderStatistic`): insert, remove, rank-of-one and the first N are O(log n) (+N), which keeps a
 * 300,000-participant board answering in microseconds (load-tests/src/leaderboard-memory.bench.ts measures it).
 *
 * An entry is a pupil's standing as learning computes it; `version` grows with every change of that standing,
 * so applying keeps the highest version and ignores older or repeated ones (events may arrive twice, late, or
 * after a rebuild that already holds them).
 */
export interface Standing {
  userId: string;
  points: number;
  timeSpentMs: number;
  correctCount: number;
  finishedQuizzes: number;
  version: number;
}

export interface RankedStanding extends Standing {
  /** 1-based competition rank: pupils with equal points and equal time share a rank ("1, 2, 2, 4"). */
  rank: number;
}

const compare = (a: Standing, b: Standing): number =>
  b.points - a.points || a.timeSpentMs - b.timeSpentMs || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

export class BoardRanking {
  private readonly byUser = new Map<string, Standing>();
  private readonly order = new TreeSet<Standing>([], { comparator: compare, enableOrderStatistic: true });
  /** Grows with every applied change; lets pushes and clients tell a newer board from an older one. */
  private changes = 0;

  get size(): number {
    return this.byUser.size;
  }

  get version(): number {
    return this.changes;
  }

  /** Applies a standing if it is newer than the one held; returns whether anything changed. */
  apply(next: Standing): boolean {
    const current = this.byUser.get(next.userId);
    if (current && current.version >= next.version) return false;
    // An own copy with one fixed shape (spreading unknown objects made reads several times slower).
    const entry: Standing = {
      userId: next.userId,
      points: next.points,
      timeSpentMs: next.timeSpentMs,
      correctCount: next.correctCount,
      finishedQuizzes: next.finishedQuizzes,
      version: next.version,
    };
    if (current) this.order.delete(current);
    this.byUser.set(entry.userId, entry);
    this.order.add(entry);
    this.changes++;
    return true;
  }

  get(userId: string): Standing | undefined {
    return this.byUser.get(userId);
  }

  /** The user's competition rank (1-based), or null when the user is not on the board. */
  rankOf(userId: string): number | null {
    const entry = this.byUser.get(userId);
    if (!entry) return null;
    // '' sorts before every user id: the count of entries strictly better than (points, time).
    return this.order.getRank({ userId: '', points: entry.points, timeSpentMs: entry.timeSpentMs, correctCount: 0, finishedQuizzes: 0, version: 0 }) + 1;
  }

  /**
   * The user's place in the total order (1-based): points desc, time asc, then user id, so pupils tied on points and
   * time get consecutive places in user id order. This is the rank learning's SQL ranking gives (its pages are
   * `ORDER BY points DESC, time_spent_ms ASC, user_id ASC`), unlike `rankOf`'s shared competition rank. O(log n).
   */
  positionOf(userId: string): number | null {
    const entry = this.byUser.get(userId);
    return entry ? this.order.getRank(entry) + 1 : null;
  }

  /** Removes the user's entry (a participation that left the board); returns whether there was one. */
  remove(userId: string): boolean {
    const entry = this.byUser.get(userId);
    if (!entry) return false;
    this.order.delete(entry);
    this.byUser.delete(userId);
    this.changes++;
    return true;
  }

  /** The first `n` entries with their competition ranks. */
  top(n: number): RankedStanding[] {
    if (n <= 0 || this.byUser.size === 0) return [];
    const slice = this.order.rangeByRank(0, Math.min(n, this.byUser.size) - 1);
    const out: RankedStanding[] = [];
    slice.forEach((s, i) => {
      const prev = out[i - 1];
      const tied = prev && prev.points === s.points && prev.timeSpentMs === s.timeSpentMs;
      out.push({
        userId: s.userId,
        points: s.points,
        timeSpentMs: s.timeSpentMs,
        correctCount: s.correctCount,
        finishedQuizzes: s.finishedQuizzes,
        version: s.version,
        rank: tied ? prev.rank : i + 1,
      });
    });
    return out;
  }

  /** Every entry in user id order (for tests and diagnostics; O(n)). */
  entries(): Standing[] {
    return [...this.byUser.values()].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  }
}
