/**
 * GET /api/logs: the auth service's audit log of staff changes, on real PostgreSQL and NATS. Entries are made by
 * real writes (a catalogue through the CRUD kit, a role's permission set through its own service); the log is
 * read newest first and filtered with the CRUD kit's query language by actor, resource, action and time. The
 * endpoint checklist holds: 401, 403 (student, a role without log:index), 400 for a bad id or query, 404.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';

interface Entry {
  id: string;
  actorId: string | null;
  actorRoleId: number | null;
  action: string;
  resource: string;
  resourceId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  at: string;
}

describe('audit log: GET /api/logs', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('auth');
  const adminId = randomUUID();
  const managerId = randomUUID();
  let admin: string;
  let manager: string;
  let subjectId: number;
  let startedAt: Date;
  let finishedAt: Date;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin, userId: adminId })}`;
    manager = `Bearer ${await testToken({ roleId: ROLE.manager, userId: managerId })}`;

    // The history this file reads: a manager creates and renames a subject, an admin deletes it and changes a
    // role's permission set.
    startedAt = new Date();
    const api = request(auth.url);
    const created = await api.post('/api/subjects').set('authorization', manager).send({ code: 'astronomy', nameKk: 'Астрономия', nameRu: 'Астрономия', nameEn: 'Astronomy' });
    subjectId = created.body.id;
    await api.patch(`/api/subjects/${subjectId}`).set('authorization', manager).send({ nameEn: 'Astronomy and space' });
    await api.delete(`/api/subjects/${subjectId}`).set('authorization', admin);
    const observer = (await api.get(`/api/roles/${ROLE.examObserver}/permissions`).set('authorization', admin)).body.data as string[];
    await api.put(`/api/roles/${ROLE.examObserver}/permissions`).set('authorization', admin).send({ permissions: [...observer, 'sidebar:student_index'] });
    finishedAt = new Date();
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  const logs = (query: Record<string, string | number> = {}, who = admin) => request(auth.url).get('/api/logs').query(query).set('authorization', who);
  const summary = (entries: Entry[]) => entries.map((e) => [e.action, e.resource, e.resourceId, e.actorId]);
  const auditCount = async () => (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".audit_log`)).rows[0].n as number;
  const history = () => [
    ['permissions.replace', 'roles', String(ROLE.examObserver), adminId],
    ['delete', 'subjects', String(subjectId), adminId],
    ['update', 'subjects', String(subjectId), managerId],
    ['create', 'subjects', String(subjectId), managerId],
  ];

  it('lists every change newest first, with who, what, when, before and after', async () => {
    const res = await logs();
    expect(res.status).toBe(200);
    expect(summary(res.body)).toEqual(history());
    const [replace, , update] = res.body as Entry[];
    expect(replace).toMatchObject({ actorRoleId: ROLE.admin, after: { permissions: expect.arrayContaining(['sidebar:student_index']) } });
    expect(update).toMatchObject({
      actorRoleId: ROLE.manager,
      before: expect.objectContaining({ code: 'astronomy', nameEn: 'Astronomy' }),
      after: expect.objectContaining({ code: 'astronomy', nameEn: 'Astronomy and space' }),
      requestId: expect.any(String),
    });
    const times = (res.body as Entry[]).map((e) => new Date(e.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t) => t >= startedAt.getTime() - 1000 && t <= finishedAt.getTime() + 1000)).toBe(true);
  });

  it('filters by actor, resource, action and time range, and pages', async () => {
    expect(summary((await logs({ 'filter[0]': `actorId||$eq||${managerId}` })).body)).toEqual(history().slice(2));
    expect(summary((await logs({ 'filter[0]': 'resource||$eq||roles' })).body)).toEqual(history().slice(0, 1));
    expect(summary((await logs({ 'filter[0]': 'action||$in||create,delete' })).body)).toEqual([history()[1], history()[3]]);
    const window = `${new Date(startedAt.getTime() - 1000).toISOString()},${new Date(finishedAt.getTime() + 1000).toISOString()}`;
    expect(summary((await logs({ 'filter[0]': `at||$between||${window}` })).body)).toEqual(history());
    const later = `${new Date(finishedAt.getTime() + 60_000).toISOString()},${new Date(finishedAt.getTime() + 120_000).toISOString()}`;
    expect((await logs({ 'filter[0]': `at||$between||${later}` })).body).toEqual([]);
    const both = await logs({ 'filter[0]': 'resource||$eq||subjects', 'filter[1]': `at||$gte||${startedAt.toISOString()}`, limit: 2, page: 2 });
    expect(both.body).toMatchObject({ count: 1, total: 3, page: 2, pageCount: 2 });
    expect(summary(both.body.data)).toEqual(history().slice(3));
    const oldestFirst = await logs({ 'sort[0]': 'at,ASC' });
    expect(summary(oldestFirst.body)).toEqual(history().reverse());
  });

  it('shows one entry by id', async () => {
    const [newest] = (await logs()).body as Entry[];
    const one = await request(auth.url).get(`/api/logs/${newest.id}`).set('authorization', admin);
    expect([one.status, one.body]).toEqual([200, newest]);
  });

  it('lets a manager read it (log:index) and refuses others: 401 without a token, 403 for a student and a content maker', async () => {
    expect((await logs({}, manager)).status).toBe(200);
    const [newest] = (await logs()).body as Entry[];
    for (const url of ['/api/logs', `/api/logs/${newest.id}`]) {
      const anonymous = await request(auth.url).get(url);
      expect([anonymous.status, anonymous.body.message]).toEqual([401, 'Жүйеге кіру қажет.']);
      for (const roleId of [ROLE.student, ROLE.contentMaker]) {
        const res = await request(auth.url).get(url).set('authorization', `Bearer ${await testToken({ roleId })}`).set('x-locale', 'en');
        expect([roleId, res.status, res.body.code]).toEqual([roleId, 403, 'FORBIDDEN']);
      }
    }
  });

  it('answers 400 for a bad id or query and 404 for a missing entry, and is not itself written to by reading', async () => {
    const before = await auditCount();
    const badId = await request(auth.url).get('/api/logs/42').set('authorization', admin).set('x-locale', 'en');
    expect([badId.status, badId.body.code, badId.body.message]).toEqual([400, 'INVALID_ID', '"42" is not a valid id: a UUID is expected.']);
    const kk = await request(auth.url).get('/api/logs/abc').set('authorization', admin);
    expect(kk.body.message).toBe('«abc» — жарамсыз идентификатор: UUID күтіледі.');
    const missing = await request(auth.url).get(`/api/logs/${randomUUID()}`).set('authorization', admin).set('x-locale', 'ru');
    expect([missing.status, missing.body.message]).toEqual([404, 'Не найдено. Проверьте ссылку или идентификатор.']);
    const field = await logs({ 'filter[0]': 'before||$eq||x' }).set('x-locale', 'en');
    expect([field.status, field.body.message]).toEqual([
      400, 'Unknown field "before" in "filter". Allowed fields: id, actorId, actorRoleId, action, resource, resourceId, requestId, at.',
    ]);
    const value = await logs({ 'filter[0]': 'at||$gte||yesterday' }).set('x-locale', 'en');
    expect([value.status, value.body.message]).toEqual([400, 'The value "yesterday" does not fit the field "at" with the operator "$gte".']);
    const actor = await logs({ 'filter[0]': 'actorId||$eq||someone' }).set('x-locale', 'en');
    expect([actor.status, actor.body.code]).toEqual([400, 'QUERY_VALUE_INVALID']);
    expect(await auditCount()).toBe(before);
  });

  it('has no write routes', async () => {
    const [newest] = (await logs()).body as Entry[];
    for (const req of [
      request(auth.url).post('/api/logs').send({ action: 'create' }),
      request(auth.url).put(`/api/logs/${newest.id}`).send({ action: 'x' }),
      request(auth.url).delete(`/api/logs/${newest.id}`),
    ]) {
      const res = await req.set('authorization', admin);
      expect([res.status, res.body.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
    }
    expect((await logs()).body[0]).toEqual(newest);
  });
});
