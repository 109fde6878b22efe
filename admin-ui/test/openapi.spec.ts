/** The generated screens' reading of the OpenAPI document: fields, relations, search, actions and permission keys. */
import { narrowingOf, toBody, toShown, toStored } from '../src/crud/form-logic';
import { recordLabel } from '../src/crud/labels';
import { initialSorters, labelFieldsOf, labelSortField, listColumns } from '../src/crud/list-columns';
import { parseOpenApi, type OpenApiDocument } from '../src/meta/openapi';
import { referencedIds, remoteFields, withReferenced } from '../src/crud/references';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const index = (entity: string, searches?: string) => ({
  'x-permissions': [],
  parameters: [{ name: 's', description: searches ? `Search. The virtual field \`q\` (operator $contL) searches ${searches}. Operators: $eq.` : 'Search.' }, { name: 'limit', schema: { maximum: 500 } }],
  responses: { 200: { content: { 'application/json': { schema: { oneOf: [{ type: 'array', items: ref(entity) }, ref(`${entity}Page`)] } } } } },
});
const names = { nameKk: { type: 'string', maxLength: 200 }, nameRu: { type: 'string', maxLength: 200 }, nameEn: { type: 'string', maxLength: 200 } };

const doc: OpenApiDocument = {
  paths: {
    '/api/provinces': { get: index('Province', 'nameKk, nameRu, nameEn'), post: { 'x-permissions': ['management:create'], requestBody: { content: { 'application/json': { schema: ref('ProvinceCreate') } } } }, 'x-service': 'auth' },
    '/api/provinces/{id}': { get: {}, patch: { 'x-permissions': ['management:update'], requestBody: { content: { 'application/json': { schema: ref('ProvinceCreate') } } } }, delete: { 'x-permissions': ['management:delete'] } },
    '/api/districts': { get: index('District', 'nameKk'), post: { requestBody: { content: { 'application/json': { schema: ref('DistrictCreate') } } } } },
    '/api/schools': { get: index('School'), post: { requestBody: { content: { 'application/json': { schema: ref('SchoolCreate') } } } } },
  },
  components: {
    schemas: {
      Province: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, kind: { type: 'string', maxLength: 10 }, ...names, createdAt: { type: 'string', format: 'date-time', readOnly: true } } },
      ProvinceCreate: { type: 'object', required: ['kind', 'nameKk'], properties: { kind: { type: 'string', enum: ['region', 'city'] }, ...names } },
      District: { type: 'object', properties: { id: { type: 'integer' }, provinceId: { type: 'integer' }, ...names, province: { allOf: [ref('Province')], description: 'Present when joined (join=province).' } } },
      DistrictCreate: { type: 'object', properties: { provinceId: { type: 'integer' }, ...names } },
      School: { type: 'object', properties: { id: { type: 'integer' }, districtId: { type: 'integer' }, ...names, meta: { nullable: true }, district: { allOf: [ref('District')] } } },
      SchoolCreate: { type: 'object', properties: { districtId: { type: 'integer' }, ...names, meta: { nullable: true } } },
    },
  },
};

describe('reading the OpenAPI document', () => {
  const resources = parseOpenApi(doc);
  const byName = new Map(resources.map((r) => [r.name, r]));

  it('finds every resource with its actions, permission keys and search', () => {
    expect(resources.map((r) => r.name)).toEqual(['districts', 'provinces', 'schools']);
    const provinces = byName.get('provinces')!;
    expect([...provinces.actions].sort()).toEqual(['create', 'delete', 'edit', 'list', 'show']);
    expect(provinces.permissions).toMatchObject({ list: [], create: ['management:create'], edit: ['management:update'], delete: ['management:delete'] });
    expect(provinces.search).toEqual({ field: 'q', columns: ['nameKk', 'nameRu', 'nameEn'] });
    expect(provinces.service).toBe('auth');
    expect(provinces.maxLimit).toBe(500);
    expect(byName.get('schools')!.search).toBeUndefined();
    expect([...byName.get('schools')!.actions].sort()).toEqual(['create', 'list']);
  });

  it('types fields and links foreign keys to the resource they point at', () => {
    const provinces = byName.get('provinces')!;
    expect(provinces.fields.map((f) => [f.name, f.kind])).toEqual([['id', 'integer'], ['kind', 'string'], ['nameKk', 'string'], ['nameRu', 'string'], ['nameEn', 'string'], ['createdAt', 'datetime']]);
    expect(provinces.create?.find((f) => f.name === 'kind')).toMatchObject({ kind: 'enum', enum: ['region', 'city'] });
    expect([...provinces.requiredOnCreate]).toEqual(['kind', 'nameKk']);
    expect(byName.get('districts')!.relations).toEqual([{ name: 'province', resource: 'provinces', foreignKey: 'provinceId' }]);
    expect(byName.get('districts')!.create?.find((f) => f.name === 'provinceId')?.relation).toEqual({ name: 'province', resource: 'provinces' });
    expect(byName.get('schools')!.fields.find((f) => f.name === 'meta')?.kind).toBe('json');
  });

  it('narrows a school form district picker by an extra province picker, and a person district by their province', () => {
    const school = byName.get('schools')!;
    const districtField = school.create!.find((f) => f.name === 'districtId')!;
    expect(narrowingOf(districtField, school.create!, byName)).toEqual({ targetField: 'provinceId', parentResource: 'provinces', formField: '__parent_districtId', extra: true });
    const personFields = [{ name: 'provinceId', kind: 'integer' as const, nullable: true, readOnly: false, relation: { name: 'province', resource: 'provinces' } }, { ...districtField }];
    expect(narrowingOf(personFields[1], personFields, byName)).toEqual({ targetField: 'provinceId', parentResource: 'provinces', formField: 'provinceId', extra: false });
  });

  it('sends only schema fields: helper pickers dropped, empty optional values as null, JSON parsed', () => {
    const school = byName.get('schools')!;
    expect(toBody({ __parent_districtId: 3, districtId: 7, nameKk: 'А', nameRu: 'А', nameEn: 'A', meta: '{"a":1}' }, school.create!)).toEqual({ districtId: 7, nameKk: 'А', nameRu: 'А', nameEn: 'A', meta: { a: 1 } });
    expect(toBody({ meta: '' }, school.create!)).toEqual({ meta: null });
  });
});

describe('two resources over one entity (users and its pupils, students)', () => {
  const withJoins = (entity: string, joins: string) => {
    const op = index(entity);
    return { ...op, parameters: [...op.parameters, { name: 'join', description: `Embed a related row: ${joins}; optionally \`relation||field1,field2\`.` }] };
  };
  const people: OpenApiDocument = {
    paths: {
      '/api/provinces': { get: index('Province') },
      '/api/roles': { get: index('Role') },
      '/api/users': { get: withJoins('User', 'role, province') },
      '/api/users/{id}': { get: {} },
      '/api/students': { get: withJoins('User', 'province') },
      '/api/students/{id}': { get: {} },
      '/api/teachers': { get: withJoins('Teacher', 'user') },
    },
    components: {
      schemas: {
        Province: { type: 'object', properties: { id: { type: 'integer' }, ...names } },
        Role: { type: 'object', properties: { id: { type: 'integer' }, ...names } },
        User: {
          type: 'object',
          properties: {
            id: { type: 'string' }, roleId: { type: 'integer' }, provinceId: { type: 'integer' },
            role: { allOf: [ref('Role')] }, province: { allOf: [ref('Province')] },
          },
        },
        Teacher: { type: 'object', properties: { id: { type: 'integer' }, userId: { type: 'string' }, user: { allOf: [ref('User')] } } },
      },
    },
  };
  const byName = new Map(parseOpenApi(people).map((r) => [r.name, r]));

  it('keeps both, each with its own actions and only the relations it embeds', () => {
    expect([...byName.keys()].sort()).toEqual(['provinces', 'roles', 'students', 'teachers', 'users']);
    expect([...byName.get('students')!.actions]).toEqual(['list', 'show']);
    expect(byName.get('users')!.relations.map((r) => r.name)).toEqual(['role', 'province']);
    expect(byName.get('students')!.relations.map((r) => r.name)).toEqual(['province']);
  });

  it('points a relation to the entity at the resource named after it', () => {
    expect(byName.get('teachers')!.relations).toEqual([{ name: 'user', resource: 'users', foreignKey: 'userId' }]);
  });
});

describe('custom routes in the same document', () => {
  // The services publish their custom routes next to the resources, marked `x-custom`; even one shaped like an index
  // (a list of an entity) or sitting on a resource's item path is not a resource or one of its actions.
  const mixed: OpenApiDocument = {
    paths: {
      ...doc.paths,
      '/api/my-invoices': { get: { ...index('Province'), 'x-custom': true } },
      '/api/my-invoices/{id}': { get: { 'x-custom': true } },
      '/api/schools/{id}': { delete: { 'x-custom': true, 'x-permissions': ['management:delete'] } },
      '/api/users/{user}/quizzes/{quiz}': { get: { 'x-custom': true } },
    },
    components: doc.components,
  };

  it('reads only the CRUD operations', () => {
    const byName = new Map(parseOpenApi(mixed).map((r) => [r.name, r]));
    expect([...byName.keys()]).toEqual(['districts', 'provinces', 'schools']);
    expect([...byName.get('schools')!.actions].sort()).toEqual(['create', 'list']);
  });
});

describe('reading the display metadata (x-label, x-enum-labels, x-unit, x-hidden-in-list, x-default-sort)', () => {
  const texts = { textKk: { type: 'string' }, textRu: { type: 'string' }, textEn: { type: 'string' } };
  const kindLabels = { single: { kk: 'Бір жауап', ru: 'Один ответ', en: 'Single choice' } };
  const shown: OpenApiDocument = {
    paths: {
      '/api/quizzes': { get: { ...index('Quiz'), 'x-default-sort': [{ field: 'createdAt', order: 'DESC' }] } },
      '/api/questions': { get: { ...index('Question'), 'x-default-sort': [{ field: 'position', order: 'ASC' }] } },
    },
    components: {
      schemas: {
        Quiz: {
          type: 'object',
          'x-label': ['title'],
          properties: {
            id: { type: 'string', format: 'uuid', 'x-hidden-in-list': true },
            titleKk: { type: 'string', maxLength: 300 }, titleRu: { type: 'string', maxLength: 300 }, titleEn: { type: 'string', maxLength: 300 },
            durationSeconds: { type: 'integer', 'x-unit': 'minutes', 'x-stored-unit': 'seconds' },
            createdAt: { type: 'string', format: 'date-time' },
          },
        },
        Question: {
          type: 'object',
          'x-label': ['text'],
          properties: {
            id: { type: 'string', format: 'uuid', 'x-hidden-in-list': true },
            quizId: { type: 'string', format: 'uuid', 'x-hidden-in-list': true },
            position: { type: 'integer' },
            kind: { type: 'string', enum: ['single'], 'x-enum-labels': kindLabels },
            ...texts,
            quiz: { allOf: [ref('Quiz')], description: 'Present when joined (join=quiz).' },
          },
        },
      },
    },
  };
  const byName = new Map(parseOpenApi(shown).map((r) => [r.name, r]));

  it('keeps labels, enum labels, units, hidden columns and the default order', () => {
    const questions = byName.get('questions')!;
    expect(questions.label).toEqual(['text']);
    expect(questions.defaultSort).toEqual([{ field: 'position', order: 'asc' }]);
    expect(questions.fields.find((f) => f.name === 'kind')).toMatchObject({ kind: 'enum', enumLabels: kindLabels });
    expect(questions.fields.find((f) => f.name === 'quizId')).toMatchObject({ hiddenInList: true, relation: { name: 'quiz', resource: 'quizzes', label: ['title'] } });
    expect(byName.get('quizzes')!.fields.find((f) => f.name === 'durationSeconds')).toMatchObject({ unit: 'minutes', storedUnit: 'seconds' });
    expect(byName.get('quizzes')!.defaultSort).toEqual([{ field: 'createdAt', order: 'desc' }]);
  });

  it('lists a label column in place of the localized trio, without ids, sorted by the reader language', () => {
    const questions = byName.get('questions')!;
    expect(listColumns(questions).map((f) => f.name)).toEqual(['position', 'kind']);
    expect([...labelFieldsOf(questions)].sort()).toEqual(['textEn', 'textKk', 'textRu']);
    expect(labelSortField(questions, 'ru')).toBe('textRu');
    expect(listColumns(byName.get('quizzes')!).map((f) => f.name)).toEqual(['durationSeconds', 'createdAt']);
    expect(initialSorters(questions)).toEqual([{ field: 'position', order: 'asc' }]);
  });

  it('has forms take a duration stored in seconds in minutes, and send it back in seconds', () => {
    const duration = byName.get('quizzes')!.fields.find((f) => f.name === 'durationSeconds')!;
    expect([toShown(duration, 2700), toStored(duration, 45), toStored(duration, 0.75), toShown(duration, null), toStored(duration, null)]).toEqual([45, 2700, 45, null, null]);
    const minutes = { unit: 'minutes', storedUnit: 'minutes' };
    expect([toShown(minutes, 30), toStored(minutes, 30)]).toEqual([30, 30]);
    expect([toShown({}, 7), toStored({}, 7)]).toEqual([7, 7]);
  });

  it('names a row by its declared label in the reader language', () => {
    expect(recordLabel({ id: 'x', textKk: 'Сұрақ', textRu: 'Вопрос', textEn: 'Question' }, 'ru', ['text'])).toBe('Вопрос');
    expect(recordLabel({ id: 'x', firstName: 'Aigerim', lastName: 'S' }, 'en', ['firstName', 'lastName'])).toBe('Aigerim S');
  });
});

describe("a column pointing at another service's rows (x-references: a prize's pupil in auth)", () => {
  const merged: OpenApiDocument = {
    paths: {
      '/api/prizes': { get: index('Prize'), post: { requestBody: { content: { 'application/json': { schema: ref('PrizeCreate') } } } }, 'x-service': 'shop' },
      '/api/students': { get: index('User', 'firstName, lastName, phone'), 'x-service': 'auth' },
      '/api/provinces': { get: index('Province') },
    },
    components: {
      schemas: {
        Prize: {
          type: 'object',
          'x-label': ['note'],
          properties: {
            id: { type: 'string', format: 'uuid', 'x-hidden-in-list': true },
            userId: { type: 'string', format: 'uuid', 'x-references': 'students' },
            note: { type: 'string', maxLength: 300 },
          },
        },
        PrizeCreate: { type: 'object', required: ['userId'], properties: { userId: { type: 'string', format: 'uuid', 'x-references': 'students' }, note: { type: 'string' } } },
        User: {
          type: 'object',
          'x-label': ['firstName', 'lastName'],
          'x-describe': ['grade', 'province'],
          properties: { id: { type: 'string' }, firstName: { type: 'string' }, lastName: { type: 'string' }, grade: { type: 'integer' }, provinceId: { type: 'integer' }, province: { allOf: [ref('Province')] } },
        },
        Province: { type: 'object', 'x-label': ['name'], properties: { id: { type: 'integer' }, ...names } },
      },
    },
  };
  const byName = new Map(parseOpenApi(merged).map((r) => [r.name, r]));

  it('reads it as a relation to that resource, labelled as it names its rows, looked up rather than joined', () => {
    const prizes = byName.get('prizes')!;
    const relation = { name: 'user', resource: 'students', remote: true, label: ['firstName', 'lastName'] };
    expect(prizes.fields.find((f) => f.name === 'userId')).toMatchObject({ references: 'students', relation });
    expect(prizes.create?.find((f) => f.name === 'userId')).toMatchObject({ references: 'students', relation });
    // Never joined (no service can embed another's row), never narrowed by a parent picker, shown in the list.
    expect(prizes.relations).toEqual([]);
    expect(narrowingOf(prizes.create!.find((f) => f.name === 'userId')!, prizes.create!, byName)).toBeUndefined();
    expect(listColumns(prizes).map((f) => f.name)).toContain('userId');
    expect(byName.get('students')?.describe).toEqual(['grade', 'province']);
  });

  it('stays a plain id when the target resource is not in the document (one service alone, or auth down)', () => {
    const alone = parseOpenApi({ ...merged, paths: { '/api/prizes': merged.paths['/api/prizes']! } });
    expect(alone[0]!.fields.find((f) => f.name === 'userId')).toMatchObject({ references: 'students', kind: 'uuid' });
    expect(alone[0]!.fields.find((f) => f.name === 'userId')?.relation).toBeUndefined();
  });

  it("asks for each page's distinct pupils once and embeds them under the relation, a missing one as not found", () => {
    const prizes = byName.get('prizes')!;
    const fields = remoteFields(prizes);
    const rows = [{ id: 'p1', userId: 'u1' }, { id: 'p2', userId: 'u2' }, { id: 'p3', userId: 'u1' }, { id: 'p4', userId: null }];
    expect(referencedIds(fields, rows)).toEqual(new Map([['userId', ['u1', 'u2']]]));
    const found = new Map([['userId', new Map([['u1', { id: 'u1', firstName: 'Айгерім', lastName: 'Бесінші' }]])]]);
    const shown = withReferenced(fields, rows, found);
    expect(shown.map((r) => (r as Record<string, unknown>).user)).toEqual([{ id: 'u1', firstName: 'Айгерім', lastName: 'Бесінші' }, false, { id: 'u1', firstName: 'Айгерім', lastName: 'Бесінші' }, undefined]);
    // Not looked up (the request failed): nothing embedded, the screen shows "…" rather than the id.
    expect(withReferenced(fields, rows, new Map()).map((r) => (r as Record<string, unknown>).user)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
