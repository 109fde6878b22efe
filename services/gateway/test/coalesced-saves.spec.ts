/**
 * Coalesced answer saves (coalesce.ts; learning's attempts/answer-saves.controller.ts) against the real auth and
 * learning: a pupil's `POST /api/user-answer` must be answered alike whether the gateway coalesces it with the turn's
 * other saves (the default) or forwards it on its own (SAVE_COALESCING=false). Two pupils with the same test are
 * driven side by side, one through each gateway, with every kind of request a pupil can send; each exchange must
 * give the same status, body and headers (but for what is per request by nature: ids, dates, the rate-limit window).
 */
import type { IncomingHttpHeaders } from 'node:http';
import request from 'supertest';
import { Clock, Metrics } from '@olymp/server-kit';
import { ANSWER_SAVES_PATH } from '@olymp/proto';
import { type RunningGateway, startGateway } from '../src/app';
import { FakeService, deadUrl, gatewayEnv, rawRequest, start } from './helpers';
import { type ChallengeFixture, type Pupil, PRECHECKS, createChallenge, learningStack, smallQuiz } from '../../learning/test/support';

const PER_REQUEST = new Set(['x-request-id', 'date', 'x-ratelimit-reset', 'x-ratelimit-remaining', 'content-length']);
const comparable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name)).sort(([a], [b]) => a.localeCompare(b)));

interface Player {
  pupil: Pupil;
  attemptId: string;
  questions: { id: string; options: { id: string }[] }[];
}

describe('answer saves coalesced by the gateway', () => {
  const s = learningStack();
  let coalescing: RunningGateway;
  const gatewayMetrics = new Metrics('gateway');
  let single: RunningGateway;
  let challenge: ChallengeFixture;
  const t0 = new Date();

  beforeAll(async () => {
    await s.start();
    // Learning's clock stands still: both players start and save at the same instant, so `remainingSeconds` is the
    // same in both answers (CI once saw 3600 against 3599 across a second's edge).
    s.learning.app.get(Clock).set(t0);
    const env = { AUTH_URL: s.auth.url, LEARNING_URL: s.learning.url, RATE_LIMIT_MAX: '100000' };
    coalescing = await startGateway(gatewayEnv(env), { metrics: gatewayMetrics });
    single = await start({ ...env, SAVE_COALESCING: 'false' });
    challenge = await createChallenge(s, {
      grade: 5, startsAt: new Date(t0.getTime() - 3_600_000), endsAt: new Date(t0.getTime() + 48 * 3_600_000),
      days: [{ opensAt: new Date(t0.getTime() - 3_600_000), quizzes: [smallQuiz(4, 5, 3_600)] }],
    });
  });
  afterAll(async () => {
    await coalescing?.close();
    await single?.close();
    await s.stop();
  });

  async function player(): Promise<Player> {
    const pupil = await s.pupil(5);
    expect((await s.http().post(`/api/users/${pupil.id}/challenges/${challenge.id}`).set('Authorization', pupil.token).send({})).status).toBe(201);
    const started = await s.http().post(`/api/users/${pupil.id}/quizzes/${challenge.checkpoints[0].quizIds[0]}/start`).set('Authorization', pupil.token)
      .send({ checkpoint: challenge.checkpoints[0].checkpointId, prechecks: PRECHECKS });
    expect(started.status).toBe(201);
    const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: Player['questions'] };
    // The two players' questions in the same order (each attempt has its own order), so request n means the same to both.
    return { pupil, attemptId: attempt.id, questions: [...questions].sort((a, b) => a.id.localeCompare(b.id)) };
  }

  const requestCount = (route: string) => {
    const metric = s.learning.app.get(Metrics).httpDuration as unknown as { hashMap: Record<string, { labels: Record<string, string>; count: number }> };
    return Object.values(metric.hashMap).filter((v) => v.labels.route === route).reduce((n, v) => n + v.count, 0);
  };

  /** The gateway's `gateway_coalesced_saves` histogram: coalesced requests sent, and the saves they carried. */
  async function coalescedSizes(): Promise<{ count: number; sum: number }> {
    const values = (await gatewayMetrics.registry.getSingleMetric('gateway_coalesced_saves')!.get()).values;
    const total = (name: string) => values.filter((v) => (v as { metricName?: string }).metricName === name).reduce((n, v) => n + v.value, 0);
    return { count: total('gateway_coalesced_saves_count'), sum: total('gateway_coalesced_saves_sum') };
  }

  type Exchange = { body?: string | Buffer; headers?: Record<string, string>; path?: string };
  /** The same kinds of request for a player and another (whose attempt is not theirs). */
  function exchanges(p: Player, other: Player): Exchange[] {
    const json = (value: unknown, extra: Record<string, string> = {}) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json', authorization: p.pupil.token, ...extra } });
    const [q1, q2] = p.questions;
    const save = (q: Player['questions'][number], option: number, seq?: number) => ({ attemptId: p.attemptId, questionId: q.id, answer: { optionId: q.options[option].id }, ...(seq ? { seq } : {}) });
    return [
      json(save(q1, 0, 1), { 'x-locale': 'en' }),
      // A retry of the same save, then an older one arriving late: not applied, the stored seq told.
      json(save(q1, 0, 1), { 'x-locale': 'ru' }),
      json(save(q1, 1, 3)),
      json(save(q1, 2, 2), { 'x-locale': 'kk' }),
      json(save(q2, 1)),
      { ...json(save(q2, 2, 5)), headers: { 'content-type': 'application/json; charset=utf-8', authorization: p.pupil.token } },
      // Who: no token, a forged one, another scheme.
      { body: JSON.stringify(save(q1, 0, 9)), headers: { 'content-type': 'application/json', 'x-locale': 'ru' } },
      json(save(q1, 0, 9), { authorization: 'Bearer not.a.token', 'x-locale': 'en' }),
      json(save(q1, 0, 9), { authorization: 'Basic YTpi' }),
      // What: unreadable or poisoned JSON, null, a list, a NUL, a lone surrogate, bytes that are not UTF-8.
      { body: '{"attemptId":', headers: { 'content-type': 'application/json', authorization: p.pupil.token, 'x-locale': 'en' } },
      { body: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json', authorization: p.pupil.token } },
      { body: 'null', headers: { 'content-type': 'application/json', authorization: p.pupil.token, 'x-locale': 'ru' } },
      { body: '[]', headers: { 'content-type': 'application/json', authorization: p.pupil.token } },
      json({ ...save(q1, 0, 10), answer: { text: 'a\u0000b' } }, { 'x-locale': 'en' }),
      { body: `{"attemptId":"${p.attemptId}","questionId":"${q1.id}","answer":{"text":"\\ud800"},"seq":11}`, headers: { 'content-type': 'application/json', authorization: p.pupil.token } },
      { body: Buffer.concat([Buffer.from(`{"attemptId":"${p.attemptId}","questionId":"${q1.id}","answer":{"text":"`), Buffer.from([0xff, 0xfe]), Buffer.from('"},"seq":12}')]), headers: { 'content-type': 'application/json', authorization: p.pupil.token, 'x-locale': 'en' } },
      json({ ...save(q1, 0, 13), extra: 1 }, { 'x-locale': 'ru' }),
      json({ ...save(q1, 0, 14), answer: { optionId: q1.options[0].id, text: 'x' } }, { 'x-locale': 'en' }),
      json({ ...save(q1, 0, 15), attemptId: 'not-a-uuid' }),
      // Whose: another pupil's attempt, an attempt that does not exist, a question of another test.
      json({ ...save(q1, 0, 16), attemptId: other.attemptId }, { 'x-locale': 'en' }),
      json({ ...save(q1, 0, 17), attemptId: '00000000-0000-4000-8000-000000000000' }, { 'x-locale': 'ru' }),
      json({ ...save(q1, 0, 18), questionId: '00000000-0000-4000-8000-000000000001' }, { 'x-locale': 'en' }),
      // Not taken by the coalescer (the ordinary path answers both gateways): a form, text, a query string.
      { body: 'attemptId=1', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: p.pupil.token, 'x-locale': 'ru' } },
      { body: JSON.stringify(save(q1, 0, 19)), headers: { 'content-type': 'text/plain', authorization: p.pupil.token } },
      { ...json(save(q1, 0, 20)), path: '/api/user-answer?x=1' },
      { body: JSON.stringify(save(q1, 0, 22)), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', authorization: p.pupil.token, 'x-locale': 'en' } },
      // Headers longer than a coalesced save carries (they would fail the whole coalesced request): on their own.
      json(save(q2, 0, 23), { 'x-locale': 'x'.repeat(100) }),
      json(save(q2, 0, 24), { authorization: `Bearer ${'a'.repeat(9000)}` }),
      // Last: a good save still goes through after all of the above.
      json(save(q2, 0, 25), { 'x-locale': 'en' }),
    ];
  }

  /** What two answers may differ in: request ids, and each player's own attempt, question and option ids. */
  function normalized(text: string, p: Player, other: Player): unknown {
    let t = text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => {
      if (id === p.attemptId) return 'ATTEMPT';
      if (id === other.attemptId) return 'OTHER_ATTEMPT';
      const q = p.questions.findIndex((x) => x.id === id);
      return q >= 0 ? `Q${q}` : id;
    });
    t = t.replace(/"requestId":"[^"]+"/g, '"requestId":"ID"').replace(/(ID|Request id|request id|ID запроса|сұраныс ID)[^".]*?:? ?[0-9a-z-]{8,}/gi, '$1 ID');
    return JSON.parse(t);
  }

  it('answers every kind of save alike whether coalesced or forwarded alone, and stores the same', async () => {
    const a = await player();
    const b = await player();
    const before = { internal: requestCount(ANSWER_SAVES_PATH), single: requestCount('/api/user-answer') };
    const ea = exchanges(a, b);
    const eb = exchanges(b, a);
    const statuses: number[] = [];
    for (let i = 0; i < ea.length; i++) {
      const via = await rawRequest(coalescing.url, { method: 'POST', path: ea[i].path ?? '/api/user-answer', headers: ea[i].headers, body: ea[i].body });
      const alone = await rawRequest(single.url, { method: 'POST', path: eb[i].path ?? '/api/user-answer', headers: eb[i].headers, body: eb[i].body });
      const label = `request ${i}: ${String(ea[i].body).slice(0, 80)}`;
      expect({ label, status: via.status }).toEqual({ label, status: alone.status });
      expect({ label, body: normalized(via.body.toString(), a, b) }).toEqual({ label, body: normalized(alone.body.toString(), b, a) });
      expect({ label, headers: comparable(via.headers) }).toEqual({ label, headers: comparable(alone.headers) });
      expect(via.headers['x-request-id']).toBeTruthy();
      if (via.status >= 400) expect(JSON.parse(via.body.toString()).requestId).toBe(via.headers['x-request-id']);
      statuses.push(via.status);
    }
    // The corpus is what it says: saves, 401s, 400s, 404s and 415s.
    expect(new Set(statuses)).toEqual(new Set([200, 400, 401, 404, 415]));
    // What each stored is the same (the seqs and the chosen options, by position).
    const stored = async (p: Player) =>
      (await s.sql<{ question_id: string; answer: { optionId: string }; seq: number }>('SELECT question_id, answer, seq FROM {learning}.user_answers WHERE attempt_id = $1', [p.attemptId]))
        .map((r) => {
          const q = p.questions.findIndex((x) => x.id === r.question_id);
          return { q, option: p.questions[q].options.findIndex((o) => o.id === r.answer.optionId), seq: r.seq };
        })
        .sort((x, y) => x.q - y.q);
    expect(await stored(a)).toEqual(await stored(b));
    // q1: the saves with a query string (seq 20) and with a Content-Encoding its plain JSON does not have (seq 22;
    // nothing in the platform decodes bodies) are saves too, on the ordinary path.
    expect(await stored(a)).toEqual([{ q: 0, option: 0, seq: 22 }, { q: 1, option: 0, seq: 25 }]);
    // The coalescing gateway's saves went to learning's internal route, the other's to the route of one save (the
    // 6 requests the coalescer does not take go that way from both gateways).
    const after = { internal: requestCount(ANSWER_SAVES_PATH), single: requestCount('/api/user-answer') };
    expect(after.internal - before.internal).toBe(ea.length - 6);
    expect(after.single - before.single).toBe(ea.length + 6);
  });

  it('saves a burst of many pupils in few requests to learning, each answered alone, bad ones refused alone', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => player()));
    const before = requestCount(ANSWER_SAVES_PATH);
    const sizesBefore = await coalescedSizes();
    const sends = players.flatMap((p, n) =>
      p.questions.map((q, i) => {
        const bad = n === 0 && i === 0 ? { answer: { text: 'x\u0000' } } : {};
        const token = n === 1 && i === 1 ? 'Bearer forged' : n === 2 && i === 2 ? `Bearer ${'a'.repeat(9000)}` : p.pupil.token;
        // An X-Locale nobody speaks, far too long: the save is kept, its messages in the default language.
        const locale = n === 3 && i === 3 ? 'x'.repeat(100) : 'en';
        return request(coalescing.url).post('/api/user-answer').set('Authorization', token).set('X-Locale', locale)
          .send({ attemptId: p.attemptId, questionId: q.id, answer: { optionId: q.options[1].id }, seq: 1, ...bad })
          .then((res) => ({ n, i, status: res.status, code: res.body.code as string | undefined }));
      }),
    );
    const results = await Promise.all(sends);
    expect(results.filter((r) => r.status !== 200)).toEqual([
      { n: 0, i: 0, status: 400, code: 'INVALID_TEXT' },
      { n: 1, i: 1, status: 401, code: 'UNAUTHENTICATED' },
      { n: 2, i: 2, status: 401, code: 'UNAUTHENTICATED' },
    ]);
    const [{ count }] = await s.sql<{ count: number }>('SELECT count(*)::int AS count FROM {learning}.user_answers WHERE attempt_id = ANY($1::uuid[])', [players.map((p) => p.attemptId)]);
    expect(count).toBe(players.length * 4 - 3);
    const batches = requestCount(ANSWER_SAVES_PATH) - before;
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThanOrEqual(results.length);
    // The gateway's histogram of saves per coalesced request saw the same requests and every save of the burst.
    const sizesAfter = await coalescedSizes();
    expect(sizesAfter.count - sizesBefore.count).toBe(batches);
    // The two with headers too long for a coalesced save went on their own.
    expect(sizesAfter.sum - sizesBefore.sum).toBe(results.length - 2);
  });

  it('answers each save of one coalesced request alone: a refused one does not fail the others', async () => {
    const p = await player();
    const item = (body: unknown, extra: Record<string, string> = {}) => ({ requestId: `r-${Math.random().toString(36).slice(2)}`, authorization: p.pupil.token, body: Buffer.from(JSON.stringify(body)).toString('base64'), ...extra });
    const [q1, q2, q3] = p.questions;
    const res = await request(s.learning.url).post(ANSWER_SAVES_PATH).send({
      saves: [
        item({ attemptId: p.attemptId, questionId: q1.id, answer: { optionId: q1.options[0].id }, seq: 1 }, { locale: 'ru' }),
        item({ attemptId: p.attemptId, questionId: q2.id, answer: { text: 'a\u0000' }, seq: 1 }, { locale: 'en' }),
        { ...item({ attemptId: p.attemptId, questionId: q3.id, answer: { optionId: q3.options[2].id }, seq: 1 }), authorization: undefined },
        item({ attemptId: p.attemptId, questionId: q3.id, answer: { optionId: q3.options[2].id }, seq: 2 }, { locale: 'kk' }),
      ],
    });
    expect(res.status).toBe(200);
    const replies = (res.body.replies as { status: number; body: string }[]).map((r) => ({ status: r.status, body: JSON.parse(r.body) }));
    expect(replies.map((r) => r.status)).toEqual([200, 400, 401, 200]);
    expect(replies[0].body.message).toBe('Ответ сохранён.');
    expect(replies[1].body).toMatchObject({ code: 'INVALID_TEXT' });
    expect(replies[2].body).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(replies[3].body.data).toMatchObject({ questionId: q3.id, seq: 2, applied: true });
    expect((await s.sql('SELECT 1 FROM {learning}.user_answers WHERE attempt_id = $1', [p.attemptId])).length).toBe(2);
  });

  it('is not reachable through the gateway, and refuses a malformed coalesced request whole', async () => {
    expect((await request(coalescing.url).post(ANSWER_SAVES_PATH).send({ saves: [] })).status).toBe(404);
    expect((await request(coalescing.url).post(`/api${ANSWER_SAVES_PATH}`).send({ saves: [] })).status).toBe(404);
    const empty = await request(s.learning.url).post(ANSWER_SAVES_PATH).set('X-Locale', 'en').send({ saves: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    const notBase64 = await request(s.learning.url).post(ANSWER_SAVES_PATH).send({ saves: [{ requestId: 'r', body: '{"a":1}' }] });
    expect(notBase64.status).toBe(400);
  });

  it('sends each save on its own to a learning that does not know the coalesced route (a rolling deployment)', async () => {
    const older = await FakeService.start('learning');
    older.handlers.set(ANSWER_SAVES_PATH, (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"code":"ROUTE_NOT_FOUND"}');
    });
    older.handlers.set('/api/user-answer', (_req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-from': 'older' });
      res.end(JSON.stringify({ data: { echoed: JSON.parse(body.toString()) } }));
    });
    const gateway = await start({ AUTH_URL: s.auth.url, LEARNING_URL: older.url });
    try {
      const saves = await Promise.all([1, 2, 3].map((seq) => request(gateway.url).post('/api/user-answer').set('Authorization', 'Bearer t').set('X-Locale', 'ru').send({ seq })));
      expect(saves.map((r) => [r.status, r.headers['x-from'], r.body.data.echoed.seq])).toEqual([[200, 'older', 1], [200, 'older', 2], [200, 'older', 3]]);
      const alone = older.seen.filter((r) => r.url === '/api/user-answer');
      expect(alone).toHaveLength(3);
      expect(alone.map((r) => [r.headers.authorization, r.headers['x-locale']])).toEqual([['Bearer t', 'ru'], ['Bearer t', 'ru'], ['Bearer t', 'ru']]);
      expect(alone.map((r) => r.headers['x-request-id']).sort()).toEqual(saves.map((r) => r.headers['x-request-id']).sort());
    } finally {
      await gateway.close();
      await older.close();
    }
  });

  it('answers 503 in the pupil’s language when learning cannot be reached, like a single save', async () => {
    const dead = await deadUrl();
    const gateways = [await start({ AUTH_URL: s.auth.url, LEARNING_URL: dead }), await start({ AUTH_URL: s.auth.url, LEARNING_URL: dead, SAVE_COALESCING: 'false' })];
    try {
      const answers = await Promise.all(gateways.map((g) => request(g.url).post('/api/user-answer').set('X-Locale', 'ru').send({ attemptId: 'x' })));
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
