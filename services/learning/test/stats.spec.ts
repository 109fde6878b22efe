/**
 * Today's figures for the staff home page (GET /api/stats/learning): who may read them, and that they count what
 * happened since midnight in Almaty: tests started and finished, live challenges and their participants.
 */
import { Clock } from '@olymp/server-kit';
import { PRECHECKS, createChallenge, learningStack, smallQuiz } from './support';

const HOUR = 3_600_000;

describe('GET /api/stats/learning', () => {
  const s = learningStack();
  // 10:00 in Almaty (05:00 UTC).
  const t1 = new Date(Date.UTC(2030, 4, 10, 5, 0, 0));
  const clock = () => s.learning.app.get(Clock);

  beforeAll(async () => {
    await s.start();
    clock().set(t1);
  });
  afterAll(() => s.stop());

  const stats = () => s.http().get('/api/stats/learning').set('Authorization', s.admin).set('X-Locale', 'en');

  it('refuses without a token (401) and without sidebar:challenge_index (403)', async () => {
    expect((await s.http().get('/api/stats/learning')).status).toBe(401);
    const pupil = await s.pupil(6);
    const refused = await s.http().get('/api/stats/learning').set('Authorization', pupil.token).set('X-Locale', 'ru');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
  });

  it('counts today in Almaty: pupils active (each once), tests started and finished, live challenges and their participants', async () => {
    expect((await stats()).body).toEqual({ data: { date: '2030-05-10', pupilsActive: 0, testsStarted: 0, testsFinished: 0, liveChallenges: 0, participants: 0 } });
    const ch = await createChallenge(s, { grade: 6, startsAt: t1, endsAt: new Date(t1.getTime() + 48 * HOUR), days: [{ opensAt: t1, quizzes: [smallQuiz(1, 5)] }] });
    const [a, b] = [await s.pupil(6), await s.pupil(6)];
    for (const p of [a, b]) expect((await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({})).status).toBe(201);
    const quizId = ch.checkpoints[0].quizIds[0];
    clock().set(t1.getTime() + HOUR);
    for (const p of [a, b]) expect((await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/start`).set('Authorization', p.token).send({ prechecks: PRECHECKS })).status).toBe(201);
    expect((await s.http().post(`/api/users/${a.id}/quizzes/${quizId}/finish`).set('Authorization', a.token).send({})).status).toBe(200);
    expect((await stats()).body.data).toEqual({ date: '2030-05-10', pupilsActive: 2, testsStarted: 2, testsFinished: 1, liveChallenges: 1, participants: 2 });

    // The next day in Almaty (after 19:00 UTC) starts from zero tests; the challenge is still live.
    clock().set(Date.UTC(2030, 4, 10, 19, 30));
    expect((await stats()).body.data).toEqual({ date: '2030-05-11', pupilsActive: 0, testsStarted: 0, testsFinished: 0, liveChallenges: 1, participants: 2 });
    // Once it ends it is no longer live.
    clock().set(t1.getTime() + 49 * HOUR);
    expect((await stats()).body.data).toMatchObject({ liveChallenges: 0, participants: 0 });
  });
});
