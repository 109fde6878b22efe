/**
 * A training cannot be gamed for its answers (hardening issue): finishing a test without answers costs a heart per
 * unanswered question, like a wrong answer, and the correct answers of a training test (right or wrong per question,
 * points per question, the correct answer, the explanation) reach the pupil only once they have passed it (every
 * question right) or have no tries left. Every route a pupil could read them from is tried: the finish reply (also
 * a second finish), the play view, the answers list, the results routes. Staff see them. Real PostgreSQL and NATS.
 */
import { Clock } from '@olymp/server-kit';
import { type Pupil, learningStack } from './support';
import { type TrainingFixture, bankQuiz, createTraining, join, play, startTest } from './trainings-fixture';

const REVEALING = ['isCorrect', 'pointsEarned', 'correctAnswer', 'explanation'];

describe('trainings: correct answers only after passing or the last try', () => {
  const s = learningStack();
  let limited: TrainingFixture; // 2 tries per test, 50 hearts
  let unlimited: TrainingFixture; // unlimited tries, 50 hearts
  const clock = () => s.learning.app.get(Clock);

  beforeAll(async () => {
    await s.start();
    clock().set(new Date(Date.UTC(2030, 0, 10, 4, 0, 0)));
    limited = await createTraining(s, { quizzes: [await bankQuiz(s, 2, 5)], heartsMax: 50, tryNumber: 2 });
    unlimited = await createTraining(s, { quizzes: [await bankQuiz(s, 2, 5)], heartsMax: 50, tryNumber: null });
  });
  afterAll(() => s.stop());

  const hearts = async (p: Pupil, trainingId: string) =>
    ((await s.http().get(`/api/trainings/${trainingId}/check`).set('Authorization', p.token)).body.data.participation.hearts.hearts) as number;

  /** Every reply a pupil (or staff, with `token`) could read the answers of their latest attempt from. */
  async function replies(p: Pupil, sub: { id: string; quizId: string }, attemptId: string, token = p.token) {
    const base = `/api/users/${p.id}/quizzes/${sub.quizId}`;
    const out = {
      show: await s.http().get(`${base}?subchapter=${sub.id}`).set('Authorization', token),
      showNoContext: await s.http().get(base).set('Authorization', token),
      answers: await s.http().get(`${base}/answers?subchapter=${sub.id}`).set('Authorization', token),
      finishAgain: token === p.token ? await s.http().post(`${base}/finish`).set('Authorization', token).send({ attemptId }) : null,
    };
    for (const r of Object.values(out)) if (r) expect(r.status).toBe(200);
    return out;
  }

  /** Whether any reply names a revealing field (anywhere in its body). */
  function reveals(body: unknown): boolean {
    const text = JSON.stringify(body);
    return REVEALING.some((key) => text.includes(`"${key}"`));
  }

  it('charges a heart per unanswered question and shows no answers after a finish without answers', async () => {
    const p = await s.pupil(5);
    const sub = limited.subchapters[0];
    await join(s, p, limited.id);
    expect(await hearts(p, limited.id)).toBe(50);

    const started = await startTest(s, p, sub);
    expect(started.status).toBe(201);
    const attemptId = started.body.data.attempt.id as string;
    const finished = await s.http().post(`/api/users/${p.id}/quizzes/${sub.quizId}/finish`).set('Authorization', p.token)
      .send({ attemptId, subchapter: sub.id });
    expect(finished.status).toBe(200);
    expect(finished.body.data.attempt).toMatchObject({ status: 'finished', points: 0, correctCount: 0, questionCount: 2, answersShown: false });
    expect(finished.body.data.questions).toHaveLength(2);
    expect(reveals(finished.body)).toBe(false);
    // Two unanswered questions: two hearts, as two wrong answers would.
    expect(await hearts(p, limited.id)).toBe(48);

    const r = await replies(p, sub, attemptId);
    for (const reply of [r.show, r.showNoContext, r.answers, r.finishAgain]) expect(reveals(reply?.body)).toBe(false);
    expect(r.show.body.data.attempt.answersShown).toBe(false);
    expect(r.answers.body.data.map((x: { answer: unknown }) => x.answer)).toEqual([null, null]);
    expect(await hearts(p, limited.id)).toBe(48);

    // The results routes are staff's (or, for a challenge, the pupil's report: a training is not one).
    expect((await s.http().get(`/api/trainings/${limited.id}/students/${p.id}/results`).set('Authorization', p.token)).status).toBe(403);
    expect((await s.http().get(`/api/user-challenge-report?challengeId=${limited.id}&userId=${p.id}`).set('Authorization', p.token)).status).toBe(404);

    // Staff who read results see them.
    const staff = await replies(p, sub, attemptId, s.admin);
    expect(staff.show.body.data.attempt.answersShown).toBe(true);
    expect(staff.show.body.data.questions.every((q: { correctAnswer: unknown }) => q.correctAnswer !== undefined)).toBe(true);
    expect(staff.answers.body.data.every((q: { isCorrect: boolean }) => q.isCorrect === false)).toBe(true);
    const results = await s.http().get(`/api/trainings/${limited.id}/students/${p.id}/results`).set('Authorization', s.admin);
    expect(results.status).toBe(200);
    expect(reveals(results.body)).toBe(true);
  });

  it('charges a heart per unanswered question next to a right one', async () => {
    const p = await s.pupil(5);
    await join(s, p, unlimited.id);
    const done = await play(s, p, unlimited.subchapters[0], '+.');
    expect(done.attempt.points).toBe(5);
    expect(await hearts(p, unlimited.id)).toBe(49);
  });

  it('shows the answers once no tries are left, on every route', async () => {
    const p = await s.pupil(5);
    const sub = limited.subchapters[0];
    await join(s, p, limited.id);
    const first = await play(s, p, sub, '+-');
    expect(reveals(first)).toBe(false);
    expect(reveals((await replies(p, sub, first.attempt.id)).show.body)).toBe(false);

    const last = await play(s, p, sub, '-+');
    expect(last).toMatchObject({ attempt: { points: 5, answersShown: true } });
    const questions = (last as unknown as { questions: { isCorrect: boolean; correctAnswer: { optionIds: string[] } }[] }).questions;
    expect(questions.map((q) => q.isCorrect)).toEqual([false, true]);
    expect(questions.every((q) => q.correctAnswer.optionIds.length === 1)).toBe(true);
    const r = await replies(p, sub, last.attempt.id);
    expect(r.show.body.data.attempt.answersShown).toBe(true);
    expect(r.answers.body.data.map((x: { isCorrect: boolean }) => x.isCorrect)).toEqual([false, true]);
    expect(reveals(r.finishAgain?.body)).toBe(true);
  });

  it('shows the answers once the pupil has passed, and not before, with unlimited tries', async () => {
    const p = await s.pupil(5);
    const sub = unlimited.subchapters[0];
    await join(s, p, unlimited.id);
    for (const pattern of ['..', '+-', '-+']) {
      const attempt = await play(s, p, sub, pattern);
      expect(reveals(attempt)).toBe(false);
      const r = await replies(p, sub, attempt.attempt.id);
      for (const reply of [r.show, r.showNoContext, r.answers, r.finishAgain]) expect(reveals(reply?.body)).toBe(false);
    }
    const passed = await play(s, p, sub, '++');
    expect(passed.attempt).toMatchObject({ points: 10, answersShown: true });
    expect(reveals(passed)).toBe(true);
    expect(reveals((await replies(p, sub, passed.attempt.id)).answers.body)).toBe(true);
    // 2 + 1 + 1 hearts for the three failed tries.
    expect(await hearts(p, unlimited.id)).toBe(46);
  });
});
