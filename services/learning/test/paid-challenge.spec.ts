/**
 * A paid challenge across services (auth, learning, finance on real PostgreSQL and NATS): a free join is refused
 * with 402, the pupil's invoice is opened by finance once, paying it with ZP publishes `invoice.paid`, on which
 * learning grants the participation; the pupil plays, and finance credits the XP from `quiz.finished`, which the
 * leaderboard shows as total XP.
 */
import request from 'supertest';
import { startFinance } from '@olymp/finance';
import type { RunningService } from '@olymp/server-kit';
import { waitFor } from '@olymp/server-kit/testing';
import { PRECHECKS, createChallenge, learningStack, smallQuiz } from './support';

describe('a paid challenge: invoice, payment, participation, XP', () => {
  const s = learningStack();
  let finance: RunningService;
  const t1 = new Date(Date.now() - 3_600_000);

  beforeAll(async () => {
    await s.start();
    finance = await startFinance(s.ns.envFor('finance'));
  });
  afterAll(async () => {
    await finance?.close();
    await s.stop();
  });

  const money = () => request(finance.app.getHttpServer());

  it('joins through a paid invoice and earns XP by playing', async () => {
    const ch = await createChallenge(s, {
      grade: null, startsAt: t1, endsAt: new Date(t1.getTime() + 72 * 3_600_000), priceTenge: 2000, priceZp: 500,
      days: [{ opensAt: t1, quizzes: [smallQuiz(3, 10)] }],
    });
    const p = await s.pupil(5);
    const free = await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).set('X-Locale', 'en').send({});
    expect(free.status).toBe(402);
    expect(free.body.code).toBe('CHALLENGE_PAID');

    const invoice = await s.http().get(`/api/users/${p.id}/challenges/${ch.id}/invoice`).set('Authorization', p.token);
    expect(invoice.status).toBe(200);
    expect(invoice.body.data).toMatchObject({ userId: p.id, product: { kind: 'challenge', id: ch.id }, amountZp: 500, amountTenge: 2000, status: 'pending' });
    const again = await s.http().get(`/api/users/${p.id}/challenges/${ch.id}/invoice`).set('Authorization', p.token);
    expect(again.body.data.invoiceId).toBe(invoice.body.data.invoiceId);

    // The pupil tops up 500 ZP through the sandbox provider, then pays the invoice from the wallet.
    const recharge = await money().post('/api/zp-recharges').set('Authorization', p.token).send({ amountZp: 500 }).expect(201);
    await money().post(`/api/recharges/${recharge.body.data.id}/payment`).set('Authorization', p.token).expect(200);
    await money().post(`/api/recharges/${recharge.body.data.id}/sandbox-complete`).set('Authorization', p.token).send({ outcome: 'succeeded' }).expect(200);
    const paid = await money().post(`/api/wallet-payment/${invoice.body.data.invoiceId}`).set('Authorization', p.token).send({});
    expect(paid.status).toBe(200);

    const joined = await waitFor(async () => {
      const r = await s.http().get(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token);
      return r.body.data?.joined === true && r.body.data;
    }, { what: 'the participation granted by invoice.paid' });
    expect(joined.joined).toBe(true);
    const [row] = await s.sql('SELECT via, invoice_id FROM {learning}.participations WHERE user_id = $1', [p.id]);
    expect(row).toEqual({ via: 'invoice', invoice_id: invoice.body.data.invoiceId });

    const started = await s.http().post(`/api/users/${p.id}/quizzes/${ch.checkpoints[0].quizIds[0]}/start`).set('Authorization', p.token).send({ prechecks: PRECHECKS });
    expect(started.status).toBe(201);
    const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: { id: string }[] };
    for (const q of questions.slice(0, 2)) {
      await s.http().post('/api/user-answer').set('Authorization', p.token).send({ attemptId: attempt.id, questionId: q.id, answer: await s.correctAnswer(q.id) }).expect(200);
    }
    await s.http().post(`/api/users/${p.id}/quizzes/${ch.checkpoints[0].quizIds[0]}/finish`).set('Authorization', p.token).send({}).expect(200);

    const board = await waitFor(async () => {
      const r = await s.http().get(`/api/challenges/${ch.id}/leaderboard`).set('Authorization', p.token);
      return r.body.me?.points === 20 && r.body;
    }, { what: 'the finished test on the board' });
    expect(board.me).toMatchObject({ rank: 1, points: 20, xpEarned: 20 });
    // The own row carries no total XP (proto's ownRow): that is the wallet's, credited by finance from quiz.finished.
    expect(board.me).not.toHaveProperty('totalXp');
    const wallet = await waitFor(async () => {
      const r = await money().get('/api/xp-history').set('Authorization', p.token);
      return r.status === 200 && r.body.balance === 20 && (r.body as { balance: number });
    }, { what: 'total XP credited by finance from quiz.finished' });
    expect(wallet.balance).toBe(20);
  });
});
