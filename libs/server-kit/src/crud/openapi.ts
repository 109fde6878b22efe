import type { OpenAPIObject, OperationObject, ParameterObject, PathItemObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { type CrudAction, CRUD_ACTIONS, accessRuleFor, permissionsOf } from './crud.options';
import type { CrudResourceService } from './crud.service';
import { SEARCH_FIELD } from './list-query';
import { QUERY_OPERATORS } from './query-values';
import type { ColumnInfo, ResourceShape } from './resource-shape';

/**
 * The OpenAPI 3.0 document of a service's standard resources, built from the registrations: entity schemas from
 * TypeORM's column metadata, request bodies from the zod schemas (`z.toJSONSchema`, the same schemas that
 * validate), the query language, and who may call each operation (`security`, `x-permissions`).
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

function bodySchema(schema: z.ZodType): SchemaObject {
  const converted = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete converted.$schema;
  return converted as SchemaObject;
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
  const op: OperationObject & { 'x-permissions'?: string[] } = {
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

export function buildOpenApiDocument(service: string, resources: readonly CrudResourceService[]): OpenAPIObject {
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
  for (const resource of resources) {
    const { shape, options } = resource;
    const name = shape.entityName;
    const entity = objectSchema(shape.columns);
    for (const rel of shape.relations.values()) {
      entity.properties![rel.name] = registered.has(rel.entityName)
        ? { allOf: [ref(rel.entityName)], description: `Present when joined (join=${rel.name}).` }
        : { ...objectSchema(rel.columns), description: `Present when joined (join=${rel.name}).` };
    }
    schemas[name] = entity;
    if (options.create) schemas[`${name}Create`] = bodySchema(options.create);
    if (options.update) schemas[`${name}Update`] = bodySchema(options.update);
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
  return {
    openapi: '3.0.3',
    info: {
      title: `${service} API: standard resources`,
      version: '1',
      description:
        'Resources of spec section 7 served in the format of @refinedev/nestjsx-crud. Send `Authorization: Bearer <token>` ' +
        'where an operation has security, and `X-Locale: kk|ru|en` for the language of error messages.',
    },
    paths,
    tags: resources.map((r) => ({ name: r.shape.path, ...(r.options.description ? { description: r.options.description } : {}) })),
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas },
  };
}
