/**
 * Timed tests (spec sections 4, 5, 9): the server holds the time; answers are saved as given (idempotent, ordered
 * by seq) until the deadline plus a grace, refused after; an abandoned attempt is finished by the sweeper with its
 * saved answers scored; a pupil's finish racing the sweeper gives one `quiz.finished`; a full day scores 270 and
 * ties are ordered by total time; nobody reads another pupil's attempt; no correct answer leaves before finish (nor
 * after it while the checkpoint is open: contest-integrity.spec.ts).
 */
import request from 'supertest';
import { AttemptSweeper, Attempts, startLearning } from '@olymp/learning';
import { Clock, DomainError } from '@olymp/server-kit';
import { waitFor } from '@olymp/server-kit/testing';
import type { SaveBatcher } from '../src/attempts/save-batcher';
import { type ChallengeFixture, type Pupil, PRECHECKS, createChallenge, learningStack, smallQuiz } from './support';
import { dailyTests } from '../src/seed/math-questions';

const HOUR = 3_600_000;
const GRACE = 5_000;

describe('attempts with server-held time', () => {
  const s = learningStack();
  const t1 = new Date(Date.UTC(2030, 5, 1, 4, 0, 0));
  let quick: ChallengeFixture; // a 60-second test of 4 questions x 5 points
  let day: ChallengeFixture; // a full day of the 5-day challenge: 270 points
  const clock = () => s.learning.app.get(Clock);
  const sweeper = () => s.learning.app.get(AttemptSweeper);

  beforeAll(async () => {
    await s.start();
    clock().set(t1);
    quick = await createChallenge(s, {
      grade: 5, startsAt: t1, endsAt: new Date(t1.getTime() + 120 * HOUR),
      days: [{ opensAt: t1, quizzes: [smallQuiz(4, 5, 60)] }],
    });
    day = await createChallenge(s, {
      grade: 5, startsAt: t1, endsAt: new Date(t1.getTime() + 120 * HOUR),
      days: [{ opensAt: t1, quizzes: dailyTests(5, 1) }],
    });
  });
  afterAll(() => s.stop());

  async function joinedPupil(ch: ChallengeFixture, firstName?: string): Promise<Pupil> {
    const p = await s.pupil(5, { firstName });
    const res = await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({});
    expect(res.status).toBe(201);
    return p;
  }

  async function start(p: Pupil, ch: ChallengeFixture, quizIndex = 0) {
    const res = await s.http().post(`/api/users/${p.id}/quizzes/${ch.checkpoints[0].quizIds[quizIndex]}/start`).set('Authorization', p.token)
      .send({ checkpoint: ch.checkpoints[0].checkpointId, prechecks: PRECHECKS });
    expect(res.status).toBe(201);
    return res.body.data as { attempt: { id: string; deadlineAt: string; remainingSeconds: number }; questions: { id: string; options: { id: string }[] }[] };
  }

  const save = (p: Pupil, attemptId: string, questionId: string, answer: Record<string, unknown>, seq?: number) =>
    s.http().post('/api/user-answer').set('Authorization', p.token).set('X-Locale', 'en').send({ attemptId, questionId, answer, ...(seq ? { seq } : {}) });

  const answersOf = (attemptId: string) =>
    s.sql<{ question_id: string; answer: unknown; seq: number }>('SELECT question_id, answer, seq FROM {learning}.user_answers WHERE attempt_id = $1 ORDER BY question_id', [attemptId]);
  const finishedEvents = (attemptId: string) =>
    s.sql<{ payload: { finishedBy: string; points: number; standing: { points: number } } }>(
      "SELECT payload FROM {learning}.outbox WHERE subject = 'quiz.finished' AND payload->>'attemptId' = $1", [attemptId]);

  it('gives the seconds remaining and keeps the deadline when the start is retried', async () => {
    clock().set(t1);
    const p = await joinedPupil(quick);
    const first = await start(p, quick);
    expect(first.attempt.remainingSeconds).toBe(60);
    clock().set(t1.getTime() + 20_000);
    const again = await start(p, quick);
    expect(again.attempt.id).toBe(first.attempt.id);
    expect(again.attempt.deadlineAt).toBe(first.attempt.deadlineAt);
    expect(again.attempt.remainingSeconds).toBe(40);
    const time = await s.http().get(`/api/users/${p.id}/quizzes/${quick.checkpoints[0].quizIds[0]}/start-time`).set('Authorization', p.token);
    expect(time.body.data).toMatchObject({ attemptId: first.attempt.id, remainingSeconds: 40, serverNow: new Date(t1.getTime() + 20_000).toISOString() });
  });

  it('saves answers idempotently, in seq order, until the deadline and grace, and refuses later saves', async () => {
    clock().set(t1);
    const p = await joinedPupil(quick);
    const { attempt, questions } = await start(p, quick);
    const [q1, q2] = questions;
    const deadline = new Date(attempt.deadlineAt).getTime();
    expect((await save(p, attempt.id, q1.id, { optionId: q1.options[0].id }, 1)).body.data).toMatchObject({ applied: true, seq: 1 });
    // A retry of the same save changes nothing.
    expect((await save(p, attempt.id, q1.id, { optionId: q1.options[0].id }, 1)).body.data).toMatchObject({ applied: false, seq: 1 });
    // A later save replaces it; an older one arriving late does not.
    expect((await save(p, attempt.id, q1.id, { optionId: q1.options[1].id }, 3)).body.data.applied).toBe(true);
    expect((await save(p, attempt.id, q1.id, { optionId: q1.options[2].id }, 2)).body.data.applied).toBe(false);
    expect((await answersOf(attempt.id))[0]).toMatchObject({ answer: { optionId: q1.options[1].id }, seq: 3 });
    // After the deadline, within the grace: still saved (it left the phone in time).
    clock().set(deadline + GRACE - 1);
    expect((await save(p, attempt.id, q2.id, { optionId: q2.options[1].id })).status).toBe(200);
    const kept = await answersOf(attempt.id);
    // One millisecond past the grace: refused, nothing changes.
    clock().set(deadline + GRACE + 1);
    const late = await save(p, attempt.id, q1.id, { optionId: q1.options[0].id }, 9);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('ATTEMPT_TIME_UP');
    expect(late.body.message).toBe('Time is up for this test. Your saved answers have been scored.');
    expect(await answersOf(attempt.id)).toEqual(kept);
  });

  it('tells a save that lost to a later turn’s save which seq stands, though its statement began before that one committed', async () => {
    clock().set(t1);
    const p = await joinedPupil(quick);
    const { attempt, questions } = await start(p, quick);
    const q = questions[0];
    expect((await save(p, attempt.id, q.id, { optionId: q.options[0].id }, 2)).body.data).toMatchObject({ questionId: q.id, seq: 2, applied: true });
    // Another transaction holds the stored row, so both saves below wait on it with a snapshot that holds seq 2. It
    // locks the row without writing a new version of it: when it commits, the first waiter (seq 4) takes the row
    // before the second (an UPDATE here made each waiter's INSERT ... ON CONFLICT start over, in either order; CI saw
    // seq 3 go first once).
    const holder = await s.pg.connect();
    // Sessions waiting on any of `pids` (other files' sessions on the same server never are).
    const blockedBy = (pids: number[]) =>
      s.sql<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE pg_blocking_pids(pid) && $1::int[]', [pids]).then((rows) => rows.map((r) => r.pid));
    try {
      const [{ pid: holderPid }] = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM "${s.ns.schemaOf('learning')}".user_answers WHERE attempt_id = $1 AND question_id = $2 FOR UPDATE`, [attempt.id, q.id]);
      // supertest sends on then(): each request leaves now.
      const newer = save(p, attempt.id, q.id, { optionId: q.options[2].id }, 4).then((r) => r);
      const [first] = await waitFor(async () => {
        const pids = await blockedBy([holderPid]);
        return pids.length === 1 && pids;
      }, { what: 'the seq 4 save waiting on the row' });
      const older = save(p, attempt.id, q.id, { optionId: q.options[1].id }, 3).then((r) => r);
      await waitFor(async () => (await blockedBy([holderPid, first])).filter((pid) => pid !== first).length === 1, { what: 'the seq 3 save waiting on the row' });
      await holder.query('COMMIT');
      const [applied, lost] = await Promise.all([newer, older]);
      expect(applied.body.data).toMatchObject({ questionId: q.id, seq: 4, applied: true });
      // Not the 2 its snapshot held: 4 is what stands.
      expect(lost.body.data).toMatchObject({ questionId: q.id, seq: 4, applied: false });
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
    expect((await answersOf(attempt.id)).find((a) => a.question_id === q.id)).toMatchObject({ seq: 4, answer: { optionId: q.options[2].id } });
  });

  it('stores saves that arrive together (one statement per turn) each by its own rules', async () => {
    clock().set(t1);
    const pupils = await Promise.all(Array.from({ length: 6 }, () => joinedPupil(quick)));
    const started = await Promise.all(pupils.map((p) => start(p, quick)));
    // Every pupil answers every question at once, and the first question again with seqs out of order.
    const sent = pupils.flatMap((p, i) => {
      const { attempt, questions } = started[i];
      return [
        ...questions.map((q) => ({ p, attemptId: attempt.id, q, option: 0, seq: 1 })),
        { p, attemptId: attempt.id, q: questions[0], option: 2, seq: 4 },
        { p, attemptId: attempt.id, q: questions[0], option: 1, seq: 3 },
      ];
    });
    const replies = await Promise.all(sent.map((x) => save(x.p, x.attemptId, x.q.id, { optionId: x.q.options[x.option].id }, x.seq)));
    expect(replies.map((r) => r.status)).toEqual(sent.map(() => 200));
    for (const [i, { attempt, questions }] of started.entries()) {
      const stored = await answersOf(attempt.id);
      const expected = questions.map((q, n) => ({ question_id: q.id, answer: { optionId: q.options[n === 0 ? 2 : 0].id }, seq: n === 0 ? 4 : 1 }));
      expect(stored).toEqual(expected.sort((a, b) => a.question_id.localeCompare(b.question_id)));
      // Each reply tells its own outcome: seq 4 is what stands for the first question, whichever came first.
      const mine = replies.filter((_, k) => sent[k].p === pupils[i] && sent[k].q.id === questions[0].id).map((r) => r.body.data as { seq: number; applied: boolean });
      expect(mine.filter((r) => r.applied && r.seq === 4)).toHaveLength(1);
      expect(mine.every((r) => r.seq >= 1 && r.seq <= 4)).toBe(true);
    }
    // Saves of a finished attempt in the same turn as another pupil's live ones: refused alone.
    const [done, live] = [started[0], started[1]];
    expect((await s.http().post(`/api/users/${pupils[0].id}/quizzes/${quick.checkpoints[0].quizIds[0]}/finish`).set('Authorization', pupils[0].token).send({})).status).toBeLessThan(300);
    const [refused, accepted] = await Promise.all([
      save(pupils[0], done.attempt.id, done.questions[1].id, { optionId: done.questions[1].options[1].id }, 9),
      save(pupils[1], live.attempt.id, live.questions[1].id, { optionId: live.questions[1].options[1].id }, 9),
    ]);
    expect(refused.body.code).toBe('ATTEMPT_FINISHED');
    expect(accepted.body.data).toMatchObject({ applied: true, seq: 9 });
  });

  it('refuses text PostgreSQL cannot store before it reaches a batch, and a row refused at the database fails alone', async () => {
    clock().set(t1);
    const pupils = await Promise.all(Array.from({ length: 5 }, () => joinedPupil(quick)));
    const started = await Promise.all(pupils.map((p) => start(p, quick)));
    // Through the API: a NUL or a lone surrogate is refused by validation (400, localized), nothing stored.
    for (const text of ['a\u0000b', 'x\ud800']) {
      const bad = await save(pupils[0], started[0].attempt.id, started[0].questions[0].id, { text }, 1);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'INVALID_TEXT', errors: { 'answer.text': expect.stringContaining('answer.text') } });
    }
    expect(await answersOf(started[0].attempt.id)).toEqual([]);
    // Past validation (as a future bug might let through): the poisoned row and four other pupils' saves reach the
    // batcher in one turn, so they go in one statement; PostgreSQL refuses the whole statement for that one row.
    const batcher = (s.learning.app.get(Attempts) as unknown as { batcher: SaveBatcher }).batcher;
    const at = new Date(t1.getTime() + 1_000);
    const saves = started.map(({ attempt, questions }, i) => batcher.save({
      attemptId: attempt.id, questionId: questions[0].id, seq: 1, at,
      answer: i === 2 ? JSON.stringify({ text: 'a\u0000b' }) : JSON.stringify({ optionId: questions[0].options[1].id }),
    }));
    const outcomes = await Promise.allSettled(saves);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const refused = (outcomes[2] as PromiseRejectedResult).reason as DomainError;
    expect(refused).toBeInstanceOf(DomainError);
    expect([refused.code, refused.status]).toEqual(['INVALID_TEXT', 400]);
    for (const [i, { attempt, questions }] of started.entries()) {
      expect(await answersOf(attempt.id)).toEqual(i === 2 ? [] : [{ question_id: questions[0].id, answer: { optionId: questions[0].options[1].id }, seq: 1 }]);
    }
  });

  it('saves on a node that did not start the attempt (it reads the attempt once), with the same rules', async () => {
    clock().set(t1);
    const p = await joinedPupil(quick);
    const other = await startLearning(s.ns.envFor('learning'));
    try {
      other.app.get(Clock).set(t1);
      const { attempt, questions } = await start(p, quick);
      const via = (node: typeof other, questionId: string, optionId: string, seq: number) =>
        request(node.app.getHttpServer()).post('/api/user-answer').set('Authorization', p.token).send({ attemptId: attempt.id, questionId, answer: { optionId }, seq });
      expect((await via(other, questions[0].id, questions[0].options[1].id, 2)).body.data).toMatchObject({ applied: true, seq: 2 });
      expect((await via(other, questions[0].id, questions[0].options[0].id, 1)).body.data).toMatchObject({ applied: false, seq: 2 });
      const foreign = await request(other.app.getHttpServer()).post('/api/user-answer').set('Authorization', (await joinedPupil(quick)).token)
        .send({ attemptId: attempt.id, questionId: questions[0].id, answer: { optionId: questions[0].options[0].id }, seq: 3 });
      expect(foreign.status).toBe(404);
      other.app.get(Clock).set(new Date(attempt.deadlineAt).getTime() + GRACE + 1);
      expect((await via(other, questions[1].id, questions[1].options[0].id, 1)).body.code).toBe('ATTEMPT_TIME_UP');
      expect((await answersOf(attempt.id)).map((a) => [a.question_id, a.seq])).toEqual([[questions[0].id, 2]]);
    } finally {
      await other.close();
    }
  });

  it('refuses an answer that does not fit its question, and a question from another test', async () => {
    clock().set(t1);
    const p = await joinedPupil(quick);
    const { attempt, questions } = await start(p, quick);
    const wrongShape = await save(p, attempt.id, questions[0].id, { value: 3 });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.code).toBe('ANSWER_INVALID');
    const foreignOption = await save(p, attempt.id, questions[0].id, { optionId: questions[1].options[0].id });
    expect(foreignOption.body.code).toBe('ANSWER_INVALID');
    const other = await s.sql<{ id: string }>('SELECT id FROM {learning}.questions WHERE quiz_id = $1 LIMIT 1', [day.checkpoints[0].quizIds[0]]);
    const foreign = await save(p, attempt.id, other[0].id, { optionId: questions[0].options[0].id });
    expect(foreign.body.code).toBe('QUESTION_NOT_IN_QUIZ');
    expect(await answersOf(attempt.id)).toEqual([]);
  });

  it('finishes an abandoned attempt when its time runs out, scoring the saved answers', async () => {
    clock().set(t1);
    const p = await joinedPupil(quick);
    const { attempt, questions } = await start(p, quick);
    await save(p, attempt.id, questions[0].id, await s.correctAnswer(questions[0].id));
    await save(p, attempt.id, questions[1].id, await s.correctAnswer(questions[1].id));
    await save(p, attempt.id, questions[2].id, await s.wrongAnswer(questions[2].id));
    // The pupil never comes back. Before deadline + grace the sweeper leaves it alone...
    clock().set(new Date(attempt.deadlineAt).getTime() + GRACE - 1);
    await sweeper().sweep();
    expect((await s.sql('SELECT status FROM {learning}.attempts WHERE id = $1', [attempt.id]))[0].status).toBe('running');
    // ...after it, the sweeper (running every second on its own) finishes it.
    clock().set(new Date(attempt.deadlineAt).getTime() + GRACE + 1);
    const [row] = await waitForFinished(attempt.id);
    expect(row).toMatchObject({ status: 'finished', finished_by: 'timeout', points: 10, correct_count: 2, max_points: 20, time_spent_ms: 60_000 });
    const events = await finishedEvents(attempt.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ finishedBy: 'timeout', points: 10, standing: { points: 10 } });
    // The pupil comes back and sees their points; the correct answers wait for the checkpoint's close
    // (contest-integrity.spec.ts).
    const view = await s.http().get(`/api/users/${p.id}/quizzes/${quick.checkpoints[0].quizIds[0]}`).set('Authorization', p.token);
    expect(view.body.data.attempt).toMatchObject({ status: 'finished', points: 10, review: { marks: false, answers: false } });
    expect(view.body.data.questions[2]).not.toHaveProperty('correctAnswer');
  });

  async function waitForFinished(attemptId: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await s.sql('SELECT status, finished_by, points, correct_count, max_points, time_spent_ms FROM {learning}.attempts WHERE id = $1', [attemptId]);
      if (rows[0].status === 'finished') return rows;
      if (Date.now() > deadline) throw new Error('the sweeper did not finish the attempt');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('publishes exactly one quiz.finished when the pupil finishes while the sweeper runs', async () => {
    clock().set(t1);
    const pupils = await Promise.all(Array.from({ length: 8 }, () => joinedPupil(quick)));
    const attempts: { id: string; deadlineAt: string }[] = [];
    for (const p of pupils) attempts.push((await start(p, quick)).attempt);
    clock().set(new Date(attempts[0].deadlineAt).getTime() + GRACE + 10);
    await Promise.all([
      sweeper().sweep(),
      ...pupils.map((p, i) => s.http().post(`/api/users/${p.id}/quizzes/${quick.checkpoints[0].quizIds[0]}/finish`).set('Authorization', p.token)
        .send({ attemptId: attempts[i].id }).expect(200)),
      sweeper().sweep(),
    ]);
    for (const a of attempts) expect(await finishedEvents(a.id)).toHaveLength(1);
    // Finishing again answers the same result and publishes nothing more.
    const again = await s.http().post(`/api/users/${pupils[0].id}/quizzes/${quick.checkpoints[0].quizIds[0]}/finish`).set('Authorization', pupils[0].token).send({});
    expect(again.status).toBe(200);
    expect(again.body.data.attempt.status).toBe('finished');
    expect(await finishedEvents(attempts[0].id)).toHaveLength(1);
  });

  /** Plays the whole day: every answer right except `wrong` questions of test 1, taking `seconds` per test. */
  async function playDay(p: Pupil, seconds: number, wrong = 0) {
    for (const [i, quizId] of day.checkpoints[0].quizIds.entries()) {
      clock().set(t1.getTime() + HOUR);
      const { attempt, questions } = await start(p, day, i);
      for (const [n, q] of questions.entries()) {
        const answer = i === 0 && n < wrong ? await s.wrongAnswer(q.id) : await s.correctAnswer(q.id);
        expect((await save(p, attempt.id, q.id, answer)).status).toBe(200);
      }
      clock().set(t1.getTime() + HOUR + seconds * 1000);
      const done = await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/finish`).set('Authorization', p.token).send({ attemptId: attempt.id });
      expect(done.status).toBe(200);
    }
  }

  it('scores a full day answered correctly as 270 and orders ties by total time', async () => {
    const slow = await joinedPupil(day, 'Slow');
    const fast = await joinedPupil(day, 'Fast');
    const oneWrong = await joinedPupil(day, 'OneWrong');
    await playDay(slow, 300);
    await playDay(fast, 200);
    await playDay(oneWrong, 100, 1);
    const board = await s.http().get(`/api/challenges/${day.id}/leaderboard`).set('Authorization', s.admin);
    expect(board.status).toBe(200);
    expect(board.body.maxPoints).toBe(270);
    expect(board.body.data.map((r: { firstName: string; points: number; timeSpentMs: number; rank: number }) => [r.rank, r.firstName, r.points, r.timeSpentMs])).toEqual([
      [1, 'Fast', 270, 600_000],
      [2, 'Slow', 270, 900_000],
      [3, 'OneWrong', 265, 300_000],
    ]);
    expect(board.body.data[0]).toMatchObject({ correctAnswers: 35, percentage: 100, xpEarned: 270 });
    const own = await s.http().get(`/api/challenges/${day.id}/leaderboard`).set('Authorization', slow.token);
    expect(own.body.me).toMatchObject({ rank: 2, firstName: 'Slow', points: 270 });
    expect(JSON.stringify(board.body)).not.toMatch(/phone|\+77/);
  });

  it('keeps one pupil out of another pupil\'s attempt and answers', async () => {
    clock().set(t1);
    const a = await joinedPupil(quick);
    const b = await joinedPupil(quick);
    const { attempt, questions } = await start(a, quick);
    const quizId = quick.checkpoints[0].quizIds[0];
    expect((await s.http().get(`/api/users/${a.id}/quizzes/${quizId}`).set('Authorization', b.token)).status).toBe(403);
    expect((await s.http().get(`/api/users/${a.id}/quizzes/${quizId}/answers`).set('Authorization', b.token)).status).toBe(403);
    expect((await s.http().get(`/api/users/${a.id}/quizzes/${quizId}/start-time`).set('Authorization', b.token)).status).toBe(403);
    expect((await s.http().post(`/api/users/${a.id}/quizzes/${quizId}/finish`).set('Authorization', b.token).send({})).status).toBe(403);
    const hijack = await save(b, attempt.id, questions[0].id, { optionId: questions[0].options[0].id });
    expect(hijack.status).toBe(404);
    expect(await answersOf(attempt.id)).toEqual([]);
    expect((await s.sql('SELECT status FROM {learning}.attempts WHERE id = $1', [attempt.id]))[0].status).toBe('running');
  });

  it('never sends a correct answer before the attempt is finished, nor at its finish while the checkpoint is open', async () => {
    clock().set(t1);
    const p = await joinedPupil(day);
    const quizId = day.checkpoints[0].quizIds[1]; // test 2 mixes choices, numbers and a short text
    const before = await s.http().get(`/api/users/${p.id}/quizzes/${quizId}`).set('Authorization', p.token);
    expect(before.body.data.questions).toEqual([]); // no questions before the clock starts
    const started = await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/start`).set('Authorization', p.token).send({ prechecks: PRECHECKS });
    const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: { id: string; kind: string }[] };
    // Not the short-text question: a pupil's own saved text is echoed back, and it would be the accepted text.
    const [choice] = questions.filter((q) => q.kind !== 'text');
    const saved = await save(p, attempt.id, choice.id, await s.correctAnswer(choice.id));
    const during = [
      started.body,
      saved.body,
      (await s.http().get(`/api/users/${p.id}/quizzes/${quizId}`).set('Authorization', p.token)).body,
      (await s.http().get(`/api/users/${p.id}/quizzes/${quizId}/answers`).set('Authorization', p.token)).body,
      (await s.http().get(`/api/challenges-all/${day.id}`).set('Authorization', p.token)).body,
    ].map((b) => JSON.stringify(b));
    const accepted = await s.sql<{ accepted: { value?: number; texts?: string[] } | null }>('SELECT accepted FROM {learning}.questions WHERE quiz_id = $1 AND accepted IS NOT NULL', [quizId]);
    const texts = accepted.flatMap((a) => a.accepted?.texts ?? []);
    for (const body of during) {
      expect(body).not.toMatch(/isCorrect|correctAnswer|accepted|explanation/);
      for (const t of texts) expect(body).not.toContain(t);
    }
    expect(texts.length).toBeGreaterThan(0);
    // Nor after it while the checkpoint is open to others (every route and the event: contest-integrity.spec.ts).
    const finished = await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/finish`).set('Authorization', p.token).send({});
    expect(finished.status).toBe(200);
    expect(finished.body.data.attempt.review).toMatchObject({ answers: false });
    expect(JSON.stringify(finished.body)).not.toMatch(/isCorrect|correctAnswer|accepted|explanation/);
    for (const t of texts) expect(JSON.stringify(finished.body)).not.toContain(t);
  });
});
