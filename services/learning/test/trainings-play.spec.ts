/**
 * Playing a training (spec sections 3, 7, issue 4 "Trainings"): a wrong or unanswered question costs a heart; with none left no
 * test starts until the reset interval has passed (clock at the edge +-1 ms, message in Almaty time), then the bar
 * is full; the try number limits attempts per test; each test's best attempt counts on the leaderboard; staff
 * results and statistics answer known numbers. Real PostgreSQL and NATS.
 */
import { Clock } from '@olymp/server-kit';
import { type Pupil, learningStack } from './support';
import { type TrainingFixture, bankQuiz, createTraining, join, play, startTest } from './trainings-fixture';

const MIN = 60_000;

describe('trainings: hearts, tries, leaderboard and statistics', () => {
  const s = learningStack();
  const t0 = new Date(Date.UTC(2030, 0, 10, 4, 0, 0)); // 09:00 in Almaty
  const clock = () => s.learning.app.get(Clock);
  let hearts: TrainingFixture; // 3 hearts, refill after 60 minutes, unlimited tries
  let tries: TrainingFixture; // 2 tries per test, hearts to spare
  let provinceId: number;

  beforeAll(async () => {
    await s.start();
    clock().set(t0);
    hearts = await createTraining(s, { quizzes: [await bankQuiz(s, 2, 5)], heartsMax: 3, heartResetMinutes: 60 });
    tries = await createTraining(s, { quizzes: [await bankQuiz(s, 2, 5)], heartsMax: 50, tryNumber: 2 });
    const [province] = await s.sql<{ id: number }>(
      "INSERT INTO {auth}.provinces (code, name_kk, name_ru, name_en) VALUES ('t-trainings', 'Абай', 'Абай', 'Abai') RETURNING id",
    );
    provinceId = province.id;
  });
  afterAll(() => s.stop());

  const check = async (p: Pupil, trainingId: string) => {
    const res = await s.http().get(`/api/trainings/${trainingId}/check`).set('Authorization', p.token);
    expect(res.status).toBe(200);
    return res.body.data as { joined: boolean; participation: { hearts: { hearts: number; max: number; refillAt: string | null } } | null };
  };
  const attempts = async (p: Pupil) => Number((await s.sql<{ n: string }>('SELECT COUNT(*) AS n FROM {learning}.attempts WHERE user_id = $1', [p.id]))[0].n);

  it('takes a heart per wrong or unanswered question, refuses a test with none left until the interval has passed, then fills the bar', async () => {
    const p = await s.pupil(5);
    clock().set(t0);
    await join(s, p, hearts.id);
    expect((await check(p, hearts.id)).participation?.hearts).toEqual({ hearts: 3, max: 3, refillAt: null, resetMinutes: 60 });

    await play(s, p, hearts.subchapters[0], '--');
    expect((await check(p, hearts.id)).participation?.hearts).toMatchObject({ hearts: 1, refillAt: null });

    const emptiedAt = t0.getTime() + 2 * MIN; // 09:02 Almaty
    clock().set(emptiedAt - 30_000);
    await startTest(s, p, hearts.subchapters[0]).expect(201);
    clock().set(emptiedAt);
    const finished = await s.http().post(`/api/users/${p.id}/quizzes/${hearts.subchapters[0].quizId}/finish`).set('Authorization', p.token)
      .send({ subchapter: hearts.subchapters[0].id });
    expect(finished.status).toBe(200);
    // Unanswered questions cost a heart each like wrong answers (else a finish without answers is a free look):
    // two owed, the last one lost, and the bar is empty from the finish.
    const refillAt = emptiedAt + 60 * MIN;
    expect((await check(p, hearts.id)).participation?.hearts).toEqual({ hearts: 0, max: 3, refillAt: new Date(refillAt).toISOString(), resetMinutes: 60 });

    const before = await attempts(p);
    clock().set(refillAt - 1);
    const refused = await startTest(s, p, hearts.subchapters[0]);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NO_HEARTS');
    expect(refused.body.message).toBe('You have no hearts left. They come back at 2030-01-10 10:02 (Almaty time).');
    const ru = await startTest(s, p, hearts.subchapters[0]).set('X-Locale', 'ru');
    expect(ru.body.message).toBe('Сердечки закончились. Они вернутся 2030-01-10 10:02 (время Алматы).');
    expect(await attempts(p)).toBe(before);

    clock().set(refillAt);
    expect((await check(p, hearts.id)).participation?.hearts).toEqual({ hearts: 3, max: 3, refillAt: null, resetMinutes: 60 });
    const again = await startTest(s, p, hearts.subchapters[0]);
    expect(again.status).toBe(201);
    expect(await attempts(p)).toBe(before + 1);
    const [row] = await s.sql<{ hearts: number; hearts_refill_at: Date | null }>(
      "SELECT hearts, hearts_refill_at FROM {learning}.participations WHERE board_kind = 'training' AND user_id = $1", [p.id]);
    expect(row).toEqual({ hearts: 3, hearts_refill_at: null });
  });

  it('moves a waiting pupil\'s refill when staff change the interval, and caps hearts at a new maximum', async () => {
    const p = await s.pupil(5);
    const q = await s.pupil(5);
    const t = await createTraining(s, { quizzes: [await bankQuiz(s, 3, 5)], heartsMax: 3, heartResetMinutes: 60 });
    clock().set(t0);
    await join(s, p, t.id);
    await join(s, q, t.id);
    await play(s, p, t.subchapters[0], '---');
    expect((await check(p, t.id)).participation?.hearts.refillAt).toBe(new Date(t0.getTime() + 60 * MIN).toISOString());
    const res = await s.http().post(`/api/trainings/${t.id}/update-heart-reset-interval`).set('Authorization', s.admin)
      .send({ heartResetMinutes: 30, heartsMax: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ heartResetMinutes: 30, heartsMax: 2 });
    expect((await check(p, t.id)).participation?.hearts).toEqual({ hearts: 0, max: 2, refillAt: new Date(t0.getTime() + 30 * MIN).toISOString(), resetMinutes: 30 });
    expect((await check(q, t.id)).participation?.hearts).toEqual({ hearts: 2, max: 2, refillAt: null, resetMinutes: 30 });
    clock().set(t0.getTime() + 30 * MIN - 1);
    expect((await startTest(s, p, t.subchapters[0])).body.code).toBe('NO_HEARTS');
    clock().set(t0.getTime() + 30 * MIN);
    expect((await startTest(s, p, t.subchapters[0])).status).toBe(201);
    const audit = await s.sql<{ after: { waitingMoved: number; heartsCapped: number } }>(
      "SELECT after FROM {learning}.audit_log WHERE action = 'update-heart-reset-interval' AND resource_id = $1", [t.id]);
    expect(audit.map((a) => a.after)).toEqual([{ heartResetMinutes: 30, heartsMax: 2, waitingMoved: 1, heartsCapped: 1 }]);
  });

  let a: Pupil;
  let b: Pupil;

  it('limits attempts per test to the try number and ranks each pupil by their best attempt', async () => {
    a = await s.pupil(5, { firstName: 'Aru', provinceId });
    b = await s.pupil(5, { firstName: 'Bek' });
    const sub = tries.subchapters[0];
    clock().set(t0);
    await join(s, a, tries.id);
    await join(s, b, tries.id);
    clock().set(t0.getTime() + 10 * MIN);
    expect((await play(s, a, sub, '++')).attempt.points).toBe(10);
    clock().set(t0.getTime() + 20 * MIN);
    expect((await play(s, a, sub, '+-')).attempt.points).toBe(5);
    clock().set(t0.getTime() + 30 * MIN);
    expect((await play(s, b, sub, '+-')).attempt.points).toBe(5);

    const before = await attempts(a);
    const third = await startTest(s, a, sub);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ code: 'TRIES_EXHAUSTED', message: 'You have used all 2 tries for this test.' });
    expect(await attempts(a)).toBe(before);

    const page = await s.http().get(`/api/trainings-all/${tries.id}`).set('Authorization', a.token);
    expect(page.status).toBe(200);
    expect(page.body.data.chapters[0].subchapters[0]).toMatchObject({
      content: { en: 'Lesson 1 text' },
      quiz: { id: sub.quizId, questionCount: 2, maxPoints: 10 },
      progress: { triesUsed: 2, triesLeft: 0, finishedAttempts: 2, bestPoints: 10, runningAttempt: null },
    });
    const anonymous = await s.http().get(`/api/trainings-all/${tries.id}`);
    expect(anonymous.body.data.chapters[0].subchapters[0]).toMatchObject({ content: null, progress: null });

    // Staff give another try: the limit is read when a test starts.
    expect((await s.http().post(`/api/trainings/${tries.id}/update-try-number`).set('Authorization', s.admin).send({ tryNumber: 3 })).status).toBe(200);
    clock().set(t0.getTime() + 40 * MIN);
    expect((await play(s, a, sub, '--')).attempt.points).toBe(0);
    expect((await startTest(s, a, sub)).body.code).toBe('TRIES_EXHAUSTED');

    const board = await s.http().get(`/api/trainings/${tries.id}/leaderboard`).set('Authorization', b.token);
    expect(board.status).toBe(200);
    expect(board.body.maxPoints).toBe(10);
    // Another pupil sees "Aru T." (leaderboard-privacy.spec.ts); their own full row is `me`.
    expect(board.body.data.map((r: { name: string; points: number; percent: number; rank: number }) => [r.rank, r.name, r.points, r.percent]))
      .toEqual([[1, 'Aru T.', 10, 100], [2, 'Bek T.', 5, 50]]);
    expect(board.body.me).toMatchObject({ rank: 2, userId: b.id });
    const filtered = await s.http().get(`/api/trainings/${tries.id}/leaderboard?provinceId=${provinceId}`).set('Authorization', s.admin);
    expect(filtered.body.data.map((r: { userId: string }) => r.userId)).toEqual([a.id]);
  });

  it('answers staff results, filter options and statistics with the known numbers', async () => {
    const results = await s.http().get(`/api/trainings/${tries.id}/quiz-results`).set('Authorization', s.admin);
    expect(results.status).toBe(200);
    expect(results.body.total).toBe(4);
    const inProvince = await s.http().get(`/api/trainings/${tries.id}/quiz-results?provinceId=${provinceId}`).set('Authorization', s.admin);
    expect(inProvince.body.data.map((r: { points: number }) => r.points).sort((x: number, y: number) => x - y)).toEqual([0, 5, 10]);
    expect(inProvince.body.data[0].province).toEqual({ id: provinceId, name: { kk: 'Абай', ru: 'Абай', en: 'Abai' } });
    const byQuiz = await s.http().get(`/api/trainings/${tries.id}/quiz-results?quizId=${tries.subchapters[0].quizId}&perPage=2`).set('Authorization', s.admin);
    expect(byQuiz.body).toMatchObject({ total: 4, perPage: 2 });
    expect(byQuiz.body.data).toHaveLength(2);

    const options = await s.http().get(`/api/trainings/${tries.id}/quiz-results-filter-options`).set('Authorization', s.admin);
    expect(options.body.data.quizzes.map((q: { id: string }) => q.id)).toEqual([tries.subchapters[0].quizId]);
    expect(options.body.data.provinces).toEqual([{ id: provinceId, name: { kk: 'Абай', ru: 'Абай', en: 'Abai' } }]);

    // Attempts: Aru ++ (10), +- (5), -- (0); Bek +- (5).
    const stats = await s.http().get(`/api/trainings/${tries.id}/quiz-statistics`).set('Authorization', s.admin);
    expect(stats.status).toBe(200);
    const [test] = stats.body.data;
    expect(test).toMatchObject({ attempts: 4, maxPoints: 10, averagePoints: 5 });
    expect(test.distribution.filter((d: { count: number }) => d.count > 0)).toEqual([
      { fromPercent: 0, toPercent: 9, count: 1 },
      { fromPercent: 50, toPercent: 59, count: 2 },
      { fromPercent: 90, toPercent: 100, count: 1 },
    ]);
    expect(test.questions.map((q: { correctRate: number; correct: number }) => [q.correct, q.correctRate])).toEqual([[3, 75], [1, 25]]);

    const summary = await s.http().get(`/api/trainings/${tries.id}/statistics`).set('Authorization', s.admin);
    expect(summary.body.data).toMatchObject({
      participants: 2, byVia: { free: 2 }, withFinishedTests: 2, averagePoints: 7.5, outOfHearts: 0,
      tests: [{ subchapterId: tries.subchapters[0].id, quizId: tries.subchapters[0].quizId, maxPoints: 10, pupils: 2, attempts: 4, averageBestPoints: 7.5 }],
    });

    const student = await s.http().get(`/api/trainings/${tries.id}/students/${b.id}/results`).set('Authorization', s.admin);
    expect(student.status).toBe(200);
    expect(student.body.data[0].result).toMatchObject({ points: 5, correctAnswers: 1 });
    expect(student.body.data[0].questions.map((q: { isCorrect: boolean }) => q.isCorrect)).toEqual([true, false]);

    const progress = await s.http().get(`/api/trainings/${tries.id}/${a.id}`).set('Authorization', s.admin);
    expect(progress.status).toBe(200);
    expect(progress.body.data).toMatchObject({ joined: true, participation: { points: 10, via: 'free' } });
    expect(progress.body.data.chapters[0].subchapters[0].progress).toMatchObject({ triesUsed: 3, triesLeft: 0, bestPoints: 10 });
    const own = await s.http().get(`/api/trainings/${tries.id}/${b.id}`).set('Authorization', b.token);
    expect(own.status).toBe(200);
    expect((await s.http().get(`/api/trainings/${tries.id}/${a.id}`).set('Authorization', b.token)).status).toBe(403);

    for (const path of ['quiz-results', 'quiz-results-filter-options', 'quiz-statistics', 'statistics', 'subscriptions', `students/${a.id}/results`]) {
      expect((await s.http().get(`/api/trainings/${tries.id}/${path}`)).status).toBe(401);
      expect((await s.http().get(`/api/trainings/${tries.id}/${path}`).set('Authorization', a.token)).status).toBe(403);
      expect((await s.http().get(`/api/trainings/00000000-0000-4000-8000-000000000000/${path}`).set('Authorization', s.admin)).status).toBe(404);
      const bad = await s.http().get(`/api/trainings/not-a-uuid/${path}`).set('Authorization', s.admin).set('X-Locale', 'ru');
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('INVALID_ID');
    }
    const badQuery = await s.http().get(`/api/trainings/${tries.id}/quiz-results?perPage=0`).set('Authorization', s.admin).set('X-Locale', 'en');
    expect(badQuery.status).toBe(400);
  });
});
