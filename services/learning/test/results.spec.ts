/**
 * Treasures, achievements and staff results (spec sections 3, 7): a treasure opens after the tests it guards and is
 * claimed once (one `treasure.claimed`); finishing every test of a challenge earns an achievement with a
 * certificate code; quiz results, filter options, per-student results and statistics answer known numbers.
 */
import { Clock } from '@olymp/server-kit';
import { binary, textOf } from './pdf-tools';
import { type ChallengeFixture, type Pupil, PRECHECKS, createChallenge, learningStack, smallQuiz } from './support';

const HOUR = 3_600_000;

describe('treasures, achievements and results', () => {
  const s = learningStack();
  const t1 = new Date(Date.UTC(2030, 2, 1, 4, 0, 0));
  let ch: ChallengeFixture;
  let treasureId: string;
  let full: Pupil;
  let partial: Pupil;
  let idle: Pupil;
  const clock = () => s.learning.app.get(Clock);

  beforeAll(async () => {
    await s.start();
    clock().set(t1);
    ch = await createChallenge(s, {
      grade: 6, startsAt: t1, endsAt: new Date(t1.getTime() + 48 * HOUR),
      // In the authored order (shuffle off): the per-question numbers below name questions by position.
      days: [{ opensAt: t1, quizzes: [{ ...smallQuiz(3, 5), shuffle: false }, { ...smallQuiz(2, 10), shuffle: false }] }],
    });
    const t = await s.http().post('/api/treasures').set('Authorization', s.admin).send({
      boardId: ch.id, checkpointId: ch.checkpoints[0].checkpointId, titleKk: 'Қазына', titleRu: 'Сокровище', titleEn: 'Treasure', rewardXp: 20, rewardZp: 5,
    });
    expect(t.status).toBe(201);
    treasureId = t.body.id;
    full = await s.pupil(6, { firstName: '<b>Aruzhan</b>' });
    partial = await s.pupil(6, { firstName: 'Dias' });
    idle = await s.pupil(6, { firstName: 'Idle' });
    for (const p of [full, partial, idle]) expect((await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({})).status).toBe(201);
  });
  afterAll(() => s.stop());

  async function play(p: Pupil, quizIndex: number, wrong: number, seconds: number) {
    clock().set(t1.getTime() + HOUR);
    const quizId = ch.checkpoints[0].quizIds[quizIndex];
    const started = await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/start`).set('Authorization', p.token).send({ prechecks: PRECHECKS });
    expect(started.status).toBe(201);
    const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: { id: string }[] };
    for (const [i, q] of questions.entries()) {
      const answer = i < wrong ? await s.wrongAnswer(q.id) : await s.correctAnswer(q.id);
      expect((await s.http().post('/api/user-answer').set('Authorization', p.token).send({ attemptId: attempt.id, questionId: q.id, answer })).status).toBe(200);
    }
    clock().set(t1.getTime() + HOUR + seconds * 1000);
    expect((await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/finish`).set('Authorization', p.token).send({})).status).toBe(200);
  }

  const claims = () => s.sql("SELECT payload FROM {learning}.outbox WHERE subject = 'treasure.claimed'");
  const claim = (p: Pupil) => s.http().post(`/api/treasures/${treasureId}/claim`).set('Authorization', p.token).set('X-Locale', 'en');

  it('keeps a treasure locked until its tests are finished, then gives it once', async () => {
    await play(full, 0, 0, 60);
    const locked = await claim(full);
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('TREASURE_LOCKED');
    await play(full, 1, 0, 90);
    const ok = await claim(full);
    expect(ok.status).toBe(200);
    expect(ok.body.data.reward).toEqual({ xp: 20, zp: 5, altynSaqa: 0 });
    const twice = await claim(full);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TREASURE_ALREADY_CLAIMED');
    const events = await claims();
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ userId: full.id, treasureId, reward: { xp: 20, zp: 5, altynSaqa: 0 }, context: { kind: 'challenge', challengeId: ch.id } });
    const stranger = await s.pupil(6);
    expect((await claim(stranger)).body.code).toBe('NOT_A_PARTICIPANT');
    expect(await claims()).toHaveLength(1);
  });

  it('awards a finisher achievement with a certificate that can be checked and printed', async () => {
    await play(partial, 0, 1, 120);
    const mine = await s.http().get('/api/achievements').set('Authorization', full.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    const a = mine.body.data[0];
    expect(a).toMatchObject({ code: 'challenge-finisher', challengeId: ch.id, points: 35 });
    expect((await s.http().get('/api/achievements').set('Authorization', partial.token)).body.data).toEqual([]);
    const earned = await s.sql("SELECT payload FROM {learning}.outbox WHERE subject = 'achievement.earned'");
    expect(earned).toHaveLength(1);
    const check = await s.http().get(`/api/achievements/${a.certificateCode}`);
    expect(check.status).toBe(200);
    expect(check.body.data.certificateCode).toBe(a.certificateCode);
    const print = await s.http().get(`/api/achievements/${a.certificateCode.toLowerCase()}/print`).set('X-Locale', 'en').buffer(true).parse(binary);
    expect(print.status).toBe(200);
    expect(print.headers['content-type']).toBe('application/pdf');
    expect(print.headers['content-disposition']).toBe(`inline; filename="certificate-${a.certificateCode}.pdf"`);
    const printed = textOf(print.body as Buffer);
    expect(printed).toContain('<b>Aruzhan</b> Test');
    expect(printed).toContain('Place: 1 / 2 · Points: 35');
    expect(printed).toContain(a.certificateCode);
    expect((await s.http().get('/api/achievements/ZZZZZZZZZZ/print')).status).toBe(404);
    const download = await s.http().get(`/api/certificates/download?userId=${full.id}&challengeId=${ch.id}`).set('Authorization', full.token).buffer(true).parse(binary);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="certificate-${a.certificateCode}.pdf"`);
    expect((download.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await s.http().get(`/api/certificates/download?userId=${full.id}&challengeId=${ch.id}`).set('Authorization', partial.token)).status).toBe(403);
  });

  it('lists quiz results with filters and filter options for staff only', async () => {
    const all = await s.http().get(`/api/challenges/${ch.id}/quiz-results`).set('Authorization', s.admin);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    const firstQuiz = await s.http().get(`/api/challenges/${ch.id}/quiz-results?quizId=${ch.checkpoints[0].quizIds[0]}`).set('Authorization', s.admin);
    expect(firstQuiz.body.data.map((r: { name: string; points: number }) => [r.name, r.points]).sort()).toEqual([['<b>Aruzhan</b> Test', 15], ['Dias Test', 10]]);
    const options = await s.http().get(`/api/challenges/${ch.id}/quiz-results-filter-options`).set('Authorization', s.admin);
    expect(options.body.data.quizzes.map((q: { id: string }) => q.id)).toEqual(ch.checkpoints[0].quizIds);
    for (const path of ['quiz-results', 'quiz-results-filter-options', 'statistics', `students/${full.id}/results`]) {
      expect((await s.http().get(`/api/challenges/${ch.id}/${path}`).set('Authorization', full.token)).status).toBe(403);
      expect((await s.http().get(`/api/challenges/${ch.id}/${path}`)).status).toBe(401);
    }
    const bad = await s.http().get(`/api/challenges/${ch.id}/quiz-results?perPage=0`).set('Authorization', s.admin).set('X-Locale', 'ru');
    expect(bad.status).toBe(400);
    expect((await s.http().get(`/api/challenges/00000000-0000-4000-8000-000000000000/quiz-results`).set('Authorization', s.admin)).status).toBe(404);
  });

  it('answers a pupil\'s results, and says when there are none', async () => {
    const detailed = await s.http().get(`/api/challenges/${ch.id}/students/${partial.id}/detailed-results`).set('Authorization', s.admin);
    expect(detailed.status).toBe(200);
    expect(detailed.body.data[0].result).toMatchObject({ points: 10, correctAnswers: 2 });
    expect(detailed.body.data[0].questions[0]).toMatchObject({ isCorrect: false, pointsEarned: 0 });
    expect(detailed.body.data[1].result).toBeNull();
    const none = await s.http().get(`/api/challenges/${ch.id}/students/${idle.id}/results`).set('Authorization', s.admin).set('X-Locale', 'en');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'NO_TEST_RESULTS', message: 'No test results.' });
    const own = await s.http().get(`/api/user-challenge-report?challengeId=${ch.id}&userId=${partial.id}`).set('Authorization', partial.token);
    expect(own.status).toBe(200);
    expect((await s.http().get(`/api/user-challenge-report?challengeId=${ch.id}&userId=${full.id}`).set('Authorization', partial.token)).status).toBe(403);
  });

  it('computes statistics: averages, score distribution and each question\'s correct rate', async () => {
    const stats = await s.http().get(`/api/challenges/${ch.id}/statistics`).set('Authorization', s.admin);
    expect(stats.status).toBe(200);
    const [first, second] = stats.body.data;
    expect(first).toMatchObject({ attempts: 2, maxPoints: 15, averagePoints: 12.5, averageTimeMs: 90_000 });
    // 15/15 -> the top tenth; 10/15 = 66.7% -> the 60-69% tenth.
    expect(first.distribution.filter((d: { count: number }) => d.count > 0)).toEqual([
      { fromPercent: 60, toPercent: 69, count: 1 },
      { fromPercent: 90, toPercent: 100, count: 1 },
    ]);
    expect(first.questions.map((q: { correctRate: number }) => q.correctRate)).toEqual([50, 100, 100]);
    expect(second).toMatchObject({ attempts: 1, averagePoints: 20 });
  });
});
