/**
 * The quiz builder's reorder (PUT /api/quizzes/{quiz}/question-order): every question exactly once, positions
 * 0..n-1 in one transaction with an audit entry; anything else is refused with a localized 4xx and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { learningStack } from './support';

describe('PUT /api/quizzes/{quiz}/question-order', () => {
  const s = learningStack();
  let quizId: string;
  let ids: string[];

  beforeAll(async () => {
    await s.start();
    const quiz = await s.http().post('/api/quizzes').set('Authorization', s.admin).send({ titleKk: 'Тест', titleRu: 'Тест', titleEn: 'Test', durationSeconds: 600 });
    expect(quiz.status).toBe(201);
    quizId = quiz.body.id;
    ids = [];
    for (const position of [0, 1, 2]) {
      const q = await s.http().post('/api/questions').set('Authorization', s.admin).send({
        quizId, kind: 'numeric', position, textKk: `Q${position}`, textRu: `Q${position}`, textEn: `Q${position}`, points: 1, accepted: { value: position },
      });
      expect(q.status).toBe(201);
      ids.push(q.body.id);
    }
  });
  afterAll(() => s.stop());

  const order = async () =>
    ((await s.http().get('/api/questions').query({ filter: `quizId||$eq||${quizId}`, sort: 'position,ASC' }).set('Authorization', s.admin)).body as { id: string; position: number }[]).map(
      (q) => [q.id, q.position],
    );
  const put = (body: object, token = s.admin, quiz = quizId) => s.http().put(`/api/quizzes/${quiz}/question-order`).set('Authorization', token).set('X-Locale', 'ru').send(body);

  it('refuses without a token, without quiz:update, and for a missing quiz', async () => {
    expect((await s.http().put(`/api/quizzes/${quizId}/question-order`).send({ questionIds: ids })).status).toBe(401);
    const pupil = await s.pupil(6);
    expect((await put({ questionIds: ids }, pupil.token)).status).toBe(403);
    const missing = await put({ questionIds: ids }, s.admin, randomUUID());
    expect(missing.status).toBe(404);
    expect((await put({ questionIds: ids }, s.admin, 'nope')).status).toBe(400);
  });

  it('refuses an order that leaves out, repeats or adds a question, in the caller language, and changes nothing', async () => {
    const before = await order();
    const partial = await put({ questionIds: [ids[1], ids[0]] });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ code: 'QUESTION_ORDER_MISMATCH', message: 'Передайте каждый вопрос этого теста ровно один раз, в новом порядке.' });
    expect((await put({ questionIds: [ids[1], ids[0], randomUUID()] })).body.code).toBe('QUESTION_ORDER_MISMATCH');
    const repeated = await put({ questionIds: [ids[1], ids[1], ids[0]] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.code).toBe('VALIDATION_FAILED');
    expect((await put({ questionIds: 'x' })).status).toBe(400);
    expect((await put({ questionIds: ids, extra: 1 })).body.code).toBe('UNKNOWN_FIELD');
    expect(await order()).toEqual(before);
  });

  it('puts the questions in the new order at positions 0..n-1 and records it in the audit log', async () => {
    const next = [ids[2], ids[0], ids[1]];
    const done = await put({ questionIds: next });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ data: next.map((id, position) => ({ id, position })) });
    expect(await order()).toEqual(next.map((id, position) => [id, position]));
    const audit = await s.sql<{ action: string; after: { questionIds: string[] } }>("SELECT action, after FROM {learning}.audit_log WHERE resource = 'quizzes' AND resource_id = $1 AND action = 'questions.reorder'", [quizId]);
    expect(audit).toEqual([{ action: 'questions.reorder', after: { questionIds: next } }]);
  });
});
