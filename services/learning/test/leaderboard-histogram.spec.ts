import fc from 'fast-check';
import { rowsAbove } from '../src/boards/leaderboard.service';

/** A histogram as the database answers it: points descending, `above` the running count before each value. */
function histogramOf(points: number[]) {
  const counts = new Map<number, number>();
  for (const p of points) counts.set(p, (counts.get(p) ?? 0) + 1);
  const h = { points: [] as number[], above: [] as number[], total: 0 };
  for (const [p, n] of [...counts].sort((a, b) => b[0] - a[0])) {
    h.points.push(p);
    h.above.push(h.total);
    h.total += n;
  }
  return h;
}

describe('rowsAbove (the untied part of a rank, from a points histogram)', () => {
  it('counts the rows with strictly more points, for values in the histogram and between or beyond them', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 200 }), fc.integer({ min: -5, max: 70 }), (points, x) => {
        expect(rowsAbove(histogramOf(points), x)).toBe(points.filter((p) => p > x).length);
      }),
    );
  });

  it('answers 0 above the leader and everyone below the last', () => {
    const h = histogramOf([50, 40, 40, 10]);
    expect([rowsAbove(h, 50), rowsAbove(h, 60), rowsAbove(h, 40), rowsAbove(h, 10), rowsAbove(h, 0)]).toEqual([0, 0, 1, 3, 4]);
  });
});
