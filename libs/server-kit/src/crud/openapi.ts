import type { OpenAPIObject, OperationObject, ParameterObject, PathItemObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { type CrudAction, type CrudFieldDisplay, CRUD_ACTIONS, accessRuleFor, permissionsOf } from './crud.options';
import type { CrudResourceService } from './crud.service';
import { SEARCH_FIELD } from './list-query';
import { QUERY_OPERATORS } from './query-values';
import type { ColumnInfo, ResourceShape } from './resource-shape';
import type { RouteInfo } from '../http/routes';

/**
 * The OpenAPI 3.0 document of a service: its standard resources, built from the registrations (entity schemas from
 * TypeORM's column metadata, request bodies from the zod schemas (`z.toJSONSchema`, the same schemas that
 * validate), the query language), and its custom routes, built from their declarations (access rule, the zod
 * schemas of their pipes, `@ApiShape`'s response schema from proto). Every operation says who may call it
 * (`security`, `x-permissions`, `x-access`); custom operations carry `x-custom: true`, so a reader looking for
 * resources (the admin UI) can tell them apart.
 */
const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: SchemaObject | ReferenceObject) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('ErrorBody')) });

function columnSchema(c: ColumnInfo): SchemaObject {
  const base: SchemaObject = (() => {
    switch (c.kind) {
      case 'int':
        return c.dbType === 'bigint' ? { type: 'string', format: 'int64' } : { type: 'integer' };
      case 'number':
        return c.dbType === 'numeric' || c.dbType === 'decimal' ? { type: 'string', format: 'decimal' } : { type: 'number' };
      case 'uuid':
        return { type: 'string', format: 'uuid' };
      case 'string':
        return c.length ? { type: 'string', maxLength: c.length } : { type: 'string' };
      case 'boolean':
        return { type: 'boolean' };
      case 'date':
        return { type: 'string', format: c.dbType === 'date' ? 'date' : 'date-time' };
      case 'other':
        return {};
    }
  })();
  return { ...base, ...(c.nullable ? { nullable: true } : {}), ...(c.generated ? { readOnly: true } : {}) };
}

function objectSchema(columns: Map<string, ColumnInfo>): SchemaObject {
  return {
    type: 'object',
    required: [...columns.keys()],
    properties: Object.fromEntries([...columns.values()].map((c) => [c.property, columnSchema(c)])),
  };
}

type Display = Partial<Record<string, CrudFieldDisplay>>;

/**
 * What screens need to show a column to people, as extensions on its property: `x-enum-labels` (kk/ru/en of each
 * value, with the values as `enum`), `x-unit` and `x-stored-unit`, `x-hidden-in-list`.
 */
function displayExtensions(display: CrudFieldDisplay | undefined): Record<string, unknown> {
  if (!display) return {};
  return {
    ...(display.enumLabels ? { enum: Object.keys(display.enumLabels), 'x-enum-labels': display.enumLabels } : {}),
    ...(display.unit ? { 'x-unit': display.unit, 'x-stored-unit': display.storedUnit ?? display.unit } : {}),
    ...(display.references ? { 'x-references': display.references } : {}),
  };
}

/**
 * Ids and storage are not for reading in a list: the primary key, uuids, json and `updatedAt`, unless declared. A
 * foreign key of a declared relation (`quizId` of `quiz`) stays: screens show it by the related row's label.
 */
function hiddenInList(c: ColumnInfo, primary: string, display: CrudFieldDisplay | undefined, foreignKeys: ReadonlySet<string>): boolean {
  if (display?.hiddenInList !== undefined) return display.hiddenInList;
  if (foreignKeys.has(c.property) || display?.references) return false;
  return c.property === primary || c.kind === 'uuid' || c.kind === 'other' || c.property === 'updatedAt';
}

function bodySchema(schema: z.ZodType, display: Display = {}): SchemaObject {
  const converted = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete converted.$schema;
  const properties = converted.properties as Record<string, Record<string, unknown>> | undefined;
  for (const [field, property] of Object.entries(properties ?? {})) {
    const labels = display[field]?.enumLabels;
    if (labels) property['x-enum-labels'] = labels;
    // A form takes the value in the unit people read (45 minutes) and sends it in the stored one (2700 seconds).
    const unit = display[field]?.unit;
    if (unit) Object.assign(property, { 'x-unit': unit, 'x-stored-unit': display[field]?.storedUnit ?? unit });
    // A form picks another service's row by name (a pupil), not by typing its id.
    const references = display[field]?.references;
    if (references) property['x-references'] = references;
  }
  return converted as SchemaObject;
}

/** A query schema as parameters: one per property of the (object) schema. */
function queryOf(schema: z.ZodType): ParameterObject[] {
  const converted = bodySchema(schema);
  const required = new Set(converted.required ?? []);
  return Object.entries(converted.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
    ...(!('$ref' in property) && property.description ? { description: property.description } : {}),
  }));
}

const ACCESS_DESCRIPTION = { public: 'Anyone, without a token.', 'signed-in': 'Any signed-in user.', permission: 'Callers holding every permission in x-permissions.' };

function customOperation(route: RouteInfo): OperationObject {
  const { rule, shape } = route;
  const permissions = rule?.kind === 'permission' ? rule.permissions : [];
  const responses: OperationObject['responses'] = {};
  const op: OperationObject & Record<`x-${string}`, unknown> = {
    tags: [route.path.split('/')[2] ?? route.path],
    operationId: `${route.controller}.${route.handler}`,
    ...(shape.summary ? { summary: shape.summary } : {}),
    description: rule ? ACCESS_DESCRIPTION[rule.kind] : 'Declares no access rule: refused to everyone.',
    security: rule?.kind === 'public' ? [] : [{ bearer: [] }],
    'x-custom': true,
    'x-access': rule?.kind ?? 'none',
    responses,
  };
  if (permissions.length) op['x-permissions'] = permissions;
  const parameters: ParameterObject[] = route.params.map((p) => ({
    name: p.name,
    in: 'path',
    required: true,
    schema: p.uuid ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));
  if (route.query) parameters.push(...queryOf(route.query));
  if (parameters.length) op.parameters = parameters;
  if (route.body) op.requestBody = { required: true, content: { [shape.bodyType ?? 'application/json']: { schema: bodySchema(route.body) } } };
  else if (shape.bodyType) op.requestBody = { required: true, content: { [shape.bodyType]: { schema: {} } } };
  responses[String(route.status)] = shape.response
    ? { description: 'Success.', content: { [shape.responseType ?? 'application/json']: { schema: bodySchema(shape.response) } } }
    : { description: 'Success.', ...(shape.responseType ? { content: { [shape.responseType]: { schema: {} } } } : {}) };
  if (route.body || route.query || route.params.length || shape.bodyType) responses['400'] = error('Bad input (field messages in `errors`).');
  if (rule?.kind !== 'public') responses['401'] = error('No valid token.');
  if (permissions.length) responses['403'] = error(`The caller lacks ${permissions.join(' and ')}.`);
  if (route.params.length) responses['404'] = error('Nothing with this id.');
  return op;
}

/** Custom routes of a service as OpenAPI path items (CRUD controllers and routes outside /api left out). */
export function customPaths(routes: readonly RouteInfo[]): Record<string, PathItemObject> {
  const paths: Record<string, PathItemObject> = {};
  for (const route of routes) {
    if (route.crud || !route.path.startsWith('/api/')) continue;
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase() as 'get'] = customOperation(route);
  }
  return paths;
}

function queryParameters(shape: ResourceShape): ParameterObject[] {
  const fields = [...shape.filterable, ...[...shape.relations.keys()].map((r) => `${r}.<field>`)].join(', ');
  const search = shape.searchable.length ? ` The virtual field \`${SEARCH_FIELD}\` (operator $contL) searches ${shape.searchable.join(', ')}.` : '';
  const list = (name: string, description: string): ParameterObject => ({
    name,
    in: 'query',
    required: false,
    description,
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string' } },
  });
  return [
    {
      name: 's',
      in: 'query',
      required: false,
      description: `Search condition as JSON, e.g. {"$and":[{"nameRu":{"$contL":"алм"}}]}; replaces filter/or. Fields: ${fields}.${search} Operators: ${QUERY_OPERATORS.join(', ')}.`,
      schema: { type: 'string' },
    },
    list('filter', 'Conditions ANDed together: `field||$operator||value` (lists comma-separated), e.g. `id||$in||1,2`. Sent as filter[0]=..., filter[1]=...'),
    list('or', 'Conditions ORed together, same format as filter.'),
    list('sort', 'Order: `field,ASC` or `field,DESC`; the primary key breaks ties.'),
    list('join', `Embed a related row: ${[...shape.relations.keys()].join(', ') || '(none)'}; optionally \`relation||field1,field2\`.`),
    { name: 'fields', in: 'query', required: false, description: 'Comma-separated columns to return (the primary key always is).', schema: { type: 'string' } },
    { name: 'limit', in: 'query', required: false, description: `Rows per page (at most ${shape.maxLimit}).`, schema: { type: 'integer', minimum: 1, maximum: shape.maxLimit } },
    { name: 'page', in: 'query', required: false, description: 'Page number from 1; with limit, the answer is a page object.', schema: { type: 'integer', minimum: 1 } },
    { name: 'offset', in: 'query', required: false, description: 'Rows to skip (ignored when page is given).', schema: { type: 'integer', minimum: 0 } },
  ];
}

function operation(resource: CrudResourceService, action: CrudAction, shape: ResourceShape): OperationObject {
  const name = shape.entityName;
  const rule = accessRuleFor(resource.options, action);
  const permissions = permissionsOf(rule);
  const idParam: ParameterObject = {
    name: 'id',
    in: 'path',
    required: true,
    schema: shape.primary.kind === 'uuid' ? { type: 'string', format: 'uuid' } : { type: 'integer', minimum: 1 },
  };
  const responses: OperationObject['responses'] = {};
  const op: OperationObject & { 'x-permissions'?: string[]; 'x-default-sort'?: { field: string; order: string }[] } = {
    tags: [shape.path],
    operationId: `${shape.path}.${action}`,
    security: rule === 'public' ? [] : [{ bearer: [] }],
    responses,
  };
  if (permissions.length) op['x-permissions'] = permissions;
  switch (action) {
    case 'index':
      op.summary = `List ${shape.path}`;
      op.parameters = queryParameters(shape);
      responses['200'] = {
        description: 'All matching rows (up to the limit), or a page when `page` or `offset` is given with `limit`.',
        content: json({ oneOf: [{ type: 'array', items: ref(name) }, ref(`${name}Page`)] }),
      };
      responses['400'] = error('Unknown query parameter, field or operator, or a value that does not fit its field.');
      op['x-default-sort'] = shape.declaredSort.map((s) => ({ field: s.field, order: s.order }));
      break;
    case 'show':
      op.summary = `One of ${shape.path}`;
      op.parameters = [idParam, ...queryParameters(shape).filter((p) => p.name === 'join' || p.name === 'fields')];
      responses['200'] = { description: 'The row.', content: json(ref(name)) };
      break;
    case 'store':
      op.summary = `Create one of ${shape.path}`;
      op.requestBody = { required: true, content: json(ref(`${name}Create`)) };
      responses['201'] = { description: 'The created row.', content: json(ref(name)) };
      responses['400'] = error('The body does not fit the schema (field messages in `errors`), or refers to a missing row.');
      responses['409'] = error('A row with the same unique value exists.');
      break;
    case 'update':
      op.summary = `Change one of ${shape.path} (only the fields sent)`;
      op.parameters = [idParam];
      op.requestBody = { required: true, content: json(ref(`${name}Update`)) };
      responses['200'] = { description: 'The changed row.', content: json(ref(name)) };
      responses['400'] = error('A bad id or body.');
      responses['409'] = error('A row with the same unique value exists.');
      break;
    case 'destroy':
      op.summary = `Delete one of ${shape.path}`;
      op.parameters = [idParam];
      responses['200'] = { description: 'The deleted row.', content: json(ref(name)) };
      responses['409'] = error('Other rows still refer to this one.');
      break;
  }
  if (action !== 'index' && action !== 'store') {
    responses['400'] ??= error('The id is not valid.');
    responses['404'] = error('No row with this id.');
  }
  if (rule !== 'public') responses['401'] = error('No valid token.');
  if (permissions.length) responses['403'] = error(`The caller lacks ${permissions.join(' and ')}.`);
  return op;
}

export function buildOpenApiDocument(service: string, resources: readonly CrudResourceService[], routes: readonly RouteInfo[] = []): OpenAPIObject {
  const schemas: Record<string, SchemaObject | ReferenceObject> = {
    ErrorBody: {
      type: 'object',
      required: ['statusCode', 'code', 'message'],
      properties: {
        statusCode: { type: 'integer' },
        code: { type: 'string', description: 'Stable domain error code.' },
        message: { type: 'string', description: 'For people, in the language of X-Locale (kk by default).' },
        errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field path -> message.' },
        requestId: { type: 'string' },
      },
    },
  };
  const paths: Record<string, PathItemObject> = {};
  const registered = new Set(resources.map((r) => r.shape.entityName));
  const labelOf = new Map<string, readonly string[]>();
  for (const r of resources) if (r.options.label && !labelOf.has(r.shape.entityName)) labelOf.set(r.shape.entityName, r.options.label);
  for (const resource of resources) {
    const { shape, options } = resource;
    const name = shape.entityName;
    const display = (options.fields ?? {}) as Display;
    const entity = objectSchema(shape.columns);
    const foreignKeys = new Set([...shape.relations.keys()].map((r) => `${r}Id`));
    for (const c of shape.columns.values()) {
      Object.assign(entity.properties![c.property], displayExtensions(display[c.property]));
      if (hiddenInList(c, shape.primary.property, display[c.property], foreignKeys)) (entity.properties![c.property] as Record<string, unknown>)['x-hidden-in-list'] = true;
    }
    if (options.label) (entity as Record<string, unknown>)['x-label'] = [...options.label];
    if (options.describe) (entity as Record<string, unknown>)['x-describe'] = [...options.describe];
    for (const rel of shape.relations.values()) {
      const label = options.relations?.[rel.name as keyof typeof options.relations]?.label ?? labelOf.get(rel.entityName);
      entity.properties![rel.name] = {
        ...(registered.has(rel.entityName)
          ? { allOf: [ref(rel.entityName)], description: `Present when joined (join=${rel.name}).` }
          : { ...objectSchema(rel.columns), description: `Present when joined (join=${rel.name}).` }),
        ...(label ? { 'x-label': [...label] } : {}),
      };
    }
    schemas[name] = entity;
    if (options.create) schemas[`${name}Create`] = bodySchema(options.create, display);
    if (options.update) schemas[`${name}Update`] = bodySchema(options.update, display);
    schemas[`${name}Page`] = {
      type: 'object',
      required: ['data', 'count', 'total', 'page', 'pageCount'],
      properties: {
        data: { type: 'array', items: ref(name) },
        count: { type: 'integer', description: 'Rows on this page.' },
        total: { type: 'integer', description: 'Rows matching the query.' },
        page: { type: 'integer' },
        pageCount: { type: 'integer' },
      },
    };
    const enabled = new Set(options.actions ?? CRUD_ACTIONS);
    const collection: PathItemObject = {};
    const item: PathItemObject = {};
    if (enabled.has('index')) collection.get = operation(resource, 'index', shape);
    if (enabled.has('store')) collection.post = operation(resource, 'store', shape);
    if (enabled.has('show')) item.get = operation(resource, 'show', shape);
    if (enabled.has('update')) {
      item.put = operation(resource, 'update', shape);
      item.patch = { ...operation(resource, 'update', shape), operationId: `${shape.path}.patch` };
    }
    if (enabled.has('destroy')) item.delete = operation(resource, 'destroy', shape);
    if (Object.keys(collection).length) paths[`/api/${shape.path}`] = collection;
    if (Object.keys(item).length) paths[`/api/${shape.path}/{id}`] = item;
  }
  const custom = customPaths(routes);
  for (const [path, item] of Object.entries(custom)) paths[path] = { ...item, ...paths[path] };
  const tags = resources.map((r) => ({ name: r.shape.path, ...(r.options.description ? { description: r.options.description } : {}) }));
  for (const item of Object.values(custom)) {
    for (const op of Object.values(item) as OperationObject[]) {
      for (const name of op.tags ?? []) if (!tags.some((t) => t.name === name)) tags.push({ name });
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: `${service} API`,
      version: '1',
      description:
        'Resources of spec section 7 served in the format of @refinedev/nestjsx-crud, and the custom routes (`x-custom`). ' +
        'Send `Authorization: Bearer <token>` where an operation has security, and `X-Locale: kk|ru|en` for the language ' +
        'of error messages.',
    },
    paths,
    tags,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas },
  };
}
