/**
 * Courses, first step (issue 15): the staff CRUD of courses, modules, groups and lessons. Every route x every role
 * (what is expected comes from the resource's declared keys and the role's permissions in auth's database),
 * localized 4xx on bad input, 404 on a missing id, nothing changed by a refused request, the rules the hooks and
 * keys add, and the display metadata the admin's generated screens read.
 */
import { randomUUID } from 'node:crypto';
import { ROLE, type RoleId } from '@olymp/proto';
import { learningStack } from './support';

/** The keys each resource declares (courses/courses.module.ts). */
const ACCESS = {
  courses: { read: 'sidebar:course_index', store: 'course:create', update: 'course:update', destroy: 'course:delete' },
  modules: { read: 'sidebar:course_index', store: 'course:update', update: 'course:update', destroy: 'course:update' },
  groups: { read: 'sidebar:group_index', store: 'group:create', update: 'group:update', destroy: 'group:delete' },
  lessons: { read: 'sidebar:group_index', store: 'group:update', update: 'group:update', destroy: 'group:update' },
} as const;
type Resource = keyof typeof ACCESS;
const RESOURCES = Object.keys(ACCESS) as Resource[];

describe('courses: staff resources', () => {
  const s = learningStack();
  const permissionsOf = new Map<RoleId, Set<string>>();
  const tokens = new Map<RoleId, string>();
  const ids = {} as Record<Resource, string>;
  const ok = (res: { status: number; text: string }, status = 200) => expect([res.status, res.text]).toEqual([status, expect.any(String)]);
  const counts = async () => Object.fromEntries(
    await Promise.all((['courses', 'course_modules', 'course_groups', 'lessons'] as const).map(async (t) => [t, (await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM {learning}.${t}`))[0].n])),
  );

  beforeAll(async () => {
    await s.start();
    const rows = await s.sql<{ role_id: number; name: string }>('SELECT rp.role_id, p.name FROM {auth}.role_permissions rp JOIN {auth}.permissions p ON p.id = rp.permission_id');
    for (const id of Object.values(ROLE)) {
      permissionsOf.set(id, new Set(rows.filter((r) => r.role_id === id).map((r) => r.name)));
      tokens.set(id, (await s.pupil(null, { roleId: id })).token);
    }
    const course = await s.http().post('/api/courses').set('Authorization', s.admin).send({ kind: 'live', titleKk: 'Дайындық курсы', titleRu: 'Подготовительный курс', titleEn: 'Preparation course' });
    ok(course, 201);
    ids.courses = course.body.id;
    const mod = await s.http().post('/api/modules').set('Authorization', s.admin).send({ courseId: ids.courses, titleKk: '1-модуль', titleRu: 'Модуль 1', titleEn: 'Module 1' });
    ok(mod, 201);
    ids.modules = mod.body.id;
    const group = await s.http().post('/api/groups').set('Authorization', s.admin).send({ courseId: ids.courses, name: 'Топ А', capacity: 20, meetingUrl: 'https://meet.example.kz/a' });
    ok(group, 201);
    ids.groups = group.body.id;
    const lesson = await s.http().post('/api/lessons').set('Authorization', s.admin)
      .send({ groupId: ids.groups, moduleId: ids.modules, titleKk: '1-сабақ', titleRu: 'Урок 1', titleEn: 'Lesson 1', startsAt: '2026-12-01T19:00:00+05:00' });
    ok(lesson, 201);
    ids.lessons = lesson.body.id;
  }, 60_000);

  afterAll(() => s.stop());

  const callers: { name: string; roleId: RoleId | null }[] = [
    { name: 'anonymous', roleId: null },
    ...Object.entries(ROLE).map(([name, roleId]) => ({ name, roleId: roleId as RoleId })),
  ];

  it.each(callers)('$name gets exactly what the keys and its permissions allow, and a refused call changes nothing', async ({ roleId }) => {
    const before = await counts();
    const wrong: string[] = [];
    for (const resource of RESOURCES) {
      const calls = [
        { method: 'get', path: `/api/${resource}`, key: ACCESS[resource].read },
        { method: 'get', path: `/api/${resource}/${ids[resource]}`, key: ACCESS[resource].read },
        { method: 'post', path: `/api/${resource}`, key: ACCESS[resource].store },
        { method: 'put', path: `/api/${resource}/${ids[resource]}`, key: ACCESS[resource].update },
        { method: 'patch', path: `/api/${resource}/${ids[resource]}`, key: ACCESS[resource].update },
        { method: 'delete', path: `/api/${resource}/${randomUUID()}`, key: ACCESS[resource].destroy },
      ] as const;
      for (const call of calls) {
        let req = s.http()[call.method](call.path).set('X-Locale', 'en');
        if (roleId !== null) req = req.set('Authorization', tokens.get(roleId) as string);
        // A write with an unknown field: let through the guard, the body is refused (400) before anything is written.
        const res = call.method === 'post' || call.method === 'put' || call.method === 'patch' ? await req.send({ nope: 1 }) : await req;
        const want = roleId === null ? 401 : roleId === ROLE.admin || permissionsOf.get(roleId)?.has(call.key) ? 'let-in' : 403;
        const got = res.status === 401 || res.status === 403 ? res.status : 'let-in';
        if (got !== want) wrong.push(`${call.method.toUpperCase()} ${call.path}: expected ${want}, got ${res.status}`);
        expect(res.status).toBeLessThan(500);
      }
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('gives the keys to managers and content makers, and none to pupils', () => {
    expect([...(permissionsOf.get(ROLE.manager) ?? [])]).toEqual(expect.arrayContaining(['course:create', 'course:update', 'course:delete', 'group:create', 'group:update', 'group:delete']));
    expect([...(permissionsOf.get(ROLE.contentMaker) ?? [])]).toEqual(expect.arrayContaining(['sidebar:course_index', 'course:create', 'course:update']));
    expect([...(permissionsOf.get(ROLE.student) ?? [])].filter((p) => /^(course|group):|course_index|group_index/.test(p))).toEqual([]);
  });

  it.each(RESOURCES)('%s: bad input is a localized 400 that writes nothing; a missing id is 404', async (resource) => {
    const before = await counts();
    const messages = new Set<string>();
    for (const locale of ['kk', 'ru', 'en']) {
      const res = await s.http().post(`/api/${resource}`).set('Authorization', s.admin).set('X-Locale', locale).send({});
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      messages.add(res.body.message);
    }
    expect(messages.size).toBe(3);
    const missing = randomUUID();
    expect((await s.http().get(`/api/${resource}/${missing}`).set('Authorization', s.admin)).status).toBe(404);
    expect((await s.http().put(`/api/${resource}/${missing}`).set('Authorization', s.admin).send({})).status).toBe(404);
    expect((await s.http().delete(`/api/${resource}/${missing}`).set('Authorization', s.admin)).status).toBe(404);
    expect((await s.http().get(`/api/${resource}/not-a-uuid`).set('Authorization', s.admin)).status).toBeLessThan(500);
    expect(await counts()).toEqual(before);
  });

  it('keeps the relations whole: a lesson takes only a module of its course, a course with groups stays, a group takes its lessons along', async () => {
    const other = await s.http().post('/api/courses').set('Authorization', s.admin).send({ kind: 'flex', titleKk: 'Икемді', titleRu: 'Гибкий', titleEn: 'Flex' });
    ok(other, 201);
    const foreign = await s.http().post('/api/modules').set('Authorization', s.admin).send({ courseId: other.body.id, titleKk: 'М', titleRu: 'М', titleEn: 'M' });
    ok(foreign, 201);
    const lesson = { groupId: ids.groups, titleKk: 'С', titleRu: 'У', titleEn: 'L', startsAt: '2026-12-03T19:00:00+05:00' };
    const before = await counts();
    const stranger = await s.http().post('/api/lessons').set('Authorization', s.admin).set('X-Locale', 'en').send({ ...lesson, moduleId: foreign.body.id });
    expect([stranger.status, stranger.body.code]).toEqual([400, 'RELATED_NOT_FOUND']);
    const moved = await s.http().patch(`/api/lessons/${ids.lessons}`).set('Authorization', s.admin).send({ moduleId: foreign.body.id });
    expect(moved.body.code).toBe('RELATED_NOT_FOUND');
    const noGroup = await s.http().post('/api/lessons').set('Authorization', s.admin).send({ ...lesson, groupId: randomUUID() });
    expect(noGroup.body.code).toBe('RELATED_NOT_FOUND');
    const badUrl = await s.http().post('/api/groups').set('Authorization', s.admin).send({ courseId: ids.courses, name: 'B', meetingUrl: 'javascript:alert(1)' });
    expect([badUrl.status, badUrl.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const inUse = await s.http().delete(`/api/courses/${ids.courses}`).set('Authorization', s.admin);
    expect(inUse.body.code).toBe('RECORD_IN_USE');
    expect(await counts()).toEqual(before);

    // An edit changes only what it names; the kind is chosen once.
    const renamed = await s.http().patch(`/api/groups/${ids.groups}`).set('Authorization', s.admin).send({ name: 'Топ Б' });
    ok(renamed);
    expect(renamed.body).toMatchObject({ name: 'Топ Б', capacity: 20, meetingUrl: 'https://meet.example.kz/a' });
    expect((await s.http().patch(`/api/courses/${ids.courses}`).set('Authorization', s.admin).send({ kind: 'flex' })).body.code).toBe('UNKNOWN_FIELD');

    const group = await s.http().post('/api/groups').set('Authorization', s.admin).send({ courseId: other.body.id, name: 'Flex group' });
    ok(group, 201);
    ok(await s.http().post('/api/lessons').set('Authorization', s.admin).send({ ...lesson, groupId: group.body.id }), 201);
    ok(await s.http().delete(`/api/groups/${group.body.id}`).set('Authorization', s.admin));
    expect(await s.sql('SELECT id FROM {learning}.lessons WHERE group_id = $1', [group.body.id])).toEqual([]);
    ok(await s.http().delete(`/api/courses/${other.body.id}`).set('Authorization', s.admin));
    expect(await s.sql('SELECT id FROM {learning}.course_modules WHERE course_id = $1', [other.body.id])).toEqual([]);
  });

  it('publishes what the generated screens show: labels, the kind in three languages, relations by name, lessons by time', async () => {
    const doc = (await s.http().get('/api/docs-json')).body as { paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>>; 'x-label'?: unknown }> } };
    expect(doc.paths['/api/lessons'].get['x-default-sort']).toEqual([{ field: 'startsAt', order: 'ASC' }]);
    const text = JSON.stringify(doc);
    expect(text).toContain('"Онлайн (тікелей)"');
    expect(text).toContain('"Flex (self-paced)"');
    const list = await s.http().get('/api/lessons').set('Authorization', s.admin);
    ok(list);
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: ids.lessons, durationMinutes: 90, startsAt: '2026-12-01T14:00:00.000Z' })]));
  });
});
