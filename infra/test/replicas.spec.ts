/**
 * `npm start -- --replicas 2` under fire: the platform as real processes with two of each of learning, finance,
 * notifications and the gateway, the olympiad day driven through both gateways (pupils sign in, join, start, save,
 * finish; a display screen watches the live board; a demo pupil pays an invoice from the wallet), and in the middle
 * one node of each of the four is killed with SIGKILL. The client behaves as the apps do: a failed or 5xx request is
 * sent again (to the other gateway). Afterwards nothing is lost and nothing doubled: every finish scored once, XP
 * credited once, the board complete on every node, the invoice paid once; the supervisor brought the four back.
 * Builds nothing: it needs `npm run build` first (the root `npm test` runs it before jest).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { createTestNamespace } from '@olymp/server-kit/testing';
import { startPlatform, type Platform } from '../src/runtime/platform';
import { dropDatabase, withDatabase } from '../src/runtime/postgres';
import { SERVICES, type ServiceName } from '../src/runtime/services';
import { freePort, pollUntil, sleep } from '../src/runtime/util';

const PUPILS = 10;
const DEMO_PUPIL = '+77000000105';
const KILLED: readonly ServiceName[] = ['learning', 'finance', 'notifications', 'gateway'];
const PRECHECKS = { charged: true, stableConnection: true, timerKeepsRunning: true };

async function freePorts(): Promise<Record<ServiceName, number>> {
  const chosen = new Set<number>();
  while (chosen.size < SERVICES.length) {
    const port = await freePort();
    if (port < 8080 || port > 8085) chosen.add(port);
  }
  const ports = [...chosen];
  return Object.fromEntries(SERVICES.map((name, i) => [name, ports[i]])) as Record<ServiceName, number>;
}

interface Answer {
  status: number;
  body: { data?: unknown; code?: string } & Record<string, unknown>;
}

/**
 * The apps' way with a flaky platform: each call goes to the next gateway; a connection that fails or a 502/503/504
 * is sent again (after 100 ms, to the other gateway) until it gets a real answer or the deadline passes.
 */
function client(gateways: readonly string[]) {
  let turn = 0;
  const stats = { retried: 0 };
  async function call(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<Answer> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const base = gateways[turn++ % gateways.length];
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        if (![502, 503, 504].includes(response.status)) return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
      } catch {
        // refused, reset or timed out: try again
      }
      if (Date.now() > deadline) throw new Error(`${method} ${path}: no answer within 60 s`);
      stats.retried += 1;
      await sleep(100);
    }
  }
  return { call, stats };
}

function expectStatus(answer: Answer, ok: number[], what: string): Answer {
  if (!ok.includes(answer.status)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

describe('npm start --replicas 2, one node of each killed mid-day', () => {
  const namespace = createTestNamespace();
  let databaseUrl: string;
  let dataDir: string;
  let platform: Platform | undefined;
  let sql: Client | undefined;
  let screen: Socket | undefined;

  beforeAll(async () => {
    const testDatabase = process.env.TEST_DATABASE_URL;
    if (!testDatabase) throw new Error('TEST_DATABASE_URL is not set: run through jest (its global setup sets it)');
    databaseUrl = withDatabase(testDatabase, `olymp_replicas_${namespace.id}`);
    dataDir = await mkdtemp(join(tmpdir(), 'olymp-replicas-'));
  });

  afterAll(async () => {
    screen?.close();
    await sql?.end();
    await platform?.stop();
    await namespace.cleanup();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loses nothing and doubles nothing', async () => {
    const lines: string[] = [];
    platform = await startPlatform({
      ports: await freePorts(),
      dataDir,
      replicas: 2,
      restartDelayMs: 500,
      log: (line) => lines.push(line),
      buildUis: false,
      readyTimeoutMs: 180_000,
      env: { ...process.env, DATABASE_URL: databaseUrl, NATS_PREFIX: namespace.natsPrefix, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0' },
    });
    const counts = Object.fromEntries(SERVICES.map((name) => [name, platform?.processes.filter((p) => p.name === name).length]));
    expect(counts).toEqual({ auth: 1, shop: 1, learning: 2, finance: 2, notifications: 2, gateway: 2 });
    expect(platform.urls).toHaveLength(2);
    const { call, stats } = client(platform.urls);
    sql = new Client({ connectionString: databaseUrl });
    await sql.connect();

    // --- the morning: pupils (written into auth, as the bench does) sign in by code through the gateways.
    const people = Array.from({ length: PUPILS }, (_, i) => ({ id: randomUUID(), phone: `+7708${String(i).padStart(7, '0')}` }));
    await sql.query(
      `INSERT INTO auth.users (id, phone, first_name, last_name, role_id, grade) SELECT unnest($1::uuid[]), unnest($2::text[]), 'Replica', 'Pupil', 7, 5`,
      [people.map((p) => p.id), people.map((p) => p.phone)],
    );
    const signIn = async (phone: string) => {
      const device = `replicas-${phone}`;
      expectStatus(await call('POST', '/api/send-otp', { phone, purpose: 'login', device_id: device }), [200], `send-otp ${phone}`);
      const code = await pollUntil({
        timeoutMs: 30_000,
        intervalMs: 100,
        check: async () => {
          const inbox = await call('GET', `/api/dev/sms?to=${encodeURIComponent(phone)}&limit=1`);
          return (inbox.body.data as { code: string | null }[] | undefined)?.[0]?.code ?? undefined;
        },
        onTimeout: () => new Error(`no code for ${phone}`),
      });
      const login = expectStatus(await call('POST', '/api/login', { phone, otp: code, device_id: device }), [200], `login ${phone}`);
      const data = login.body.data as { token: string; user: { uuid: string } };
      return { id: data.user.uuid, phone, token: data.token };
    };
    const pupils = await Promise.all([...people.map((p) => signIn(p.phone)), signIn(DEMO_PUPIL)]);
    const demo = pupils[pupils.length - 1];

    const list = expectStatus(await call('GET', '/api/challenges-all?grade=5'), [200], 'challenges');
    const challenge = (list.body.data as { id: string; grade: number | null; title: { en: string } }[]).find((c) => c.grade === 5 && c.title.en.startsWith('5-day'));
    if (!challenge) throw new Error('no demo grade-5 challenge');
    const page = expectStatus(await call('GET', `/api/challenges-all/${challenge.id}`), [200], 'challenge page');
    const quizId = (page.body.data as { checkpoints: { quizzes: { id: string }[] }[] }).checkpoints[0].quizzes[0].id;

    // A display screen on the board, through the second gateway, reconnecting and subscribing again as the app does.
    const views: { participants: number; top: { points: number }[] }[] = [];
    screen = io(platform.urls[1], { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000, forceNew: true });
    screen.on('connect', () => screen?.emit('board:subscribe', { kind: 'challenge', id: challenge.id }));
    screen.on('board', (view: { participants: number; top: { points: number }[] }) => views.push(view));
    await pollUntil({ timeoutMs: 20_000, intervalMs: 100, check: async () => (views.length ? true : undefined), onTimeout: () => new Error('the screen got no board') });

    // --- join and start, then the first half of the answers.
    const plays = await Promise.all(
      pupils.map(async (p) => {
        expectStatus(await call('POST', `/api/users/${p.id}/challenges/${challenge.id}`, {}, p.token), [201], `join ${p.phone}`);
        const started = expectStatus(await call('POST', `/api/users/${p.id}/quizzes/${quizId}/start`, { prechecks: PRECHECKS }, p.token), [201], `start ${p.phone}`);
        const data = started.body.data as { attempt: { id: string }; questions: { id: string; kind: string; options: { id: string }[] }[] };
        return { pupil: p, attemptId: data.attempt.id, questions: data.questions };
      }),
    );
    const save = async (play: (typeof plays)[number], index: number) => {
      const q = play.questions[index];
      const answer = q.kind === 'single' ? { optionId: q.options[index % q.options.length].id } : q.kind === 'multiple' ? { optionIds: [q.options[0].id] } : q.kind === 'numeric' ? { value: index } : { text: 'answer' };
      expectStatus(await call('POST', '/api/user-answer', { attemptId: play.attemptId, questionId: q.id, answer, seq: index + 1 }, play.pupil.token), [200], `save ${index}`);
    };
    const half = Math.ceil(plays[0].questions.length / 2);
    await Promise.all(plays.map(async (play) => {
      for (let i = 0; i < half; i++) await save(play, i);
    }));
    // Half of the pupils finish before the kill, the rest after.
    const early = plays.slice(0, Math.floor(plays.length / 2));
    const late = plays.slice(early.length);
    const finish = async (play: (typeof plays)[number]) => {
      for (let i = half; i < play.questions.length; i++) await save(play, i);
      expectStatus(await call('POST', `/api/users/${play.pupil.id}/quizzes/${quizId}/finish`, { attemptId: play.attemptId }, play.pupil.token), [200], `finish ${play.pupil.phone}`);
    };
    await Promise.all(early.map(finish));

    // --- SIGKILL one node of each of the four, while the rest of the day goes on.
    const victims = KILLED.map((name) => {
      const p = platform?.processes.find((x) => x.name === name && x.replica === 1);
      if (!p) throw new Error(`no ${name}#1`);
      return p;
    });
    for (const v of victims) process.kill(v.pid, 'SIGKILL');

    // The demo pupil pays the paid challenge's invoice from the wallet, twice at once (an impatient double tap).
    const paidList = expectStatus(await call('GET', '/api/challenges-all'), [200], 'all challenges');
    const paid = (paidList.body.data as { id: string; title: { en: string }; priceZp?: number }[]).find((c) => (c.priceZp ?? 0) > 0);
    if (!paid) throw new Error('no paid demo challenge');
    const invoice = expectStatus(await call('GET', `/api/users/${demo.id}/challenges/${paid.id}/invoice`, undefined, demo.token), [200], 'invoice');
    const invoiceId = (invoice.body.data as { invoiceId: string }).invoiceId;
    const [payments] = await Promise.all([
      Promise.all([1, 2].map(() => call('POST', `/api/wallet-payment/${invoiceId}`, {}, demo.token))),
      Promise.all(late.map(finish)),
    ]);
    for (const p of payments) expect(p.status === 200 || (p.status === 409 && p.body.code === 'INVOICE_ALREADY_PAID')).toBe(true);

    // --- the supervisor brought the four back.
    await pollUntil({
      timeoutMs: 90_000,
      intervalMs: 250,
      check: async () => {
        const now = platform?.processes ?? [];
        const back = victims.every((v) => now.some((p) => p.name === v.name && p.replica === 1 && p.restarts === 1 && p.running && p.pid !== v.pid));
        const health = await platform?.health();
        return back && health?.status === 'up' ? true : undefined;
      },
      onTimeout: () => new Error(`the killed nodes did not come back:\n${lines.slice(-40).join('\n')}`),
    });
    for (const v of victims) expect(lines.some((l) => l.startsWith(`${v.name}#1 stopped unexpectedly (killed by SIGKILL)`))).toBe(true);

    // --- every finish scored once.
    const attempts = await sql.query<{ id: string; user_id: string; status: string; points: number }>(
      'SELECT id, user_id, status, points FROM learning.attempts WHERE quiz_id = $1 AND user_id = ANY($2)',
      [quizId, pupils.map((p) => p.id)],
    );
    expect(attempts.rows).toHaveLength(pupils.length);
    expect(attempts.rows.every((a) => a.status === 'finished')).toBe(true);
    expect(attempts.rows.map((a) => a.id).sort()).toEqual(plays.map((p) => p.attemptId).sort());
    const finishedEvents = await sql.query<{ attempt: string; n: number }>(
      `SELECT payload->>'attemptId' AS attempt, count(*)::int AS n FROM learning.outbox WHERE subject = 'quiz.finished' AND payload->>'quizId' = $1 GROUP BY 1`,
      [quizId],
    );
    expect(finishedEvents.rows.map((r) => [r.attempt, r.n]).sort()).toEqual(plays.map((p) => [p.attemptId, 1]).sort());
    const standings = await sql.query<{ user_id: string; points: number; finished_quizzes: number }>(
      `SELECT user_id, points, finished_quizzes FROM learning.participations WHERE board_kind = 'challenge' AND board_id = $1`,
      [challenge.id],
    );
    const pointsOf = new Map(attempts.rows.map((a) => [a.user_id, a.points]));
    expect(standings.rows.map((s) => [s.user_id, s.points, s.finished_quizzes]).sort()).toEqual(pupils.map((p) => [p.id, pointsOf.get(p.id), 1]).sort());

    // --- XP credited once: each attempt's ledger transaction at most once, each pupil's XP its points.
    const xp = await pollUntil({
      timeoutMs: 60_000,
      intervalMs: 250,
      check: async () => {
        const rows = await sql?.query<{ owner_id: string; balance: string }>(`SELECT owner_id, balance FROM finance.accounts WHERE unit = 'XP' AND owner_id = ANY($1)`, [pupils.map((p) => p.id)]);
        const credited = new Map(rows?.rows.map((r) => [r.owner_id, Number(r.balance)]));
        return pupils.every((p) => (credited.get(p.id) ?? 0) === pointsOf.get(p.id)) ? credited : undefined;
      },
      onTimeout: () => new Error('XP does not match the points'),
    });
    expect(xp.size).toBeGreaterThan(0);
    const xpTransactions = await sql.query<{ key: string }>(`SELECT idempotency_key AS key FROM finance.ledger_transactions WHERE idempotency_key LIKE 'quiz.finished:%'`);
    const scored = attempts.rows.filter((a) => a.points > 0).map((a) => `quiz.finished:${a.id}`);
    expect(xpTransactions.rows.map((r) => r.key).filter((k) => scored.includes(k)).sort()).toEqual([...scored].sort());

    // --- the board complete, on every notifications node (through both gateways, round robin), and on the screen.
    const expectedPoints = attempts.rows.map((a) => a.points).sort((a, b) => b - a);
    for (let i = 0; i < 8; i++) {
      const board = await pollUntil({
        timeoutMs: 30_000,
        intervalMs: 200,
        check: async () => {
          const answer = await call('GET', `/api/leaderboard-live/${challenge.id}?kind=challenge`);
          const view = answer.body.data as { participants: number; top: { points: number }[] } | undefined;
          return answer.status === 200 && view?.participants === pupils.length ? view : undefined;
        },
        onTimeout: () => new Error('a node\'s board is not complete'),
      });
      expect(board.top.map((r) => r.points)).toEqual(expectedPoints);
    }
    const latest = await pollUntil({
      timeoutMs: 30_000,
      intervalMs: 200,
      check: async () => {
        const view = views.at(-1);
        return view?.participants === pupils.length ? view : undefined;
      },
      onTimeout: () => new Error(`the screen's board has ${views.at(-1)?.participants} participants`),
    });
    expect(latest.top.map((r) => r.points)).toEqual(expectedPoints);

    // --- the invoice paid once: one payment, 500 ZP taken once, one participation by invoice, one notice.
    const [inv] = (await sql.query<{ status: string; amount_zp: number }>('SELECT status, amount_zp FROM finance.invoices WHERE id = $1', [invoiceId])).rows;
    expect(inv.status).toBe('paid');
    expect((await sql.query('SELECT 1 FROM finance.ledger_transactions WHERE idempotency_key = $1', [`invoice.wallet:${invoiceId}`])).rowCount).toBe(1);
    const [zp] = (await sql.query<{ balance: string }>(`SELECT balance FROM finance.accounts WHERE unit = 'ZP' AND owner_id = $1`, [demo.id])).rows;
    expect(Number(zp.balance)).toBe(5000 - inv.amount_zp);
    await pollUntil({
      timeoutMs: 30_000,
      intervalMs: 250,
      check: async () => {
        const joined = await sql?.query(`SELECT 1 FROM learning.participations WHERE board_id = $1 AND user_id = $2 AND via = 'invoice' AND invoice_id = $3`, [paid.id, demo.id, invoiceId]);
        const notices = await sql?.query(`SELECT 1 FROM notifications.notices WHERE user_id = $1 AND source LIKE $2`, [demo.id, `%${invoiceId}%`]);
        return joined?.rowCount === 1 && notices?.rowCount === 1 ? true : undefined;
      },
      onTimeout: () => new Error('invoice.paid did not reach learning and notifications exactly once'),
    });

    // The kill was felt: requests to the dead gateway and services had to be sent again.
    expect(stats.retried).toBeGreaterThan(0);
    console.log(`[replicas] ${stats.retried} requests sent again; restarts: ${victims.map((v) => v.name).join(', ')}`);
  }, 300_000);
});
