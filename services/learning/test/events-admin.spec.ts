/**
 * Events, staff side (issue 16): the CRUD of events and publish/unpublish/images. Every route x every role (what is
 * expected comes from the declared keys and the role's permissions in auth's database), localized 4xx on bad input,
 * 404 on a missing id, nothing changed by a refused request, the rules the hooks add, and the display metadata.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ROLE, type RoleId } from '@olymp/proto';
import { learningStack } from './support';

const KEYS = { read: 'sidebar:event_index', store: 'event:create', update: 'event:update', destroy: 'event:delete', publish: 'event:publish' } as const;

export const eventBody = (extra: Record<string, unknown> = {}) => ({
  titleKk: 'Олимпиадаға дайындық вебинары', titleRu: 'Вебинар подготовки к олимпиаде', titleEn: 'Olympiad preparation webinar',
  descriptionKk: 'Есептер талдауы', descriptionRu: 'Разбор задач', descriptionEn: 'Problem review',
  startsAt: '2026-12-05T19:00:00+05:00', endsAt: '2026-12-05T20:30:00+05:00', onlineUrl: 'https://meet.example.kz/webinar', ...extra,
});

describe('events: staff resources', () => {
  const s = learningStack();
  const permissionsOf = new Map<RoleId, Set<string>>();
  const tokens = new Map<RoleId, string>();
  let eventId = '';
  const ok = (res: { status: number; text: string }, status = 200) => expect([res.status, res.text]).toEqual([status, expect.any(String)]);
  const snapshot = async () => s.sql('SELECT * FROM {learning}.events ORDER BY id');

  beforeAll(async () => {
    await s.start();
    const rows = await s.sql<{ role_id: number; name: string }>('SELECT rp.role_id, p.name FROM {auth}.role_permissions rp JOIN {auth}.permissions p ON p.id = rp.permission_id');
    for (const id of Object.values(ROLE)) {
      permissionsOf.set(id, new Set(rows.filter((r) => r.role_id === id).map((r) => r.name)));
      tokens.set(id, (await s.pupil(null, { roleId: id })).token);
    }
    const created = await s.http().post('/api/events').set('Authorization', s.admin).send(eventBody());
    ok(created, 201);
    eventId = created.body.id;
  }, 60_000);

  afterAll(() => s.stop());

  const callers: { name: string; roleId: RoleId | null }[] = [
    { name: 'anonymous', roleId: null },
    ...Object.entries(ROLE).map(([name, roleId]) => ({ name, roleId: roleId as RoleId })),
  ];

  it.each(callers)('$name gets exactly what the keys and its permissions allow, and a refused call changes nothing', async ({ roleId }) => {
    const before = await snapshot();
    const wrong: string[] = [];
    const calls = [
      { method: 'get', path: '/api/events', key: KEYS.read },
      { method: 'get', path: `/api/events/${eventId}`, key: KEYS.read },
      { method: 'post', path: '/api/events', key: KEYS.store },
      { method: 'put', path: `/api/events/${eventId}`, key: KEYS.update },
      { method: 'patch', path: `/api/events/${eventId}`, key: KEYS.update },
      { method: 'delete', path: `/api/events/${randomUUID()}`, key: KEYS.destroy },
      { method: 'post', path: `/api/events/${randomUUID()}/publish`, key: KEYS.publish },
      { method: 'post', path: `/api/events/${randomUUID()}/unpublish`, key: KEYS.publish },
      { method: 'post', path: `/api/events/${randomUUID()}/images`, key: KEYS.update },
    ] as const;
    for (const call of calls) {
      let req = s.http()[call.method](call.path).set('X-Locale', 'en');
      if (roleId !== null) req = req.set('Authorization', tokens.get(roleId) as string);
      // A write with an unknown field: let through the guard, the body is refused (400) before anything is written;
      // the actions on a missing event answer 404 once let through.
      const res = call.method === 'put' || call.method === 'patch' || call.path === '/api/events' && call.method === 'post' ? await req.send({ nope: 1 }) : await req;
      const want = roleId === null ? 401 : roleId === ROLE.admin || permissionsOf.get(roleId)?.has(call.key) ? 'let-in' : 403;
      const got = res.status === 401 || res.status === 403 ? res.status : 'let-in';
      if (got !== want) wrong.push(`${call.method.toUpperCase()} ${call.path}: expected ${want}, got ${res.status}`);
      expect(res.status).toBeLessThan(500);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('gives the keys to managers, and none to pupils', () => {
    expect([...(permissionsOf.get(ROLE.manager) ?? [])]).toEqual(expect.arrayContaining(['sidebar:event_index', ...Object.values(KEYS)]));
    expect([...(permissionsOf.get(ROLE.student) ?? [])].filter((p) => /^event:|event_index/.test(p))).toEqual([]);
  });

  it('refuses bad input with a localized 400 that writes nothing; a missing id is 404', async () => {
    const before = await snapshot();
    const bad = [
      [{}, 'VALIDATION_FAILED'],
      [eventBody({ onlineUrl: null }), 'EVENT_PLACE_REQUIRED'],
      [eventBody({ onlineUrl: 'javascript:alert(1)' }), 'VALIDATION_FAILED'],
      [eventBody({ audience: 'grade' }), 'EVENT_AUDIENCE_INCOMPLETE'],
      [eventBody({ audience: 'course' }), 'EVENT_AUDIENCE_INCOMPLETE'],
      [eventBody({ audience: 'course', courseId: randomUUID() }), 'RELATED_NOT_FOUND'],
      [eventBody({ endsAt: '2026-12-05T18:00:00+05:00' }), 'EVENT_ENDS_BEFORE_START'],
      [eventBody({ grade: 12 }), 'VALIDATION_FAILED'],
    ] as const;
    for (const [body, code] of bad) {
      const messages = new Set<string>();
      for (const locale of ['kk', 'ru', 'en']) {
        const res = await s.http().post('/api/events').set('Authorization', s.admin).set('X-Locale', locale).send(body);
        expect([res.status, res.body.code]).toEqual([400, code]);
        messages.add(res.body.message);
      }
      expect(messages.size).toBe(3);
    }
    const edit = await s.http().patch(`/api/events/${eventId}`).set('Authorization', s.admin).send({ endsAt: '2026-12-01T00:00:00+05:00' });
    expect([edit.status, edit.body.code]).toEqual([400, 'EVENT_ENDS_BEFORE_START']);
    expect((await s.http().patch(`/api/events/${eventId}`).set('Authorization', s.admin).send({ remindedAt: null })).body.code).toBe('UNKNOWN_FIELD');
    const missing = randomUUID();
    for (const [method, path] of [['get', `/api/events/${missing}`], ['put', `/api/events/${missing}`], ['delete', `/api/events/${missing}`], ['post', `/api/events/${missing}/publish`], ['post', `/api/events/${missing}/unpublish`]] as const) {
      expect([method, path, (await s.http()[method](path).set('Authorization', s.admin).send({})).status]).toEqual([method, path, 404]);
    }
    expect((await s.http().post('/api/events/not-a-uuid/publish').set('Authorization', s.admin)).status).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });

  it('stores start and end as instants, takes a place, a grade or a course, publishes and unpublishes (audited)', async () => {
    const shown = await s.http().get(`/api/events/${eventId}`).set('Authorization', s.admin);
    ok(shown);
    // 19:00 in Almaty (UTC+5) is 14:00 UTC.
    expect(shown.body).toMatchObject({ startsAt: '2026-12-05T14:00:00.000Z', endsAt: '2026-12-05T15:30:00.000Z', published: false, audience: 'all' });
    const [{ type }] = await s.sql<{ type: string }>("SELECT data_type AS type FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'events' AND column_name = 'starts_at'", [s.ns.schemaOf('learning')]);
    expect(type).toBe('timestamp with time zone');

    const course = await s.http().post('/api/courses').set('Authorization', s.admin).send({ kind: 'live', titleKk: 'Курс', titleRu: 'Курс', titleEn: 'Course' });
    ok(course, 201);
    const forCourse = await s.http().post('/api/events').set('Authorization', s.admin).send(eventBody({ onlineUrl: null, centerId: 3, audience: 'course', courseId: course.body.id }));
    ok(forCourse, 201);
    expect(forCourse.body).toMatchObject({ centerId: 3, onlineUrl: null, audience: 'course', courseId: course.body.id });
    expect((await s.http().delete(`/api/courses/${course.body.id}`).set('Authorization', s.admin)).body.code).toBe('RECORD_IN_USE');
    const forGrade = await s.http().post('/api/events').set('Authorization', s.admin).send(eventBody({ audience: 'grade', grade: 6 }));
    ok(forGrade, 201);

    const published = await s.http().post(`/api/events/${eventId}/publish`).set('Authorization', s.admin);
    ok(published);
    expect(published.body).toMatchObject({ id: eventId, published: true, publishedAt: expect.any(String) });
    const unpublished = await s.http().post(`/api/events/${eventId}/unpublish`).set('Authorization', s.admin);
    ok(unpublished);
    expect(unpublished.body.published).toBe(false);
    const actions = await s.sql<{ action: string }>('SELECT action FROM {learning}.audit_log WHERE resource_id = $1 ORDER BY at, action', [eventId]);
    expect(actions.map((a) => a.action)).toEqual(['create', 'publish', 'unpublish']);

    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2a7' } }).png().toBuffer();
    const image = await s.http().post(`/api/events/${eventId}/images`).set('Authorization', s.admin).attach('image', png, 'cover.png');
    ok(image);
    expect(image.body.imageUrl).toBe(image.body.image.url);
  });

  it('publishes what the generated screens show: the title trio as label, the audience in three languages, the course by name', async () => {
    const doc = (await s.http().get('/api/docs-json')).body as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.paths['/api/events'].get['x-default-sort']).toEqual([{ field: 'startsAt', order: 'DESC' }]);
    const text = JSON.stringify(doc);
    for (const label of ['"Бір сыныпқа"', '"Ученикам курса"', '"All pupils"']) expect(text).toContain(label);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/events/{event}/publish', '/api/events/{event}/unpublish', '/api/events/{event}/images']));
  });
});
