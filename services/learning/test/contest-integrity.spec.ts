/**
 * Contest integrity: a checkpoint's test is the same for every pupil of the grade for a whole day, so no reply a
 * pupil can get (any route, before or after their own finish) and no `quiz.finished` event carries a correct answer
 * of it while anyone can still answer it; once the checkpoint has closed (and no attempt still running may save)
 * the review shows them. Before that a pupil sees their points, and right/wrong marks only when the challenge says
 * so. Questions and options come in an order of each attempt's own (seeded by its id), or the authored order when
 * the quiz's `shuffle` is off; scoring goes by ids, so the order changes nothing.
 */
import { Clock } from '@olymp/server-kit';
import { type ChallengeFixture, type Pupil, PRECHECKS, createChallenge, learningStack, smallQuiz } from './support';
import { dailyTest } from '../src/seed/math-questions';

const HOUR = 3_600_000;
const GRACE = 5_000;

interface Question {
  id: string;
  kind: string;
  options: { id: string }[];
}
interface View {
  attempt: { id: string; status: string; points?: number; review?: { marks: boolean; answers: boolean; answersAt: string | null } } | null;
  questions: (Question & { isCorrect?: boolean; pointsEarned?: number; correctAnswer?: { optionIds?: string[] }; explanation?: unknown })[];
}

describe('contest integrity: correct answers wait for the close, orders are per attempt', () => {
  const s = learningStack();
  const t1 = new Date(Date.UTC(2030, 5, 1, 4, 0, 0));
  const closesAt = new Date(t1.getTime() + 24 * HOUR); // day 1 closes when day 2 opens, 24 h later
  let ch: ChallengeFixture;
  let mixedQuiz: string; // 15 questions: choices, numbers and a short text (test 2 of the demo day)
  let bigQuiz: string; // 10 single-choice questions of 4 options, shuffled (the default)
  let authoredQuiz: string; // the same shape with shuffle turned off by staff
  let checkpoint: string;
  const clock = () => s.learning.app.get(Clock);

  /** A single-choice quiz of `count` questions with 4 options, the second one right. */
  const fourOptions = (count: number) => ({
    ...smallQuiz(count, 1, 1800),
    questions: Array.from({ length: count }, (_, i) => ({
      kind: 'single', textKk: `Q${i}`, textRu: `Q${i}`, textEn: `Q${i}`, points: 1,
      options: [0, 1, 2, 3].map((d) => ({ textKk: `${i}-${d}`, textRu: `${i}-${d}`, textEn: `${i}-${d}`, isCorrect: d === 1 })),
    })),
  });

  beforeAll(async () => {
    await s.start();
    clock().set(t1);
    ch = await createChallenge(s, {
      grade: 5, startsAt: t1, endsAt: new Date(t1.getTime() + 120 * HOUR),
      days: [
        { opensAt: t1, quizzes: [dailyTest(5, 1, 2, 15, 8), fourOptions(10), fourOptions(10)] },
        { opensAt: closesAt, quizzes: [smallQuiz(2, 1)] },
      ],
    });
    checkpoint = ch.checkpoints[0].checkpointId;
    [mixedQuiz, bigQuiz, authoredQuiz] = ch.checkpoints[0].quizIds;
    const off = await s.http().patch(`/api/quizzes/${authoredQuiz}`).set('Authorization', s.admin).send({ shuffle: false });
    expect(off.status).toBe(200);
    expect(off.body.shuffle).toBe(false);
  });
  afterAll(() => s.stop());

  async function joined(): Promise<Pupil> {
    const p = await s.pupil(5);
    await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({}).expect(201);
    return p;
  }

  const start = (p: Pupil, quizId: string) =>
    s.http().post(`/api/users/${p.id}/quizzes/${quizId}/start`).set('Authorization', p.token).send({ checkpoint, prechecks: PRECHECKS });
  const show = async (p: Pupil, quizId: string) =>
    (await s.http().get(`/api/users/${p.id}/quizzes/${quizId}?checkpoint=${checkpoint}`).set('Authorization', p.token).expect(200)).body.data as View;

  /** What is correct in a quiz, from the database: option ids and accepted texts (what no reply may carry). */
  async function secretsOf(quizId: string) {
    const optionIds = (await s.sql<{ id: string }>(
      'SELECT a.id FROM {learning}.answers a JOIN {learning}.questions q ON q.id = a.question_id WHERE q.quiz_id = $1 AND a.is_correct', [quizId])).map((r) => r.id);
    const texts = (await s.sql<{ accepted: { texts?: string[] } | null }>('SELECT accepted FROM {learning}.questions WHERE quiz_id = $1', [quizId]))
      .flatMap((r) => r.accepted?.texts ?? []);
    return { optionIds, texts };
  }

  /** Every JSON reply a pupil can get from learning that could touch the test, with a name for each. */
  async function pupilReplies(p: Pupil, quizId: string, attemptId: string, questions: Question[]) {
    const get = (url: string) => s.http().get(url).set('Authorization', p.token);
    const q = questions[0];
    const replies: [string, { status: number; body: unknown }][] = [
      ['retried start', await start(p, quizId)],
      ['play view', await get(`/api/users/${p.id}/quizzes/${quizId}?checkpoint=${checkpoint}`)],
      ['play view, context guessed', await get(`/api/users/${p.id}/quizzes/${quizId}`)],
      ['answers', await get(`/api/users/${p.id}/quizzes/${quizId}/answers?checkpoint=${checkpoint}`)],
      ['start time', await get(`/api/users/${p.id}/quizzes/${quizId}/start-time?checkpoint=${checkpoint}`)],
      ['save', await s.http().post('/api/user-answer').set('Authorization', p.token).send({ attemptId, questionId: q.id, answer: await s.wrongAnswer(q.id) })],
      ['batch save', await s.http().post(`/api/users/${p.id}/quizzes/${quizId}`).set('Authorization', p.token).send({ attemptId, answers: [{ questionId: q.id, answer: await s.wrongAnswer(q.id), seq: 50 }] })],
      ['challenge list', await get('/api/challenges-all')],
      ['challenge page', await get(`/api/challenges-all/${ch.id}`)],
      ['participation', await get(`/api/users/${p.id}/challenges/${ch.id}`)],
      ['active challenges', await get(`/api/users/${p.id}/active-challenges`)],
      ['leaderboard', await get(`/api/challenges/${ch.id}/leaderboard`)],
      ['own report', await get(`/api/user-challenge-report?challengeId=${ch.id}&userId=${p.id}`)],
      ['achievements', await get('/api/achievements')],
      ['quiz resource', await get(`/api/quizzes/${quizId}`)],
      ['question resource', await get(`/api/questions?filter[0]=quizId||$eq||${quizId}`)],
      ['answer resource', await get(`/api/answers?filter[0]=questionId||$eq||${q.id}`)],
      ['detailed results', await get(`/api/challenges/${ch.id}/students/${p.id}/detailed-results`)],
    ];
    return replies;
  }

  function expectNoSecrets(replies: [string, { status: number; body: unknown }][], secrets: { optionIds: string[]; texts: string[] }) {
    for (const [name, res] of replies) {
      expect([name, res.status < 500]).toEqual([name, true]);
      // The choices of a question are its options' ids and texts, the right one among them: they are not a leak,
      // so they are scanned for their fields only (`id` and `text`); any other place an id appears in would be.
      const body = JSON.stringify(res.body, (key, value: unknown) =>
        key === 'options' && Array.isArray(value) ? value.map((o: object) => Object.keys(o).sort()) : value);
      expect([name, body]).not.toEqual([name, expect.stringMatching(/"(isCorrect|correctAnswer|accepted|explanation|pointsEarned)"/)]);
      for (const id of secrets.optionIds) expect([name, body.includes(id)]).toEqual([name, false]);
      for (const t of secrets.texts) expect([name, body.includes(t)]).toEqual([name, false]);
    }
  }

  it('sends no correct answer of an open checkpoint\'s test in any reply or event, before or after the pupil\'s finish, and reveals them after the close', async () => {
    clock().set(t1.getTime() + HOUR);
    const p = await joined();
    const started = await start(p, mixedQuiz);
    expect(started.status).toBe(201);
    const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: Question[] };
    const secrets = await secretsOf(mixedQuiz);
    expect(secrets.optionIds.length).toBeGreaterThan(5);
    expect(secrets.texts.length).toBeGreaterThan(0);
    // The pupil answers every question wrongly: their own answers never name a correct option.
    for (const q of questions) {
      await s.http().post('/api/user-answer').set('Authorization', p.token).send({ attemptId: attempt.id, questionId: q.id, answer: await s.wrongAnswer(q.id) }).expect(200);
    }
    const during = await pupilReplies(p, mixedQuiz, attempt.id, questions);
    expect(during.find(([n]) => n === 'play view')?.[1].status).toBe(200);
    expect(during.find(([n]) => n === 'question resource')?.[1].status).toBe(403);
    expectNoSecrets([['started', started], ...during], secrets);

    clock().set(t1.getTime() + 2 * HOUR);
    const finished = await s.http().post(`/api/users/${p.id}/quizzes/${mixedQuiz}/finish`).set('Authorization', p.token).send({ checkpoint });
    expect(finished.status).toBe(200);
    expect(finished.body.data.attempt).toMatchObject({ status: 'finished', points: 0, review: { marks: false, answers: false, answersAt: closesAt.toISOString() } });
    const after = await pupilReplies(p, mixedQuiz, attempt.id, questions);
    expect(after.find(([n]) => n === 'retried start')?.[1].status).toBe(409);
    expect(after.find(([n]) => n === 'save')?.[1].status).toBe(409);
    expect(after.find(([n]) => n === 'own report')?.[1].status).toBe(200);
    expectNoSecrets([['finish', finished], ...after], secrets);

    // The event goes to notifications and from there to sockets: it carries numbers, never answers.
    const [event] = await s.sql<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM {learning}.outbox WHERE subject = 'quiz.finished' AND payload->>'attemptId' = $1", [attempt.id]);
    expect(Object.keys(event.payload).sort()).toEqual(
      ['attemptId', 'context', 'correctCount', 'finishedAt', 'finishedBy', 'maxPoints', 'points', 'questionCount', 'quizId', 'standing', 'timeSpentMs', 'userId']);
    expectNoSecrets([['quiz.finished', { status: 200, body: event.payload }]], secrets);

    // One millisecond before the close: still hidden.
    clock().set(closesAt.getTime() - 1);
    expectNoSecrets([
      ['play view', await s.http().get(`/api/users/${p.id}/quizzes/${mixedQuiz}?checkpoint=${checkpoint}`).set('Authorization', p.token)],
      ['answers', await s.http().get(`/api/users/${p.id}/quizzes/${mixedQuiz}/answers?checkpoint=${checkpoint}`).set('Authorization', p.token)],
    ], secrets);

    // One millisecond after: the whole review, with the right answers and explanations.
    clock().set(closesAt.getTime() + 1);
    const review = await show(p, mixedQuiz);
    expect(review.attempt?.review).toEqual({ marks: true, answers: true, answersAt: null });
    const shown = review.questions.flatMap((q) => q.correctAnswer?.optionIds ?? []);
    expect(shown.sort()).toEqual([...secrets.optionIds].sort());
    expect(review.questions.every((q) => q.isCorrect === false && q.pointsEarned === 0 && q.explanation !== undefined)).toBe(true);
    expect(JSON.stringify(review)).toContain(secrets.texts[0]);
    const answers = await s.http().get(`/api/users/${p.id}/quizzes/${mixedQuiz}/answers?checkpoint=${checkpoint}`).set('Authorization', p.token);
    expect(answers.body.data[0]).toHaveProperty('correctAnswer');
  });

  it('keeps the answers hidden after the close while a pupil who started in time can still save', async () => {
    const done = await joined();
    const late = await joined();
    clock().set(t1.getTime() + 3 * HOUR);
    const a = (await start(done, bigQuiz)).body.data as { attempt: { id: string } };
    await s.http().post(`/api/users/${done.id}/quizzes/${bigQuiz}/finish`).set('Authorization', done.token).send({ checkpoint, attemptId: a.attempt.id }).expect(200);
    // The other pupil starts a minute before the close: their 30 minutes run on past it.
    clock().set(closesAt.getTime() - 60_000);
    const running = await start(late, bigQuiz);
    expect(running.status).toBe(201);
    const lastSave = new Date(running.body.data.attempt.deadlineAt).getTime() + GRACE;
    const secrets = await secretsOf(bigQuiz);
    clock().set(closesAt.getTime() + 1);
    const held = await show(done, bigQuiz);
    expect(held.attempt?.review).toEqual({ marks: false, answers: false, answersAt: new Date(lastSave + 1).toISOString() });
    expectNoSecrets([['play view', { status: 200, body: held }]], secrets);
    // The last moment a save of theirs is still accepted: hidden; one millisecond later: shown.
    clock().set(lastSave);
    expect((await show(done, bigQuiz)).attempt?.review?.answers).toBe(false);
    clock().set(lastSave + 1);
    expect((await show(done, bigQuiz)).questions[0].correctAnswer?.optionIds).toHaveLength(1);
  });

  it('shows right/wrong marks before the close only when staff chose `marks` for the challenge', async () => {
    const bad = await s.http().patch(`/api/challenges/${ch.id}`).set('Authorization', s.admin).set('X-Locale', 'en').send({ resultsBeforeClose: 'answers' });
    expect(bad.status).toBe(400);
    expect((await s.sql('SELECT results_before_close FROM {learning}.challenges WHERE id = $1', [ch.id]))[0].results_before_close).toBe('points');
    const p = await joined();
    clock().set(t1.getTime() + 4 * HOUR);
    const { attempt, questions } = (await start(p, authoredQuiz)).body.data as { attempt: { id: string }; questions: Question[] };
    await s.http().post('/api/user-answer').set('Authorization', p.token).send({ attemptId: attempt.id, questionId: questions[0].id, answer: await s.correctAnswer(questions[0].id) }).expect(200);
    await s.http().post(`/api/users/${p.id}/quizzes/${authoredQuiz}/finish`).set('Authorization', p.token).send({ checkpoint }).expect(200);
    const pointsOnly = await show(p, authoredQuiz);
    expect(pointsOnly.attempt).toMatchObject({ points: 1, review: { marks: false, answers: false } });
    expect(pointsOnly.questions[0]).not.toHaveProperty('isCorrect');

    const set = await s.http().patch(`/api/challenges/${ch.id}`).set('Authorization', s.admin).send({ resultsBeforeClose: 'marks' });
    expect(set.status).toBe(200);
    expect(set.body.resultsBeforeClose).toBe('marks');
    try {
      const marked = await show(p, authoredQuiz);
      expect(marked.attempt?.review).toEqual({ marks: true, answers: false, answersAt: closesAt.toISOString() });
      expect(marked.questions.slice(0, 2).map((q) => [q.isCorrect, q.pointsEarned])).toEqual([[true, 1], [false, 0]]);
      expect(JSON.stringify(marked)).not.toMatch(/correctAnswer|explanation/);
    } finally {
      await s.http().patch(`/api/challenges/${ch.id}`).set('Authorization', s.admin).send({ resultsBeforeClose: 'points' }).expect(200);
    }
  });

  it('gives each attempt its own order of questions and options, the same on every reload, and the authored order when shuffle is off', async () => {
    clock().set(t1.getTime() + 5 * HOUR);
    const [a, b, c] = [await joined(), await joined(), await joined()];
    const orderOf = (v: { questions: Question[] }) => v.questions.map((q) => [q.id, q.options.map((o) => o.id)] as const);
    const first = (await start(a, bigQuiz)).body.data as View & { attempt: { id: string } };
    const other = (await start(b, bigQuiz)).body.data as View;
    // Two pupils: 10 questions in the same order has probability 1/10! (about 2.8e-7) for seeds from random attempt ids.
    expect(first.questions.map((q) => q.id)).not.toEqual(other.questions.map((q) => q.id));
    // ...and the 4 options of every one of the 10 questions in the same order: (1/4!)^10 (about 1.6e-14).
    const byQuestion = new Map(other.questions.map((q) => [q.id, q.options.map((o) => o.id)]));
    expect(first.questions.some((q) => q.options.map((o) => o.id).join() !== byQuestion.get(q.id)?.join())).toBe(true);
    // The same pupil reloading (another device alike: the server decides) sees the same order.
    expect(orderOf(await show(a, bigQuiz))).toEqual(orderOf(first));
    expect(orderOf((await start(a, bigQuiz)).body.data as View)).toEqual(orderOf(first));
    // Answers name ids: all right in the shuffled order scores the whole test.
    for (const q of first.questions) {
      await s.http().post('/api/user-answer').set('Authorization', a.token).send({ attemptId: first.attempt.id, questionId: q.id, answer: await s.correctAnswer(q.id) }).expect(200);
    }
    const done = await s.http().post(`/api/users/${a.id}/quizzes/${bigQuiz}/finish`).set('Authorization', a.token).send({ checkpoint });
    expect(done.body.data.attempt).toMatchObject({ points: 10, correctCount: 10 });
    expect(orderOf(await show(a, bigQuiz))).toEqual(orderOf(first));

    // Shuffle off: the authored order of questions and options, for everyone.
    const authored = await s.sql<{ id: string; options: string[] }>(
      `SELECT q.id, ARRAY(SELECT a.id FROM {learning}.answers a WHERE a.question_id = q.id ORDER BY a.position, a.id)::text[] AS options
         FROM {learning}.questions q WHERE q.quiz_id = $1 ORDER BY q.position, q.id`, [authoredQuiz]);
    const plain = (await start(c, authoredQuiz)).body.data as View;
    expect(orderOf(plain)).toEqual(authored.map((q) => [q.id, q.options]));
  });
});
