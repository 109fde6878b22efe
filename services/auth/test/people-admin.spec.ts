/**
 * The staff's people lists (staff-people/) on real PostgreSQL and NATS: `users` (index, show, store, destroy; no
 * update, the profile owns PUT users/{user}), `PUT users/{user}/role`, `students` (pupils only) and `teachers`.
 * Refused requests (401, 403, 400, 404, 409) change nothing.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';

describe('staff people lists: users, students, teachers', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('auth');
  let admin: string;
  let adminId: string;
  let manager: string;
  let managerId: string;
  let student: string;
  let contentMaker: string;

  const api = () => request(auth.url);
  const idOf = async (phone: string) => (await pg.query(`SELECT id FROM "${schema}".users WHERE phone = $1`, [phone])).rows[0]?.id as string | undefined;
  const userCount = async () => (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".users`)).rows[0].n as number;
  const snapshot = async () => (await pg.query(`SELECT id, phone, role_id, first_name FROM "${schema}".users ORDER BY id`)).rows;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth', { SEED_DEMO: 'true' }));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    adminId = (await idOf('+77000000001'))!;
    managerId = (await idOf('+77000000003'))!;
    admin = `Bearer ${await testToken({ roleId: ROLE.admin, userId: adminId })}`;
    manager = `Bearer ${await testToken({ roleId: ROLE.manager, userId: managerId })}`;
    student = `Bearer ${await testToken({ roleId: ROLE.student })}`;
    contentMaker = `Bearer ${await testToken({ roleId: ROLE.contentMaker })}`;
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  it('lists people for staff: search by name or phone, filter by role and grade, sort; 401/403 otherwise', async () => {
    expect((await api().get('/api/users')).status).toBe(401);
    expect((await api().get('/api/users').set('authorization', student)).status).toBe(403);
    expect((await api().get('/api/users').set('authorization', contentMaker)).status).toBe(403);
    const all = await api().get('/api/users').set('authorization', manager);
    expect(all.status).toBe(200);
    expect(all.body.map((u: { phone: string }) => u.phone)).toEqual(expect.arrayContaining(['+77000000001', '+77000000105']));
    const byName = await api().get('/api/users').set('authorization', manager).query({ 'filter[0]': 'q||$contL||менеджер' });
    expect(byName.body.map((u: { phone: string }) => u.phone)).toEqual(['+77000000003']);
    const byPhone = await api().get('/api/users').set('authorization', manager).query({ 'filter[0]': 'q||$contL||000000106' });
    expect(byPhone.body.map((u: { firstName: string }) => u.firstName)).toEqual(['Нұрлан']);
    const pupils = await api().get('/api/users').set('authorization', manager)
      .query({ 'filter[0]': `roleId||$eq||${ROLE.student}`, 'filter[1]': 'grade||$gte||6', 'sort[0]': 'grade,DESC' });
    expect(pupils.body.map((u: { grade: number }) => u.grade)).toEqual([7, 6]);
    const one = await api().get(`/api/users/${managerId}`).set('authorization', manager);
    expect([one.status, one.body.firstName, one.body.roleId]).toEqual([200, 'Марат', ROLE.manager]);
    expect((await api().get(`/api/users/${randomUUID()}`).set('authorization', manager)).status).toBe(404);
    expect((await api().get('/api/users/not-a-uuid').set('authorization', manager)).status).toBe(400);
  });

  it('serves no update through the resource: PATCH users/{id} is not a route, PUT stays the profile update', async () => {
    const patch = await api().patch(`/api/users/${managerId}`).set('authorization', admin).send({ firstName: 'X' });
    expect(patch.status).toBe(404);
    const put = await api().put(`/api/users/${managerId}`).set('authorization', admin).send({ roleId: ROLE.admin });
    expect(put.status).toBe(400);
    expect((await pg.query(`SELECT role_id FROM "${schema}".users WHERE id = $1`, [managerId])).rows[0].role_id).toBe(ROLE.manager);
  });

  it('creates a person with a normalized phone and a server id; refused requests change nothing', async () => {
    const body = { phone: '8 (701) 555-11-22', firstName: 'Бекзат', lastName: 'Жаңа', roleId: ROLE.examObserver };
    const before = await snapshot();
    expect((await api().post('/api/users').send(body)).status).toBe(401);
    expect((await api().post('/api/users').set('authorization', student).send(body)).status).toBe(403);
    expect((await api().post('/api/users').set('authorization', contentMaker).send(body)).status).toBe(403);
    const unknown = await api().post('/api/users').set('authorization', manager).send({ ...body, id: randomUUID() });
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([400, 'UNKNOWN_FIELD', 'Белгісіз өріс «id»: оны сұраныстан алып тастаңыз.']);
    const badPhone = await api().post('/api/users').set('authorization', manager).send({ ...body, phone: '12345' });
    expect([badPhone.status, badPhone.body.code]).toEqual([400, 'INVALID_PHONE']);
    const noRole = await api().post('/api/users').set('authorization', manager).send({ ...body, roleId: 999 });
    expect([noRole.status, noRole.body.code]).toEqual([400, 'RELATED_NOT_FOUND']);
    const adminByManager = await api().post('/api/users').set('authorization', manager).send({ ...body, roleId: ROLE.admin });
    expect(adminByManager.status).toBe(403);
    const taken = await api().post('/api/users').set('authorization', manager).send({ ...body, phone: '+7 (700) 000-00-03' });
    expect([taken.status, taken.body.code]).toEqual([409, 'PHONE_TAKEN']);
    expect(await snapshot()).toEqual(before);

    const created = await api().post('/api/users').set('authorization', manager).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ phone: '+77015551122', firstName: 'Бекзат', roleId: ROLE.examObserver });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await idOf('+77015551122')).toBe(created.body.id);
    const again = await api().post('/api/users').set('authorization', manager).send({ ...body, phone: '77015551122' });
    expect([again.status, again.body.code]).toEqual([409, 'PHONE_TAKEN']);
    const audit = await pg.query(`SELECT action, actor_id FROM "${schema}".audit_log WHERE resource = 'users' AND resource_id = $1`, [created.body.id]);
    expect(audit.rows).toEqual([{ action: 'create', actor_id: managerId }]);
  });

  it('changes a role (user:role_update), ends the person\'s sessions, and refuses one\'s own role', async () => {
    const pupilId = (await idOf('+77000000107'))!;
    await pg.query(
      `INSERT INTO "${schema}".sessions (id, user_id, device_id, client_ip, refresh_hash, last_used_at, expires_at)
       VALUES ($1, $2, 'd1', '127.0.0.1', $3, now(), now() + interval '1 day')`,
      [randomUUID(), pupilId, randomUUID().replace(/-/g, '')],
    );
    const url = `/api/users/${pupilId}/role`;
    expect((await api().put(url).send({ roleId: ROLE.examObserver })).status).toBe(401);
    expect((await api().put(url).set('authorization', contentMaker).send({ roleId: ROLE.examObserver })).status).toBe(403);
    expect((await api().put(url).set('authorization', manager).send({ roleId: ROLE.examObserver, phone: '1' })).status).toBe(400);
    expect((await api().put(url).set('authorization', manager).send({ roleId: 999 })).status).toBe(400);
    expect((await api().put(`/api/users/${randomUUID()}/role`).set('authorization', manager).send({ roleId: ROLE.examObserver })).status).toBe(404);
    const own = await api().put(`/api/users/${managerId}/role`).set('authorization', manager).send({ roleId: ROLE.admin });
    expect([own.status, own.body.code]).toEqual([409, 'SELF_ROLE_CHANGE_REFUSED']);
    expect((await pg.query(`SELECT role_id FROM "${schema}".users WHERE id = $1`, [pupilId])).rows[0].role_id).toBe(ROLE.student);

    const done = await api().put(url).set('authorization', manager).send({ roleId: ROLE.examObserver });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ id: pupilId, roleId: ROLE.examObserver, sessionsEnded: 1 });
    const sessions = await pg.query(`SELECT revoke_reason FROM "${schema}".sessions WHERE user_id = $1`, [pupilId]);
    expect(sessions.rows).toEqual([{ revoke_reason: 'staff_reset' }]);
    await api().put(url).set('authorization', manager).send({ roleId: ROLE.student });
  });

  describe('nobody but an administrator gives a role holding a key they do not hold', () => {
    const keysOf = async (roleId: number) =>
      (await pg.query(`SELECT p.name FROM "${schema}".role_permissions rp JOIN "${schema}".permissions p ON p.id = rp.permission_id
        WHERE rp.role_id = $1 ORDER BY p.name`, [roleId])).rows.map((r: { name: string }) => r.name) as string[];
    const audit = async () => (await pg.query(`SELECT id FROM "${schema}".audit_log ORDER BY id`)).rows;
    const sessions = async () => (await pg.query(`SELECT id, revoked_at FROM "${schema}".sessions ORDER BY id`)).rows;
    const outbox = async () => (await pg.query(`SELECT id FROM "${schema}".outbox ORDER BY id`)).rows;

    it('refuses a manager giving a pupil the content maker role (quiz:index, quiz:create, ... the manager lacks), in kk, ru and en, changing nothing', async () => {
      const pupilId = (await idOf('+77000000106'))!;
      const managerKeys = new Set(await keysOf(ROLE.manager));
      const notHeld = (await keysOf(ROLE.contentMaker)).filter((k) => !managerKeys.has(k));
      expect(notHeld).toEqual(expect.arrayContaining(['quiz:index', 'quiz:create', 'quiz:delete']));
      const before = { users: await snapshot(), audit: await audit(), sessions: await sessions(), outbox: await outbox() };
      const url = `/api/users/${pupilId}/role`;
      const kk = await api().put(url).set('authorization', manager).send({ roleId: ROLE.contentMaker });
      expect([kk.status, kk.body.code, kk.body.message]).toEqual([
        403, 'PERMISSION_NOT_HELD', `Тек өзіңізде бар рұқсаттарды ғана беруге болады; сізде жоқ: ${notHeld.join(', ')}. Әкімшіден сұраңыз.`,
      ]);
      const ru = await api().put(url).set('authorization', manager).set('x-locale', 'ru').send({ roleId: ROLE.contentMaker });
      expect(ru.body.message).toBe(`Выдавать можно только те права, которые есть у вас самих; у вас нет: ${notHeld.join(', ')}. Попросите администратора.`);
      const en = await api().put(url).set('authorization', manager).set('x-locale', 'en').send({ roleId: ROLE.contentMaker });
      expect(en.body.message).toBe(`You can only grant permissions you hold yourself; you do not hold: ${notHeld.join(', ')}. Ask an administrator to do it.`);
      // Creating a person with that role is the same grant.
      const create = await api().post('/api/users').set('authorization', manager).set('x-locale', 'en')
        .send({ phone: '+77015553344', firstName: 'Айдана', roleId: ROLE.contentMaker });
      expect([create.status, create.body.code]).toEqual([403, 'PERMISSION_NOT_HELD']);
      expect({ users: await snapshot(), audit: await audit(), sessions: await sessions(), outbox: await outbox() }).toEqual(before);
    });

    it('lets a manager give a role whose keys are a subset of theirs, and an administrator give any role', async () => {
      const pupilId = (await idOf('+77000000106'))!;
      const url = `/api/users/${pupilId}/role`;
      const managerKeys = new Set(await keysOf(ROLE.manager));
      expect((await keysOf(ROLE.regionalDirector)).every((k) => managerKeys.has(k))).toBe(true);
      const subset = await api().put(url).set('authorization', manager).send({ roleId: ROLE.regionalDirector });
      expect([subset.status, subset.body.data?.roleId]).toEqual([200, ROLE.regionalDirector]);
      const byAdmin = await api().put(url).set('authorization', admin).send({ roleId: ROLE.contentMaker });
      expect([byAdmin.status, byAdmin.body.data?.roleId]).toEqual([200, ROLE.contentMaker]);
      const actions = await pg.query(`SELECT action, actor_id FROM "${schema}".audit_log WHERE resource = 'users' AND resource_id = $1 ORDER BY at`, [pupilId]);
      expect(actions.rows).toEqual([{ action: 'role.update', actor_id: managerId }, { action: 'role.update', actor_id: adminId }]);
      expect((await api().put(url).set('authorization', admin).send({ roleId: ROLE.student })).status).toBe(200);
    });
  });

  it('deletes a person, but never oneself or the last administrator', async () => {
    const before = await userCount();
    const self = await api().delete(`/api/users/${managerId}`).set('authorization', manager);
    expect([self.status, self.body.code]).toEqual([409, 'SELF_DELETE_REFUSED']);
    const selfAdmin = await api().delete(`/api/users/${adminId}`).set('authorization', admin);
    expect([selfAdmin.status, selfAdmin.body.code]).toEqual([409, 'SELF_DELETE_REFUSED']);
    const lastAdmin = await api().delete(`/api/users/${adminId}`).set('authorization', `Bearer ${await testToken({ roleId: ROLE.admin })}`);
    expect([lastAdmin.status, lastAdmin.body.code]).toEqual([409, 'LAST_ADMIN']);
    expect((await api().delete(`/api/users/${randomUUID()}`).set('authorization', manager)).status).toBe(404);
    expect((await api().delete(`/api/users/${(await idOf('+77000000010'))!}`).set('authorization', contentMaker)).status).toBe(403);
    expect(await userCount()).toBe(before);
    const victim = (await idOf('+77015551122'))!;
    const sessionId = randomUUID();
    await pg.query(
      `INSERT INTO "${schema}".sessions (id, user_id, device_id, client_ip, refresh_hash, last_used_at, expires_at)
       VALUES ($1, $2, 'd2', '127.0.0.1', $3, now(), now() + interval '1 day')`,
      [sessionId, victim, randomUUID().replace(/-/g, '')],
    );
    const gone = await api().delete(`/api/users/${victim}`).set('authorization', manager);
    expect([gone.status, gone.body.id]).toEqual([200, victim]);
    expect(await userCount()).toBe(before - 1);
    // Their tokens are refused everywhere: the session's end was published before the rows went.
    const revoked = await pg.query(`SELECT payload FROM "${schema}".outbox WHERE subject = 'auth.session.revoked' AND payload->>'sessionId' = $1`, [sessionId]);
    expect(revoked.rows).toEqual([{ payload: expect.objectContaining({ userId: victim, reason: 'staff_reset' }) }]);
  });

  it('lists only pupils (role 7) under students', async () => {
    expect((await api().get('/api/students')).status).toBe(401);
    expect((await api().get('/api/students').set('authorization', contentMaker)).status).toBe(403);
    const list = await api().get('/api/students').set('authorization', manager);
    expect(list.status).toBe(200);
    const expected = (await pg.query(`SELECT id FROM "${schema}".users WHERE role_id = 7`)).rows.map((r) => r.id).sort();
    expect(list.body.map((u: { id: string }) => u.id).sort()).toEqual(expected);
    expect(list.body.every((u: { roleId: number }) => u.roleId === ROLE.student)).toBe(true);
    const trick = await api().get('/api/students').set('authorization', manager).query({ 'filter[0]': 'phone||$eq||+77000000003' });
    expect(trick.body).toEqual([]);
    expect((await api().get(`/api/students/${managerId}`).set('authorization', manager)).status).toBe(404);
    expect((await api().get(`/api/students/${expected[0]}`).set('authorization', manager)).status).toBe(200);
    expect((await api().post('/api/students').set('authorization', admin).send({})).status).toBe(404);
  });

  it('keeps teachers: staff read, management writes, phones normalized', async () => {
    expect((await api().get('/api/teachers')).status).toBe(401);
    expect((await api().get('/api/teachers').set('authorization', student)).status).toBe(403);
    const body = { firstName: 'Сәуле', lastName: 'Мұғалімова', phone: '87010000055', subjectId: null };
    expect((await api().post('/api/teachers').set('authorization', contentMaker).send(body)).status).toBe(403);
    const unknown = await api().post('/api/teachers').set('authorization', manager).send({ ...body, salary: 1 });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Белгісіз өріс «salary»: оны сұраныстан алып тастаңыз.']);
    expect((await pg.query(`SELECT count(*)::int AS n FROM "${schema}".teachers`)).rows[0].n).toBe(0);
    const created = await api().post('/api/teachers').set('authorization', manager).send({ ...body, userId: managerId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ phone: '+77010000055', userId: managerId });
    const updated = await api().patch(`/api/teachers/${created.body.id}`).set('authorization', manager).send({ phone: '+7 701 000 00 56' });
    expect([updated.status, updated.body.phone]).toEqual([200, '+77010000056']);
    const list = await api().get('/api/teachers').set('authorization', manager).query({ 'filter[0]': 'q||$contL||мұғалім' });
    expect(list.body.map((t: { id: number }) => t.id)).toEqual([created.body.id]);
    expect((await api().delete(`/api/teachers/${created.body.id}`).set('authorization', manager)).status).toBe(200);
    expect((await api().get(`/api/teachers/${created.body.id}`).set('authorization', manager)).status).toBe(404);
  });
});
