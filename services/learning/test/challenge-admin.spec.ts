/**
 * Staff's actions on a challenge (spec sections 2, 4, 7): publish and unpublish, archive, reward, private with an
 * audience (invited pupils or a code), reorder, import, duplicate, certificate template and checkpoint tests. Each
 * needs its permission, refuses bad input in the caller's language, is 404 for a missing challenge, changes
 * nothing when refused, and leaves an audit entry when it succeeds.
 */
import { ROLE } from '@olymp/proto';
import { testToken } from '@olymp/server-kit/testing';
import { type ChallengeFixture, createChallenge, learningStack, smallQuiz } from './support';

const HOUR = 3_600_000;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('staff actions on a challenge', () => {
  const s = learningStack();
  const t1 = new Date(Date.now() - HOUR);
  let ch: ChallengeFixture;
  let contentMaker: string;

  beforeAll(async () => {
    await s.start();
    contentMaker = `Bearer ${await testToken({ roleId: ROLE.examObserver })}`;
    ch = await createChallenge(s, { grade: 5, startsAt: t1, endsAt: new Date(t1.getTime() + 48 * HOUR), days: [{ opensAt: t1, quizzes: [smallQuiz(2, 5)] }] });
  });
  afterAll(() => s.stop());

  const row = async () => (await s.sql('SELECT * FROM {learning}.challenges WHERE id = $1', [ch.id]))[0];
  const audit = (action: string) => s.sql('SELECT actor_id, action, after FROM {learning}.audit_log WHERE resource_id = $1 AND action = $2', [ch.id, action]);
  const post = (path: string, body: unknown, token = s.admin) => s.http().post(`/api/challenges/${ch.id}/${path}`).set('Authorization', token).set('X-Locale', 'en').send(body as object);
  const listed = async () => ((await s.http().get('/api/challenges-all')).body.data as { id: string }[]).map((c) => c.id);

  it('refuses every action without a token, without the permission, on a missing id, and on bad input, changing nothing', async () => {
    const before = await row();
    for (const [path, body] of [['publish', { published: false }], ['archive', {}], ['reorder', { position: 3 }], ['private', { private: true }], ['duplicate', {}]] as const) {
      expect((await s.http().post(`/api/challenges/${ch.id}/${path}`).send(body)).status).toBe(401);
      expect((await post(path, body, contentMaker)).status).toBe(403);
      expect((await s.http().post(`/api/challenges/${MISSING}/${path}`).set('Authorization', s.admin).send(body)).status).toBe(404);
    }
    const bad = await post('reorder', { position: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors)).toEqual(['position']);
    const ru = await s.http().post(`/api/challenges/${ch.id}/private`).set('Authorization', s.admin).set('X-Locale', 'ru').send({ private: true, audience: 'code' });
    expect(ru.status).toBe(400);
    expect(ru.body.errors.accessCode).toMatch(/[а-я]/i);
    expect(await row()).toEqual(before);
    expect((await s.sql('SELECT COUNT(*)::int AS n FROM {learning}.challenges')).map((r) => r.n)).toEqual([1]);
  });

  it('unpublishes and publishes again, archives, with an audit entry each', async () => {
    expect((await post('publish', { published: false })).body.published).toBe(false);
    expect(await listed()).not.toContain(ch.id);
    expect((await s.http().get(`/api/challenges-all/${ch.id}`)).status).toBe(404);
    expect((await post('publish', { published: true })).body.published).toBe(true);
    expect(await listed()).toContain(ch.id);
    expect((await audit('publish')).map((a) => (a.after as { published: boolean }).published)).toEqual([true, false, true]);
    expect((await audit('publish'))[1].actor_id).toBe(s.adminId);
    expect((await post('archive', { archived: true })).body.archived).toBe(true);
    expect(await listed()).not.toContain(ch.id);
    await post('archive', { archived: false });
  });

  it('sets a reward, a certificate template and a position', async () => {
    const reward = await post('reward', { rewardKk: 'Сингапурға саяхат', rewardRu: 'Поездка в Сингапур', rewardEn: 'A trip to Singapore' });
    expect(reward.status).toBe(200);
    const page = await s.http().get(`/api/challenges-all/${ch.id}`);
    expect(page.body.data.reward).toEqual({ kk: 'Сингапурға саяхат', ru: 'Поездка в Сингапур', en: 'A trip to Singapore' });
    const template = { backgroundUrl: null, titleKk: 'Алғыс хат', titleRu: 'Грамота', titleEn: 'Certificate', bodyKk: '{name}', bodyRu: '{name}', bodyEn: '{name}' };
    expect((await s.http().put(`/api/challenges/${ch.id}/certificate-template`).set('Authorization', s.admin).send(template)).status).toBe(200);
    expect((await s.http().get(`/api/challenges/${ch.id}/certificate-template`).set('Authorization', s.admin)).body.data).toEqual(template);
    expect((await post('reorder', { position: 7 })).body.position).toBe(7);
  });

  it('makes a challenge private for invited pupils only, then for a code', async () => {
    const invited = await s.pupil(5);
    const other = await s.pupil(5);
    const priv = await post('private', { private: true, audience: 'users', userIds: [invited.id] });
    expect(priv.status).toBe(200);
    expect(priv.body.invited).toBe(1);
    expect(await listed()).not.toContain(ch.id);
    const refused = await s.http().post(`/api/users/${other.id}/challenges/${ch.id}`).set('Authorization', other.token).set('X-Locale', 'en').send({});
    expect(refused.body.code).toBe('CHALLENGE_NOT_INVITED');
    const ok = await s.http().post(`/api/users/${invited.id}/challenges/${ch.id}`).set('Authorization', invited.token).send({});
    expect(ok.body.data.via).toBe('invited');

    await post('private', { private: true, audience: 'code', accessCode: 'MATH-2030' });
    const noCode = await s.http().post(`/api/users/${other.id}/challenges/${ch.id}`).set('Authorization', other.token).send({ code: 'WRONG' });
    expect(noCode.body.code).toBe('CHALLENGE_CODE_REQUIRED');
    const withCode = await s.http().post(`/api/users/${other.id}/challenges/${ch.id}`).set('Authorization', other.token).send({ code: 'math-2030' });
    expect(withCode.body.data.via).toBe('code');
    // The code never shows in the audit log.
    expect(JSON.stringify(await audit('private'))).not.toContain('MATH-2030');
    await post('private', { private: false, audience: 'all' });
  });

  it('duplicates a challenge unpublished, with the same days and tests', async () => {
    const copy = await post('duplicate', {});
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ published: false, titleEn: 'Test challenge (copy)', grade: 5 });
    const days = await s.sql('SELECT c.day, cq.quiz_id FROM {learning}.checkpoints c JOIN {learning}.checkpoint_quizzes cq ON cq.checkpoint_id = c.id WHERE c.challenge_id = $1', [copy.body.data.id]);
    expect(days).toEqual([{ day: 1, quiz_id: ch.checkpoints[0].quizIds[0] }]);
  });

  it('replaces a checkpoint\'s tests, but not one pupils already took', async () => {
    const created = await s.http().post('/api/quizzes').set('Authorization', s.admin).send({ titleKk: 'Қосымша', titleRu: 'Доп.', titleEn: 'Extra', durationSeconds: 300 });
    expect(created.status).toBe(201);
    const extraId = created.body.id as string;
    const cp = ch.checkpoints[0].checkpointId;
    const put = (quizIds: string[]) => s.http().put(`/api/checkpoints/${cp}/quizzes`).set('Authorization', s.admin).set('X-Locale', 'en').send({ quizIds });
    expect((await put([ch.checkpoints[0].quizIds[0], extraId])).body.data).toEqual([ch.checkpoints[0].quizIds[0], extraId]);
    expect((await put([MISSING])).body.code).toBe('RELATED_NOT_FOUND');
    // A pupil starts the first test; removing it is now refused.
    const p = await s.pupil(5);
    await s.http().post(`/api/users/${p.id}/challenges/${ch.id}`).set('Authorization', p.token).send({}).expect(201);
    await s.http().post(`/api/users/${p.id}/quizzes/${ch.checkpoints[0].quizIds[0]}/start`).set('Authorization', p.token)
      .send({ checkpoint: cp, prechecks: { charged: true, stableConnection: true, timerKeepsRunning: true } }).expect(201);
    const locked = await put([extraId]);
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('PUBLISHED_CONTENT_LOCKED');
    const del = await s.http().delete(`/api/challenges/${ch.id}`).set('Authorization', s.admin);
    expect(del.status).toBe(409);
    expect((await row()).id).toBe(ch.id);
  });

  it('refuses an import that does not fit the format, naming the field', async () => {
    const res = await post('import', { checkpoints: [{ day: 1, titleKk: 'x', titleRu: 'x', titleEn: 'x', opensAt: 'tomorrow', quizzes: [] }] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['checkpoints.0.opensAt']);
  });
});
