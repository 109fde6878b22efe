/**
 * `npm run bench:leaderboard -w load-tests`: the notifications service's in-memory ranking (BoardRanking) holding a
 * 300,000-participant board, against two baselines measured in the same run on the same data:
 *   - "re-sort": a Map of standings and an array re-sorted after every change (what one writes first);
 *   - "sorted array": an array kept sorted by binary search + splice (O(log n) reads, O(n) writes).
 * Prints ops/s and retained heap for each and the ratios against the baselines. Numbers vary with the machine and
 * its load; the ratios are what to compare. Run with `--expose-gc` (the script does) for the memory figures.
 * Env: BENCH_N (participants, default 300000), BENCH_TOP (rows of a push, default 50).
 */
import { randomUUID } from 'node:crypto';
import { BoardRanking, type Standing } from '@olymp/server-kit/ranking';

const N = Number(process.env.BENCH_N ?? 300_000);
const TOP = Number(process.env.BENCH_TOP ?? 50);
const gc = (globalThis as { gc?: () => void }).gc;

const compare = (a: Standing, b: Standing): number =>
  b.points - a.points || a.timeSpentMs - b.timeSpentMs || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/** Deterministic pseudo-random numbers, so every run ranks the same board. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(42);
const users = Array.from({ length: N }, () => randomUUID());
// Points as the challenge gives them (0..1350 in steps of 5), time up to 5 days of tests in ms.
const standing = (userId: string, version: number): Standing => ({
  userId,
  points: Math.floor(random() * 271) * 5,
  timeSpentMs: Math.floor(random() * 5 * 3_600_000),
  correctCount: Math.floor(random() * 35),
  finishedQuizzes: 1 + Math.floor(random() * 15),
  version,
});
const initial = users.map((u) => standing(u, 1));
const updates = Array.from({ length: 200_000 }, (_, i) => standing(users[Math.floor(random() * N)], 2 + i));

interface Ranking {
  apply(s: Standing): void;
  rankOf(userId: string): number | null;
  top(n: number): Standing[];
}

class ResortBaseline implements Ranking {
  private readonly byUser = new Map<string, Standing>();
  private sorted: Standing[] = [];
  apply(s: Standing): void {
    this.byUser.set(s.userId, s);
    this.sorted = [...this.byUser.values()].sort(compare);
  }
  load(all: Standing[]): void {
    for (const s of all) this.byUser.set(s.userId, s);
    this.sorted = [...this.byUser.values()].sort(compare);
  }
  rankOf(userId: string): number | null {
    const s = this.byUser.get(userId);
    return s ? this.sorted.indexOf(s) + 1 : null;
  }
  top(n: number): Standing[] {
    return this.sorted.slice(0, n);
  }
}

class SortedArrayBaseline implements Ranking {
  private readonly byUser = new Map<string, Standing>();
  private sorted: Standing[] = [];
  private find(s: Standing): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.sorted[mid], s) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  load(all: Standing[]): void {
    for (const s of all) this.byUser.set(s.userId, s);
    this.sorted = [...this.byUser.values()].sort(compare);
  }
  apply(s: Standing): void {
    const old = this.byUser.get(s.userId);
    if (old) this.sorted.splice(this.find(old), 1);
    this.byUser.set(s.userId, s);
    this.sorted.splice(this.find(s), 0, s);
  }
  rankOf(userId: string): number | null {
    const s = this.byUser.get(userId);
    return s ? this.find(s) + 1 : null;
  }
  top(n: number): Standing[] {
    return this.sorted.slice(0, n);
  }
}

function heap(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** Runs `op` for at least `minMs` (and `minOps` times), returns operations per second. */
function opsPerSecond(op: (i: number) => void, { minMs = 400, minOps = 3, maxOps = 1e9 } = {}): number {
  const start = performance.now();
  let i = 0;
  while ((i < minOps || performance.now() - start < minMs) && i < maxOps) op(i++);
  return i / ((performance.now() - start) / 1000);
}

interface Result {
  name: string;
  buildMs: number;
  heapMB: number;
  updatesPerSec: number;
  rankPerSec: number;
  topPerSec: number;
}

function measure(name: string, make: () => Ranking & { load?: (all: Standing[]) => void }, updateLimit: number): Result {
  const before = heap();
  const t0 = performance.now();
  const r = make();
  if (r.load) r.load(initial);
  else for (const s of initial) r.apply(s);
  const buildMs = performance.now() - t0;
  const heapMB = (heap() - before) / 1e6;
  const updatesPerSec = opsPerSecond((i) => r.apply(updates[i % updates.length]), { maxOps: updateLimit });
  const rankPerSec = opsPerSecond((i) => r.rankOf(users[(i * 7919) % N]), { maxOps: name === 're-sort' ? 200 : 1e9 });
  const topPerSec = opsPerSecond(() => r.top(TOP));
  return { name, buildMs, heapMB, updatesPerSec, rankPerSec, topPerSec };
}

function main(): void {
  if (!gc) process.stderr.write('note: run with --expose-gc for stable memory figures\n');
  // The standings themselves (shared by every structure) are not counted: only what each structure adds.
  const results = [
    measure('BoardRanking (order-statistic RB tree)', () => new BoardRanking() as unknown as Ranking, 1e9),
    measure('sorted array', () => new SortedArrayBaseline(), 2000),
    measure('re-sort', () => new ResortBaseline(), 5),
  ];
  const [tree, sortedArray, resort] = results;
  const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2));
  process.stdout.write(`leaderboard ranking, ${N.toLocaleString('en-US')} participants, top ${TOP}, node ${process.version}\n\n`);
  process.stdout.write('| structure | build ms | retained heap MB | updates/s | rank-of-user/s | top-N/s | µs per rank | µs per top-N |\n');
  process.stdout.write('| --- | --- | --- | --- | --- | --- | --- | --- |\n');
  for (const r of results) {
    process.stdout.write(`| ${r.name} | ${fmt(r.buildMs)} | ${r.heapMB.toFixed(1)} | ${fmt(r.updatesPerSec)} | ${fmt(r.rankPerSec)} | ${fmt(r.topPerSec)} | ${(1e6 / r.rankPerSec).toFixed(2)} | ${(1e6 / r.topPerSec).toFixed(2)} |\n`);
  }
  const ratio = (a: number, b: number) => `${(a / b).toFixed(a / b >= 10 ? 0 : a / b >= 0.01 ? 2 : 4)}x`;
  process.stdout.write('\nratios of BoardRanking to each baseline (ops/s: higher is better; heap: lower is better)\n');
  for (const base of [sortedArray, resort]) {
    process.stdout.write(
      `- vs ${base.name}: updates ${ratio(tree.updatesPerSec, base.updatesPerSec)}, rank ${ratio(tree.rankPerSec, base.rankPerSec)}, ` +
        `top-N ${ratio(tree.topPerSec, base.topPerSec)}, heap ${ratio(tree.heapMB, base.heapMB)}\n`,
    );
  }
  const sub = 1e6 / tree.rankPerSec < 1000 && 1e6 / tree.topPerSec < 1000 && 1e6 / tree.updatesPerSec < 1000;
  process.stdout.write(`\nrank-of-user and top-${TOP} under a millisecond at ${N.toLocaleString('en-US')}: ${sub ? 'yes' : 'NO'}\n`);
}

main();
