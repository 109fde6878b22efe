/**
 * Joining challenges and checkpoint windows (spec sections 4, 5): a pupil joins only the challenge of their own
 * grade; each day's tests can be started only inside its window, which opens at its hour and lasts 24 hours or
 * until the next day opens. Real PostgreSQL and NATS; the learning clock is moved to the window edges (+-1 ms).
 */
import { Clock } from '@olymp/server-kit';
import { ROLE } from '@olymp/proto';
import { type ChallengeFixture, PRECHECKS, createChallenge, learningStack, smallQuiz } from './support';

const HOUR = 3_600_000;

describe('joining a challenge and its checkpoint windows', () => {
  const s = learningStack();
  const t1 = new Date(Date.UTC(2030, 0, 10, 4, 0, 0)); // 09:00 in Almaty
  let ch: ChallengeFixture;
  const clock = () => s.learning.app.get(Clock);

  beforeAll(async () => {
    await s.start();
    ch = await createChallenge(s, {
      grade: 5,
      startsAt: new Date(t1.getTime() - HOUR),
      endsAt: new Date(t1.getTime() + 96 * HOUR),
      days: [
        { opensAt: t1, quizzes: [smallQuiz(2, 5)] },
        // Day 2 opens 20 h after day 1: day 1 closes then, not after 24 h.
        { opensAt: new Date(t1.getTime() + 20 * HOUR), quizzes: [smallQuiz(2, 5)] },
        // Day 3 opens 48 h after day 1: day 2 keeps its full 24 h (until t1 + 44 h).
        { opensAt: new Date(t1.getTime() + 48 * HOUR), quizzes: [smallQuiz(2, 5)] },
      ],
    });
    clock().set(new Date(t1.getTime() - 10 * HOUR));
  });
  afterAll(() => s.stop());

  const participations = async () => (await s.sql('SELECT user_id FROM {learning}.participations ORDER BY user_id')).map((r) => r.user_id);
  const attemptsCount = async () => Number((await s.sql<{ n: string }>('SELECT COUNT(*) AS n FROM {learning}.attempts'))[0].n);

  it('lets a grade-5 pupil join the grade-5 challenge, once', async () => {
    const p = await s.pupil(5);
    const first = await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).set('X-Locale', 'en').send({});
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ joined: true, created: true, via: 'free' });
    expect(first.body.message).toBe('You have joined. Good luck!');
    const again = await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({});
    expect(again.status).toBe(201);
    expect(again.body.data.created).toBe(false);
    const check = await s.http().get(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token);
    expect(check.body.data.joined).toBe(true);
    const active = await s.http().get(`/api/users/${p.id}/active-challenges`).set('Authorization', p.token);
    expect(active.body.data.map((c: { id: string }) => c.id)).toEqual([ch.id]);
  });

  it('tells chat who joined and who left (learning.membership.changed in the outbox, public name only)', async () => {
    const p = await s.pupil(5, { firstName: 'Aigerim', lastName: 'Seitkali' });
    const facts = async () =>
      (await s.sql<{ payload: Record<string, unknown> }>(
        "SELECT payload FROM {learning}.outbox WHERE subject = 'learning.membership.changed' AND payload->>'userId' = $1 ORDER BY created_at, id",
        [p.id],
      )).map((r) => r.payload);
    await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({}).expect(201);
    await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({}).expect(201);
    expect(await facts()).toEqual([
      expect.objectContaining({ group: { kind: 'challenge', id: ch.id }, name: 'Aigerim S.', role: 'pupil', active: true }),
    ]);
    await s.http().delete(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).expect(200);
    const after = await facts();
    expect(after.map((f) => f.active)).toEqual([true, false]);
    expect(JSON.stringify(after)).not.toMatch(/Seitkali|\+7/);
  });

  it('refuses a grade-7 pupil with a clear message in their language, and writes nothing', async () => {
    const p = await s.pupil(7);
    const before = await participations();
    const ru = await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).set('X-Locale', 'ru').send({});
    expect(ru.status).toBe(403);
    expect(ru.body.code).toBe('CHALLENGE_GRADE_MISMATCH');
    expect(ru.body.message).toBe('Этот челлендж для 5 класса, а вы учитесь в 7 классе. Выберите челлендж своего класса.');
    const kk = await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).set('X-Locale', 'kk').send({});
    expect(kk.body.message).toContain('5-сыныпқа');
    expect(await participations()).toEqual(before);
  });

  it('answers 401, 403, 400 and 404 as every endpoint must', async () => {
    const p = await s.pupil(5);
    const other = await s.pupil(5);
    const before = await participations();
    expect((await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).send({})).status).toBe(401);
    const forOther = await s.http().post(`/api/users/${other.id}/challenges/${ch.id}`).set('Authorization', p.token).send({});
    expect(forOther.status).toBe(403);
    const badId = await s.http().post(`/api/users/${p.id}/challenges/not-a-uuid`).set('Authorization', p.token).set('X-Locale', 'en').send({});
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe('INVALID_ID');
    const unknownField = await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({ grade: 7 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.code).toBe('UNKNOWN_FIELD');
    const missing = await s.http().post(`/api/users/${p.id}/challenges/00000000-0000-4000-8000-000000000000`).set('Authorization', p.token).send({});
    expect(missing.status).toBe(404);
    expect(await participations()).toEqual(before);
    // Staff actions need their permission.
    const publish = await s.http().post(`/api/challenges/${ch.id}/publish`).set('Authorization', p.token).send({ published: false });
    expect(publish.status).toBe(403);
    expect((await s.sql('SELECT published FROM {learning}.challenges WHERE id = $1', [ch.id]))[0].published).toBe(true);
  });

  it('refuses staff (no grade) and unpublished challenges', async () => {
    const teacher = await s.pupil(null, { roleId: ROLE.manager });
    const res = await s.http().post(`/api/users/${teacher.id}/challenges/${ch.id}`).set('Authorization', teacher.token).send({});
    expect(res.status).toBe(403);
  });

  async function joined(grade = 5) {
    const p = await s.pupil(grade);
    const res = await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({});
    expect(res.status).toBe(201);
    return p;
  }

  const start = (p: { id: string; token: string }, day: number) =>
    s.http().post(`/api/users/${p.id}/quizzes/${ch.checkpoints[day].quizIds[0]}/start`).set('Authorization', p.token).set('X-Locale', 'en')
      .send({ checkpoint: ch.checkpoints[day].checkpointId, prechecks: PRECHECKS });

  it('opens a day at its hour, to the millisecond', async () => {
    const p = await joined();
    const before = await attemptsCount();
    clock().set(new Date(t1.getTime() - 1));
    const early = await start(p, 0);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('CHECKPOINT_NOT_OPEN');
    expect(early.body.message).toBe("This day's tests open at 2030-01-10 09:00 (Almaty time). Come back then.");
    expect(await attemptsCount()).toBe(before);
    clock().set(t1);
    const onTime = await start(p, 0);
    expect(onTime.status).toBe(201);
    expect(onTime.body.data.attempt.remainingSeconds).toBe(600);
  });

  it('closes a day when the next one opens, to the millisecond', async () => {
    const late = t1.getTime() + 20 * HOUR;
    const a = await joined();
    clock().set(new Date(late - 1));
    expect((await start(a, 0)).status).toBe(201);
    const b = await joined();
    clock().set(new Date(late));
    const closed = await start(b, 0);
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('CHECKPOINT_CLOSED');
    expect((await start(b, 1)).status).toBe(201);
  });

  it('keeps a day open 24 hours when the next one opens later', async () => {
    const end = t1.getTime() + 44 * HOUR;
    const a = await joined();
    clock().set(new Date(end - 1));
    expect((await start(a, 1)).status).toBe(201);
    const b = await joined();
    clock().set(new Date(end));
    expect((await start(b, 1)).body.code).toBe('CHECKPOINT_CLOSED');
    // Day 3 is not open yet (it opens at +48 h).
    expect((await start(b, 2)).body.code).toBe('CHECKPOINT_NOT_OPEN');
  });

  it('asks for the three checks before a test and for joining first', async () => {
    clock().set(t1);
    const p = await joined();
    const noChecks = await s.http().post(`/api/users/${p.id}/quizzes/${ch.checkpoints[0].quizIds[0]}/start`).set('Authorization', p.token)
      .send({ checkpoint: ch.checkpoints[0].checkpointId, prechecks: { ...PRECHECKS, timerKeepsRunning: false } });
    expect(noChecks.status).toBe(400);
    expect(noChecks.body.code).toBe('PRECHECKS_REQUIRED');
    const stranger = await s.pupil(5);
    const notJoined = await start(stranger, 0);
    expect(notJoined.status).toBe(403);
    expect(notJoined.body.code).toBe('NOT_A_PARTICIPANT');
  });
});
