/**
 * `npm run bench:leaderboard-db -w load-tests`: the learning service's leaderboard queries on a 300,000-participant
 * challenge in real PostgreSQL (a scratch schema, dropped afterwards), with the ranking indexes of the migration
 * against a baseline measured in the same run on the same rows: the same queries with those indexes dropped (what
 * PostgreSQL does without them: scan and sort). Every case but the last is a cache miss (the service caches pages
 * and each board's points histogram for 2 s); the last is the own-rank lookup as most requests see it. Reported:
 * median and p95 milliseconds per call and the ratio.
 * Env: DATABASE_URL (default the test database), BENCH_N (participants, default 300000), BENCH_CALLS (default 200).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { Leaderboards, startLearning } from '@olymp/learning';

const N = Number(process.env.BENCH_N ?? 300_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/olymp_test';
const SCHEMA = `learning_bench_${process.pid}`;

async function timed(label: string, fn: () => Promise<unknown>): Promise<{ label: string; p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { label, p50: ms[Math.floor(ms.length / 2)], p95: ms[Math.floor(ms.length * 0.95)] };
}

async function main() {
  const learning = await startLearning({
    NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL, DB_SCHEMA: SCHEMA,
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', NATS_PREFIX: `bench${process.pid}.`,
  });
  const pg = new Client({ connectionString: DATABASE_URL });
  await pg.connect();
  try {
    const board = { kind: 'challenge' as const, id: randomUUID() };
    process.stdout.write(`seeding ${N} participants...\n`);
    await pg.query(
      `INSERT INTO "${SCHEMA}".participations (id, board_kind, board_id, user_id, via, first_name, last_name, province_id, district_id, school_id,
              places, points, time_spent_ms, correct_count, finished_quizzes)
       SELECT gen_random_uuid(), 'challenge', $1, gen_random_uuid(), 'free', 'Pupil' || i, 'Test', 1 + i % 20, 1 + i % 200, 1 + i % 5000,
              '{"province": {"kk": "Облыс", "ru": "Область", "en": "Region"}}'::jsonb,
              (floor(random() * 271) * 5)::int, (random() * 5 * 3600000)::bigint, (random() * 35)::int, 1 + (random() * 14)::int
         FROM generate_series(1, $2) AS i`,
      [board.id, N],
    );
    // Steady state: autovacuum keeps the visibility map current on a live table, which index-only scans need.
    await pg.query(`VACUUM ANALYZE "${SCHEMA}".participations`);
    const [{ user_id: middle }] = (await pg.query(
      `SELECT user_id FROM "${SCHEMA}".participations ORDER BY points DESC, time_spent_ms, user_id OFFSET $1 LIMIT 1`, [Math.floor(N / 2)],
    )).rows as { user_id: string }[];
    const boards = learning.app.get(Leaderboards);
    // Every call a cache miss (pages and the points histogram are cached 2 s in service): what the database does.
    const cold = (fn: () => Promise<unknown>) => () => {
      boards.clearCaches();
      return fn();
    };
    // A caller without a token: the rows as anyone sees them (a signed-in caller adds their own rank below).
    const anyone = { kind: 'public', locale: 'kk' } as const;
    const cases = [
      ['top 50', cold(() => boards.page(board, {}, 1, 50, 1350, anyone))],
      ['top 50 of a province', cold(() => boards.page(board, { provinceId: 7 }, 1, 50, 1350, anyone))],
      ['top 50 of a school', cold(() => boards.page(board, { schoolId: 1234 }, 1, 50, 1350, anyone))],
      ['rank of one pupil (middle)', cold(() => boards.rankOf(board, {}, middle))],
      ['top 50 + own rank', cold(() => boards.page(board, {}, 1, 50, 1350, { kind: 'member', userId: middle, locale: 'kk' }))],
      ['own rank, histogram cached', () => boards.rankOf(board, {}, middle)],
    ] as const;
    const withIndexes: Awaited<ReturnType<typeof timed>>[] = [];
    for (const [label, fn] of cases) withIndexes.push(await timed(label, fn));
    for (const name of ['IDX_participations_rank', 'IDX_participations_rank_province', 'IDX_participations_rank_district', 'IDX_participations_rank_school']) {
      await pg.query(`DROP INDEX "${SCHEMA}"."${name}"`);
    }
    await pg.query(`ANALYZE "${SCHEMA}".participations`);
    const baseline: Awaited<ReturnType<typeof timed>>[] = [];
    for (const [label, fn] of cases) baseline.push(await timed(label, fn));
    process.stdout.write(`\nLeaderboard queries, ${N} participants, ${CALLS} calls each (ms per call)\n`);
    process.stdout.write('case                          | indexed p50 | indexed p95 | no-index p50 | no-index p95 | speed-up (p50)\n');
    withIndexes.forEach((w, i) => {
      const b = baseline[i];
      process.stdout.write(
        `${w.label.padEnd(30)}| ${w.p50.toFixed(2).padStart(11)} | ${w.p95.toFixed(2).padStart(11)} | ${b.p50.toFixed(2).padStart(12)} | ${b.p95.toFixed(2).padStart(12)} | ${(b.p50 / w.p50).toFixed(1)}x\n`,
      );
    });
  } finally {
    await pg.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`).catch(() => undefined);
    await pg.end();
    await learning.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
