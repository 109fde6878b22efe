import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Pool } from 'pg';
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';

export interface Pupil {
  id: string;
  token: string;
  grade: number | null;
}

/**
 * Auth and learning on real PostgreSQL and NATS, in a namespace of their own; pupils are written into auth's
 * tables (as registration would) and get tokens signed with the development key.
 */
export function learningStack() {
  const ns = createTestNamespace();
  const s = {
    ns,
    auth: undefined as unknown as RunningService,
    learning: undefined as unknown as RunningService,
    pg: undefined as unknown as Pool,
    admin: '',
    adminId: randomUUID(),
    http: () => request(s.learning.app.getHttpServer()),
    async start(extra: Record<string, string> = {}) {
      s.auth = await startAuth(ns.envFor('auth', extra));
      s.learning = await startLearning(ns.envFor('learning', extra));
      // A pool: tests run statements concurrently (one client would queue them, which pg deprecates).
      s.pg = new Pool({ connectionString: ns.databaseUrl, max: 4 });
      s.admin = `Bearer ${await testToken({ roleId: ROLE.admin, userId: s.adminId })}`;
    },
    async stop() {
      await s.pg?.end();
      await s.learning?.close();
      await s.auth?.close();
      await ns.cleanup();
    },
    /** SQL in a service's schema: `{auth}` and `{learning}` stand for the schema names. */
    async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
      const q = text.replaceAll('{auth}', `"${ns.schemaOf('auth')}"`).replaceAll('{learning}', `"${ns.schemaOf('learning')}"`);
      return (await s.pg.query(q, params)).rows as T[];
    },
    async pupil(grade: number | null, opts: { firstName?: string; lastName?: string; provinceId?: number | null; roleId?: number } = {}): Promise<Pupil> {
      const id = randomUUID();
      const phone = `+77${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
      await s.sql(
        'INSERT INTO {auth}.users (id, phone, first_name, last_name, role_id, grade, province_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [id, phone, opts.firstName ?? `Pupil${id.slice(0, 4)}`, opts.lastName ?? 'Test', opts.roleId ?? ROLE.student, grade, opts.provinceId ?? null],
      );
      return { id, grade, token: `Bearer ${await testToken({ roleId: (opts.roleId ?? ROLE.student) as 7, userId: id })}` };
    },
    /** What answers a question correctly, read from the database (tests only: the API never tells a pupil). */
    async correctAnswer(questionId: string): Promise<Record<string, unknown>> {
      const [q] = await s.sql<{ kind: string; accepted: { value?: number; texts?: string[] } | null }>('SELECT kind, accepted FROM {learning}.questions WHERE id = $1', [questionId]);
      const options = (await s.sql<{ id: string }>('SELECT id FROM {learning}.answers WHERE question_id = $1 AND is_correct ORDER BY id', [questionId])).map((o) => o.id);
      if (q.kind === 'single') return { optionId: options[0] };
      if (q.kind === 'multiple') return { optionIds: options };
      if (q.kind === 'numeric') return { value: q.accepted?.value };
      return { text: q.accepted?.texts?.[0] };
    },
    async wrongAnswer(questionId: string): Promise<Record<string, unknown>> {
      const [q] = await s.sql<{ kind: string; accepted: { value?: number } | null }>('SELECT kind, accepted FROM {learning}.questions WHERE id = $1', [questionId]);
      const wrong = (await s.sql<{ id: string }>('SELECT id FROM {learning}.answers WHERE question_id = $1 AND NOT is_correct ORDER BY id', [questionId])).map((o) => o.id);
      if (q.kind === 'single') return { optionId: wrong[0] };
      if (q.kind === 'multiple') return { optionIds: [wrong[0]] };
      if (q.kind === 'numeric') return { value: (q.accepted?.value ?? 0) + 1 };
      return { text: 'zzz' };
    },
  };
  return s;
}

export type LearningStack = ReturnType<typeof learningStack>;

export const PRECHECKS = { charged: true, stableConnection: true, timerKeepsRunning: true };

export interface ChallengeFixture {
  id: string;
  checkpoints: { checkpointId: string; quizIds: string[] }[];
}

/** A published challenge made through the staff API: checkpoints opening at the given instants, with their tests. */
export async function createChallenge(
  s: LearningStack,
  opts: {
    grade: number | null;
    startsAt: Date;
    endsAt: Date;
    days: { opensAt: Date; quizzes: unknown[] }[];
    priceTenge?: number;
    priceZp?: number;
  },
): Promise<ChallengeFixture> {
  const created = await s.http().post('/api/challenges').set('Authorization', s.admin).send({
    titleKk: 'Сынақ челленджі', titleRu: 'Тестовый челлендж', titleEn: 'Test challenge', grade: opts.grade,
    startsAt: opts.startsAt.toISOString(), endsAt: opts.endsAt.toISOString(), priceTenge: opts.priceTenge ?? 0, priceZp: opts.priceZp ?? 0,
  });
  if (created.status !== 201) throw new Error(`create challenge: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const imported = await s.http().post(`/api/challenges/${id}/import`).set('Authorization', s.admin).send({
    checkpoints: opts.days.map((d, i) => ({
      day: i + 1, titleKk: `${i + 1}-күн`, titleRu: `День ${i + 1}`, titleEn: `Day ${i + 1}`, opensAt: d.opensAt.toISOString(), quizzes: d.quizzes,
    })),
  });
  if (imported.status !== 200) throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body)}`);
  const published = await s.http().post(`/api/challenges/${id}/publish`).set('Authorization', s.admin).send({ published: true });
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
  return { id, checkpoints: imported.body.data };
}

/** A small quiz in the import format: `count` single-choice questions of `points` each. */
export function smallQuiz(count: number, points: number, durationSeconds = 600) {
  return {
    titleKk: 'Тест', titleRu: 'Тест', titleEn: 'Test', durationSeconds,
    questions: Array.from({ length: count }, (_, i) => ({
      kind: 'single', textKk: `${i} + 1 = ?`, textRu: `${i} + 1 = ?`, textEn: `${i} + 1 = ?`, points,
      options: [0, 1, 2].map((d) => ({ textKk: String(i + d), textRu: String(i + d), textEn: String(i + d), isCorrect: d === 1 })),
    })),
  };
}
