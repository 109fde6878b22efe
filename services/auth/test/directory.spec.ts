/**
 * The geography directory of the auth service (provinces, districts, schools) on real PostgreSQL and NATS:
 * migrations match the entities, reference data is seeded (demo data only with SEED_DEMO, idempotently), anyone
 * reads, and every write route passes the endpoint checklist with nothing changed by a refused request.
 */
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { ROLE } from '@olymp/proto';
import { type RunningService, pendingSchemaChanges } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';

type Table = 'provinces' | 'districts' | 'schools';

describe('directory: provinces, districts, schools', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  let admin: string;
  let student: string;
  const schema = ns.schemaOf('auth');

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    student = `Bearer ${await testToken({ roleId: ROLE.student })}`;
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  const count = async (table: Table) => (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".${table}`)).rows[0].n as number;
  const snapshot = async (table: Table) => (await pg.query(`SELECT * FROM "${schema}".${table} ORDER BY id`)).rows;
  const idOf = async (table: Table, code: string) =>
    (await pg.query(`SELECT id FROM "${schema}".${table} WHERE code = $1`, [code])).rows[0].id as number;
  const api = () => request(auth.url);

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(auth.app.get(DataSource))).toEqual([]);
  });

  it('seeds the 17 regions, 3 cities and the cities\' districts (no demo data outside development)', async () => {
    const kinds = (await pg.query(`SELECT kind, count(*)::int AS n FROM "${schema}".provinces GROUP BY kind ORDER BY kind`)).rows;
    expect(kinds).toEqual([{ kind: 'city', n: 3 }, { kind: 'region', n: 17 }]);
    const perCity = (await pg.query(
      `SELECT p.code, count(d.id)::int AS n FROM "${schema}".provinces p JOIN "${schema}".districts d ON d.province_id = p.id
        GROUP BY p.code ORDER BY p.code`,
    )).rows;
    expect(perCity).toEqual([{ code: 'almaty', n: 8 }, { code: 'astana', n: 5 }, { code: 'shymkent', n: 5 }]);
    expect(await count('schools')).toBe(0);
  });

  it('lets anyone read the catalogues (the registration form does, before sign-in)', async () => {
    const provinces = await api().get('/api/provinces').query({ 'sort[0]': 'nameEn,ASC', limit: 3, page: 1 });
    expect(provinces.status).toBe(200);
    expect(provinces.body.total).toBe(20);
    expect(provinces.body.data.map((p: { nameEn: string }) => p.nameEn)).toEqual(['Abai Region', 'Akmola Region', 'Aktobe Region']);
    const astana = await idOf('provinces', 'astana');
    const districts = await api().get('/api/districts').query({ 'filter[0]': `provinceId||$eq||${astana}`, 'sort[0]': 'nameKk,ASC' });
    expect(districts.body.map((d: { nameKk: string }) => d.nameKk)).toEqual(['Алматы ауданы', 'Байқоңыр ауданы', 'Есіл ауданы', 'Нұра ауданы', 'Сарыарқа ауданы']);
    const one = await api().get(`/api/provinces/${astana}`);
    expect(one.body).toMatchObject({ id: astana, code: 'astana', kind: 'city', nameKk: 'Астана', nameRu: 'Астана', nameEn: 'Astana' });
    const stale = await api().get('/api/provinces').set('authorization', 'Bearer not-a-token');
    expect(stale.status).toBe(200);
  });

  describe('write checklist (districts)', () => {
    const valid = async () => ({ provinceId: await idOf('provinces', 'abai'), nameKk: 'Абай ауданы', nameRu: 'Абайский район', nameEn: 'Abai District' });

    it('answers 401 without a token and 403 for a student, changing nothing', async () => {
      const before = await snapshot('districts');
      const anyone = await api().post('/api/districts').send(await valid());
      expect(anyone.status).toBe(401);
      expect(anyone.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Жүйеге кіру қажет.' });
      const id = before[0].id;
      for (const req of [
        api().post('/api/districts').send(await valid()),
        api().put(`/api/districts/${id}`).send({ nameEn: 'X' }),
        api().patch(`/api/districts/${id}`).send({ nameEn: 'X' }),
        api().delete(`/api/districts/${id}`),
      ]) {
        const res = await req.set('authorization', student).set('x-locale', 'en');
        expect([res.status, res.body.message]).toEqual([403, 'You do not have permission for this action. Ask an administrator to grant it.']);
      }
      for (const req of [api().put(`/api/districts/${id}`).send({ nameEn: 'X' }), api().delete(`/api/districts/${id}`)]) {
        expect((await req).status).toBe(401);
      }
      expect(await snapshot('districts')).toEqual(before);
    });

    it('answers 400 for a bad body with field messages in kk (default), ru and en, storing nothing', async () => {
      const before = await count('districts');
      const body = { provinceId: 'one', nameKk: '', nameRu: 'Район', nameEn: 'District' };
      const kk = await api().post('/api/districts').set('authorization', admin).send(body);
      expect(kk.status).toBe(400);
      expect(kk.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Кейбір өрістер қате толтырылған: provinceId: түрі қате: number күтіледі; nameKk: кемінде 1 таңба болуы керек. Түзетіп, қайта жіберіңіз.',
        errors: { provinceId: 'түрі қате: number күтіледі', nameKk: 'кемінде 1 таңба болуы керек' },
      });
      const ru = await api().post('/api/districts').set('authorization', admin).set('x-locale', 'ru').send(body);
      expect(ru.body.message).toBe(
        'Некоторые поля заполнены неверно: provinceId: Неверный ввод: ожидалось число, получено string; nameKk: Слишком маленькое значение: ожидалось, что string будет иметь >=1 символ. Исправьте их и попробуйте снова.',
      );
      const en = await api().post('/api/districts').set('authorization', admin).set('x-locale', 'en').send(body);
      expect(en.body.message).toBe(
        'Some fields are filled in incorrectly: provinceId: Invalid input: expected number, received string; nameKk: Too small: expected string to have >=1 characters. Correct them and try again.',
      );
      const empty = await api().post('/api/districts').set('authorization', admin).set('x-locale', 'en');
      expect([empty.status, empty.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(await count('districts')).toBe(before);
    });

    it('answers 400 UNKNOWN_FIELD for a field the resource does not have, on store and update, changing nothing', async () => {
      const before = await snapshot('districts');
      const body = { ...(await valid()), population: 1000 };
      const kk = await api().post('/api/districts').set('authorization', admin).send(body);
      expect(kk.status).toBe(400);
      expect(kk.body).toMatchObject({ code: 'UNKNOWN_FIELD', message: 'Белгісіз өріс «population»: оны сұраныстан алып тастаңыз.' });
      const ru = await api().post('/api/districts').set('authorization', admin).set('x-locale', 'ru').send(body);
      expect(ru.body.message).toBe('Неизвестное поле «population»: уберите его из запроса.');
      const en = await api().put(`/api/districts/${before[0].id}`).set('authorization', admin).set('x-locale', 'en').send({ nameEn: 'X', id: 5 });
      expect([en.status, en.body.message]).toEqual([400, 'Unknown field "id": remove it from the request.']);
      const createdAt = await api().patch(`/api/districts/${before[0].id}`).set('authorization', admin).send({ createdAt: '2020-01-01' });
      expect([createdAt.status, createdAt.body.code]).toEqual([400, 'UNKNOWN_FIELD']);
      expect(await snapshot('districts')).toEqual(before);
    });

    it('answers 400 for a bad id and 404 for a missing one, changing nothing', async () => {
      const before = await snapshot('districts');
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '1e3']) {
        for (const req of [
          api().get(`/api/districts/${bad}`),
          api().put(`/api/districts/${bad}`).set('authorization', admin).send({ nameEn: 'X' }),
          api().patch(`/api/districts/${bad}`).set('authorization', admin).send({ nameEn: 'X' }),
          api().delete(`/api/districts/${bad}`).set('authorization', admin),
        ]) {
          const res = await req.set('x-locale', 'en');
          expect([bad, res.status, res.body.code, res.body.message]).toEqual([
            bad, 400, 'INVALID_NUMERIC_ID', `"${bad}" is not a valid id: a positive whole number is expected.`,
          ]);
        }
      }
      const kk = await api().delete('/api/districts/abc').set('authorization', admin);
      expect(kk.body.message).toBe('«abc» — жарамсыз идентификатор: оң бүтін сан күтіледі.');
      for (const req of [
        api().get('/api/districts/999999'),
        api().put('/api/districts/999999').set('authorization', admin).send({ nameEn: 'X' }),
        api().patch('/api/districts/999999').set('authorization', admin).send({}),
        api().delete('/api/districts/999999').set('authorization', admin),
      ]) {
        const res = await req.set('x-locale', 'ru');
        expect([res.status, res.body.code, res.body.message]).toEqual([404, 'NOT_FOUND', 'Не найдено. Проверьте ссылку или идентификатор.']);
      }
      expect(await snapshot('districts')).toEqual(before);
    });

    it('answers 400 RELATED_NOT_FOUND for a province that does not exist, storing nothing', async () => {
      const before = await count('districts');
      const res = await api().post('/api/districts').set('authorization', admin).set('x-locale', 'en').send({ ...(await valid()), provinceId: 999999 });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'RELATED_NOT_FOUND',
        message: 'The field "provinceId" refers to a record that does not exist (999999). Choose an existing one.',
      });
      expect(await count('districts')).toBe(before);
    });

    it('stores, updates with PUT and PATCH (only the fields sent) and deletes for staff', async () => {
      const created = await api().post('/api/districts').set('authorization', admin).send(await valid());
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ ...(await valid()), code: null });
      const id = created.body.id as number;
      const put = await api().put(`/api/districts/${id}`).set('authorization', admin).send({ nameRu: 'Абайский р-н' });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ id, nameRu: 'Абайский р-н', nameKk: 'Абай ауданы', nameEn: 'Abai District' });
      const patch = await api().patch(`/api/districts/${id}`).set('authorization', admin).send({ code: 'abai:abai', nameEn: 'Abai' });
      expect(patch.body).toMatchObject({ id, code: 'abai:abai', nameEn: 'Abai', nameRu: 'Абайский р-н' });
      const row = (await pg.query(`SELECT * FROM "${schema}".districts WHERE id = $1`, [id])).rows[0];
      expect(row).toMatchObject({ code: 'abai:abai', name_en: 'Abai', name_ru: 'Абайский р-н', name_kk: 'Абай ауданы' });
      expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(row.created_at.getTime());
      const deleted = await api().delete(`/api/districts/${id}`).set('authorization', admin);
      expect([deleted.status, deleted.body.id]).toEqual([200, id]);
      expect((await pg.query(`SELECT id FROM "${schema}".districts WHERE id = $1`, [id])).rows).toEqual([]);
    });
  });

  it.each([
    ['provinces', { code: 'test-province', kind: 'region', nameKk: 'Сынақ облысы', nameRu: 'Тестовая область', nameEn: 'Test Region' }],
    ['schools', { districtId: 0, nameKk: '№1 мектеп', nameRu: 'Школа №1', nameEn: 'School No. 1' }],
  ] as const)('%s: 401, 403, 400 (bad body, unknown field, bad id), 404, then store/update/destroy', async (table, sample) => {
    const body: Record<string, unknown> = { ...sample };
    if (table === 'schools') body.districtId = await idOf('districts', 'almaty:medeu');
    const before = await snapshot(table);
    expect((await api().post(`/api/${table}`).send(body)).status).toBe(401);
    expect((await api().post(`/api/${table}`).set('authorization', student).send(body)).status).toBe(403);
    const bad = await api().post(`/api/${table}`).set('authorization', admin).set('x-locale', 'en').send({ ...body, nameEn: 42 });
    expect([bad.status, bad.body.message]).toEqual([400, 'Some fields are filled in incorrectly: nameEn: Invalid input: expected string, received number. Correct them and try again.']);
    const unknown = await api().post(`/api/${table}`).set('authorization', admin).set('x-locale', 'en').send({ ...body, slug: 'x' });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Unknown field "slug": remove it from the request.']);
    expect((await api().patch(`/api/${table}/x1`).set('authorization', admin).send({ nameEn: 'X' })).body.code).toBe('INVALID_NUMERIC_ID');
    expect((await api().patch(`/api/${table}/424242`).set('authorization', admin).send({ nameEn: 'X' })).status).toBe(404);
    expect(await snapshot(table)).toEqual(before);

    const created = await api().post(`/api/${table}`).set('authorization', admin).send(body);
    expect([created.status, created.body]).toEqual([201, expect.objectContaining(body)]);
    const updated = await api().put(`/api/${table}/${created.body.id}`).set('authorization', admin).send({ nameEn: 'Renamed' });
    expect(updated.body).toMatchObject({ ...body, nameEn: 'Renamed' });
    expect((await api().delete(`/api/${table}/${created.body.id}`).set('authorization', admin)).status).toBe(200);
    expect(await snapshot(table)).toEqual(before);
  });

  it('refuses to delete a province or district others refer to (409), changing nothing', async () => {
    const astana = await idOf('provinces', 'astana');
    const before = await count('provinces');
    const kk = await api().delete(`/api/provinces/${astana}`).set('authorization', admin);
    expect(kk.status).toBe(409);
    expect(kk.body).toMatchObject({
      code: 'RECORD_IN_USE',
      message: 'Бұл жазбаны жою мүмкін емес: оған басқа жазбалар сілтейді (districts). Алдымен оларды жойыңыз немесе басқаға ауыстырыңыз.',
    });
    const en = await api().delete(`/api/provinces/${astana}`).set('authorization', admin).set('x-locale', 'en');
    expect(en.body.message).toBe('This record cannot be deleted: other records refer to it (districts). Delete or reassign them first.');
    expect(await count('provinces')).toBe(before);

    const nura = await idOf('districts', 'astana:nura');
    const school = await api().post('/api/schools').set('authorization', admin).send({ districtId: nura, nameKk: 'а', nameRu: 'б', nameEn: 'c' });
    const district = await api().delete(`/api/districts/${nura}`).set('authorization', admin).set('x-locale', 'ru');
    expect([district.status, district.body.message]).toEqual([409, 'Эту запись нельзя удалить: на неё ссылаются другие записи (schools). Сначала удалите или перенесите их.']);
    expect((await api().delete(`/api/schools/${school.body.id}`).set('authorization', admin)).status).toBe(200);
  });

  it('refuses a duplicate code (409), changing nothing', async () => {
    const before = await snapshot('provinces');
    const dup = await api().post('/api/provinces').set('authorization', admin).set('x-locale', 'en')
      .send({ code: 'abai', kind: 'region', nameKk: 'a', nameRu: 'b', nameEn: 'c' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'RECORD_EXISTS', message: 'A record with the same code already exists. Change the value or edit the existing record.' });
    const rename = await api().patch(`/api/provinces/${await idOf('provinces', 'akmola')}`).set('authorization', admin).send({ code: 'abai' });
    expect([rename.status, rename.body.code]).toEqual([409, 'RECORD_EXISTS']);
    expect(await snapshot('provinces')).toEqual(before);
  });
});

describe('directory demo data', () => {
  const ns = createTestNamespace();
  afterAll(() => ns.cleanup());

  it('seeds each region\'s centre and districts and three schools per district, and a restart adds nothing', async () => {
    const env = ns.envFor('auth', { SEED_DEMO: 'true' });
    const counts = async (svc: RunningService) => {
      const ds = svc.app.get(DataSource);
      const [row] = await ds.query(
        `SELECT (SELECT count(*)::int FROM provinces) AS provinces, (SELECT count(*)::int FROM districts) AS districts,
                (SELECT count(*)::int FROM schools) AS schools`,
      );
      return row as { provinces: number; districts: number; schools: number };
    };
    const first = await startAuth(env);
    let seeded: { provinces: number; districts: number; schools: number };
    try {
      seeded = await counts(first);
      const ds = first.app.get(DataSource);
      const thin = await ds.query(
        `SELECT p.code FROM provinces p LEFT JOIN districts d ON d.province_id = p.id GROUP BY p.code HAVING count(d.id) < 3`,
      );
      expect(thin).toEqual([]);
      const withoutThree = await ds.query(
        `SELECT d.code FROM districts d LEFT JOIN schools s ON s.district_id = d.id GROUP BY d.code HAVING count(s.id) <> 3`,
      );
      expect(withoutThree).toEqual([]);
      const semey = await ds.query(`SELECT name_kk, name_ru, name_en FROM districts WHERE code = 'abai:semey-city'`);
      expect(semey).toEqual([{ name_kk: 'Семей қаласы', name_ru: 'город Семей', name_en: 'Semey City' }]);
    } finally {
      await first.close();
    }
    expect(seeded.provinces).toBe(20);
    expect(seeded.districts).toBeGreaterThan(60);
    expect(seeded.schools).toBe(seeded.districts * 3);
    const second = await startAuth(env);
    try {
      expect(await counts(second)).toEqual(seeded);
    } finally {
      await second.close();
    }
  });
});
