/**
 * Points pupils earn from learning's events, through the real JetStream path into finance's consumers: XP for a
 * finished quiz (best points per quiz, credited once even when the message is redelivered or the event is published
 * again under another id) and treasure rewards; then `xp-history` and `zp-history` over HTTP.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { startAuth } from '@olymp/auth';
import { LedgerService, startFinance } from '@olymp/finance';
import { type EventPayload, type EventSubject, ROLE } from '@olymp/proto';
import { EventConsumers, NatsService, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { NO_VIOLATIONS, ledgerViolations } from './ledger-checks';

describe('XP and rewards from learning events', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('finance');

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    finance = await startFinance(ns.envFor('finance'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  afterEach(async () => {
    finance.app.get(EventConsumers).hooks = {};
    expect(await ledgerViolations(pg, schema)).toEqual(NO_VIOLATIONS);
  });

  /** Publishes an event as a producer's relay would: message id, version header. */
  const publish = async <S extends EventSubject>(subject: S, payload: EventPayload<S>, messageId = randomUUID()) => {
    const nats = finance.app.get(NatsService);
    const h = natsHeaders();
    h.set('x-event-version', '1');
    await nats.js.publish(nats.subject(subject), JSON.stringify(payload), { msgID: messageId, headers: h });
    return messageId;
  };
  const quizFinished = (userId: string, quizId: string, points: number, attemptId = randomUUID()): EventPayload<'quiz.finished'> => ({
    attemptId,
    userId,
    quizId,
    context: { kind: 'standalone' },
    points,
    maxPoints: 100,
    correctCount: 5,
    questionCount: 10,
    timeSpentMs: 60_000,
    finishedBy: 'user',
    finishedAt: new Date().toISOString(),
    standing: null,
  });
  const balances = async (userId: string) => (await finance.app.get(LedgerService).balances([userId]))[0];
  const inboxed = async (messageId: string) =>
    Number((await pg.query(`SELECT count(*) AS n FROM "${schema}".inbox WHERE message_id = $1`, [messageId])).rows[0].n) > 0;
  const transactions = async (key: string) =>
    Number((await pg.query(`SELECT count(*) AS n FROM "${schema}".ledger_transactions WHERE idempotency_key = $1`, [key])).rows[0].n);

  it('a redelivered quiz.finished credits XP once', async () => {
    const pupil = randomUUID();
    const event = quizFinished(pupil, randomUUID(), 70);
    const acks: string[] = [];
    // The first delivery commits its effect, then "dies" before the ack: JetStream delivers it again.
    finance.app.get(EventConsumers).hooks.beforeAck = (_s, id) => {
      acks.push(id);
      if (acks.filter((a) => a === id).length === 1) throw new Error('killed before ack');
    };
    const id = await publish('quiz.finished', event);
    await waitFor(() => acks.filter((a) => a === id).length >= 2, { what: 'the redelivery', timeoutMs: 15_000 });
    expect((await balances(pupil)).xp).toBe(70);
    expect(await transactions(`quiz.finished:${event.attemptId}`)).toBe(1);
  });

  it('the same attempt published again under another message id credits nothing more', async () => {
    const pupil = randomUUID();
    const event = quizFinished(pupil, randomUUID(), 40);
    const first = await publish('quiz.finished', event);
    await waitFor(() => inboxed(first), { what: 'first message' });
    const second = await publish('quiz.finished', event);
    await waitFor(() => inboxed(second), { what: 'second message' });
    expect((await balances(pupil)).xp).toBe(40);
    expect(await transactions(`quiz.finished:${event.attemptId}`)).toBe(1);
  });

  it('XP of a quiz is the best points of its attempts; another quiz adds its own', async () => {
    const pupil = randomUUID();
    const quiz = randomUUID();
    const ids = [];
    for (const points of [50, 30, 80, 80]) ids.push(await publish('quiz.finished', quizFinished(pupil, quiz, points)));
    ids.push(await publish('quiz.finished', quizFinished(pupil, randomUUID(), 25)));
    for (const id of ids) await waitFor(() => inboxed(id), { what: `message ${id}` });
    expect((await balances(pupil)).xp).toBe(80 + 25);
    const credited = await pg.query(`SELECT credited FROM "${schema}".quiz_xp WHERE user_id = $1 AND quiz_id = $2`, [pupil, quiz]);
    expect(credited.rows).toEqual([{ credited: 80 }]);
  });

  it('a burst of finishes is credited in batches: best points per quiz, whatever the order and the batch', async () => {
    // 40 pupils x 3 quizzes, two attempts each (the better one first for half of them), all published at once.
    const pupils = Array.from({ length: 40 }, () => randomUUID());
    const quizzes = [randomUUID(), randomUUID(), randomUUID()];
    const sent: Promise<string>[] = [];
    pupils.forEach((pupil, i) => quizzes.forEach((quiz, q) => {
      const [a, b] = i % 2 ? [10 + q, 30 + q] : [30 + q, 10 + q];
      sent.push(publish('quiz.finished', quizFinished(pupil, quiz, a)), publish('quiz.finished', quizFinished(pupil, quiz, b)));
    }));
    const ids = await Promise.all(sent);
    await waitFor(async () => Number((await pg.query(`SELECT count(*) AS n FROM "${schema}".inbox WHERE message_id = ANY($1)`, [ids])).rows[0].n) === 240, {
      what: '240 finishes handled', timeoutMs: 30_000,
    });
    const all = await finance.app.get(LedgerService).balances(pupils);
    expect(new Set(all.map((b) => b.xp))).toEqual(new Set([30 + 31 + 32]));
    // Inbox rows of one transaction share its start time: fewer distinct times than events means batches.
    const { rows } = await pg.query(`SELECT count(DISTINCT processed_at)::int AS n FROM "${schema}".inbox WHERE message_id = ANY($1)`, [ids]);
    expect(rows[0].n).toBeLessThan(240);
  });

  it('a claimed treasure credits its reward once per claim', async () => {
    const pupil = randomUUID();
    const claim: EventPayload<'treasure.claimed'> = {
      claimId: randomUUID(),
      userId: pupil,
      treasureId: randomUUID(),
      context: { kind: 'challenge', challengeId: randomUUID() },
      reward: { xp: 10, zp: 20, altynSaqa: 3 },
      claimedAt: new Date().toISOString(),
    };
    const ids = [await publish('treasure.claimed', claim), await publish('treasure.claimed', claim)];
    // The same claim with another reward breaks the contract: the first credit stays. "First" is the first handled:
    // the consumer handles several messages at once, so the other reward is sent once the first ones were handled.
    for (const id of ids) await waitFor(() => inboxed(id), { what: `message ${id}` });
    ids.push(await publish('treasure.claimed', { ...claim, reward: { xp: 999, zp: 0, altynSaqa: 0 } }));
    ids.push(await publish('treasure.claimed', { ...claim, claimId: randomUUID(), reward: { xp: 0, zp: 0, altynSaqa: 0 } }));
    for (const id of ids) await waitFor(() => inboxed(id), { what: `message ${id}` });
    expect(await balances(pupil)).toEqual({ userId: pupil, xp: 10, zp: 20, altynSaqa: 3 });
    expect(await transactions(`treasure.claimed:${claim.claimId}`)).toBe(1);
  });

  describe('xp-history and zp-history', () => {
    const pupil = randomUUID();
    let token = '';
    beforeAll(async () => {
      token = `Bearer ${await testToken({ userId: pupil })}`;
      const ids = [
        await publish('quiz.finished', quizFinished(pupil, randomUUID(), 30)),
        await publish('quiz.finished', quizFinished(pupil, randomUUID(), 12)),
        await publish('treasure.claimed', {
          claimId: randomUUID(), userId: pupil, treasureId: randomUUID(), context: { kind: 'training', trainingId: randomUUID() },
          reward: { xp: 0, zp: 15, altynSaqa: 0 }, claimedAt: new Date().toISOString(),
        }),
      ];
      for (const id of ids) await waitFor(() => inboxed(id), { what: `message ${id}` });
    });

    it('401 without a token', async () => {
      expect((await request(finance.url).get('/api/xp-history')).status).toBe(401);
      expect((await request(finance.url).get('/api/zp-history')).status).toBe(401);
    });

    it("lists a pupil's own postings newest first with reasons and running balance", async () => {
      const xp = await request(finance.url).get('/api/xp-history').set('authorization', token).expect(200);
      expect(xp.body.balance).toBe(42);
      expect(xp.body.total).toBe(2);
      expect(xp.body.data.map((r: { amount: number; balanceAfter: number; kind: string }) => [r.amount, r.balanceAfter, r.kind])).toEqual(
        expect.arrayContaining([[30, expect.any(Number), 'quiz_xp'], [12, expect.any(Number), 'quiz_xp']]),
      );
      expect(xp.body.data[0].balanceAfter).toBe(42);
      expect(xp.body.data[0].reason).toMatchObject({ quizId: expect.any(String), attemptId: expect.any(String) });
      const zp = await request(finance.url).get('/api/zp-history?limit=1').set('authorization', token).expect(200);
      expect(zp.body).toMatchObject({ balance: 15, total: 1, pageCount: 1, data: [{ amount: 15, balanceAfter: 15, kind: 'treasure' }] });
    });

    it("another person's history needs finance:transactions", async () => {
      const other = await request(finance.url).get(`/api/xp-history?userId=${pupil}`)
        .set('authorization', `Bearer ${await testToken({ roleId: ROLE.contentMaker })}`).set('x-locale', 'en');
      expect([other.status, other.body.code]).toEqual([403, 'FORBIDDEN']);
      const staff = await request(finance.url).get(`/api/xp-history?userId=${pupil}`)
        .set('authorization', `Bearer ${await testToken({ roleId: ROLE.manager })}`).expect(200);
      expect(staff.body.balance).toBe(42);
      const bad = await request(finance.url).get('/api/zp-history?limit=1000').set('authorization', token).set('x-locale', 'ru');
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    });
  });
});
