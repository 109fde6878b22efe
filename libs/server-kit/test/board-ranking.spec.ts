/** The in-memory ranking: spec section 9's order, shared ranks for full ties, and versions as idempotency. */
import { BoardRanking } from '@olymp/server-kit/ranking';

const u = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const s = (n: number, points: number, timeSpentMs: number, version = 1) => ({ userId: u(n), points, timeSpentMs, correctCount: 0, finishedQuizzes: 1, version });

describe('BoardRanking', () => {
  it('orders by points descending, then by time ascending, and full ties share a rank', () => {
    const r = new BoardRanking();
    r.apply(s(1, 100, 9000));
    r.apply(s(2, 120, 50_000));
    r.apply(s(3, 100, 8000));
    r.apply(s(4, 100, 9000));
    r.apply(s(5, 10, 1));
    expect(r.top(10).map((e) => [e.userId, e.rank])).toEqual([
      [u(2), 1],
      [u(3), 2],
      [u(1), 3],
      [u(4), 3],
      [u(5), 5],
    ]);
    expect([1, 2, 3, 4, 5].map((n) => r.rankOf(u(n)))).toEqual([3, 1, 2, 3, 5]);
    expect(r.rankOf(u(9))).toBeNull();
    expect(r.top(2).map((e) => e.userId)).toEqual([u(2), u(3)]);
  });

  it('keeps the highest version of a standing: repeated and older ones change nothing', () => {
    const r = new BoardRanking();
    expect(r.apply(s(1, 50, 1000, 2))).toBe(true);
    expect(r.apply(s(1, 50, 1000, 2))).toBe(false);
    expect(r.apply(s(1, 10, 1000, 1))).toBe(false);
    expect(r.apply(s(1, 80, 2000, 3))).toBe(true);
    expect(r.size).toBe(1);
    expect(r.get(u(1))).toMatchObject({ points: 80, timeSpentMs: 2000, version: 3 });
    expect(r.version).toBe(2);
  });

  it('moves a pupil whose standing changed', () => {
    const r = new BoardRanking();
    for (let i = 1; i <= 100; i++) r.apply(s(i, i, 1000));
    expect(r.rankOf(u(1))).toBe(100);
    r.apply(s(1, 1000, 1000, 2));
    expect(r.rankOf(u(1))).toBe(1);
    expect(r.rankOf(u(100))).toBe(2);
    expect(r.top(3).map((e) => e.points)).toEqual([1000, 100, 99]);
    expect(r.size).toBe(100);
  });

  it('places a pupil in the total order (points, time, user id), as learning\'s SQL pages rank, and removes one', () => {
    const r = new BoardRanking();
    for (const [n, points, time] of [[1, 100, 9000], [2, 120, 50_000], [3, 100, 8000], [4, 100, 9000], [5, 10, 1]] as const) r.apply(s(n, points, time));
    expect([1, 2, 3, 4, 5].map((n) => r.positionOf(u(n)))).toEqual([3, 1, 2, 4, 5]);
    expect(r.positionOf(u(9))).toBeNull();
    expect(r.remove(u(3))).toBe(true);
    expect(r.remove(u(3))).toBe(false);
    expect([1, 2, 4, 5].map((n) => r.positionOf(u(n)))).toEqual([2, 1, 3, 4]);
    expect(r.size).toBe(4);
  });
});
