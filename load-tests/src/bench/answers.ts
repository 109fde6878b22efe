import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { Stack } from './stack';
import { cpuSince, percentiles, pool, progress, round, roundAll, rssMb } from './stats';

export interface Pupil {
  id: string;
  phone: string;
  token: string;
}

const PRECHECKS = { charged: true, stableConnection: true, timerKeepsRunning: true };

/** One JSON call; `from` is the client's connection pool (a school's source address for the sign-in burst). */
async function api<T = { data: unknown }>(
  base: string, method: 'GET' | 'POST', path: string, body?: unknown, token?: string, from?: Agent,
): Promise<{ status: number; body: T }> {
  const res = await request(`${base}${path}`, {
    method,
    ...(from ? { dispatcher: from } : {}),
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: (text ? JSON.parse(text) : {}) as T };
}

/** Pupils written straight into auth's tables (the setup, not what is measured), grade 5. */
export async function createPupils(stack: Stack, n: number, prefix = '+7709'): Promise<{ id: string; phone: string }[]> {
  const rows = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), phone: `${prefix}${String(i).padStart(7, '0')}` }));
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await stack.sql(
      `INSERT INTO auth.users (id, phone, first_name, last_name, role_id, grade)
       SELECT unnest($1::uuid[]), unnest($2::text[]), 'Bench', 'Pupil', 7, 5`,
      [chunk.map((r) => r.id), chunk.map((r) => r.phone)],
    );
  }
  return rows;
}

/**
 * Pupils sign in from many schools, each behind its own address: the bench's requests leave from 127.0.0.10-59
 * (all of 127/8 is this machine), so the per-address code cap (1,000 an hour, a school behind one NAT) applies
 * per "school" as it would, not to the whole burst.
 */
const SCHOOLS = Array.from({ length: 50 }, (_, k) => new Agent({ localAddress: `127.0.0.${10 + k}`, connections: 4 }));

function apiFrom(school: number, base: string, method: 'POST' | 'GET', path: string, body?: unknown) {
  return api<Record<string, unknown>>(base, method, path, body, undefined, SCHOOLS[school % SCHOOLS.length]);
}

/** Codes from the development inbox (the SMS path: outbox, JetStream, notifications), 8 readers at a time. */
async function codesOf(base: string, people: { phone: string }[]): Promise<string[]> {
  return pool(people, 8, async (p) => {
    for (let tries = 0; tries < 500; tries++) {
      const inbox = await api<{ data: { code: string | null }[] }>(base, 'GET', `/api/dev/sms?to=${encodeURIComponent(p.phone)}&limit=1`);
      const code = inbox.body.data?.[0]?.code;
      if (code) return code;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no code for ${p.phone}`);
  });
}

/**
 * Login burst in three phases: every pupil requests a code (measured), the bench reads the codes from the
 * development inbox (not measured as API load), then every pupil logs in (measured). `warmUp` pupils go through the
 * same steps first, unmeasured: on olympiad morning the platform has been up for hours, its code compiled hot, so
 * the first requests of freshly started processes (interpreted, then compiled) would measure the start, not the burst.
 * Reported: code requests per second, logins per second, both together, each step's latency, and the CPU of every
 * process per request.
 */
export async function loginBurst(stack: Stack, people: { id: string; phone: string }[], concurrency: number, warmUp: { id: string; phone: string }[] = []) {
  const base = stack.platform.url;
  if (warmUp.length) await signIn(warmUp);
  const sendMs: number[] = [];
  const loginMs: number[] = [];
  const devices = people.map((p, i) => `bench-device-${i}-${p.id.slice(0, 8)}`);
  /** CPU microseconds per request of every process (and PostgreSQL) over one phase: where a sign-in's time goes. */
  const cpuMeter = () => {
    const used = cpuSince(stack.platform.processes);
    return () => Object.fromEntries(Object.entries(used()).map(([k, v]) => [k, Math.round((v * 1000) / people.length)]));
  };
  let cpu = cpuMeter();
  let t0 = performance.now();
  await pool(people, concurrency, async (p, i) => {
    const t = performance.now();
    const sent = await apiFrom(i, base, 'POST', '/api/send-otp', { phone: p.phone, purpose: 'login', device_id: devices[i] });
    sendMs.push(performance.now() - t);
    if (sent.status !== 200) throw new Error(`send-otp ${sent.status} ${JSON.stringify(sent.body)}`);
  });
  const sendSeconds = (performance.now() - t0) / 1000;
  const sendCpu = cpu();
  const t1 = performance.now();
  const codes = await codesOf(base, people);
  const smsSeconds = (performance.now() - t1) / 1000;
  cpu = cpuMeter();
  t0 = performance.now();
  const pupils = await pool(people, concurrency, async (p, i) => {
    const t = performance.now();
    const login = await apiFrom(i, base, 'POST', '/api/login', { phone: p.phone, otp: codes[i], device_id: devices[i] });
    loginMs.push(performance.now() - t);
    if (login.status !== 200 && login.status !== 201) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
    return { ...p, token: (login.body as { data: { token: string } }).data.token };
  });
  const loginSeconds = (performance.now() - t0) / 1000;
  const loginCpu = cpu();
  return {
    pupils,
    result: {
      pupils: people.length,
      warmUpPupils: warmUp.length,
      concurrency,
      codeRequestsPerSecond: round(people.length / sendSeconds),
      loginsPerSecond: round(people.length / loginSeconds),
      codeRequestsPlusLoginsPerSecond: round((2 * people.length) / (sendSeconds + loginSeconds)),
      sendOtpMs: roundAll(percentiles(sendMs)),
      loginMs: roundAll(percentiles(loginMs)),
      allCodesInInboxSeconds: round(smsSeconds, 2),
      // The code request's CPU includes its SMS on its way (outbox, JetStream, the development inbox) while it ran.
      cpuMicrosecondsPerCodeRequest: sendCpu,
      cpuMicrosecondsPerLogin: loginCpu,
    },
  };

  async function signIn(who: { id: string; phone: string }[]) {
    await pool(who, concurrency, async (p, i) => {
      const sent = await apiFrom(i, base, 'POST', '/api/send-otp', { phone: p.phone, purpose: 'login', device_id: `warm-up-device-${i}` });
      if (sent.status !== 200) throw new Error(`warm-up send-otp ${sent.status} ${JSON.stringify(sent.body)}`);
    });
    const codes = await codesOf(base, who);
    await pool(who, concurrency, async (p, i) => {
      const login = await apiFrom(i, base, 'POST', '/api/login', { phone: p.phone, otp: codes[i], device_id: `warm-up-device-${i}` });
      if (login.status !== 200 && login.status !== 201) throw new Error(`warm-up login ${login.status} ${JSON.stringify(login.body)}`);
    });
  }
}

export interface AnswerTarget {
  token: string;
  attemptId: string;
  questionId: string;
  answer: Record<string, unknown>;
  seq: number;
}

/** Every pupil joins the grade-5 demo challenge and starts day 1's test 2 (15 questions): what saves will hit. */
export async function startAttempts(stack: Stack, pupils: Pupil[]): Promise<{ targets: AnswerTarget[]; challengeId: string }> {
  const base = stack.platform.url;
  const list = await api<{ data: { id: string; grade: number; title: { en: string } }[] }>(base, 'GET', '/api/challenges-all?grade=5');
  const challenge = list.body.data.find((c) => c.grade === 5 && c.title.en.startsWith('5-day'));
  if (!challenge) throw new Error('no demo grade-5 challenge');
  const page = await api<{ data: { checkpoints: { id: string; quizzes: { id: string }[] }[] } }>(base, 'GET', `/api/challenges-all/${challenge.id}`);
  const quizId = page.body.data.checkpoints[0].quizzes[1].id;
  const targets: AnswerTarget[] = [];
  await pool(pupils, 16, async (p) => {
    const joined = await api(base, 'POST', `/api/users/${p.id}/challenges/${challenge.id}`, {}, p.token);
    if (joined.status !== 201) throw new Error(`join ${joined.status} ${JSON.stringify(joined.body)}`);
    const started = await api<{ data: { attempt: { id: string }; questions: { id: string; kind: string; options: { id: string }[] }[] } }>(
      base, 'POST', `/api/users/${p.id}/quizzes/${quizId}/start`, { prechecks: PRECHECKS }, p.token,
    );
    if (started.status !== 201) throw new Error(`start ${started.status} ${JSON.stringify(started.body)}`);
    for (const q of started.body.data.questions) {
      const answer = q.kind === 'single' ? { optionId: q.options[0].id } : q.kind === 'multiple' ? { optionIds: [q.options[0].id] } : q.kind === 'numeric' ? { value: 42 } : { text: 'answer' };
      targets.push({ token: p.token, attemptId: started.body.data.attempt.id, questionId: q.id, answer, seq: 0 });
    }
  });
  return { targets, challengeId: challenge.id };
}

interface RunResult {
  requests: number;
  seconds: number;
  perSecond: number;
  latencyMs: Record<string, number>;
  non2xx: number;
  errors: number;
}

/** What hammer-worker.ts is told: the URL, the targets, where the round robin stands, connections and seconds. */
export interface HammerWork {
  url: string;
  targets: AnswerTarget[];
  first: number;
  connections: number;
  seconds: number;
  auth: boolean;
}

/** What it answers (the targets' seqs, so the next slice continues after them). */
export interface HammerResult {
  requests: number;
  non2xx: number;
  errors: number;
  latencies: number[];
  p99: number;
  seqs: number[];
  next: number;
  cpuMs: number;
}

/** Where the targets' round robin stands, across slices. */
const roundRobin = new WeakMap<AnswerTarget[], number>();

/**
 * autocannon against one URL, in a fresh process (hammer-worker.ts); every request takes the next target (round
 * robin) with a fresh seq.
 */
export async function hammerSlice(url: string, targets: AnswerTarget[], opts: { connections: number; seconds: number; auth: boolean }): Promise<HammerResult> {
  const worker = fork(join(__dirname, 'hammer-worker.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = await new Promise<HammerResult>((resolve, reject) => {
    worker.once('message', (m) => resolve(m as HammerResult));
    worker.once('exit', (code) => reject(new Error(`the load generator exited (${code}) before it answered`)));
    const work: HammerWork = { url, targets, first: roundRobin.get(targets) ?? 0, ...opts };
    worker.send(work);
  });
  result.seqs.forEach((seq, i) => (targets[i].seq = seq));
  roundRobin.set(targets, result.next);
  return result;
}

const summary = (slices: HammerResult[], seconds: number): RunResult => {
  const requests = slices.reduce((n, s) => n + s.requests, 0);
  return {
    requests, seconds, perSecond: round(requests / seconds),
    latencyMs: roundAll(percentiles(slices.flatMap((s) => s.latencies))),
    non2xx: slices.reduce((n, s) => n + s.non2xx, 0), errors: slices.reduce((n, s) => n + s.errors, 0),
  };
};

/** One run of `seconds` against one URL (the subscribe flood's phases). */
export async function hammer(url: string, targets: AnswerTarget[], opts: { connections: number; seconds: number; auth: boolean }): Promise<RunResult> {
  return summary([await hammerSlice(url, targets, opts)], opts.seconds);
}

function startBaseline(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'baseline-server.js'), [], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    child.stdout?.on('data', (d: Buffer) => {
      const m = /ready (\d+)/.exec(d.toString());
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`baseline server exited ${code}`)));
  });
}

/** Slices per side: the baseline and the stack take turns, B S S B B S S B, so drift and noise fall on both alike. */
const SLICES = 4;

/**
 * Answer saves per second through the gateway against the same figure for the bare baseline, in the same run, with
 * the same connections and as many seconds; plus memory and CPU of every process while saving.
 *
 * The two are measured in turns (B S S B B S S B, each slice `seconds / 4`), each slice by a fresh load-generator
 * process, and each side's figure pools its four slices. Measured one after the other (20 s of the baseline, then
 * 20 s of the stack), whatever the machine did in one window and not the other went into the ratio: PostgreSQL's
 * timed checkpoint spreads its writes over 4.5 of every 5 minutes and lands in most 20 s windows, and the full run's
 * ratio swung from 0.57 to 0.79 while the saves alone gave 0.82-0.85 (docs/performance.md, session 19). Each side
 * also reports the buffers the checkpointer wrote during its slices, and every slice its own rate, so a report
 * shows how noisy its run was.
 */
export async function answerSaves(stack: Stack, targets: AnswerTarget[], opts: { connections: number; seconds: number }) {
  const baseline = await startBaseline(stack.databaseUrl);
  try {
    const sliceSeconds = opts.seconds / SLICES;
    const services = ['gateway', 'learning'] as const;
    const sides = {
      baseline: { url: `http://127.0.0.1:${baseline.port}/`, auth: false, pids: { server: baseline.child.pid as number } as Record<string, number> },
      stack: { url: `${stack.platform.url}/api/user-answer`, auth: true, pids: Object.fromEntries(services.map((s) => [s, stack.pid(s)])) as Record<string, number> },
    };
    type Side = keyof typeof sides;
    const totals = () => ({ slices: [] as HammerResult[], cpuMs: {} as Record<string, number>, walBytes: 0, commits: 0, checkpointBuffers: 0, checkpoints: 0 });
    const acc: Record<Side, ReturnType<typeof totals>> = { baseline: totals(), stack: totals() };
    const rssPeak: Record<string, number> = {};
    const sampler = setInterval(() => {
      for (const p of stack.platform.processes) rssPeak[p.name] = Math.max(rssPeak[p.name] ?? 0, rssMb(p.pid));
    }, 500);
    const order: Side[] = ['baseline', 'stack', 'stack', 'baseline', 'baseline', 'stack', 'stack', 'baseline'];
    const pattern = order.map((s) => (s === 'baseline' ? 'B' : 'S')).join(' ');
    progress(`answer saves: the bare baseline and the stack in turns (${pattern}), ${sliceSeconds} s each, ${opts.connections} connections`);
    const sliceTable: { side: Side; perSecond: number; p99: number; checkpointBuffers: number }[] = [];
    try {
      for (const side of order) {
        const a = acc[side];
        const { url, auth, pids } = sides[side];
        const cpuUsed = cpuSince(Object.entries(pids).map(([name, pid]) => ({ name, pid })));
        const wal0 = await walPosition(stack);
        const ckpt0 = await checkpointer(stack);
        const slice = await hammerSlice(url, targets, { connections: opts.connections, seconds: sliceSeconds, auth });
        const wal = await walSince(stack, wal0, slice.requests);
        const ckpt = await checkpointer(stack);
        for (const [name, ms] of Object.entries(cpuUsed())) a.cpuMs[name] = (a.cpuMs[name] ?? 0) + ms;
        a.cpuMs.loadGenerator = (a.cpuMs.loadGenerator ?? 0) + slice.cpuMs;
        a.walBytes += wal.bytes;
        a.commits += wal.commits;
        a.checkpointBuffers += ckpt.buffers - ckpt0.buffers;
        a.checkpoints += ckpt.checkpoints - ckpt0.checkpoints;
        a.slices.push(slice);
        sliceTable.push({ side, perSecond: round(slice.requests / sliceSeconds), p99: round(slice.p99, 2), checkpointBuffers: ckpt.buffers - ckpt0.buffers });
      }
    } finally {
      clearInterval(sampler);
    }
    const result = (side: Side) => {
      const a = acc[side];
      // The slices' own seconds, as autocannon ran them (each worker's start and IPC are outside its window).
      const seconds = a.slices.length * sliceSeconds;
      const run = summary(a.slices, seconds);
      return {
        run,
        cores: Object.fromEntries(Object.entries(a.cpuMs).map(([name, ms]) => [name, round(ms / 1000 / seconds, 2)])),
        // Everything PostgreSQL wrote to its WAL during the side's slices (the whole cluster: the outbox, other
        // services' work and autovacuum count too), per request answered, with the commits of the bench database.
        wal: { bytes: a.walBytes, bytesPerRequest: round(a.walBytes / Math.max(1, run.requests), 0), commitsPerRequest: round(a.commits / Math.max(1, run.requests), 3) },
        checkpointer: { checkpointsBegun: a.checkpoints, buffersWritten: a.checkpointBuffers },
      };
    };
    const base = result('baseline');
    const ours = result('stack');
    return {
      method: `the baseline and the stack in turns, ${pattern}, ${sliceSeconds} s a slice, a fresh load generator each`,
      stack: ours.run, baseline: base.run, ratio: round(ours.run.perSecond / base.run.perSecond, 2),
      cpuCoresDuringStackRun: ours.cores, cpuCoresDuringBaselineRun: base.cores, rssPeakMb: rssPeak,
      wal: { stack: ours.wal, baseline: base.wal },
      checkpointer: { stack: ours.checkpointer, baseline: base.checkpointer },
      slices: sliceTable,
    };
  } finally {
    baseline.child.kill('SIGTERM');
  }
}

/**
 * Checkpoints begun and buffers the checkpointer has written since the server started (PostgreSQL 17 moved them
 * from pg_stat_bgwriter to pg_stat_checkpointer).
 */
async function checkpointer(stack: Stack): Promise<{ checkpoints: number; buffers: number }> {
  const [{ v }] = await stack.sql<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  const [row] = Number(v) >= 170000
    ? await stack.sql<{ checkpoints: string; buffers: string }>('SELECT (num_timed + num_requested)::text AS checkpoints, buffers_written::text AS buffers FROM pg_stat_checkpointer')
    : await stack.sql<{ checkpoints: string; buffers: string }>('SELECT (checkpoints_timed + checkpoints_req)::text AS checkpoints, buffers_checkpoint::text AS buffers FROM pg_stat_bgwriter');
  return { checkpoints: Number(row.checkpoints), buffers: Number(row.buffers) };
}

interface WalMark { lsn: string; commits: number }

/** Where the WAL is now, and how many transactions the bench database has committed. */
async function walPosition(stack: Stack): Promise<WalMark> {
  const [row] = await stack.sql<{ lsn: string; commits: string }>(
    'SELECT pg_current_wal_lsn()::text AS lsn, (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())::text AS commits',
  );
  return { lsn: row.lsn, commits: Number(row.commits) };
}

/** WAL bytes and commits since `from`, per request of a run that answered `requests`. */
async function walSince(stack: Stack, from: WalMark, requests: number) {
  const now = await walPosition(stack);
  const [row] = await stack.sql<{ bytes: string }>('SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text AS bytes', [now.lsn, from.lsn]);
  const bytes = Number(row.bytes);
  // pg_stat_database is updated when a backend reports (at most every second): good enough over a 20 s run.
  return { bytes, commits: now.commits - from.commits, bytesPerRequest: round(bytes / Math.max(1, requests), 0), commitsPerRequest: round((now.commits - from.commits) / Math.max(1, requests), 3) };
}
