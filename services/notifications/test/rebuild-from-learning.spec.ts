/**
 * A node that starts after the events were published rebuilds its boards from the learning service
 * (`learning.boards.live`, then `learning.board.standings` in pages) and shows the pupils' names from
 * `learning.board.people`. The pupils play through learning's real API; nothing here stands in for learning.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { BoardRegistry, startNotifications } from '@olymp/notifications';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

const HOUR = 3_600_000;
const PRECHECKS = { charged: true, stableConnection: true, timerKeepsRunning: true };

describe('rebuilding boards from learning', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let learning: RunningService;
  let node: RunningService;
  let admin: string;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    learning = await startLearning(ns.envFor('learning'));
    node = await startNotifications(ns.envFor('notifications'));
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
  });

  afterAll(async () => {
    await node?.close();
    await learning?.close();
    await auth?.close();
    await ns.cleanup();
  });

  const api = () => request(learning.url);
  const learningSql = (sql: string, params: unknown[]) => learning.app.get(DataSource).query(sql, params) as Promise<Record<string, unknown>[]>;

  /** A published challenge for grade 5, open now, with one test of four single-choice questions of 5 points. */
  async function challenge(): Promise<{ id: string; checkpointId: string; quizId: string }> {
    const now = Date.now();
    const created = await api().post('/api/challenges').set('Authorization', admin).send({
      titleKk: 'Челлендж', titleRu: 'Челлендж', titleEn: 'Challenge', grade: 5,
      startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + 100 * HOUR).toISOString(), priceTenge: 0, priceZp: 0,
    });
    expect(created.status).toBe(201);
    const quiz = {
      titleKk: 'Тест', titleRu: 'Тест', titleEn: 'Test', durationSeconds: 600,
      questions: Array.from({ length: 4 }, (_, i) => ({
        kind: 'single', textKk: `${i} + 1 = ?`, textRu: `${i} + 1 = ?`, textEn: `${i} + 1 = ?`, points: 5,
        options: [0, 1, 2].map((d) => ({ textKk: String(i + d), textRu: String(i + d), textEn: String(i + d), isCorrect: d === 1 })),
      })),
    };
    const imported = await api().post(`/api/challenges/${created.body.id}/import`).set('Authorization', admin).send({
      checkpoints: [{ day: 1, titleKk: '1-күн', titleRu: 'День 1', titleEn: 'Day 1', opensAt: new Date(now - HOUR).toISOString(), quizzes: [quiz] }],
    });
    expect(imported.status).toBe(200);
    expect((await api().post(`/api/challenges/${created.body.id}/publish`).set('Authorization', admin).send({ published: true })).status).toBe(200);
    const [cp] = imported.body.data as { checkpointId: string; quizIds: string[] }[];
    return { id: created.body.id, checkpointId: cp.checkpointId, quizId: cp.quizIds[0] };
  }

  /** A grade-5 pupil (written into auth as registration would) who joins and answers `right` questions correctly. */
  async function play(ch: { id: string; checkpointId: string; quizId: string }, firstName: string, lastName: string, right: number) {
    const id = randomUUID();
    const phone = `+77${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await auth.app.get(DataSource).query(
      'INSERT INTO users (id, phone, first_name, last_name, role_id, grade) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, phone, firstName, lastName, ROLE.student, 5],
    );
    const token = `Bearer ${await testToken({ userId: id })}`;
    expect((await api().post(`/api/users/${id}/challenges/${ch.id}`).set('Authorization', token).send({})).status).toBe(201);
    const started = await api().post(`/api/users/${id}/quizzes/${ch.quizId}/start`).set('Authorization', token).send({ checkpoint: ch.checkpointId, prechecks: PRECHECKS });
    expect(started.status).toBe(201);
    const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: { id: string }[] };
    for (const q of questions.slice(0, right)) {
      const [correct] = await learningSql('SELECT id FROM answers WHERE question_id = $1 AND is_correct', [q.id]);
      expect((await api().post('/api/user-answer').set('Authorization', token).send({ attemptId: attempt.id, questionId: q.id, answer: { optionId: correct.id } })).status).toBe(200);
    }
    expect((await api().post(`/api/users/${id}/quizzes/${ch.quizId}/finish`).set('Authorization', token).send({ attemptId: attempt.id })).status).toBe(200);
    return id;
  }

  it('a node started after the finishes rebuilds the same board, with names, from learning', async () => {
    const ch = await challenge();
    await play(ch, 'Aruzhan', 'Tulegenova', 3);
    await play(ch, 'Dias', 'Serikov', 4);
    await play(ch, 'Мирас', 'әлиев', 1);
    const board = async (n: RunningService) => (await request(n.url).get(`/api/leaderboard-live/${ch.id}`).set('x-locale', 'en')).body.data;
    const before = await waitFor(async () => {
      const b = await board(node);
      return b?.participants === 3 && b.top.every((r: { name: string | null }) => r.name) && b;
    }, { what: 'the board from events, with names' });
    expect(before.top.map((r: { name: string; points: number }) => [r.name, r.points])).toEqual([
      ['Dias S.', 20],
      ['Aruzhan T.', 15],
      ['Мирас Ә.', 5],
    ]);
    expect(before.maxPoints).toBe(20);

    await node.close();
    // No replay of past events: the board can only come from learning's standings.
    node = await startNotifications(ns.envFor('notifications', { LEADERBOARD_REPLAY_MINUTES: '0' }));
    const after = await board(node);
    expect(after.top).toEqual(before.top);
    expect(after.participants).toBe(3);
    expect(node.app.get(BoardRegistry).get({ kind: 'challenge', id: ch.id })?.state).toBe('complete');
  });

  it('a node rebuilds every live board at start, before anyone asks for it', async () => {
    const ch = await challenge();
    const first = await play(ch, 'Aigerim', 'Sadykova', 4);
    await play(ch, 'Bolat', 'Nurlanov', 2);
    await node.close();
    node = await startNotifications(ns.envFor('notifications', { LEADERBOARD_REPLAY_MINUTES: '0' }));
    const rebuilt = await waitFor(() => {
      const b = node.app.get(BoardRegistry).get({ kind: 'challenge', id: ch.id });
      return b?.state === 'complete' && b;
    }, { what: 'the board rebuilt at start from learning.boards.live' });
    expect(rebuilt.ranking.rankOf(first)).toBe(1);
  });
});
