/**
 * What every endpoint of every service gets from the kit, checked on a real service (learning) whose permissions
 * come from the real auth service over NATS: 401/403, localized 4xx on bad input with nothing written, 404,
 * request ids, and revoked sessions.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { ROLE } from '@olymp/proto';
import { EventOutbox, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { DataSource } from 'typeorm';

describe('kit behaviour over HTTP', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let learning: RunningService;
  let pg: Client;
  const bearer = (t: string) => `Bearer ${t}`;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    learning = await startLearning(ns.envFor('learning'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await learning?.close();
    await auth?.close();
    await ns.cleanup();
  });

  const probeCount = async () =>
    (await pg.query(`SELECT count(*)::int AS n FROM "${ns.schemaOf('learning')}".system_probe`)).rows[0].n as number;

  it('answers 401 without a token, with the message in the caller language (kk by default)', async () => {
    const kk = await request(learning.url).post('/api/system/probes').send({});
    expect(kk.status).toBe(401);
    expect(kk.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Жүйеге кіру қажет.' });
    const en = await request(learning.url).post('/api/system/probes').set('x-locale', 'en').send({});
    expect(en.body.message).toBe('Unauthenticated.');
    const ru = await request(learning.url).post('/api/system/probes').set('x-locale', 'ru').send({});
    expect(ru.body.message).toBe('Требуется вход в систему.');
  });

  it('answers 401 for a forged token', async () => {
    const token = await testToken({ roleId: ROLE.admin });
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res = await request(learning.url).post('/api/system/probes').set('authorization', bearer(forged)).send({});
    expect(res.status).toBe(401);
  });

  it('answers 403 when the role lacks the permission (asked of auth over NATS)', async () => {
    const res = await request(learning.url).get(`/api/system/probe-receipts/${randomUUID()}`)
      .set('authorization', bearer(await testToken({ roleId: ROLE.student }))).set('x-locale', 'en');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have permission for this action. Ask an administrator to grant it.');
  });

  it('lets a role with the permission through (then 404 for a missing id)', async () => {
    const res = await request(learning.url).get(`/api/system/probe-receipts/${randomUUID()}`)
      .set('authorization', bearer(await testToken({ roleId: ROLE.manager }))).set('x-locale', 'ru');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Не найдено. Проверьте ссылку или идентификатор.' });
  });

  it('answers 400 for a bad uuid before looking anything up', async () => {
    const res = await request(learning.url).get('/api/system/probe-receipts/12345')
      .set('authorization', bearer(await testToken({ roleId: ROLE.admin })));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_ID', message: '«12345» — жарамсыз идентификатор: UUID күтіледі.' });
  });

  it('refuses an unknown field (no mass assignment) and writes nothing', async () => {
    const before = await probeCount();
    const res = await request(learning.url).post('/api/system/probes').set('x-locale', 'en')
      .set('authorization', bearer(await testToken({ roleId: ROLE.admin }))).send({ note: 'x', isAdmin: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'UNKNOWN_FIELD', message: 'Unknown field "isAdmin": remove it from the request.' });
    expect(await probeCount()).toBe(before);
  });

  it('refuses a bad value with field messages in kk, ru and en, and writes nothing', async () => {
    const before = await probeCount();
    const admin = await testToken({ roleId: ROLE.admin });
    const send = (locale: string) =>
      request(learning.url).post('/api/system/probes').set('x-locale', locale).set('authorization', bearer(admin)).send({ note: 'x'.repeat(201) });
    const [kk, ru, en] = await Promise.all([send('kk'), send('ru'), send('en')]);
    for (const r of [kk, ru, en]) expect(r.status).toBe(400);
    expect(kk.body.errors.note).toBe('200 таңбадан аспауы керек');
    expect(ru.body.errors.note).toMatch(/200/);
    expect(ru.body.message).toMatch(/^Некоторые поля заполнены неверно: note: /);
    expect(en.body.message).toMatch(/^Some fields are filled in incorrectly: note: Too big/);
    expect(await probeCount()).toBe(before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await request(learning.url).post('/api/system/probes').set('content-type', 'application/json')
      .set('authorization', bearer(await testToken({ roleId: ROLE.admin }))).send('{"note": ');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('MALFORMED_BODY');
  });

  it('answers 404 with a localized message for an unknown route', async () => {
    const res = await request(learning.url).get('/api/nothing-here').set('x-locale', 'en');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: 'There is no such address: GET /api/nothing-here.' });
  });

  it('echoes a given request id and makes one when none is given', async () => {
    const given = await request(learning.url).get('/health').set('x-request-id', 'req-1234567890');
    expect(given.headers['x-request-id']).toBe('req-1234567890');
    const made = await request(learning.url).get('/health');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a token whose session was revoked, on every service', async () => {
    const sessionId = randomUUID();
    const userId = randomUUID();
    const token = await testToken({ roleId: ROLE.admin, sessionId, userId });
    const ok = await request(learning.url).get(`/api/system/probe-receipts/${randomUUID()}`).set('authorization', bearer(token));
    expect(ok.status).toBe(404);
    const ds = auth.app.get(DataSource);
    await ds.transaction((m) =>
      auth.app.get(EventOutbox).add(m, 'auth.session.revoked', {
        sessionId, userId, deviceId: 'old-phone', reason: 'new_device', revokedAt: new Date().toISOString(),
      }),
    );
    await waitFor(async () => {
      const r = await request(learning.url).get(`/api/system/probe-receipts/${randomUUID()}`).set('authorization', bearer(token));
      return r.status === 401;
    }, { what: 'revoked token refused by learning' });
    const onAuth = await request(auth.url).get(`/api/system/probe-receipts/${randomUUID()}`).set('authorization', bearer(token));
    expect(onAuth.status).toBe(401);
  });

  it('answers 503 when the permission source is unreachable, instead of hanging or letting the caller in', async () => {
    const observer = await testToken({ roleId: ROLE.examObserver });
    await auth.close();
    const res = await request(learning.url).get(`/api/system/probe-receipts/${randomUUID()}`).set('authorization', bearer(observer));
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    auth = await startAuth(ns.envFor('auth'));
  });
});
