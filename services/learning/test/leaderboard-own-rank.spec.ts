/**
 * Own rank from the board held in memory (performance issue: "top 100 plus own rank at 300,000 participants"): on
 * the unfiltered board a signed-in pupil's `me` comes from OwnRanks (an order-statistic ranking built from
 * participations, kept current from quiz.finished through a broadcast), not from SQL. It must rank exactly as the
 * SQL does (ties on points and time in user id order), follow a finish at once, ignore repeated and older events,
 * and answer the same on every replica.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startLearning } from '@olymp/learning';
import { ROLE } from '@olymp/proto';
import { Clock, EventOutbox, type RunningService } from '@olymp/server-kit';
import { testToken, waitFor } from '@olymp/server-kit/testing';
import { Leaderboards } from '../src/boards/leaderboard.service';
import { OwnRanks } from '../src/boards/own-ranks';
import { type ChallengeFixture, type Pupil, PRECHECKS, createChallenge, learningStack, smallQuiz } from './support';

describe('own rank from the board held in memory', () => {
  const s = learningStack();
  const t0 = new Date(Date.UTC(2030, 0, 10, 4, 0, 0));
  let challenge: ChallengeFixture;
  let board: { kind: 'challenge'; id: string };
  let players: Pupil[];
  const seeded: string[] = [];

  /** The SQL's order as a window function: every ranked row's place. */
  const sqlRanks = async () => new Map((await s.sql<{ user_id: string; rank: string }>(
    `SELECT user_id, ROW_NUMBER() OVER (ORDER BY points DESC, time_spent_ms ASC, user_id ASC) AS rank
       FROM {learning}.participations WHERE board_kind = 'challenge' AND board_id = $1 AND finished_quizzes > 0`,
    [board.id],
  )).map((r) => [r.user_id, Number(r.rank)]));
  const ownRanks = (app: RunningService = s.learning) => app.app.get(OwnRanks);
  const me = async (p: { id: string; token: string }, app: RunningService = s.learning) => {
    const res = await request(app.app.getHttpServer()).get(`/api/challenges/${challenge.id}/leaderboard?perPage=100`).set('Authorization', p.token);
    expect(res.status).toBe(200);
    return res.body.me as { rank: number; userId: string; points: number; name: string } | null;
  };
  const held = (app: RunningService = s.learning) => waitFor(() => {
    ownRanks(app).place(board, randomUUID());
    return ownRanks(app).isHeld(board);
  }, { what: 'the board built in memory' });

  /** Plays the challenge's `quiz` with `right` answers right, through the API. */
  const play = async (p: Pupil, quiz: number, right: number) => {
    const quizId = challenge.checkpoints[0].quizIds[quiz];
    const started = await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/start`).set('Authorization', p.token).send({ prechecks: PRECHECKS });
    expect(started.status).toBe(201);
    const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: { id: string }[] };
    for (const q of questions.slice(0, right)) {
      await s.http().post('/api/user-answer').set('Authorization', p.token).send({ attemptId: attempt.id, questionId: q.id, answer: await s.correctAnswer(q.id) }).expect(200);
    }
    await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/finish`).set('Authorization', p.token).send({}).expect(200);
  };

  beforeAll(async () => {
    await s.start();
    // A fixed clock: every attempt takes 0 ms, so the players tie on time with each other and with seeded rows.
    s.learning.app.get(Clock).set(t0);
    challenge = await createChallenge(s, {
      grade: 5, startsAt: t0, endsAt: new Date(t0.getTime() + 86_400_000), days: [{ opensAt: t0, quizzes: [smallQuiz(2, 5), smallQuiz(2, 5), smallQuiz(2, 5)] }],
    });
    board = { kind: 'challenge', id: challenge.id };
    players = [];
    for (let i = 0; i < 4; i++) {
      const p = await s.pupil(5);
      expect((await s.http().post(`/api/users/${p.id}/challenges/${challenge.id}`).set('Authorization', p.token).send({})).status).toBe(201);
      players.push(p);
    }
    // The players' places as auth would have copied them at join (this stack has no directory).
    await s.sql(
      `UPDATE {learning}.participations SET province_id = 3, district_id = 30, school_id = 300,
              places = '{"province":{"kk":"Облыс","ru":"Область","en":"Region"},"district":null,"school":{"kk":"Мектеп","ru":"Школа","en":"School"}}'::jsonb
        WHERE board_id = $1`,
      [challenge.id],
    );
    // 300 more ranked rows written as the table holds them, with many full ties (points and time) among them and
    // with the players (0 ms): their order is the user id.
    for (let i = 0; i < 300; i++) seeded.push(randomUUID());
    await s.sql(
      `INSERT INTO {learning}.participations (id, board_kind, board_id, user_id, via, first_name, last_name, places, points, time_spent_ms, correct_count, finished_quizzes, standing_version)
       SELECT gen_random_uuid(), 'challenge', $1, u, 'free', 'Seed' || i, 'Row', '{}'::jsonb, (i % 5) * 5, CASE WHEN i % 3 = 0 THEN 0 ELSE 1000 * (i % 2) END, i % 5, 1, 1
         FROM unnest($2::uuid[]) WITH ORDINALITY AS t(u, i)`,
      [challenge.id, seeded],
    );
    await play(players[0], 0, 2);
    await play(players[1], 0, 1);
  });
  afterAll(() => s.stop());

  it('ranks everyone exactly as the SQL does, ties included, and answers `me` from memory', async () => {
    expect(await me(players[0])).toMatchObject({ userId: players[0].id });
    await held();
    const expected = await sqlRanks();
    expect(expected.size).toBe(302);
    const sql = s.learning.app.get(Leaderboards);
    for (const userId of [...seeded, players[0].id, players[1].id]) {
      const mine = ownRanks().place(board, userId);
      expect({ userId, rank: mine?.rank }).toEqual({ userId, rank: expected.get(userId) });
      // The SQL path on the same data (histogram plus tied-ahead count).
      expect({ userId, rank: (await sql.rankOf(board, {}, userId))?.rank }).toEqual({ userId, rank: expected.get(userId) });
    }
    // Through the API: the full own row, and no row for a pupil without a finished test.
    const row = await me(players[0]);
    expect(row).toMatchObject({ rank: expected.get(players[0].id), userId: players[0].id, points: 10, name: expect.stringMatching(/Test$/) });
    // Who they are comes from the held build, exactly as their participation copied it (no total XP: proto's ownRow).
    const [copy] = await s.sql<{ first_name: string; last_name: string; province_id: number | null; district_id: number | null; school_id: number | null; places: Record<string, unknown> }>(
      `SELECT first_name, last_name, province_id, district_id, school_id, places FROM {learning}.participations WHERE board_id = $1 AND user_id = $2`,
      [challenge.id, players[0].id],
    );
    expect(ownRanks().place(board, players[0].id)?.person).toMatchObject({ firstName: copy.first_name, lastName: copy.last_name, schoolId: copy.school_id });
    const place = (id: number | null, name: unknown) => (id ? { id, name: name ?? null } : null);
    expect(row).toEqual(expect.objectContaining({
      firstName: copy.first_name, lastName: copy.last_name,
      province: place(copy.province_id, copy.places.province), district: place(copy.district_id, copy.places.district), school: place(copy.school_id, copy.places.school),
    }));
    expect(row).toMatchObject({ school: { id: 300, name: { en: 'School' } }, district: { id: 30, name: null } });
    expect(row).not.toHaveProperty('totalXp');
    expect(await me(players[2])).toBeNull();
    const seededCaller = { id: seeded[7], token: `Bearer ${await testToken({ roleId: ROLE.student, userId: seeded[7] })}` };
    expect(await me(seededCaller)).toMatchObject({ rank: expected.get(seeded[7]), name: 'Seed8 Row', points: (8 % 5) * 5 });
    // A filtered board keeps the SQL path.
    const filtered = await s.http().get(`/api/challenges/${challenge.id}/leaderboard?schoolId=1`).set('Authorization', players[0].token);
    expect(filtered.status).toBe(200);
  });

  it('follows a finish at once (the event, not a cache refresh) and ignores a repeated or older event', async () => {
    await held();
    const before = ownRanks().place(board, players[1].id);
    expect(before?.standing.points).toBe(5);
    await play(players[1], 1, 2);
    const after = await waitFor(() => {
      const p = ownRanks().place(board, players[1].id);
      return p && p.standing.points === 15 ? p : undefined;
    }, { what: 'the finish applied to the held board' });
    const expected = await sqlRanks();
    expect(after.rank).toBe(expected.get(players[1].id));
    expect(after.rank).toBeLessThan(before?.rank ?? 0);
    expect(await me(players[1])).toMatchObject({ rank: expected.get(players[1].id), points: 15 });

    // The same event again, and an older one of the same pupil with more points: nothing changes.
    const [finished] = await s.sql<{ payload: Record<string, unknown> & { standing: { version: number } } }>(
      `SELECT payload FROM {learning}.outbox WHERE subject = 'quiz.finished' AND payload->>'userId' = $1 ORDER BY created_at DESC LIMIT 1`,
      [players[1].id],
    );
    expect(finished.payload.standing).toMatchObject({ points: 15, version: after.standing.version });
    const older = { ...finished.payload, attemptId: randomUUID(), standing: { ...finished.payload.standing, points: 1000, version: finished.payload.standing.version - 1 } };
    // Then a marker (a seeded row's real change, written as learning would) to know both were read.
    const marker = seeded[0];
    await s.sql(`UPDATE {learning}.participations SET points = 25, standing_version = 2 WHERE board_id = $1 AND user_id = $2`, [challenge.id, marker]);
    const markerEvent = {
      ...finished.payload, attemptId: randomUUID(), userId: marker, standing: { points: 25, timeSpentMs: 0, correctCount: 0, finishedQuizzes: 1, version: 2 },
    };
    const ds = s.learning.app.get(DataSource);
    const outbox = s.learning.app.get(EventOutbox);
    await ds.transaction(async (m) => {
      await outbox.add(m, 'quiz.finished', finished.payload as never);
      await outbox.add(m, 'quiz.finished', older as never);
    });
    await ds.transaction((m) => outbox.add(m, 'quiz.finished', markerEvent as never));
    await waitFor(() => ownRanks().place(board, marker)?.standing.points === 25, { what: 'the marker event applied' });
    const now = await sqlRanks();
    expect(ownRanks().place(board, players[1].id)).toMatchObject({ rank: now.get(players[1].id), standing: after.standing });
    for (const userId of [...seeded, players[0].id, players[1].id]) expect({ userId, rank: ownRanks().place(board, userId)?.rank }).toEqual({ userId, rank: now.get(userId) });
  });

  it('answers the same rank on a second replica after a finish handled by the first', async () => {
    const second = await startLearning(s.ns.envFor('learning'));
    try {
      second.app.get(Clock).set(t0);
      expect(await me(players[3], second)).toBeNull();
      await held(second);
      await play(players[3], 0, 2);
      const row = await waitFor(async () => {
        const r = await me(players[3], second);
        return r && r.points === 10 ? r : undefined;
      }, { what: 'the second replica ranking the finish' });
      const expected = await sqlRanks();
      expect(row.rank).toBe(expected.get(players[3].id));
      // Joined the board after this replica's build: ranked from the event, named from the participation row.
      expect(second.app.get(OwnRanks).place(board, players[3].id)?.person).toBeUndefined();
      expect(row).toMatchObject({ name: expect.stringMatching(/Test$/), school: { id: 300, name: { ru: 'Школа' } } });
      expect(second.app.get(OwnRanks).place(board, players[3].id)?.rank).toBe(expected.get(players[3].id));
      expect(await me(players[3])).toMatchObject({ rank: expected.get(players[3].id), points: 10 });
      for (const userId of [...seeded, ...players.map((p) => p.id)]) {
        expect({ userId, rank: second.app.get(OwnRanks).place(board, userId)?.rank ?? null }).toEqual({ userId, rank: expected.get(userId) ?? null });
      }
    } finally {
      await second.close();
    }
  });

  it('applies a staff reset on the replica that ran it', async () => {
    await held();
    const quizId = challenge.checkpoints[0].quizIds[1];
    const reset = await s.http().post(`/api/users/${players[1].id}/quizzes/${quizId}/reset`).set('Authorization', s.admin).send({ checkpoint: challenge.checkpoints[0].checkpointId });
    expect(reset.status).toBe(200);
    const expected = await sqlRanks();
    expect(ownRanks().place(board, players[1].id)).toMatchObject({ rank: expected.get(players[1].id), standing: { points: 5 } });
    expect(await me(players[1])).toMatchObject({ rank: expected.get(players[1].id), points: 5 });
  });
});
