/**
 * The CRUD kit's query language and contract, on the real auth service's directory resources: what it refuses
 * (unknown parameters, fields, operators, values: localized 400s), that client text never reaches SQL as SQL,
 * the OpenAPI document built from the registrations, and the boot-time checks of a registration.
 */
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { startAuth } from '@olymp/auth';
import { ROLE } from '@olymp/proto';
import { CrudResource, CrudResourceService, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { District, Province, School } from '../../../services/auth/src/directory/directory.entities';
import { createProvince, updateProvince } from '../../../services/auth/src/directory/directory.dto';

describe('CRUD kit: query language, errors and OpenAPI', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('auth');

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  const get = (url: string, locale?: string) => {
    const req = request(auth.url).get(url);
    return locale ? req.set('x-locale', locale) : req;
  };
  const s = (condition: unknown) => `s=${encodeURIComponent(JSON.stringify(condition))}`;

  it('answers an unpaginated list as an array and a paginated one as { data, count, total, page, pageCount }', async () => {
    const list = await get('/api/provinces');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body).toHaveLength(20);
    const page = await get('/api/provinces?limit=6&page=4&offset=18');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2, total: 20, page: 4, pageCount: 4 });
    expect(page.body.data).toHaveLength(2);
    const byOffset = await get('/api/provinces?limit=5&offset=15&sort[0]=id,ASC');
    expect(byOffset.body.data.map((r: { id: number }) => r.id)).toEqual(list.body.slice(15, 20).map((r: { id: number }) => r.id));
  });

  it('refuses an unknown filter field with the allowed ones, in kk by default and in ru and en', async () => {
    const url = '/api/districts?filter[0]=population||$gt||1000';
    const kk = await get(url);
    expect(kk.status).toBe(400);
    expect(kk.body).toMatchObject({
      code: 'QUERY_FIELD_UNKNOWN',
      message: '«filter» ішінде белгісіз өріс «population». Рұқсат етілген өрістер: id, provinceId, code, nameKk, nameRu, nameEn, createdAt, updatedAt, q, province.*.',
    });
    expect((await get(url, 'ru')).body.message).toBe(
      'Неизвестное поле «population» в «filter». Допустимые поля: id, provinceId, code, nameKk, nameRu, nameEn, createdAt, updatedAt, q, province.*.',
    );
    expect((await get(url, 'en')).body.message).toBe(
      'Unknown field "population" in "filter". Allowed fields: id, provinceId, code, nameKk, nameRu, nameEn, createdAt, updatedAt, q, province.*.',
    );
    const inSearch = await get(`/api/districts?${s({ $and: [{ 'region.code': 'x' }] })}`, 'en');
    expect(inSearch.status).toBe(400);
    expect(inSearch.body.code).toBe('QUERY_FIELD_UNKNOWN');
    const inSort = await get('/api/provinces?sort[0]=secret,ASC', 'en');
    expect(inSort.body).toMatchObject({ code: 'QUERY_FIELD_UNKNOWN', message: 'Unknown field "secret" in "sort". Allowed fields: id, code, kind, nameKk, nameRu, nameEn, createdAt, updatedAt.' });
    const inJoin = await get('/api/provinces?join[0]=districts', 'en');
    expect(inJoin.body).toMatchObject({ code: 'QUERY_FIELD_UNKNOWN', message: 'Unknown field "districts" in "join". Allowed fields: -.' });
  });

  it('refuses an unknown operator, in filter and in s', async () => {
    const operators = '$eq, $ne, $gt, $lt, $gte, $lte, $starts, $ends, $cont, $excl, $startsL, $endsL, $contL, $exclL, $eqL, $neL, $in, $notin, $inL, $notinL, $between, $isnull, $notnull';
    const filter = await get('/api/provinces?filter[0]=code||$like||abai', 'en');
    expect(filter.status).toBe(400);
    expect(filter.body).toMatchObject({ code: 'QUERY_OPERATOR_UNKNOWN', message: `Unknown operator "$like" for the field "code". Allowed operators: ${operators}.` });
    const search = await get(`/api/provinces?${s({ code: { $regex: '.*' } })}`, 'ru');
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({ code: 'QUERY_OPERATOR_UNKNOWN', message: `Неизвестный оператор «$regex» для поля «code». Допустимые операторы: ${operators}.` });
    const arrayOp = await get('/api/provinces?filter[0]=code||$contArr||a,b', 'en');
    expect(arrayOp.body.code).toBe('QUERY_OPERATOR_UNKNOWN');
    const qOp = await get('/api/provinces?filter[0]=q||$eq||abai', 'en');
    expect(qOp.body).toMatchObject({ code: 'QUERY_OPERATOR_UNKNOWN', message: 'Unknown operator "$eq" for the field "q". Allowed operators: $contL, $cont.' });
  });

  it('refuses a value that does not fit its column, before any SQL runs', async () => {
    const text = await get('/api/districts?filter[0]=provinceId||$eq||abc', 'en');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: 'QUERY_VALUE_INVALID', message: 'The value "abc" does not fit the field "provinceId" with the operator "$eq".' });
    const big = await get('/api/districts?filter[0]=id||$in||1,99999999999', 'kk');
    expect(big.body).toMatchObject({ code: 'QUERY_VALUE_INVALID', message: '[1,99999999999] мәні «$in» операторымен «id» өрісіне сәйкес келмейді.' });
    const likeOnNumber = await get(`/api/districts?${s({ provinceId: { $contL: '1' } })}`, 'en');
    expect(likeOnNumber.body.code).toBe('QUERY_VALUE_INVALID');
    const badDate = await get(`/api/districts?${s({ createdAt: { $gte: 'yesterday' } })}`, 'en');
    expect(badDate.body.code).toBe('QUERY_VALUE_INVALID');
    const between = await get(`/api/districts?${s({ id: { $between: [1] } })}`, 'en');
    expect(between.body.code).toBe('QUERY_VALUE_INVALID');
  });

  it('refuses malformed and unknown parameters with what is allowed', async () => {
    const json = await get('/api/provinces?s={not json', 'en');
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({
      code: 'QUERY_PARAM_INVALID',
      message: 'The query parameter "s" has a wrong format ("{not json"). The format is described at /api/docs-json.',
    });
    const unknown = await get('/api/provinces?where=1', 'en');
    expect(unknown.body).toMatchObject({
      code: 'QUERY_PARAM_UNKNOWN',
      message: 'Unknown query parameter "where". Allowed parameters: s, filter, or, sort, join, fields, select, limit, per_page, offset, page, cache.',
    });
    for (const bad of ['limit=0', 'limit=ten', 'page=0', 'offset=-1', 'sort[0]=id,UP', 'sort=id']) {
      const res = await get(`/api/provinces?${bad}`, 'en');
      expect([bad, res.status, res.body.code]).toEqual([bad, 400, 'QUERY_PARAM_INVALID']);
    }
    const showFilter = await get('/api/provinces/1?filter[0]=id||$eq||2', 'en');
    expect(showFilter.body).toMatchObject({ code: 'QUERY_PARAM_UNKNOWN', message: 'Unknown query parameter "filter". Allowed parameters: join, fields, select, cache.' });
  });

  it('never lets client text into SQL: identifiers are checked, values are bound, LIKE wildcards are literal', async () => {
    const field = await get(`/api/provinces?filter[0]=${encodeURIComponent('id" = 1 OR 1=1 --||$eq||1')}`);
    expect([field.status, field.body.code]).toEqual([400, 'QUERY_FIELD_UNKNOWN']);
    const sort = await get(`/api/provinces?sort[0]=${encodeURIComponent('(SELECT 1),ASC')}`);
    expect([sort.status, sort.body.code]).toEqual([400, 'QUERY_FIELD_UNKNOWN']);
    const value = await get(`/api/provinces?${s({ code: "x' OR '1'='1" })}`);
    expect(value.status).toBe(200);
    expect(value.body).toEqual([]);
    const drop = await get(`/api/provinces?filter[0]=${encodeURIComponent("nameEn||$eq||'); DROP TABLE provinces; --")}`);
    expect(drop.status).toBe(200);
    expect((await pg.query(`SELECT count(*)::int AS n FROM "${schema}".provinces`)).rows[0].n).toBe(20);
    const percent = await get(`/api/provinces?filter[0]=q||$contL||${encodeURIComponent('%')}`);
    expect(percent.body).toEqual([]);
    const underscore = await get(`/api/provinces?${s({ code: { $starts: 'north_' } })}`);
    expect(underscore.body).toEqual([]);
    const dash = await get(`/api/provinces?${s({ code: { $starts: 'north-' } })}`);
    expect(dash.body.map((r: { code: string }) => r.code)).toEqual(['north-kazakhstan']);
  });

  it('reads text filter values exactly as sent (no number or date guessing)', async () => {
    const [abai] = (await pg.query(`SELECT id FROM "${schema}".provinces WHERE code = 'abai'`)).rows;
    const token = await testToken({ roleId: ROLE.admin });
    const created = await request(auth.url).post('/api/districts').set('authorization', `Bearer ${token}`)
      .send({ provinceId: abai.id, code: '007', nameKk: '2024-01-01', nameRu: '1e3', nameEn: 'x' });
    expect(created.status).toBe(201);
    for (const filter of ['code||$eq||007', 'nameKk||$eq||2024-01-01', 'nameRu||$in||1e3,zzz']) {
      const res = await get(`/api/districts?filter[0]=${encodeURIComponent(filter)}`);
      expect([filter, res.body.map((r: { id: number }) => r.id)]).toEqual([filter, [created.body.id]]);
    }
  });

  it('serves an OpenAPI document built from the registered resources', async () => {
    const res = await get('/api/docs-json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.0.3');
    const resources = ['centers', 'cities', 'directions', 'districts', 'grades', 'logs', 'permissions', 'provinces', 'roles', 'schools', 'students', 'subjects', 'teachers', 'users'];
    // The resources' paths: custom routes share the document, each operation marked `x-custom`.
    const crudPaths = Object.keys(doc.paths).filter((p) => Object.values(doc.paths[p] as Record<string, { 'x-custom'?: boolean }>).some((op) => !op['x-custom']));
    expect(crudPaths.sort()).toEqual(resources.flatMap((r) => [`/api/${r}`, `/api/${r}/{id}`]));
    // A read-only resource (the audit log) documents only its reads and no request bodies.
    expect([Object.keys(doc.paths['/api/logs']), Object.keys(doc.paths['/api/logs/{id}'])]).toEqual([['get'], ['get']]);
    expect(doc.paths['/api/logs'].get['x-permissions']).toEqual(['log:index']);
    expect(doc.components.schemas.AuditEntryCreate).toBeUndefined();
    expect(Object.keys(doc.paths['/api/provinces/{id}']).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    const index = doc.paths['/api/provinces'].get;
    expect(index.security).toEqual([]);
    expect(index.parameters.map((p: { name: string }) => p.name)).toEqual(['s', 'filter', 'or', 'sort', 'join', 'fields', 'limit', 'page', 'offset']);
    const store = doc.paths['/api/provinces'].post;
    expect(store.security).toEqual([{ bearer: [] }]);
    expect(store['x-permissions']).toEqual(['management:create']);
    expect(store.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ProvinceCreate' });
    expect(Object.keys(store.responses).sort()).toEqual(['201', '400', '401', '403', '409']);
    expect(doc.paths['/api/provinces/{id}'].delete['x-permissions']).toEqual(['management:delete']);
    const create = doc.components.schemas.ProvinceCreate;
    expect(create).toMatchObject({ type: 'object', additionalProperties: false, required: ['code', 'kind', 'nameKk', 'nameRu', 'nameEn'] });
    expect(create.properties.kind).toMatchObject({ type: 'string', enum: ['region', 'city'] });
    expect(doc.components.schemas.ProvinceUpdate.required).toBeUndefined();
    expect(doc.components.schemas.Province.properties).toMatchObject({ id: { type: 'integer', readOnly: true }, code: { type: 'string', maxLength: 50 } });
    expect(doc.components.schemas.District.properties.province).toMatchObject({ allOf: [{ $ref: '#/components/schemas/Province' }] });
    expect(doc.components.schemas.DistrictPage.required).toEqual(['data', 'count', 'total', 'page', 'pageCount']);
  });

  it('documents the custom routes too: access, inputs from their pipes, answers from proto', async () => {
    const doc = (await get('/api/docs-json')).body;
    // A public route with its answer's schema (proto's publicSettingsReply, via @ApiShape).
    const pub = doc.paths['/api/settings/public'].get;
    expect(pub).toMatchObject({ 'x-custom': true, 'x-access': 'public', security: [] });
    expect(pub.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['data'],
      properties: { data: { properties: { support: { required: ['email', 'phone'] }, announcement: { nullable: true } } } },
    });
    // A permission route: its key, 401 and 403.
    const save = doc.paths['/api/settings/{key}'].put;
    expect(save).toMatchObject({ 'x-access': 'permission', 'x-permissions': ['setting:update'], security: [{ bearer: [] }] });
    expect(Object.keys(save.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
    // A body read from the route's @ValidBody pipe, and a uuid path parameter from @UuidParam.
    const login = doc.paths['/api/login'].post;
    expect(login.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', properties: expect.any(Object) });
    const withId = Object.entries(doc.paths as Record<string, Record<string, { parameters?: { in: string; schema: { format?: string } }[]; 'x-custom'?: boolean }>>)
      .flatMap(([, item]) => Object.values(item))
      .filter((op) => op['x-custom'] && op.parameters?.some((p) => p.in === 'path' && p.schema.format === 'uuid'));
    expect(withId.length).toBeGreaterThan(0);
  });

  describe('registration checks at boot', () => {
    let ds: DataSource;
    beforeAll(async () => {
      ds = new DataSource({ type: 'postgres', url: ns.databaseUrl, entities: [Province, District, School] });
      // Metadata only, no connection: what the service's checks read.
      await (ds as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
    });

    const base = { path: 'provinces', entity: Province, create: createProvince, update: updateProvince, access: { read: 'public', write: 'management:update' } } as const;

    it('refuses an action without an access rule', () => {
      expect(() => CrudResource.register({ ...base, access: { read: 'public' } })).toThrow(
        'CrudResource "provinces": no access rule for "store" (set access.store or access.write)',
      );
      expect(() => CrudResource.register({ ...base, access: { read: 'public' }, actions: ['index', 'show'] })).not.toThrow();
    });

    it('refuses body schemas that are not strict or name columns a client may not set', () => {
      expect(() => new CrudResourceService({ ...base, create: z.object({ code: z.string() }) }, ds)).toThrow(
        'CrudResource "provinces": the create schema must be a strict object (z.strictObject) so unknown fields are refused',
      );
      expect(() => new CrudResourceService({ ...base, update: z.strictObject({ createdAt: z.date() }) }, ds)).toThrow(
        'CrudResource "provinces": update schema field "createdAt" is not a writable column',
      );
    });

    it('refuses unknown searchable fields and relations', () => {
      expect(() => new CrudResourceService({ ...base, searchable: ['id'] }, ds)).toThrow('CrudResource "provinces": searchable field "id" is not a text column');
      expect(() => new CrudResourceService({ ...base, relations: { code: {} } }, ds)).toThrow(
        'CrudResource "provinces": relation "code" is not a many-to-one (or owning one-to-one) relation of Province',
      );
      expect(new CrudResourceService({ ...base, searchable: ['nameKk'] }, ds).shape.searchable).toEqual(['nameKk']);
    });

    it("refuses a reference to another service's resource on a column that holds no id, and a describe field that names nothing", () => {
      const districts = { path: 'districts', entity: District, access: { read: 'public' }, actions: ['index', 'show'] } as const;
      expect(() => new CrudResourceService({ ...districts, fields: { nameKk: { references: 'students' } } }, ds)).toThrow(
        'CrudResource "districts": "nameKk" references "students": a resource path, on a uuid or integer column',
      );
      expect(() => new CrudResourceService({ ...districts, fields: { provinceId: { references: 'Provinces?' } } }, ds)).toThrow('references "Provinces?"');
      expect(() => new CrudResourceService({ ...districts, describe: ['province'] }, ds)).toThrow(
        'CrudResource "districts": describe field "province" is neither a column nor a declared relation',
      );
      const fine = new CrudResourceService({ ...districts, relations: { province: {} }, describe: ['code', 'province'], fields: { provinceId: { references: 'provinces' } } }, ds);
      expect(fine.shape.relations.has('province')).toBe(true);
    });
  });
});
