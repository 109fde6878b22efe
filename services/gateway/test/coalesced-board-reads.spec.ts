/**
 * Coalesced leaderboard reads (coalesce.ts; learning's boards/board-reads.ts) against the real auth and learning:
 * `GET /api/challenges/{id}/leaderboard` and `GET /api/trainings/{id}/leaderboard` must be answered alike whether the
 * gateway coalesces them with the turn's other reads (the default) or forwards each on its own
 * (BOARD_READ_COALESCING=false). Every kind of read a caller can send goes through both gateways: each must give the
 * same status, body and headers (but for what is per request by nature: ids, dates, the rate-limit window).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import request from 'supertest';
import { BOARD_READS_PATH, BOARD_READS_REPLY_TYPE, ROLE } from '@olymp/proto';
import { Clock, Metrics } from '@olymp/server-kit';
import { testToken } from '@olymp/server-kit/testing';
import { type RunningGateway, startGateway } from '../src/app';
import { FakeService, deadUrl, gatewayEnv, rawRequest, start } from './helpers';
import { type ChallengeFixture, type Pupil, PRECHECKS, createChallenge, learningStack, smallQuiz } from '../../learning/test/support';
import { type TrainingFixture, bankQuiz, createTraining, join, play } from '../../learning/test/trainings-fixture';

const PER_REQUEST = new Set(['x-request-id', 'date', 'x-ratelimit-reset', 'x-ratelimit-remaining']);
const comparable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name)).sort(([a], [b]) => a.localeCompare(b)));
/** An error's request id, in its body and its message, differs per request by nature. */
const normalized = (text: string): unknown =>
  JSON.parse(text.replace(/"requestId":"[^"]+"/g, '"requestId":"ID"').replace(/(ID|Request id|request id|ID запроса|сұраныс ID)[^".]*?:? ?[0-9a-z-]{8,}/gi, '$1 ID'));

describe('leaderboard reads coalesced by the gateway', () => {
  const s = learningStack();
  const t0 = new Date(Date.UTC(2030, 0, 10, 4, 0, 0));
  const gatewayMetrics = new Metrics('gateway');
  let coalescing: RunningGateway;
  let single: RunningGateway;
  let challenge: ChallengeFixture;
  let hidden: ChallengeFixture;
  let training: TrainingFixture;
  let aigerim: Pupil;
  let bek: Pupil;
  let manager: string;
  let contentMaker: string;
  let provinceId: number;

  beforeAll(async () => {
    await s.start();
    s.learning.app.get(Clock).set(t0);
    const env = { AUTH_URL: s.auth.url, LEARNING_URL: s.learning.url, RATE_LIMIT_MAX: '100000' };
    // Every read coalesced, a lone one too: the reads below go one at a time (a last test covers the default).
    coalescing = await startGateway(gatewayEnv({ ...env, BOARD_READ_MIN_BATCH: '1' }), { metrics: gatewayMetrics });
    single = await start({ ...env, BOARD_READ_COALESCING: 'false' });
    const [province] = await s.sql<{ id: number }>(
      "INSERT INTO {auth}.provinces (code, name_kk, name_ru, name_en) VALUES ('t-reads', 'Абай облысы', 'Абайская область', 'Abai Region') RETURNING id",
    );
    provinceId = province.id;
    aigerim = await s.pupil(5, { firstName: 'Aigerim', lastName: 'Serikova', provinceId });
    bek = await s.pupil(5, { firstName: 'Bek', lastName: 'Nurlanov' });
    manager = `Bearer ${await testToken({ roleId: ROLE.manager, userId: (await s.pupil(null, { roleId: ROLE.manager })).id })}`;
    contentMaker = `Bearer ${await testToken({ roleId: ROLE.contentMaker, userId: (await s.pupil(null, { roleId: ROLE.contentMaker })).id })}`;
    challenge = await createChallenge(s, { grade: 5, startsAt: t0, endsAt: new Date(t0.getTime() + 86_400_000), days: [{ opensAt: t0, quizzes: [smallQuiz(2, 5)] }] });
    hidden = await createChallenge(s, { grade: 5, startsAt: t0, endsAt: new Date(t0.getTime() + 86_400_000), days: [{ opensAt: t0, quizzes: [smallQuiz(1, 5)] }] });
    await s.sql('UPDATE {learning}.challenges SET published = false WHERE id = $1', [hidden.id]);
    const [day] = challenge.checkpoints;
    for (const [p, right] of [[aigerim, 2], [bek, 1]] as const) {
      expect((await s.http().post(`/api/users/${p.id}/challenges/${challenge.id}`).set('Authorization', p.token).send({})).status).toBe(201);
      const started = await s.http().post(`/api/users/${p.id}/quizzes/${day.quizIds[0]}/start`).set('Authorization', p.token).send({ prechecks: PRECHECKS });
      const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: { id: string }[] };
      for (const q of questions.slice(0, right)) {
        await s.http().post('/api/user-answer').set('Authorization', p.token).send({ attemptId: attempt.id, questionId: q.id, answer: await s.correctAnswer(q.id) }).expect(200);
      }
      await s.http().post(`/api/users/${p.id}/quizzes/${day.quizIds[0]}/finish`).set('Authorization', p.token).send({}).expect(200);
    }
    training = await createTraining(s, { quizzes: [await bankQuiz(s, 2, 5)], heartsMax: 50 });
    for (const [p, pattern] of [[aigerim, '++'], [bek, '+-']] as const) {
      await join(s, p, training.id);
      await play(s, p, training.subchapters[0], pattern);
    }
  });
  afterAll(async () => {
    await coalescing?.close();
    await single?.close();
    await s.stop();
  });

  const requestCount = (route: string) => {
    const metric = s.learning.app.get(Metrics).httpDuration as unknown as { hashMap: Record<string, { labels: Record<string, string>; count: number }> };
    return Object.values(metric.hashMap).filter((v) => v.labels.route === route).reduce((n, v) => n + v.count, 0);
  };

  /** The gateway's `gateway_coalesced_board_reads` histogram: coalesced requests sent, and the reads they carried. */
  async function coalescedSizes(): Promise<{ count: number; sum: number }> {
    const values = (await gatewayMetrics.registry.getSingleMetric('gateway_coalesced_board_reads')!.get()).values;
    const total = (name: string) => values.filter((v) => (v as { metricName?: string }).metricName === name).reduce((n, v) => n + v.value, 0);
    return { count: total('gateway_coalesced_board_reads_count'), sum: total('gateway_coalesced_board_reads_sum') };
  }

  type Exchange = { path: string; headers?: Record<string, string>; taken: boolean };
  /** Every kind of read: who asks, in which language, with which query, of which board; `taken` when the coalescer takes it. */
  function exchanges(): Exchange[] {
    const boards = [`/api/challenges/${challenge.id}/leaderboard`, `/api/trainings/${training.id}/leaderboard`];
    return boards.flatMap((board): Exchange[] => [
      // Who: nobody, each pupil, staff with and without the leaderboard tab, a forged token, another scheme.
      { path: board, headers: { 'x-locale': 'en' }, taken: true },
      { path: `${board}?perPage=100`, headers: { authorization: aigerim.token, 'x-locale': 'ru' }, taken: true },
      { path: `${board}?perPage=1&page=2`, headers: { authorization: bek.token }, taken: true },
      { path: board, headers: { authorization: manager, 'x-locale': 'kk' }, taken: true },
      { path: board, headers: { authorization: contentMaker, 'x-locale': 'en' }, taken: true },
      { path: board, headers: { authorization: 'Bearer not.a.token', 'x-locale': 'ru' }, taken: true },
      { path: board, headers: { authorization: 'Basic YTpi' }, taken: true },
      // What: filters, a percent-encoded value, an empty school, bad values in each language, an unknown field, a
      // repeated field, a NUL.
      { path: `${board}?provinceId=${provinceId}`, headers: { authorization: aigerim.token, 'x-locale': 'en' }, taken: true },
      { path: `${board}?perPage=%31`, headers: { authorization: bek.token }, taken: true },
      { path: `${board}?schoolId=99999`, headers: { authorization: aigerim.token }, taken: true },
      { path: `${board}?perPage=0`, headers: { 'x-locale': 'kk' }, taken: true },
      { path: `${board}?perPage=abc`, headers: { authorization: aigerim.token, 'x-locale': 'ru' }, taken: true },
      { path: `${board}?perPage=101`, headers: { 'x-locale': 'en' }, taken: true },
      { path: `${board}?nope=1`, headers: { 'x-locale': 'en' }, taken: true },
      { path: `${board}?page=1&page=2`, headers: { 'x-locale': 'ru' }, taken: true },
      { path: `${board}?page=%00`, headers: { 'x-locale': 'en' }, taken: true },
      { path: `${board}?`, headers: { authorization: bek.token }, taken: true },
      // Not taken (the ordinary path answers both gateways): brackets, a trailing slash, a body, a locale too long.
      { path: `${board}?perPage[]=1`, headers: { 'x-locale': 'en' }, taken: false },
      { path: `${board}/`, headers: { 'x-locale': 'ru' }, taken: false },
      { path: `${board}?perPage=1#x`, headers: { 'x-locale': 'en' }, taken: false },
      { path: board, headers: { 'x-locale': 'x'.repeat(100) }, taken: false },
    ]).concat([
      // The id: upper case (the route reads it in lower case), a board that does not exist, one not published, not a UUID.
      { path: `/api/challenges/${challenge.id.toUpperCase()}/leaderboard`, headers: { authorization: aigerim.token }, taken: true },
      { path: '/api/challenges/00000000-0000-4000-8000-000000000000/leaderboard', headers: { 'x-locale': 'ru' }, taken: true },
      { path: '/api/trainings/00000000-0000-4000-8000-000000000000/leaderboard', headers: { 'x-locale': 'en' }, taken: true },
      { path: `/api/challenges/${hidden.id}/leaderboard?perPage=abc`, headers: { authorization: aigerim.token, 'x-locale': 'en' }, taken: true },
      { path: `/api/challenges/${hidden.id}/leaderboard`, headers: { authorization: manager, 'x-locale': 'kk' }, taken: true },
      { path: '/api/challenges/not-a-uuid/leaderboard', headers: { 'x-locale': 'ru' }, taken: false },
      { path: '/api/challenges/00000000-0000-4000-8000-00000000000g/leaderboard', headers: { 'x-locale': 'en' }, taken: false },
    ]);
  }

  it('answers every kind of read alike whether coalesced or forwarded alone', async () => {
    const corpus = exchanges();
    const route = '/api/challenges/:challenge/leaderboard';
    const before = { internal: requestCount(BOARD_READS_PATH), sizes: await coalescedSizes() };
    const statuses: number[] = [];
    for (const e of corpus) {
      const via = await rawRequest(coalescing.url, { path: e.path, headers: e.headers });
      const alone = await rawRequest(single.url, { path: e.path, headers: e.headers });
      const label = `${e.path} ${JSON.stringify(e.headers)}`;
      expect({ label, status: via.status }).toEqual({ label, status: alone.status });
      expect({ label, body: normalized(via.body.toString()) }).toEqual({ label, body: normalized(alone.body.toString()) });
      expect({ label, headers: comparable(via.headers) }).toEqual({ label, headers: comparable(alone.headers) });
      expect(via.headers['x-request-id']).toBeTruthy();
      if (via.status >= 400) expect(JSON.parse(via.body.toString()).requestId).toBe(via.headers['x-request-id']);
      statuses.push(via.status);
    }
    // The corpus is what it says: pages, 400s and 404s; and the pages are what each caller may see.
    expect(new Set(statuses)).toEqual(new Set([200, 400, 404]));
    const page = async (path: string, token?: string) => (await request(coalescing.url).get(path).set(token ? { authorization: token } : {})).body as { viewer: string; data: { name: string }[]; me: { userId: string } | null };
    const board = `/api/challenges/${challenge.id}/leaderboard`;
    expect(await page(board)).toMatchObject({ viewer: 'public', me: null, data: [{ name: 'Aigerim S.' }, { name: 'Bek N.' }] });
    expect(await page(board, bek.token)).toMatchObject({ viewer: 'member', me: { userId: bek.id } });
    expect(await page(board, manager)).toMatchObject({ viewer: 'staff' });
    // Every read the coalescer takes went to learning's internal route, counted in the gateway's histogram.
    const taken = corpus.filter((e) => e.taken).length;
    expect((await coalescedSizes()).sum - before.sizes.sum).toBe(taken + 3);
    expect(requestCount(BOARD_READS_PATH) - before.internal).toBe(taken + 3);
    // ... and the forwarding gateway's went to the route itself (learning counts them by route).
    expect(requestCount(route)).toBeGreaterThanOrEqual(corpus.filter((e) => e.path.startsWith('/api/challenges/')).length);
  });

  it('answers a burst of reads in few requests to learning, each as its caller may see it, a bad one refused alone', async () => {
    const before = { internal: requestCount(BOARD_READS_PATH), sizes: await coalescedSizes() };
    const board = `/api/challenges/${challenge.id}/leaderboard`;
    const callers = [aigerim.token, bek.token, manager, undefined];
    const reads = Array.from({ length: 40 }, (_, i) => {
      const path = i === 7 ? `${board}?perPage=abc` : `${board}?perPage=100`;
      const token = callers[i % callers.length];
      return request(coalescing.url).get(path).set({ 'x-locale': 'en', ...(token ? { authorization: token } : {}) }).then((res) => ({ i, status: res.status, body: res.body as { viewer?: string; code?: string; me?: { userId: string } | null } }));
    });
    const results = await Promise.all(reads);
    expect(results.filter((r) => r.status !== 200).map((r) => [r.i, r.status, r.body.code])).toEqual([[7, 400, 'VALIDATION_FAILED']]);
    for (const r of results.filter((x) => x.status === 200)) {
      const token = callers[r.i % callers.length];
      const expected = token === aigerim.token ? { viewer: 'member', me: { userId: aigerim.id } } : token === bek.token ? { viewer: 'member', me: { userId: bek.id } } : token === manager ? { viewer: 'staff' } : { viewer: 'public', me: null };
      expect({ i: r.i, ...r.body }).toMatchObject({ i: r.i, ...expected });
    }
    const batches = requestCount(BOARD_READS_PATH) - before.internal;
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThanOrEqual(results.length);
    const sizes = await coalescedSizes();
    expect(sizes.count - before.sizes.count).toBe(batches);
    expect(sizes.sum - before.sizes.sum).toBe(results.length);
  });

  it('sends the rows many replies share once per coalesced request, and answers each read of it alone', async () => {
    const board = `/api/challenges/${challenge.id}/leaderboard?perPage=100`;
    const res = await rawRequest(s.learning.url, {
      method: 'POST',
      path: BOARD_READS_PATH,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reads: [
          { path: board, requestId: 'r1', authorization: aigerim.token, locale: 'ru' },
          { path: board, requestId: 'r2', authorization: bek.token, locale: 'ru' },
          { path: `/api/challenges/${challenge.id}/leaderboard?perPage=abc`, requestId: 'r3', locale: 'en' },
          { path: board, requestId: 'r4', locale: 'ru' },
          { path: '/api/challenges/00000000-0000-4000-8000-000000000000/leaderboard', requestId: 'r5', locale: 'kk' },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(BOARD_READS_REPLY_TYPE);
    // proto's framing: the head line, then the shared texts' bytes.
    const newline = res.body.indexOf(10);
    const { shared: lengths, replies } = JSON.parse(res.body.toString('utf8', 0, newline)) as { shared: number[]; replies: { status: number; parts: (string | number)[] }[] };
    const shared: string[] = [];
    let at = newline + 1;
    for (const n of lengths) {
      shared.push(res.body.toString('utf8', at, at + n));
      at += n;
    }
    expect(at).toBe(res.body.length);
    const text = (parts: (string | number)[]) => parts.map((p) => (typeof p === 'number' ? shared[p] : p)).join('');
    expect(replies.map((r) => r.status)).toEqual([200, 200, 400, 200, 404]);
    // The two pupils' member rows in Russian are one shared text; the public rows another.
    const named = (i: number) => replies[i]!.parts.filter((p) => typeof p === 'number');
    expect(shared).toHaveLength(2);
    expect(named(0)).toHaveLength(1);
    expect(named(1)).toEqual(named(0));
    expect([...named(0), ...named(3)].sort()).toEqual([0, 1]);
    expect(JSON.parse(text(replies[0]!.parts))).toMatchObject({ viewer: 'member', me: { userId: aigerim.id } });
    expect(JSON.parse(text(replies[1]!.parts))).toMatchObject({ viewer: 'member', me: { userId: bek.id } });
    expect(JSON.parse(text(replies[2]!.parts))).toMatchObject({ code: 'VALIDATION_FAILED', requestId: 'r3' });
    expect(JSON.parse(text(replies[3]!.parts))).toMatchObject({ viewer: 'public', me: null });
    expect(JSON.parse(text(replies[4]!.parts))).toMatchObject({ code: 'NOT_FOUND', requestId: 'r5' });
  });

  it('is not reachable through the gateway, and refuses a malformed coalesced request whole', async () => {
    expect((await request(coalescing.url).post(BOARD_READS_PATH).send({ reads: [] })).status).toBe(404);
    expect((await request(coalescing.url).post(`/api${BOARD_READS_PATH}`).send({ reads: [] })).status).toBe(404);
    const empty = await request(s.learning.url).post(BOARD_READS_PATH).set('X-Locale', 'en').send({ reads: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    // A path the coalesced route does not read (another route's): the whole request is refused, nothing is read.
    const other = await request(s.learning.url).post(BOARD_READS_PATH).send({ reads: [{ path: '/api/user-answer', requestId: 'r' }] });
    expect(other.status).toBe(400);
  });

  it('by default sends a lone read on its own, and coalesces a turn that holds more', async () => {
    const gateway = await start({ AUTH_URL: s.auth.url, LEARNING_URL: s.learning.url, RATE_LIMIT_MAX: '100000' });
    const route = '/api/challenges/:challenge/leaderboard';
    const path = `/api/challenges/${challenge.id}/leaderboard`;
    try {
      const before = { internal: requestCount(BOARD_READS_PATH), single: requestCount(route) };
      const lone = await request(gateway.url).get(path).set('Authorization', aigerim.token);
      expect(lone.body).toMatchObject({ viewer: 'member', me: { userId: aigerim.id } });
      expect({ internal: requestCount(BOARD_READS_PATH) - before.internal, single: requestCount(route) - before.single }).toEqual({ internal: 0, single: 1 });
      // Three pipelined reads in one write reach the gateway in one turn: one coalesced request carries them.
      const url = new URL(gateway.url);
      const head = (token?: string) => `GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${token ? `Authorization: ${token}\r\n` : ''}\r\n`;
      const answers = await new Promise<{ status: string; body: string }[]>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => socket.write(head(aigerim.token) + head(bek.token) + head()));
        let buffer = Buffer.alloc(0);
        const parsed: { status: string; body: string }[] = [];
        socket.on('data', (c: Buffer) => {
          buffer = Buffer.concat([buffer, c]);
          for (;;) {
            const end = buffer.indexOf('\r\n\r\n');
            if (end < 0) break;
            const headers = buffer.toString('latin1', 0, end);
            const length = Number(/content-length: (\d+)/i.exec(headers)?.[1]);
            if (buffer.length < end + 4 + length) break;
            parsed.push({ status: headers.split(' ')[1]!, body: buffer.toString('utf8', end + 4, end + 4 + length) });
            buffer = buffer.subarray(end + 4 + length);
          }
          if (parsed.length === 3) {
            socket.destroy();
            resolve(parsed);
          }
        });
        socket.on('error', reject);
      });
      expect(answers.map((a) => [a.status, (JSON.parse(a.body) as { viewer: string }).viewer])).toEqual([['200', 'member'], ['200', 'member'], ['200', 'public']]);
      expect(requestCount(BOARD_READS_PATH) - before.internal).toBe(1);
      expect(requestCount(route) - before.single).toBe(1);
    } finally {
      await gateway.close();
    }
  });

  it('sends each read on its own to a learning that does not know the coalesced route (a rolling deployment)', async () => {
    const older = await FakeService.start('learning');
    const path = `/api/challenges/${challenge.id}/leaderboard`;
    older.handlers.set(BOARD_READS_PATH, (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"code":"ROUTE_NOT_FOUND"}');
    });
    older.handlers.set(path, (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-from': 'older' });
      res.end(JSON.stringify({ url: req.url }));
    });
    const gateway = await start({ AUTH_URL: s.auth.url, LEARNING_URL: older.url });
    try {
      const reads = await Promise.all([1, 2, 3].map((n) => request(gateway.url).get(`${path}?page=${n}`).set('Authorization', 'Bearer t').set('X-Locale', 'ru')));
      expect(reads.map((r) => [r.status, r.headers['x-from'], r.body.url])).toEqual([1, 2, 3].map((n) => [200, 'older', `${path}?page=${n}`]));
      const alone = older.seen.filter((r) => r.url.startsWith(path));
      expect(alone.map((r) => [r.headers.authorization, r.headers['x-locale']])).toEqual([['Bearer t', 'ru'], ['Bearer t', 'ru'], ['Bearer t', 'ru']]);
      expect(alone.map((r) => r.headers['x-request-id']).sort()).toEqual(reads.map((r) => r.headers['x-request-id']).sort());
    } finally {
      await gateway.close();
      await older.close();
    }
  });

  it('answers 503 in the caller’s language when learning cannot be reached, like a single read', async () => {
    const dead = await deadUrl();
    const gateways = [await start({ AUTH_URL: s.auth.url, LEARNING_URL: dead }), await start({ AUTH_URL: s.auth.url, LEARNING_URL: dead, BOARD_READ_COALESCING: 'false' })];
    try {
      const answers = await Promise.all(gateways.map((g) => request(g.url).get(`/api/challenges/${challenge.id}/leaderboard`).set('X-Locale', 'ru')));
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      }
      expect(answers[0].body.message).toBe(answers[1].body.message.replace(answers[1].body.requestId, answers[0].body.requestId));
    } finally {
      for (const g of gateways) await g.close();
    }
  });
});
