import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { Stack } from './stack';
import { cannon, cpuMs, percentiles, progress, round, roundAll } from './stats';

/** 300,000 ranked participants on a challenge board, written straight into learning's table (setup, not measured). */
/**
 * `n` finished participants with random standings, and the signed-in bench pupils (`rankedUserIds`, who joined
 * earlier) ranked among them too, so that own-rank requests compute a real rank (an unranked caller costs one lookup).
 */
export async function seedBoard(stack: Stack, challengeId: string, n: number, rankedUserIds: string[]): Promise<void> {
  const standing = `(floor(random() * 271) * 5)::int, (random() * 5 * 3600000)::bigint, (random() * 35)::int, 1 + (random() * 14)::int`;
  await stack.sql(
    `INSERT INTO learning.participations (id, board_kind, board_id, user_id, via, first_name, last_name, province_id, district_id, school_id,
            places, points, time_spent_ms, correct_count, finished_quizzes, standing_version)
     SELECT gen_random_uuid(), 'challenge', $1, gen_random_uuid(), 'free', 'Pupil' || i, 'Bench', 1 + i % 20, 1 + i % 200, 1 + i % 5000,
            '{"province": {"kk": "Облыс", "ru": "Область", "en": "Region"}}'::jsonb,
            ${standing}, 1
       FROM generate_series(1, $2) AS i`,
    [challengeId, n],
  );
  await stack.sql(
    `UPDATE learning.participations SET (points, time_spent_ms, correct_count, finished_quizzes) = (SELECT ${standing}), standing_version = 1
      WHERE board_kind = 'challenge' AND board_id = $1 AND user_id = ANY($2::uuid[])`,
    [challengeId, rankedUserIds],
  );
  await stack.sql('VACUUM ANALYZE learning.participations');
}

async function getLatency(url: string, seconds: number, connections: number, tokens: string[] = []) {
  let next = 0;
  const { result: r, latencies } = await cannon({
    url, connections, duration: seconds,
    // Each request as another pupil (round robin), so no per-user answer can be reused.
    requests: [{ setupRequest: (req) => (tokens.length ? { ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } } : req) }],
  });
  return { requests: r.requests.total, perSecond: round(r.requests.total / seconds), latencyMs: roundAll(percentiles(latencies)), non2xx: r.non2xx };
}

/** Top-100 and own rank through the API (learning's indexed queries) and the live board's HTTP view (in memory). */
export async function apiLatency(stack: Stack, challengeId: string, tokens: string[], seconds: number) {
  const base = stack.platform.url;
  const check = await fetch(`${base}/api/challenges/${challengeId}/leaderboard?perPage=100`, { headers: { authorization: `Bearer ${tokens[0]}` } });
  const me = ((await check.json()) as { me?: { rank?: number } | null }).me;
  if (typeof me?.rank !== 'number') throw new Error(`a bench pupil is not ranked (${check.status}): own-rank latency would measure nothing`);
  return {
    top100: await getLatency(`${base}/api/challenges/${challengeId}/leaderboard?perPage=100`, seconds, 8),
    top100AndOwnRank: await getLatency(`${base}/api/challenges/${challengeId}/leaderboard?perPage=100`, seconds, 8, tokens),
    liveTop: await getLatency(`${base}/api/leaderboard-live/${challengeId}`, seconds, 8),
  };
}

function quizFinished(challengeId: string, userId: string, points: number, version: number) {
  return {
    attemptId: randomUUID(), userId, quizId: randomUUID(),
    context: { kind: 'challenge', challengeId, checkpointId: randomUUID() },
    points: Math.min(points, 270), maxPoints: 270, correctCount: 10, questionCount: 35, timeSpentMs: 60_000, finishedBy: 'user',
    finishedAt: new Date().toISOString(),
    standing: { points, timeSpentMs: 60_000, correctCount: 10, finishedQuizzes: 3, version },
  };
}

async function publisher(stack: Stack) {
  const nc = await connect({ servers: stack.natsUrl });
  const js = jetstream(nc);
  const subject = `${stack.natsPrefix}quiz.finished`;
  return {
    async publish(payloads: object[]) {
      await Promise.all(payloads.map((p) => {
        const h = natsHeaders();
        h.set('x-event-version', '1');
        return js.publish(subject, JSON.stringify(p), { msgID: randomUUID(), headers: h });
      }));
    },
    close: () => nc.close(),
  };
}

/**
 * Waits until every durable consumer of the run's stream has handled everything published (nothing pending, nothing
 * unacked) and says how long that took. The ranking-update burst is also 20,000 XP credits for finance and 20,000
 * own-rank updates for learning: measuring fan-out while those still run measured them (the first full run of
 * 2026-11-28 saw bare socket.io's p99 at 731 ms beside them, 168-210 ms on a quiet machine).
 */
export async function eventsSettled(stack: Stack, timeoutMs: number): Promise<{ seconds: number; consumers: number }> {
  const nc = await connect({ servers: stack.natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = `${stack.natsPrefix.replace(/\W/g, '_').toUpperCase()}EVENTS`;
    const t0 = performance.now();
    for (;;) {
      let busy = 0;
      let consumers = 0;
      for await (const c of jsm.consumers.list(stream)) {
        // Durable consumers only: the services' work. Ordered (ephemeral) ones are per-process readers, and those of
        // the processes stopped before the restart linger with pending messages until the server drops them.
        if (!c.config.durable_name) continue;
        consumers += 1;
        if (c.num_pending > 0 || c.num_ack_pending > 0) busy += 1;
      }
      if (!busy) return { seconds: round((performance.now() - t0) / 1000, 2), consumers };
      if (performance.now() - t0 > timeoutMs) throw new Error(`${busy} of ${consumers} event consumers still busy after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await nc.close();
  }
}

/** Ranking updates applied per second on the live board: a burst of quiz.finished for existing pupils, end to end. */
export async function updatesPerSecond(stack: Stack, challengeId: string, count: number) {
  const users = (await stack.sql<{ user_id: string }>(
    "SELECT user_id FROM learning.participations WHERE board_id = $1 LIMIT $2", [challengeId, count],
  )).map((r) => r.user_id);
  const pub = await publisher(stack);
  const marker = users[users.length - 1];
  const t0 = performance.now();
  for (let i = 0; i < users.length; i += 1000) {
    await pub.publish(users.slice(i, i + 1000).map((u) => quizFinished(challengeId, u, u === marker ? 99_999 : 700, 1_000_000)));
  }
  const published = performance.now() - t0;
  for (;;) {
    const res = await fetch(`${stack.platform.url}/api/leaderboard-live/${challengeId}`);
    const body = (await res.json()) as { data?: { top: { points: number }[] } };
    if (body.data?.top[0]?.points === 99_999) break;
    if (performance.now() - t0 > 120_000) throw new Error('the live board did not apply the burst within 120 s');
    await new Promise((r) => setTimeout(r, 25));
  }
  const seconds = (performance.now() - t0) / 1000;
  await pub.close();
  return { events: users.length, publishSeconds: round(published / 1000, 2), appliedSeconds: round(seconds, 2), appliedPerSecond: round(users.length / seconds) };
}

export interface FanOut {
  viewers: number;
  rounds: number;
  emitToLastMs: Record<string, number>;
  cpuMsPerThousandDeliveries: number;
}

/**
 * Viewers per load-generator process: one process parsing 10,000 pushes is the generator's limit, not the server's,
 * while more processes than needed only add context switches on two cores. BENCH_VIEWERS_PER_PROCESS overrides.
 */
const VIEWERS_PER_PROCESS = Number(process.env.BENCH_VIEWERS_PER_PROCESS ?? 2_500);

interface Viewers {
  count: number;
  /** Arms every viewer for the next push, runs `trigger`, and answers emit-to-last-receipt in ms. */
  round(trigger: () => void): Promise<number>;
  close(): Promise<void>;
}

/** Connects `n` viewers spread over processes (VIEWERS_PER_PROCESS); with `firstBoard`, ready once the board came. */
async function connectViewers(url: string, n: number, auth: object, firstBoard = false): Promise<Viewers> {
  const processes = Math.max(1, Math.ceil(n / VIEWERS_PER_PROCESS));
  const share = Math.ceil(n / processes);
  const children = Array.from({ length: processes }, () =>
    fork(join(__dirname, 'viewers-worker.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const next = (child: ChildProcess, key: string) =>
    new Promise<Record<string, number | string>>((resolve, reject) => {
      const onMessage = (m: Record<string, number | string>) => {
        if (key in m) {
          child.off('message', onMessage);
          resolve(m);
        } else if ('failed' in m) {
          child.off('message', onMessage);
          reject(new Error(String(m.failed)));
        }
      };
      child.on('message', onMessage);
    });
  const sizes = children.map((_, i) => Math.max(0, Math.min(share, n - i * share)));
  await Promise.all(children.map((c, i) => {
    const done = next(c, 'connected');
    c.send({ connect: { url, n: sizes[i], auth, firstBoard } });
    return done;
  }));
  let rounds = 0;
  return {
    count: n,
    async round(trigger) {
      rounds += 1;
      const armed = children.map((c) => next(c, 'armed'));
      const results = children.map((c) => next(c, 'round'));
      for (const c of children) c.send({ arm: rounds });
      await Promise.all(armed);
      trigger();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not every one of ${n} viewers got the push within 30 s`)), 30_000);
      });
      try {
        const got = await Promise.race([Promise.all(results), timeout]);
        return Math.max(...got.map((g) => Number(g.last))) - Math.max(...got.map((g) => Number(g.emitAt)));
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await Promise.all(children.map((c) => new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.send({ close: true });
      })));
    },
  };
}

/** Board pushes triggered so far in this run (each needs a standing newer than the last). */
let pushes = 0;

/** emit-to-last-receipt for `viewers` socket.io clients on one notifications node, and its CPU per delivery. */
/** A fan-out ready to measure: `round()` pushes once and answers the emit-to-last time; `cpuMs()` the server's CPU so far. */
interface FanOutSide {
  round(): Promise<number>;
  cpuMs(): number;
  close(): Promise<void>;
}

/** Viewers of the challenge's live board on the notifications node, pushed by a `quiz.finished` through JetStream. */
async function notificationsSide(stack: Stack, challengeId: string, count: number): Promise<FanOutSide> {
  const port = stack.platform.ports.notifications;
  // The current board arrives at connect: a viewer is ready once it has it, so a round waits for a new push only.
  const viewers = await connectViewers(`http://127.0.0.1:${port}`, count, { boards: [{ kind: 'challenge', id: challengeId }] }, true);
  const pub = await publisher(stack);
  const [leader] = await stack.sql<{ user_id: string }>('SELECT user_id FROM learning.participations WHERE board_id = $1 LIMIT 1', [challengeId]);
  const pid = stack.pid('notifications');
  return {
    round() {
      // Points and version go up across every fan-out of the run: the live board ignores a standing whose version
      // it has seen (redelivery), so a second fan-out reusing the first one's versions would push nothing.
      pushes += 1;
      const n = pushes;
      return viewers.round(() => void pub.publish([quizFinished(challengeId, leader.user_id, 200_000 + n, 2_000_000 + n)]));
    },
    cpuMs: () => cpuMs(pid),
    async close() {
      await pub.close();
      await viewers.close();
    },
  };
}

/** The same viewers of a bare socket.io server (the baseline), emitting a payload of the same size when told. */
async function rawSide(count: number, sample: object): Promise<FanOutSide> {
  // OLYMP_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) reaches the baseline as it reaches every platform
  // process, so the two can be profiled alike.
  const execArgv = [...process.execArgv, ...(process.env.OLYMP_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = fork(join(__dirname, 'raw-socketio-server.js'), [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { ready: number }) => resolve(m.ready)));
  try {
    const sockets = await connectViewers(`http://127.0.0.1:${port}`, count, {});
    return {
      round: () => sockets.round(() => child.send({ emit: sample })),
      cpuMs: () => cpuMs(child.pid as number),
      async close() {
        await sockets.close();
        child.kill('SIGTERM');
      },
    };
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
}

/**
 * A side's pushes, one at a time: each push's emit-to-last time, and the server's CPU over the push and the 300 ms
 * pause after it (the pause's background work counts, as it always did; another side's pushes never do).
 */
class Tally {
  private readonly times: number[] = [];
  private cpuMs = 0;

  constructor(private readonly side: FanOutSide, private readonly viewers: number) {}

  async push(): Promise<void> {
    const cpu0 = this.side.cpuMs();
    this.times.push(await this.side.round());
    await new Promise((res) => setTimeout(res, 300));
    this.cpuMs += this.side.cpuMs() - cpu0;
  }

  result(): FanOut {
    const rounds = this.times.length;
    return { viewers: this.viewers, rounds, emitToLastMs: roundAll(percentiles(this.times)), cpuMsPerThousandDeliveries: round((this.cpuMs / (this.viewers * rounds)) * 1000, 2) };
  }
}

/** The same fan-out from a bare socket.io server (the baseline), with a payload of the same size. */
export async function rawFanOut(viewers: number, rounds: number, sample: object): Promise<FanOut> {
  const side = await rawSide(viewers, sample);
  try {
    const tally = new Tally(side, viewers);
    for (let r = 0; r < rounds; r++) await tally.push();
    return tally.result();
  } finally {
    await side.close();
  }
}

/**
 * The notifications node and the bare socket.io server, each with `count` viewers connected at once, pushed in turns
 * (N R R N N R R N...), `rounds` pushes each (Tally): each side's emit-to-last times and its server's CPU per delivery
 * over its own pushes (the notifications node's background work, its pollers and timers, runs during the baseline's
 * pushes too, and bare socket.io has none). Measured one after the other (all of ours, then all of the baseline's),
 * whatever the machine did in one window and not the other went into the comparison; with 15 rounds a side, its p99
 * is its slowest round.
 */
export async function fanOutInTurns(stack: Stack, challengeId: string, count: number, rounds: number, sample: object): Promise<{ notifications: FanOut; rawSocketIo: FanOut }> {
  const ours = await notificationsSide(stack, challengeId, count);
  let raw: FanOutSide | undefined;
  try {
    raw = await rawSide(count, sample);
    const notifications = new Tally(ours, count);
    const rawSocketIo = new Tally(raw, count);
    for (let r = 0; r < rounds; r++) {
      for (const tally of r % 2 === 0 ? [notifications, rawSocketIo] : [rawSocketIo, notifications]) await tally.push();
    }
    return { notifications: notifications.result(), rawSocketIo: rawSocketIo.result() };
  } finally {
    await raw?.close();
    await ours.close();
  }
}

/** One board push as the notifications node sends it (for the baseline's payload size). */
export async function samplePush(stack: Stack, challengeId: string): Promise<object> {
  const res = await fetch(`${stack.platform.url}/api/leaderboard-live/${challengeId}`);
  return ((await res.json()) as { data: object }).data;
}

export async function waitForBoard(stack: Stack, challengeId: string, participants: number, timeoutMs: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const res = await fetch(`${stack.platform.url}/api/leaderboard-live/${challengeId}`).catch(() => undefined);
    const body = res ? ((await res.json().catch(() => ({}))) as { data?: { participants: number } }) : {};
    if ((body.data?.participants ?? 0) >= participants) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) throw new Error(`the live board did not reach ${participants} participants`);
    progress(`waiting for the live board: ${body.data?.participants ?? 0} of ${participants}`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
