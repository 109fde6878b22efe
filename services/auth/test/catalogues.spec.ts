/**
 * The catalogues of the auth service (grades, directions, subjects, cities, centers) on real PostgreSQL and NATS:
 * reference data is seeded (demo data only with SEED_DEMO, idempotently), anyone reads, and every write route
 * passes the endpoint checklist with nothing changed by a refused request; staff with the management permissions
 * write, and each write is audited.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';

type Table = 'grades' | 'directions' | 'subjects' | 'cities' | 'centers';

const REGIONAL_CENTRES = [
  'Semey', 'Kokshetau', 'Aktobe', 'Konaev', 'Atyrau', 'Oskemen', 'Taraz', 'Taldykorgan', 'Karaganda', 'Kostanay', 'Kyzylorda',
  'Aktau', 'Petropavl', 'Pavlodar', 'Turkistan', 'Jezkazgan', 'Oral',
];

describe('catalogues: grades, directions, subjects, cities, centers', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('auth');
  const managerId = randomUUID();
  let admin: string;
  let manager: string;
  let student: string;
  let contentMaker: string;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    manager = `Bearer ${await testToken({ roleId: ROLE.manager, userId: managerId })}`;
    student = `Bearer ${await testToken({ roleId: ROLE.student })}`;
    contentMaker = `Bearer ${await testToken({ roleId: ROLE.contentMaker })}`;
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  const rows = async (table: Table) => (await pg.query(`SELECT * FROM "${schema}".${table} ORDER BY id`)).rows;
  const auditCount = async () => (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".audit_log`)).rows[0].n as number;
  const cityId = async (code: string) => (await pg.query(`SELECT id FROM "${schema}".cities WHERE code = $1`, [code])).rows[0].id as number;
  const api = () => request(auth.url);

  it('seeds grades 1-11, the subjects and the 20 delivery cities; directions and centres only as demo data', async () => {
    const grades = await api().get('/api/grades');
    expect(grades.status).toBe(200);
    expect(grades.body.map((g: { number: number }) => g.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(grades.body[4]).toMatchObject({ number: 5, nameKk: '5-сынып', nameRu: '5 класс', nameEn: 'Grade 5' });
    const subjects = (await api().get('/api/subjects')).body as { code: string; nameKk: string }[];
    expect(subjects.map((s) => s.code)).toEqual(expect.arrayContaining(['mathematics', 'logic', 'kazakh-language', 'russian-language', 'english-language']));
    expect(subjects.find((s) => s.code === 'kazakh-language')).toMatchObject({ nameKk: 'Қазақ тілі', nameRu: 'Казахский язык', nameEn: 'Kazakh language' });
    const cities = (await api().get('/api/cities')).body as { code: string; nameEn: string; nameRu: string }[];
    expect(cities.map((c) => c.nameEn)).toEqual(['Astana', 'Almaty', 'Shymkent', ...REGIONAL_CENTRES]);
    expect(cities.find((c) => c.code === 'oskemen')).toMatchObject({ nameRu: 'Усть-Каменогорск' });
    expect([await rows('directions'), await rows('centers')]).toEqual([[], []]);
  });

  it('lets anyone read, search and page them', async () => {
    const found = await api().get('/api/subjects').query({ 'filter[0]': 'q||$contL||тіл', 'sort[0]': 'nameEn,ASC' });
    expect(found.body.map((s: { nameEn: string }) => s.nameEn)).toEqual(['English language', 'Kazakh language', 'Russian language']);
    const page = await api().get('/api/cities').query({ limit: 5, page: 4 });
    expect(page.body).toMatchObject({ count: 5, total: 20, page: 4, pageCount: 4 });
    const one = await api().get(`/api/cities/${await cityId('almaty')}`).set('authorization', 'Bearer stale');
    expect([one.status, one.body.nameKk]).toEqual([200, 'Алматы']);
  });

  const samples: Record<Table, () => Promise<Record<string, unknown>>> = {
    grades: async () => ({ number: 12, nameKk: '12-сынып', nameRu: '12 класс', nameEn: 'Grade 12' }),
    directions: async () => ({ code: 'it-academy', nameKk: 'IT академиясы', nameRu: 'IT-академия', nameEn: 'IT academy' }),
    subjects: async () => ({ code: 'astronomy', nameKk: 'Астрономия', nameRu: 'Астрономия', nameEn: 'Astronomy' }),
    cities: async () => ({ code: 'ekibastuz', nameKk: 'Екібастұз', nameRu: 'Экибастуз', nameEn: 'Ekibastuz' }),
    centers: async () => ({
      cityId: await cityId('astana'), code: 'astana:left-bank', nameKk: 'Сол жағалау орталығы', nameRu: 'Центр на левом берегу', nameEn: 'Left Bank Centre',
      address: 'Қабанбай батыр даңғылы, 11', phone: '+77010000999',
    }),
  };

  it.each(Object.keys(samples) as Table[])('%s: 401, 403, 400 (bad body, unknown field, bad id), 404 changing nothing; then staff write it, audited', async (table) => {
    const body = await samples[table]();
    const before = await rows(table);
    const audited = await auditCount();
    const id = before[0]?.id ?? 1;
    const writes = () => [
      api().post(`/api/${table}`).send(body),
      api().put(`/api/${table}/${id}`).send({ nameEn: 'X' }),
      api().patch(`/api/${table}/${id}`).send({ nameEn: 'X' }),
      api().delete(`/api/${table}/${id}`),
    ];
    for (const req of writes()) {
      const res = await req;
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
    for (const who of [student, contentMaker]) {
      for (const req of writes()) {
        const res = await req.set('authorization', who).set('x-locale', 'en');
        expect([res.status, res.body.message]).toEqual([403, 'You do not have permission for this action. Ask an administrator to grant it.']);
      }
    }

    const kk = await api().post(`/api/${table}`).set('authorization', manager).send({ ...body, nameEn: 42, nameRu: '' });
    expect([kk.status, kk.body.code, kk.body.message]).toEqual([
      400, 'VALIDATION_FAILED', 'Кейбір өрістер қате толтырылған: nameRu: кемінде 1 таңба болуы керек; nameEn: түрі қате: string күтіледі. Түзетіп, қайта жіберіңіз.',
    ]);
    const ru = await api().put(`/api/${table}/${id}`).set('authorization', manager).set('x-locale', 'ru').send({ nameEn: 42 });
    expect([ru.status, ru.body.message]).toEqual([400, 'Некоторые поля заполнены неверно: nameEn: Неверный ввод: ожидалось string, получено число. Исправьте их и попробуйте снова.']);
    const en = await api().post(`/api/${table}`).set('authorization', manager).set('x-locale', 'en').send({ ...body, nameEn: 42 });
    expect([en.status, en.body.message]).toEqual([400, 'Some fields are filled in incorrectly: nameEn: Invalid input: expected string, received number. Correct them and try again.']);
    const unknown = await api().post(`/api/${table}`).set('authorization', manager).set('x-locale', 'en').send({ ...body, sortOrder: 1 });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Unknown field "sortOrder": remove it from the request.']);
    const unknownKk = await api().patch(`/api/${table}/${id}`).set('authorization', manager).send({ id: 7 });
    expect([unknownKk.status, unknownKk.body.message]).toEqual([400, 'Белгісіз өріс «id»: оны сұраныстан алып тастаңыз.']);
    const unknownRu = await api().put(`/api/${table}/${id}`).set('authorization', manager).set('x-locale', 'ru').send({ createdAt: '2020-01-01' });
    expect([unknownRu.status, unknownRu.body.message]).toEqual([400, 'Неизвестное поле «createdAt»: уберите его из запроса.']);
    for (const req of [
      api().get(`/api/${table}/x1`),
      api().put(`/api/${table}/x1`).set('authorization', manager).send({ nameEn: 'X' }),
      api().patch(`/api/${table}/0`).set('authorization', manager).send({ nameEn: 'X' }),
      api().delete(`/api/${table}/-1`).set('authorization', manager),
    ]) {
      const res = await req.set('x-locale', 'en');
      expect([res.status, res.body.code]).toEqual([400, 'INVALID_NUMERIC_ID']);
    }
    for (const req of [
      api().get(`/api/${table}/424242`),
      api().put(`/api/${table}/424242`).set('authorization', manager).send({ nameEn: 'X' }),
      api().delete(`/api/${table}/424242`).set('authorization', manager),
    ]) {
      const res = await req.set('x-locale', 'en');
      expect([res.status, res.body.message]).toEqual([404, 'Not found. Check the link or the id.']);
    }
    expect(await rows(table)).toEqual(before);
    expect(await auditCount()).toBe(audited);

    // A manager (management:create/update/delete) writes; each write is one audit entry with before and after.
    const created = await api().post(`/api/${table}`).set('authorization', manager).send(body);
    expect([created.status, created.body]).toEqual([201, expect.objectContaining(body)]);
    const updated = await api().put(`/api/${table}/${created.body.id}`).set('authorization', manager).send({ nameEn: 'Renamed' });
    expect(updated.body).toMatchObject({ ...body, nameEn: 'Renamed' });
    expect((await api().delete(`/api/${table}/${created.body.id}`).set('authorization', manager)).status).toBe(200);
    expect(await rows(table)).toEqual(before);
    const log = (await pg.query(
      `SELECT actor_id, actor_role_id, action, before, after FROM "${schema}".audit_log WHERE resource = $1 AND resource_id = $2 ORDER BY at`,
      [table, String(created.body.id)],
    )).rows;
    const actor = { actor_id: managerId, actor_role_id: ROLE.manager };
    expect(log).toEqual([
      { ...actor, action: 'create', before: null, after: expect.objectContaining(body) },
      { ...actor, action: 'update', before: expect.objectContaining(body), after: expect.objectContaining({ ...body, nameEn: 'Renamed' }) },
      { ...actor, action: 'delete', before: expect.objectContaining({ ...body, nameEn: 'Renamed' }), after: null },
    ]);
  });

  describe('centers', () => {
    const valid = async () => ({ cityId: await cityId('almaty'), nameKk: 'Медеу', nameRu: 'Медеу', nameEn: 'Medeu', address: 'Достық даңғылы, 1', phone: '8 (701) 000-00-07' });

    it('stores the phone as +7XXXXXXXXXX, joins the city, and refuses a phone that is not Kazakh in kk, ru and en', async () => {
      const created = await api().post('/api/centers').set('authorization', admin).send(await valid());
      expect([created.status, created.body.phone]).toEqual([201, '+77010000007']);
      const joined = await api().get(`/api/centers/${created.body.id}`).query({ join: 'city' });
      expect(joined.body.city).toMatchObject({ code: 'almaty', nameEn: 'Almaty' });
      const before = await rows('centers');
      const bad = { ...(await valid()), phone: '+1 202 555 0100' };
      const kk = await api().post('/api/centers').set('authorization', admin).send(bad);
      expect([kk.status, kk.body.errors]).toEqual([400, { phone: 'қазақстандық телефон нөмірін енгізіңіз, мысалы +7 700 000 00 00' }]);
      const ru = await api().patch(`/api/centers/${created.body.id}`).set('authorization', admin).set('x-locale', 'ru').send({ phone: '12345' });
      expect([ru.status, ru.body.message]).toEqual([400, 'Некоторые поля заполнены неверно: phone: введите казахстанский номер телефона, например +7 700 000 00 00. Исправьте их и попробуйте снова.']);
      const en = await api().post('/api/centers').set('authorization', admin).set('x-locale', 'en').send(bad);
      expect(en.body.message).toBe('Some fields are filled in incorrectly: phone: enter a Kazakhstan phone number, e.g. +7 700 000 00 00. Correct them and try again.');
      expect(await rows('centers')).toEqual(before);
      expect((await api().delete(`/api/centers/${created.body.id}`).set('authorization', admin)).status).toBe(200);
    });

    it('refuses a city that does not exist (400) and deleting a city that has centres (409), changing nothing', async () => {
      const missing = await api().post('/api/centers').set('authorization', admin).set('x-locale', 'en').send({ ...(await valid()), cityId: 999999 });
      expect([missing.status, missing.body.message]).toEqual([400, 'The field "cityId" refers to a record that does not exist (999999). Choose an existing one.']);
      const center = await api().post('/api/centers').set('authorization', admin).send(await valid());
      const cities = await rows('cities');
      const inUse = await api().delete(`/api/cities/${await cityId('almaty')}`).set('authorization', admin).set('x-locale', 'en');
      expect([inUse.status, inUse.body.message]).toEqual([409, 'This record cannot be deleted: other records refer to it (centers). Delete or reassign them first.']);
      expect(await rows('cities')).toEqual(cities);
      expect((await api().delete(`/api/centers/${center.body.id}`).set('authorization', admin)).status).toBe(200);
    });
  });

  it('refuses a second grade with the same number and a duplicate code (409), changing nothing', async () => {
    const before = await rows('grades');
    const dup = await api().post('/api/grades').set('authorization', admin).set('x-locale', 'en').send({ number: 5, nameKk: 'a', nameRu: 'b', nameEn: 'c' });
    expect([dup.status, dup.body.message]).toEqual([409, 'A record with the same number already exists. Change the value or edit the existing record.']);
    const outOfRange = await api().post('/api/grades').set('authorization', admin).set('x-locale', 'en').send({ number: 13, nameKk: 'a', nameRu: 'b', nameEn: 'c' });
    expect([outOfRange.status, outOfRange.body.message]).toEqual([400, 'Some fields are filled in incorrectly: number: Too big: expected number to be <=12. Correct them and try again.']);
    expect(await rows('grades')).toEqual(before);
    const subjects = await rows('subjects');
    const dupCode = await api().post('/api/subjects').set('authorization', admin).send({ code: 'logic', nameKk: 'a', nameRu: 'b', nameEn: 'c' });
    expect([dupCode.status, dupCode.body.code]).toEqual([409, 'RECORD_EXISTS']);
    expect(await rows('subjects')).toEqual(subjects);
  });
});

describe('catalogues demo data', () => {
  const ns = createTestNamespace();
  afterAll(() => ns.cleanup());

  it('seeds three directions and a learning centre in six cities, and a restart adds nothing', async () => {
    const env = ns.envFor('auth', { SEED_DEMO: 'true' });
    const snapshot = async (svc: RunningService) => {
      const ds = svc.app.get(DataSource);
      return {
        directions: (await ds.query('SELECT code FROM directions ORDER BY id')).map((r: { code: string }) => r.code),
        centers: await ds.query('SELECT c.code, city.code AS city, c.phone FROM centers c JOIN cities city ON city.id = c.city_id ORDER BY c.id'),
        counts: await ds.query('SELECT (SELECT count(*)::int FROM grades) AS grades, (SELECT count(*)::int FROM subjects) AS subjects, (SELECT count(*)::int FROM cities) AS cities'),
      };
    };
    const first = await startAuth(env);
    let seeded: Awaited<ReturnType<typeof snapshot>>;
    try {
      seeded = await snapshot(first);
    } finally {
      await first.close();
    }
    expect(seeded.directions).toEqual(['exam-preparation', 'olympiad-academy', 'primary-school']);
    expect(seeded.centers.map((c: { city: string }) => c.city)).toEqual(['astana', 'almaty', 'shymkent', 'karaganda', 'aktobe', 'oskemen']);
    expect(seeded.centers.every((c: { code: string; city: string; phone: string }) => c.code === `${c.city}:altyn-saqa` && /^\+77\d{9}$/.test(c.phone))).toBe(true);
    expect(seeded.counts).toEqual([{ grades: 11, subjects: 12, cities: 20 }]);
    const second = await startAuth(env);
    try {
      expect(await snapshot(second)).toEqual(seeded);
    } finally {
      await second.close();
    }
  });
});
