/**
 * Admin settings in the auth service on real PostgreSQL and NATS: roles and permission keys as standard
 * resources, and the set of keys a role holds (`/api/roles/{id}/permissions`). Every route passes the endpoint
 * checklist with nothing changed by a refused request; built-in roles and keys are protected; every change is
 * audited; and a change to a role's keys applies at once in auth and within the cache TTL in another service
 * (learning, whose guard asks auth over NATS).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { PERMISSIONS, ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

describe('roles and permissions', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let learning: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('auth');
  const adminId = randomUUID();
  const token: Record<'admin' | 'student' | 'observer' | 'manager', string> = { admin: '', student: '', observer: '', manager: '' };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    learning = await startLearning(ns.envFor('learning'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    token.admin = `Bearer ${await testToken({ roleId: ROLE.admin, userId: adminId })}`;
    token.student = `Bearer ${await testToken({ roleId: ROLE.student })}`;
    token.observer = `Bearer ${await testToken({ roleId: ROLE.examObserver })}`;
    token.manager = `Bearer ${await testToken({ roleId: ROLE.manager })}`;
  });

  afterAll(async () => {
    await pg?.end();
    await learning?.close();
    await auth?.close();
    await ns.cleanup();
  });

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await pg.query(text.replaceAll('{s}', `"${schema}"`), params)).rows as T[];
  /** Everything a refused request must leave as it was. */
  const snapshot = async () => ({
    roles: await sql('SELECT * FROM {s}.roles ORDER BY id'),
    permissions: await sql('SELECT * FROM {s}.permissions ORDER BY id'),
    grants: await sql('SELECT * FROM {s}.role_permissions ORDER BY role_id, permission_id'),
    audit: await sql('SELECT id FROM {s}.audit_log ORDER BY at'),
  });
  const keysOf = async (roleId: number) =>
    (await sql<{ name: string }>('SELECT p.name FROM {s}.role_permissions rp JOIN {s}.permissions p ON p.id = rp.permission_id WHERE rp.role_id = $1 ORDER BY p.name', [roleId])).map((r) => r.name);
  const permissionId = async (name: string) => (await sql<{ id: number }>('SELECT id FROM {s}.permissions WHERE name = $1', [name]))[0].id;
  const auditOf = (resource: string, resourceId: string | number) =>
    sql('SELECT actor_id, actor_role_id, action, before, after, request_id FROM {s}.audit_log WHERE resource = $1 AND resource_id = $2 ORDER BY at', [resource, String(resourceId)]);
  const call = (method: Method, url: string, body?: unknown) => {
    const req = request(auth.url)[method](url);
    return body === undefined ? req : req.send(body as object);
  };

  const role = { name: 'schoolTeacher', titleKk: 'Мектеп мұғалімі', titleRu: 'Школьный учитель', titleEn: 'School teacher' };

  /** Every route with the permission it needs and a body that would pass validation. */
  const routes: [Method, string, string, unknown?][] = [
    ['get', '/api/roles', 'sidebar:role_index'],
    ['get', '/api/roles/3', 'sidebar:role_index'],
    ['post', '/api/roles', 'role:create', role],
    ['put', '/api/roles/13', 'role:update', { titleEn: 'X' }],
    ['patch', '/api/roles/13', 'role:update', { titleEn: 'X' }],
    ['delete', '/api/roles/13', 'role:delete'],
    ['get', '/api/roles/13/permissions', 'sidebar:role_index'],
    ['put', '/api/roles/13/permissions', 'role:update', { permissions: [] }],
    ['get', '/api/permissions', 'sidebar:permission_index'],
    ['get', '/api/permissions/1', 'sidebar:permission_index'],
    ['post', '/api/permissions', 'permission:create', { name: 'report:export' }],
    ['put', '/api/permissions/1', 'permission:update', { name: 'report:export' }],
    ['patch', '/api/permissions/1', 'permission:update', { name: 'report:export' }],
    ['delete', '/api/permissions/1', 'permission:delete'],
  ];

  it('seeds the roles of spec section 6 with their fixed ids and titles, and every permission key', async () => {
    const res = await call('get', '/api/roles').set('authorization', token.admin).query({ 'sort[0]': 'id,ASC' });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([
      [1, 'admin'], [3, 'manager'], [7, 'student'], [10, 'contentMaker'], [11, 'regionalDirector'], [12, 'examAdmin'], [13, 'examObserver'],
    ]);
    expect(res.body[1]).toMatchObject({ titleKk: 'Менеджер', titleRu: 'Менеджер', titleEn: 'Manager' });
    const keys = await call('get', '/api/permissions').set('authorization', token.admin).query({ limit: 500, page: 1 });
    expect(keys.body.total).toBe(PERMISSIONS.length);
    expect(keys.body.data.map((p: { name: string }) => p.name)).toEqual([...PERMISSIONS].sort());
    expect(await keysOf(ROLE.manager)).toContain('log:index');
  });

  const routeRows = routes.map(([method, url, permission, body]) => ({ method, url, permission, body }));
  it.each(routeRows)('$method $url: 401 without a token, 403 for a student and for a role without $permission, changing nothing', async ({ method, url, body }) => {
    const before = await snapshot();
    const anonymous = await call(method, url, body);
    expect([anonymous.status, anonymous.body.code, anonymous.body.message]).toEqual([401, 'UNAUTHENTICATED', 'Жүйеге кіру қажет.']);
    for (const who of ['student', 'observer', 'manager'] as const) {
      const res = await call(method, url, body).set('authorization', token[who]).set('x-locale', 'en');
      expect([who, res.status, res.body.code, res.body.message]).toEqual([
        who, 403, 'FORBIDDEN', 'You do not have permission for this action. Ask an administrator to grant it.',
      ]);
    }
    const ru = await call(method, url, body).set('authorization', token.observer).set('x-locale', 'ru');
    expect(ru.body.message).toBe('У вас нет прав на это действие. Попросите администратора выдать доступ.');
    expect(await snapshot()).toEqual(before);
  });

  describe('bad input', () => {
    it('answers 400 for a bad role body with field messages in kk, ru and en, storing nothing', async () => {
      const before = await snapshot();
      const body = { ...role, name: 'School Teacher', titleKk: ' ' };
      const kk = await call('post', '/api/roles', body).set('authorization', token.admin);
      expect(kk.status).toBe(400);
      expect(kk.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Кейбір өрістер қате толтырылған: name: латын әріптерін, цифрларды, _ және - белгілерін қолданыңыз, кіші әріптен бастаңыз, мысалы schoolTeacher; titleKk: кемінде 1 таңба болуы керек. Түзетіп, қайта жіберіңіз.',
        errors: { name: 'латын әріптерін, цифрларды, _ және - белгілерін қолданыңыз, кіші әріптен бастаңыз, мысалы schoolTeacher', titleKk: 'кемінде 1 таңба болуы керек' },
      });
      const ru = await call('post', '/api/roles', body).set('authorization', token.admin).set('x-locale', 'ru');
      expect(ru.body.message).toBe(
        'Некоторые поля заполнены неверно: name: используйте латинские буквы, цифры, _ и -, начиная со строчной буквы, например schoolTeacher; titleKk: Слишком маленькое значение: ожидалось, что string будет иметь >=1 символ. Исправьте их и попробуйте снова.',
      );
      const en = await call('put', '/api/roles/13', { name: 'x y' }).set('authorization', token.admin).set('x-locale', 'en');
      expect([en.status, en.body.message]).toEqual([
        400, 'Some fields are filled in incorrectly: name: use latin letters, digits, _ and -, starting with a lower-case letter, e.g. schoolTeacher. Correct them and try again.',
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 400 UNKNOWN_FIELD for a field roles and permissions do not have, changing nothing', async () => {
      const before = await snapshot();
      const kk = await call('post', '/api/roles', { ...role, id: 5 }).set('authorization', token.admin);
      expect([kk.status, kk.body.code, kk.body.message]).toEqual([400, 'UNKNOWN_FIELD', 'Белгісіз өріс «id»: оны сұраныстан алып тастаңыз.']);
      const ru = await call('patch', '/api/roles/3', { permissions: ['role:create'] }).set('authorization', token.admin).set('x-locale', 'ru');
      expect([ru.status, ru.body.message]).toEqual([400, 'Неизвестное поле «permissions»: уберите его из запроса.']);
      const en = await call('put', '/api/roles/13/permissions', { permissions: [], roleId: 1 }).set('authorization', token.admin).set('x-locale', 'en');
      expect([en.status, en.body.message]).toEqual([400, 'Unknown field "roleId": remove it from the request.']);
      const perm = await call('post', '/api/permissions', { name: 'report:export', title: 'Export' }).set('authorization', token.admin).set('x-locale', 'en');
      expect([perm.status, perm.body.message]).toEqual([400, 'Unknown field "title": remove it from the request.']);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 400 for permission keys not written group:name, in kk, ru and en, changing nothing', async () => {
      const before = await snapshot();
      const kk = await call('post', '/api/permissions', { name: 'Export reports' }).set('authorization', token.admin);
      expect([kk.status, kk.body.message]).toEqual([
        400, 'Кейбір өрістер қате толтырылған: name: топ:атау түрінде кіші латын әріптерімен, цифрлармен және _ белгісімен жазыңыз, мысалы role:create. Түзетіп, қайта жіберіңіз.',
      ]);
      const ru = await call('put', '/api/roles/13/permissions', { permissions: ['checkpoint:view', 'Checkpoint'] }).set('authorization', token.admin).set('x-locale', 'ru');
      expect([ru.status, ru.body.errors]).toEqual([
        400, { 'permissions.1': 'запишите в виде группа:имя строчными латинскими буквами, цифрами и _, например role:create' },
      ]);
      const en = await call('put', '/api/roles/13/permissions', {}).set('authorization', token.admin).set('x-locale', 'en');
      expect([en.status, en.body.message]).toEqual([
        400, 'Some fields are filled in incorrectly: permissions: Invalid input: expected array, received undefined. Correct them and try again.',
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 400 PERMISSION_UNKNOWN naming the keys that do not exist, applying none of the set', async () => {
      const before = await snapshot();
      const body = { permissions: ['checkpoint:view', 'nope:nothing', 'also:missing'] };
      const kk = await call('put', '/api/roles/13/permissions', body).set('authorization', token.admin);
      expect([kk.status, kk.body.code, kk.body.message]).toEqual([
        400, 'PERMISSION_UNKNOWN', 'Белгісіз рұқсаттар: also:missing, nope:nothing. Рұқсаттар тізімінен таңдаңыз немесе алдымен оларды жасаңыз.',
      ]);
      const ru = await call('put', '/api/roles/13/permissions', body).set('authorization', token.admin).set('x-locale', 'ru');
      expect(ru.body.message).toBe('Неизвестные права: also:missing, nope:nothing. Выберите их из списка прав или сначала создайте.');
      const en = await call('put', '/api/roles/13/permissions', body).set('authorization', token.admin).set('x-locale', 'en');
      expect(en.body.message).toBe('Unknown permissions: also:missing, nope:nothing. Choose from the list of permissions or create them first.');
      expect(await snapshot()).toEqual(before);
    });

    it('answers 400 for a bad id and 404 for a missing one on every route with an id, changing nothing', async () => {
      const before = await snapshot();
      const withId: [Method, (id: string) => string, unknown?][] = [
        ['get', (id) => `/api/roles/${id}`],
        ['put', (id) => `/api/roles/${id}`, { titleEn: 'X' }],
        ['patch', (id) => `/api/roles/${id}`, { titleEn: 'X' }],
        ['delete', (id) => `/api/roles/${id}`],
        ['get', (id) => `/api/roles/${id}/permissions`],
        ['put', (id) => `/api/roles/${id}/permissions`, { permissions: ['checkpoint:view'] }],
        ['get', (id) => `/api/permissions/${id}`],
        ['put', (id) => `/api/permissions/${id}`, { name: 'report:export' }],
        ['delete', (id) => `/api/permissions/${id}`],
      ];
      for (const [method, url, body] of withId) {
        for (const bad of ['abc', '0', '-3', '2.5', '99999999999']) {
          const res = await call(method, url(bad), body).set('authorization', token.admin).set('x-locale', 'en');
          expect([url(bad), method, res.status, res.body.code, res.body.message]).toEqual([
            url(bad), method, 400, 'INVALID_NUMERIC_ID', `"${bad}" is not a valid id: a positive whole number is expected.`,
          ]);
        }
        const missing = await call(method, url('999999'), body).set('authorization', token.admin).set('x-locale', 'ru');
        expect([url('999999'), method, missing.status, missing.body.code, missing.body.message]).toEqual([
          url('999999'), method, 404, 'NOT_FOUND', 'Не найдено. Проверьте ссылку или идентификатор.',
        ]);
      }
      const kk = await call('get', '/api/roles/abc/permissions').set('authorization', token.admin);
      expect(kk.body.message).toBe('«abc» — жарамсыз идентификатор: оң бүтін сан күтіледі.');
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('built-in roles and keys', () => {
    it('refuses to delete or rename a role of spec section 6 (409, in kk, ru and en), but lets staff retitle it', async () => {
      const before = await snapshot();
      const kk = await call('delete', '/api/roles/13').set('authorization', token.admin);
      expect([kk.status, kk.body.code, kk.body.message]).toEqual([
        409, 'ROLE_BUILT_IN', '«examObserver» рөлі платформаға кіріктірілген: оны жоюға және жүйелік атауын өзгертуге болмайды. Көрсетілетін атауларын өңдеуге болады.',
      ]);
      const ru = await call('patch', '/api/roles/3', { name: 'boss' }).set('authorization', token.admin).set('x-locale', 'ru');
      expect([ru.status, ru.body.message]).toEqual([
        409, 'Роль «manager» встроена в платформу: её нельзя удалить и нельзя изменить её системное имя. Названия можно редактировать.',
      ]);
      const en = await call('delete', '/api/roles/1').set('authorization', token.admin).set('x-locale', 'en');
      expect([en.status, en.body.message]).toEqual([
        409, 'The role "admin" is built into the platform: it cannot be deleted and its system name cannot be changed. Its titles can be edited.',
      ]);
      expect(await snapshot()).toEqual(before);

      const retitled = await call('put', '/api/roles/3', { name: 'manager', titleEn: 'Staff manager' }).set('authorization', token.admin);
      expect([retitled.status, retitled.body]).toEqual([200, expect.objectContaining({ id: 3, name: 'manager', titleEn: 'Staff manager', titleKk: 'Менеджер' })]);
      expect((await call('put', '/api/roles/3', { titleEn: 'Manager' }).set('authorization', token.admin)).status).toBe(200);
    });

    it('refuses to change the administrator role\'s permissions (it holds every key), in kk, ru and en', async () => {
      const all = await call('get', '/api/roles/1/permissions').set('authorization', token.admin);
      expect(all.status).toBe(200);
      expect(all.body).toEqual({ data: [...PERMISSIONS].sort(), editable: false });
      const before = await snapshot();
      const kk = await call('put', '/api/roles/1/permissions', { permissions: ['checkpoint:view'] }).set('authorization', token.admin);
      expect([kk.status, kk.body.code, kk.body.message]).toEqual([
        409, 'ROLE_PERMISSIONS_FIXED', 'Әкімші рөлінде барлық рұқсат бар; оның рұқсаттарын өзгертуге болмайды.',
      ]);
      const ru = await call('put', '/api/roles/1/permissions', { permissions: [] }).set('authorization', token.admin).set('x-locale', 'ru');
      expect(ru.body.message).toBe('Роль администратора имеет все права; её права изменить нельзя.');
      const en = await call('put', '/api/roles/1/permissions', { permissions: [] }).set('authorization', token.admin).set('x-locale', 'en');
      expect(en.body.message).toBe('The administrator role holds every permission; its permissions cannot be changed.');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses to rename or delete a key the platform checks (409), and a duplicate role or key', async () => {
      const before = await snapshot();
      const id = await permissionId('role:create');
      const kk = await call('patch', `/api/permissions/${id}`, { name: 'role:make' }).set('authorization', token.admin);
      expect([kk.status, kk.body.code, kk.body.message]).toEqual([
        409, 'PERMISSION_BUILT_IN', '«role:create» рұқсатын платформаның өзі қолданады: оның атауын өзгертуге немесе оны жоюға болмайды.',
      ]);
      const ru = await call('delete', `/api/permissions/${id}`).set('authorization', token.admin).set('x-locale', 'ru');
      expect([ru.status, ru.body.message]).toEqual([409, 'Право «role:create» используется самой платформой: его нельзя переименовать или удалить.']);
      const en = await call('delete', `/api/permissions/${id}`).set('authorization', token.admin).set('x-locale', 'en');
      expect(en.body.message).toBe('The permission "role:create" is used by the platform itself: it cannot be renamed or deleted.');
      const dupKey = await call('post', '/api/permissions', { name: 'role:create' }).set('authorization', token.admin).set('x-locale', 'en');
      expect([dupKey.status, dupKey.body.message]).toEqual([409, 'A record with the same name already exists. Change the value or edit the existing record.']);
      const dupRole = await call('post', '/api/roles', { ...role, name: 'manager' }).set('authorization', token.admin);
      expect([dupRole.status, dupRole.body.code]).toEqual([409, 'RECORD_EXISTS']);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('creates a role with an id above 100, gives it keys, retitles and deletes it, each change audited', async () => {
    const created = await call('post', '/api/roles', role).set('authorization', token.admin).set('x-request-id', 'req-role-create-1');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(role);
    const id = created.body.id as number;
    expect(id).toBeGreaterThan(100);

    const set = await call('put', `/api/roles/${id}/permissions`, { permissions: ['sidebar:student_index', 'sidebar:group_index', 'sidebar:student_index'] })
      .set('authorization', token.admin);
    expect([set.status, set.body]).toEqual([200, { data: ['sidebar:group_index', 'sidebar:student_index'], editable: true }]);
    expect((await call('get', `/api/roles/${id}/permissions`).set('authorization', token.admin)).body).toEqual(set.body);
    // The same set again changes nothing and records nothing.
    expect((await call('put', `/api/roles/${id}/permissions`, { permissions: ['sidebar:student_index', 'sidebar:group_index'] }).set('authorization', token.admin)).status).toBe(200);

    const retitled = await call('patch', `/api/roles/${id}`, { titleEn: 'Teacher' }).set('authorization', token.admin);
    expect(retitled.body).toMatchObject({ ...role, id, titleEn: 'Teacher' });
    const deleted = await call('delete', `/api/roles/${id}`).set('authorization', token.admin);
    expect([deleted.status, deleted.body.id]).toEqual([200, id]);
    expect(await keysOf(id)).toEqual([]);

    const row = { id, ...role, createdAt: created.body.createdAt };
    const actor = { actor_id: adminId, actor_role_id: ROLE.admin };
    expect(await auditOf('roles', id)).toEqual([
      { ...actor, action: 'create', before: null, after: row, request_id: 'req-role-create-1' },
      { ...actor, action: 'permissions.replace', before: { permissions: [] }, after: { permissions: ['sidebar:group_index', 'sidebar:student_index'] }, request_id: set.headers['x-request-id'] },
      { ...actor, action: 'update', before: row, after: { ...row, titleEn: 'Teacher' }, request_id: retitled.headers['x-request-id'] },
      { ...actor, action: 'delete', before: { ...row, titleEn: 'Teacher' }, after: null, request_id: deleted.headers['x-request-id'] },
    ]);
    expect((await call('get', `/api/roles/${id}`).set('authorization', token.admin)).status).toBe(404);
  });

  it('lets nobody but an administrator add a key to a role that they do not hold themselves (403, nothing changed); removing is allowed', async () => {
    const keeper = await call('post', '/api/roles', { ...role, name: 'roleKeeper' }).set('authorization', token.admin);
    const keeperKeys = ['role:update', 'sidebar:group_index', 'sidebar:role_index', 'sidebar:student_index'];
    expect((await call('put', `/api/roles/${keeper.body.id}/permissions`, { permissions: keeperKeys }).set('authorization', token.admin)).status).toBe(200);
    const helper = await call('post', '/api/roles', { ...role, name: 'roleHelper' }).set('authorization', token.admin);
    const keeperToken = `Bearer ${await testToken({ roleId: keeper.body.id })}`;
    const url = `/api/roles/${helper.body.id}/permissions`;

    const before = await snapshot();
    const kk = await call('put', url, { permissions: ['sidebar:student_index', 'quiz:index', 'quiz:create'] }).set('authorization', keeperToken);
    expect([kk.status, kk.body.code, kk.body.message]).toEqual([
      403, 'PERMISSION_NOT_HELD', 'Тек өзіңізде бар рұқсаттарды ғана беруге болады; сізде жоқ: quiz:create, quiz:index. Әкімшіден сұраңыз.',
    ]);
    const ru = await call('put', url, { permissions: ['quiz:index'] }).set('authorization', keeperToken).set('x-locale', 'ru');
    expect(ru.body.message).toBe('Выдавать можно только те права, которые есть у вас самих; у вас нет: quiz:index. Попросите администратора.');
    const en = await call('put', url, { permissions: ['quiz:index'] }).set('authorization', keeperToken).set('x-locale', 'en');
    expect(en.body.message).toBe('You can only grant permissions you hold yourself; you do not hold: quiz:index. Ask an administrator to do it.');
    // Nor to their own role: no raising oneself.
    const own = await call('put', `/api/roles/${keeper.body.id}/permissions`, { permissions: [...keeperKeys, 'user:role_update'] }).set('authorization', keeperToken);
    expect([own.status, own.body.code]).toEqual([403, 'PERMISSION_NOT_HELD']);
    expect(await snapshot()).toEqual(before);

    const subset = await call('put', url, { permissions: ['sidebar:student_index'] }).set('authorization', keeperToken);
    expect([subset.status, subset.body.data]).toEqual([200, ['sidebar:student_index']]);
    const byAdmin = await call('put', url, { permissions: ['quiz:index', 'sidebar:student_index'] }).set('authorization', token.admin);
    expect([byAdmin.status, byAdmin.body.data]).toEqual([200, ['quiz:index', 'sidebar:student_index']]);
    // Taking away a key one does not hold grants nothing.
    const removed = await call('put', url, { permissions: ['sidebar:group_index', 'sidebar:student_index'] }).set('authorization', keeperToken);
    expect([removed.status, removed.body.data]).toEqual([200, ['sidebar:group_index', 'sidebar:student_index']]);
    expect((await auditOf('roles', helper.body.id)).map((e) => [e.action, e.actor_role_id])).toEqual([
      ['create', ROLE.admin], ['permissions.replace', keeper.body.id], ['permissions.replace', ROLE.admin], ['permissions.replace', keeper.body.id],
    ]);
  });

  it('refuses to delete a role people still hold (409), changing nothing', async () => {
    const created = await call('post', '/api/roles', { ...role, name: 'tutor' }).set('authorization', token.admin);
    await sql('INSERT INTO {s}.users (id, phone, first_name, role_id) VALUES ($1, $2, $3, $4)', [randomUUID(), '+77000009901', 'Тьютор', created.body.id]);
    const before = await snapshot();
    const res = await call('delete', `/api/roles/${created.body.id}`).set('authorization', token.admin).set('x-locale', 'en');
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409, 'RECORD_IN_USE', 'This record cannot be deleted: other records refer to it (users). Delete or reassign them first.',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('creates, renames and deletes a key of staff\'s own (it may be granted; deleting it takes it from roles), audited', async () => {
    const created = await call('post', '/api/permissions', { name: 'report:export' }).set('authorization', token.admin);
    expect([created.status, created.body]).toEqual([201, expect.objectContaining({ name: 'report:export' })]);
    const id = created.body.id as number;
    const renamed = await call('put', `/api/permissions/${id}`, { name: 'report:download' }).set('authorization', token.admin);
    expect([renamed.status, renamed.body.name]).toEqual([200, 'report:download']);
    const original = await keysOf(ROLE.examObserver);
    const granted = await call('put', '/api/roles/13/permissions', { permissions: [...original, 'report:download'] }).set('authorization', token.admin);
    expect(granted.body.data).toContain('report:download');
    expect((await call('delete', `/api/permissions/${id}`).set('authorization', token.admin)).status).toBe(200);
    expect(await keysOf(ROLE.examObserver)).toEqual(original);
    expect((await auditOf('permissions', id)).map((e) => [e.action, (e.before as { name?: string } | null)?.name ?? null, (e.after as { name?: string } | null)?.name ?? null])).toEqual([
      ['create', null, 'report:export'],
      ['update', 'report:export', 'report:download'],
      ['delete', 'report:download', null],
    ]);
  });

  it('applies a change to a role\'s keys at once in auth and within the cache TTL in learning (asked over NATS)', async () => {
    const observer = token.observer;
    const receipt = `/api/system/probe-receipts/${randomUUID()}`;
    const original = await keysOf(ROLE.examObserver);
    expect(original).not.toContain('sidebar:role_index');
    expect(original).not.toContain('system:probe_view');
    // Both services now hold examObserver's keys in their caches.
    expect((await request(auth.url).get('/api/roles').set('authorization', observer)).status).toBe(403);
    expect((await request(learning.url).get(receipt).set('authorization', observer)).status).toBe(403);

    const granted = await call('put', '/api/roles/13/permissions', { permissions: [...original, 'sidebar:role_index', 'system:probe_view'] })
      .set('authorization', token.admin);
    expect(granted.status).toBe(200);
    expect((await request(auth.url).get('/api/roles').set('authorization', observer)).status).toBe(200);
    const allowed = await waitFor(async () => {
      const res = await request(learning.url).get(receipt).set('authorization', observer);
      return res.status !== 403 && res;
    }, { timeoutMs: 35_000, intervalMs: 250, what: 'learning to see the new permission' });
    expect([allowed.status, allowed.body.code]).toEqual([404, 'NOT_FOUND']);

    const revoked = await call('put', '/api/roles/13/permissions', { permissions: original }).set('authorization', token.admin);
    expect(revoked.body.data).toEqual(original);
    expect((await request(auth.url).get('/api/roles').set('authorization', observer)).status).toBe(403);
  }, 60_000);

  it('offers a key added in a later release to existing roles once, and never re-grants one staff removed', async () => {
    const key = 'finance:overview';
    expect(await keysOf(ROLE.manager)).toContain(key);
    // As if the key were new: the database of an older release neither granted nor offered it.
    await sql('DELETE FROM {s}.role_permissions WHERE role_id = $1 AND permission_id = $2', [ROLE.manager, await permissionId(key)]);
    await sql('DELETE FROM {s}.role_permission_defaults WHERE role_id = $1 AND permission = $2', [ROLE.manager, key]);
    const restart = async () => {
      await auth.close();
      auth = await startAuth(ns.envFor('auth'));
    };
    await restart();
    expect(await keysOf(ROLE.manager)).toContain(key);
    // Staff take it away; a restart leaves it away.
    const without = (await keysOf(ROLE.manager)).filter((k) => k !== key);
    expect((await call('put', `/api/roles/${ROLE.manager}/permissions`, { permissions: without }).set('authorization', token.admin)).status).toBe(200);
    await restart();
    expect(await keysOf(ROLE.manager)).not.toContain(key);
  });
});
