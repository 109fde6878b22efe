/**
 * The CRUD kit as the admin UI uses it: Refine's own data provider (@refinedev/nestjsx-crud) against the real auth
 * service and its directory resources (provinces, districts, schools), on real PostgreSQL. Expected rows are read
 * from the database directly, so a query the server misreads (the nested-params pitfall) fails here.
 */
import axios from 'axios';
import dataProvider from '@refinedev/nestjsx-crud';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';

type Row = { id: number; [key: string]: unknown };

describe("CRUD kit with Refine's nestjsx-crud data provider", () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  let provider: ReturnType<typeof dataProvider>;
  const schema = ns.schemaOf('auth');

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    const token = await testToken({ roleId: ROLE.admin });
    provider = dataProvider(`${auth.url}/api`, axios.create({ headers: { authorization: `Bearer ${token}`, 'x-locale': 'en' } }));
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  const ids = async (sql: string, params: unknown[] = []) =>
    (await pg.query<{ id: number }>(sql.replaceAll('{s}', `"${schema}"`), params)).rows.map((r) => r.id);
  const idsOf = (rows: unknown[]) => (rows as Row[]).map((r) => r.id);
  const provinceId = async (code: string) => (await ids('SELECT id FROM {s}.provinces WHERE code = $1', [code]))[0];

  it('getList pages through all rows with the total', async () => {
    const all = await ids('SELECT id FROM {s}.provinces ORDER BY id');
    expect(all).toHaveLength(20);
    const page2 = await provider.getList({ resource: 'provinces', pagination: { currentPage: 2, pageSize: 6 }, sorters: [{ field: 'id', order: 'asc' }] });
    expect(page2.total).toBe(20);
    expect(idsOf(page2.data)).toEqual(all.slice(6, 12));
    const last = await provider.getList({ resource: 'provinces', pagination: { currentPage: 4, pageSize: 6 }, sorters: [{ field: 'id', order: 'asc' }] });
    expect(idsOf(last.data)).toEqual(all.slice(18));
  });

  it('getList sorts DESC (with the id breaking ties)', async () => {
    const expected = await ids('SELECT id FROM {s}.provinces ORDER BY name_en DESC, id ASC');
    const res = await provider.getList({ resource: 'provinces', pagination: { currentPage: 1, pageSize: 20 }, sorters: [{ field: 'nameEn', order: 'desc' }] });
    expect(idsOf(res.data)).toEqual(expected);
    const byKind = await provider.getList({ resource: 'provinces', pagination: { currentPage: 1, pageSize: 5 }, sorters: [{ field: 'kind', order: 'asc' }] });
    expect(idsOf(byKind.data)).toEqual(await ids("SELECT id FROM {s}.provinces ORDER BY kind ASC, id ASC LIMIT 5"));
  });

  it('getList filters with eq, contains (case-insensitive) and in', async () => {
    const cities = await provider.getList({ resource: 'provinces', filters: [{ field: 'kind', operator: 'eq', value: 'city' }], sorters: [{ field: 'id', order: 'asc' }] });
    expect((cities.data as Row[]).map((r) => r.code)).toEqual(['astana', 'almaty', 'shymkent']);
    expect(cities.total).toBe(3);

    const kazakh = await provider.getList({ resource: 'provinces', filters: [{ field: 'nameEn', operator: 'contains', value: 'KAZAKH' }] });
    expect((kazakh.data as Row[]).map((r) => r.code).sort()).toEqual(['east-kazakhstan', 'north-kazakhstan', 'west-kazakhstan']);

    const two = await provider.getList({ resource: 'provinces', filters: [{ field: 'code', operator: 'in', value: ['ulytau', 'abai'] }] });
    expect((two.data as Row[]).map((r) => r.code).sort()).toEqual(['abai', 'ulytau']);

    const combined = await provider.getList({
      resource: 'provinces',
      filters: [
        { field: 'kind', operator: 'eq', value: 'region' },
        { field: 'nameRu', operator: 'contains', value: 'казахстан' },
        { field: 'code', operator: 'ne', value: 'north-kazakhstan' },
      ],
    });
    expect((combined.data as Row[]).map((r) => r.code).sort()).toEqual(['east-kazakhstan', 'west-kazakhstan']);

    // A cleared filter input reaches the server as {"nameEn":{}}: no condition, not an error.
    const cleared = await provider.getList({ resource: 'provinces', filters: [{ field: 'nameEn', operator: 'contains', value: undefined }], pagination: { mode: 'off' } });
    expect(cleared.total).toBe(20);
  });

  it('getList searches the names in all three languages with the virtual field q, and with an or-filter', async () => {
    const kk = await provider.getList({ resource: 'provinces', filters: [{ field: 'q', operator: 'contains', value: 'ақмола' }] });
    expect((kk.data as Row[]).map((r) => r.code)).toEqual(['akmola']);
    const ru = await provider.getList({ resource: 'provinces', filters: [{ field: 'q', operator: 'contains', value: 'Алматинская' }] });
    expect((ru.data as Row[]).map((r) => r.code)).toEqual(['almaty-region']);
    const en = await provider.getList({ resource: 'provinces', filters: [{ field: 'q', operator: 'contains', value: 'almaty' }], sorters: [{ field: 'id', order: 'asc' }] });
    expect((en.data as Row[]).map((r) => r.code)).toEqual(['almaty-region', 'almaty']);
    const or = await provider.getList({
      resource: 'provinces',
      filters: [{ operator: 'or', value: [{ field: 'code', operator: 'eq', value: 'abai' }, { field: 'nameEn', operator: 'startswith', value: 'pavlodar' }] }],
    });
    expect((or.data as Row[]).map((r) => r.code).sort()).toEqual(['abai', 'pavlodar']);
  });

  it('filters districts by province and schools by district (the pickers), and joins the parent on request', async () => {
    const almaty = await provinceId('almaty');
    const districts = await provider.getList({ resource: 'districts', filters: [{ field: 'provinceId', operator: 'eq', value: almaty }], pagination: { mode: 'off' } });
    expect(districts.total).toBe(8);
    expect(new Set((districts.data as Row[]).map((r) => r.provinceId))).toEqual(new Set([almaty]));

    const byCode = await provider.getList({ resource: 'districts', filters: [{ field: 'province.code', operator: 'eq', value: 'shymkent' }] });
    expect(byCode.total).toBe(5);
    expect((byCode.data as Row[])[0].province).toMatchObject({ code: 'shymkent', nameEn: 'Shymkent' });

    const joined = await provider.getList({ resource: 'districts', pagination: { currentPage: 1, pageSize: 3 }, meta: { join: ['province'] } });
    expect((joined.data as Row[]).map((r) => (r.province as Row).id)).toEqual((joined.data as Row[]).map((r) => r.provinceId));

    const districtId = idsOf(districts.data)[0];
    const created = await provider.create({ resource: 'schools', variables: { districtId, nameKk: '№1 мектеп', nameRu: 'Школа №1', nameEn: 'School No. 1' } });
    await provider.create({ resource: 'schools', variables: { districtId: idsOf(districts.data)[1], nameKk: '№2 мектеп', nameRu: 'Школа №2', nameEn: 'School No. 2' } });
    const schools = await provider.getList({ resource: 'schools', filters: [{ field: 'districtId', operator: 'eq', value: districtId }] });
    expect(idsOf(schools.data)).toEqual([(created.data as Row).id]);
    const inProvince = await provider.getList({ resource: 'schools', filters: [{ field: 'district.provinceId', operator: 'eq', value: almaty }] });
    expect(inProvince.total).toBe(2);
  });

  it('getMany of two ids returns exactly those two', async () => {
    const all = await ids('SELECT id FROM {s}.districts ORDER BY id');
    expect(all.length).toBeGreaterThan(10);
    const wanted = [all[3], all[7]];
    const res = await provider.getMany!({ resource: 'districts', ids: wanted });
    expect(idsOf(res.data).sort((a, b) => a - b)).toEqual(wanted);
  });

  it('getOne, create, update and deleteOne', async () => {
    const abai = await provinceId('abai');
    const one = await provider.getOne({ resource: 'provinces', id: abai });
    expect(one.data).toMatchObject({ id: abai, code: 'abai', kind: 'region', nameKk: 'Абай облысы', nameRu: 'Абайская область', nameEn: 'Abai Region' });

    const created = await provider.create({
      resource: 'districts',
      variables: { provinceId: abai, code: 'abai:test-district', nameKk: 'Сынақ ауданы', nameRu: 'Тестовый район', nameEn: 'Test District' },
    });
    const district = created.data as Row;
    expect(district).toMatchObject({ provinceId: abai, code: 'abai:test-district', nameEn: 'Test District' });
    expect(typeof district.id).toBe('number');
    const [stored] = (await pg.query(`SELECT name_ru FROM "${schema}".districts WHERE id = $1`, [district.id])).rows;
    expect(stored.name_ru).toBe('Тестовый район');

    const updated = await provider.update({ resource: 'districts', id: district.id, variables: { nameEn: 'Trial District' } });
    expect(updated.data).toMatchObject({ id: district.id, nameEn: 'Trial District', nameRu: 'Тестовый район', code: 'abai:test-district' });
    expect((await provider.getOne({ resource: 'districts', id: district.id })).data).toMatchObject({ nameEn: 'Trial District' });

    const deleted = await provider.deleteOne({ resource: 'districts', id: district.id });
    expect(deleted.data).toMatchObject({ id: district.id, nameEn: 'Trial District' });
    expect(await ids('SELECT id FROM {s}.districts WHERE id = $1', [district.id])).toEqual([]);
    await expect(provider.getOne({ resource: 'districts', id: district.id })).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('create with a bad body is refused with 400 and stores nothing', async () => {
    const before = await ids('SELECT id FROM {s}.provinces');
    await expect(provider.create({ resource: 'provinces', variables: { code: 'Bad Code', kind: 'region', nameKk: 'a', nameRu: 'b', nameEn: 'c' } })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await ids('SELECT id FROM {s}.provinces')).toEqual(before);
  });
});
