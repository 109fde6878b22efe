/**
 * Reads the combined OpenAPI document (GET /api/docs-json through the gateway) into what the generated screens
 * need per resource: its columns with types, which columns point at another resource (relation pickers), what
 * the search box searches, which actions exist and which permission keys each needs, and the create/update
 * bodies (the same zod schemas that validate on the server, as JSON schema). Pure: no React, no fetching.
 */
export type FieldKind = 'integer' | 'number' | 'decimal' | 'string' | 'text' | 'uuid' | 'boolean' | 'date' | 'datetime' | 'enum' | 'json';

export interface FieldMeta {
  name: string;
  kind: FieldKind;
  nullable: boolean;
  readOnly: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  /**
   * For a foreign key (`provinceId`): the relation (`province`), the resource it points at (`provinces`) and the
   * related row's fields that name it (`x-label`, e.g. `['name']` for nameKk/nameRu/nameEn).
   */
  relation?: { name: string; resource: string; label?: string[]; remote?: boolean };
  /**
   * Another service's resource this column's id points at (`x-references`, e.g. `students`): read as a relation
   * (`remote`) once that resource is in the same document; never joined, so screens look the rows up by id.
   */
  references?: string;
  default?: unknown;
  /** What each enum value means in kk, ru and en (`x-enum-labels`). */
  enumLabels?: Record<string, Partial<Record<string, string>>>;
  /** Shown in this unit (`x-unit`), converted from the stored one (`x-stored-unit`). */
  unit?: string;
  storedUnit?: string;
  /** Left out of list tables by default (`x-hidden-in-list`): ids and storage; kept in the detail view and CSV. */
  hiddenInList?: boolean;
}

export type CrudAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

export interface ResourceMeta {
  /** The API path under /api, e.g. `districts`; also Refine's resource name. */
  name: string;
  service?: string;
  entity: string;
  primaryKey: string;
  fields: FieldMeta[];
  /** Relations that can be joined (`join=province`), by relation name, with the resource they point at. */
  relations: { name: string; resource: string; foreignKey?: string }[];
  /** The virtual search field (`q`) and the columns it searches, when the resource has one. */
  search?: { field: string; columns: string[] };
  actions: Set<CrudAction>;
  permissions: Partial<Record<CrudAction, string[]>>;
  /** Whether an action needs a token at all (public reads of catalogues do not). */
  create?: FieldMeta[];
  update?: FieldMeta[];
  requiredOnCreate: Set<string>;
  maxLimit?: number;
  /** The fields that name a row (`x-label`): columns, or bases of localized trios (`title`). */
  label?: string[];
  /** What tells apart rows with the same label in a picker (`x-describe`): columns or relation names. */
  describe?: string[];
  /** The list's order when the reader picked none (`x-default-sort` of the index). */
  defaultSort?: { field: string; order: 'asc' | 'desc' }[];
}

type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  default?: unknown;
  description?: string;
  'x-label'?: string[];
  'x-enum-labels'?: Record<string, Partial<Record<string, string>>>;
  'x-unit'?: string;
  'x-stored-unit'?: string;
  'x-hidden-in-list'?: boolean;
  'x-references'?: string;
  'x-describe'?: string[];
};

interface Operation {
  'x-permissions'?: string[];
  /** A custom route (not a CRUD action): never read as a resource. */
  'x-custom'?: boolean;
  'x-default-sort'?: { field: string; order: string }[];
  parameters?: { name: string; description?: string; schema?: Schema }[];
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation | string> & { 'x-service'?: string }>;
  components?: { schemas?: Record<string, Schema> };
  'x-unavailable'?: string[];
}

const refName = (ref: string | undefined) => (ref ? ref.slice(ref.lastIndexOf('/') + 1) : undefined);

function kindOf(s: Schema): FieldKind {
  if (s.enum?.length) return 'enum';
  switch (s.type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      if (s.format === 'uuid') return 'uuid';
      if (s.format === 'date-time') return 'datetime';
      if (s.format === 'date') return 'date';
      if (s.format === 'int64') return 'integer';
      if (s.format === 'decimal') return 'decimal';
      return s.maxLength === undefined || s.maxLength > 500 ? 'text' : 'string';
    case 'object':
    case 'array':
    case undefined:
      return 'json';
    default:
      return 'json';
  }
}

function fieldOf(name: string, s: Schema): FieldMeta {
  return {
    name,
    kind: kindOf(s),
    nullable: Boolean(s.nullable),
    readOnly: Boolean(s.readOnly),
    ...(s.maxLength !== undefined ? { maxLength: s.maxLength } : {}),
    ...(s.minimum !== undefined ? { minimum: s.minimum } : {}),
    ...(s.maximum !== undefined ? { maximum: s.maximum } : {}),
    ...(s.enum ? { enum: s.enum.map(String) } : {}),
    ...(s.default !== undefined ? { default: s.default } : {}),
    ...(s['x-enum-labels'] ? { enumLabels: s['x-enum-labels'] } : {}),
    ...(s['x-unit'] ? { unit: s['x-unit'], storedUnit: s['x-stored-unit'] ?? s['x-unit'] } : {}),
    ...(s['x-hidden-in-list'] ? { hiddenInList: true } : {}),
    ...(s['x-references'] ? { references: s['x-references'] } : {}),
  };
}

/** `The virtual field \`q\` (operator $contL) searches nameKk, nameRu, nameEn.` in the `s` parameter's description. */
function searchOf(op: Operation | undefined): ResourceMeta['search'] {
  const description = op?.parameters?.find((p) => p.name === 's')?.description ?? '';
  const match = /virtual field `(\w+)`[^.]*? searches ([\w, ]+)\./.exec(description);
  return match ? { field: match[1], columns: match[2].split(',').map((c) => c.trim()).filter(Boolean) } : undefined;
}

/**
 * The relations a resource embeds, from its `join` parameter's description (`Embed a related row: province, district;
 * ...`), or undefined when not described. Two resources over one entity may embed different ones (`students` does
 * not embed `role`), and the server refuses a join it does not offer.
 */
function joinsOf(op: Operation | undefined): string[] | undefined {
  const description = op?.parameters?.find((p) => p.name === 'join')?.description ?? '';
  const match = /Embed a related row: ([^;]*);/.exec(description);
  if (!match) return undefined;
  return match[1].trim() === '(none)' ? [] : match[1].split(',').map((r) => r.trim()).filter(Boolean);
}

/** A CRUD operation: custom routes (`x-custom`) share the document but are not resources or their actions. */
const isOperation = (v: unknown): v is Operation => typeof v === 'object' && v !== null && (v as Operation)['x-custom'] !== true;

export function parseOpenApi(doc: OpenApiDocument): ResourceMeta[] {
  const schemas = doc.components?.schemas ?? {};
  // Which entity schema each resource serves: the items of its index answer. Several resources may serve one entity
  // (`users` and `students`, its pupils): each keeps its own, and a relation to the entity goes to the resource named
  // after it (`User` -> `users`), else the first.
  const entityOfResource = new Map<string, string>();
  const resourcesOfEntity = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const m = /^\/api\/([a-z0-9/-]+?)$/.exec(path);
    if (!m || path.endsWith('/{id}')) continue;
    const get = item.get;
    const content = isOperation(get) ? get.responses?.['200']?.content?.['application/json']?.schema : undefined;
    const items = content?.oneOf?.find((o) => o.type === 'array')?.items;
    const entity = refName(items?.$ref);
    if (!entity) continue;
    entityOfResource.set(m[1], entity);
    resourcesOfEntity.set(entity, [...(resourcesOfEntity.get(entity) ?? []), m[1]]);
  }
  const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  const resourceOfEntity = new Map(
    [...resourcesOfEntity].map(([entity, names]) => [entity, names.find((n) => n === `${kebab(entity)}s`) ?? names[0]]),
  );
  const out: ResourceMeta[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const m = /^\/api\/([a-z0-9/-]+?)$/.exec(path);
    if (!m || path.endsWith('/{id}')) continue;
    const name = m[1];
    const one = doc.paths[`${path}/{id}`] ?? {};
    const index = isOperation(item.get) ? item.get : undefined;
    const store = isOperation(item.post) ? item.post : undefined;
    const show = isOperation(one.get) ? one.get : undefined;
    const update = isOperation(one.patch) ? one.patch : isOperation(one.put) ? one.put : undefined;
    const destroy = isOperation(one.delete) ? one.delete : undefined;
    const entityName = entityOfResource.get(name);
    const entity = entityName ? schemas[entityName] : undefined;
    if (!entity?.properties) continue;

    const relations: (ResourceMeta['relations'][number] & { label?: string[] })[] = [];
    const fields: FieldMeta[] = [];
    // A foreign key whose row this resource does not embed (pupils do not embed their role) would show a bare id.
    const notOffered = new Set<string>();
    const joinable = joinsOf(index ?? show);
    for (const [field, s] of Object.entries(entity.properties)) {
      const target = refName(s.allOf?.[0]?.$ref);
      if (target || (s.description?.startsWith('Present when joined') ?? false)) {
        const resource = target ? resourceOfEntity.get(target) : undefined;
        const offered = !joinable || joinable.includes(field);
        const label = s['x-label'] ?? (target ? schemas[target]?.['x-label'] : undefined);
        if (!offered && entity.properties[`${field}Id`]) notOffered.add(`${field}Id`);
        if (resource && offered) relations.push({ name: field, resource, foreignKey: entity.properties[`${field}Id`] ? `${field}Id` : undefined, ...(label ? { label } : {}) });
        continue;
      }
      fields.push(fieldOf(field, s));
    }
    for (const f of fields) if (notOffered.has(f.name)) f.hiddenInList = true;
    for (const r of relations) {
      const fk = fields.find((f) => f.name === r.foreignKey);
      if (fk) fk.relation = { name: r.name, resource: r.resource, ...(r.label ? { label: r.label } : {}) };
    }
    const enumLabels = new Map(fields.filter((f) => f.enumLabels).map((f) => [f.name, f.enumLabels]));
    const body = (op: Operation | undefined) => {
      const ref = op?.requestBody?.content?.['application/json']?.schema;
      return ref?.$ref ? schemas[refName(ref.$ref) ?? ''] : ref;
    };
    const bodyFields = (s: Schema | undefined) =>
      s?.properties
        ? Object.entries(s.properties).map(([field, p]) => {
            const f = fieldOf(field, p);
            const column = fields.find((c) => c.name === field);
            if (column?.relation) f.relation = column.relation;
            if (!f.references && column?.references) f.references = column.references;
            if (!f.enumLabels && enumLabels.has(field)) f.enumLabels = enumLabels.get(field);
            return f;
          })
        : undefined;
    const createSchema = body(store);
    const actions = new Set<CrudAction>();
    const permissions: ResourceMeta['permissions'] = {};
    const note = (action: CrudAction, op: Operation | undefined) => {
      if (!op) return;
      actions.add(action);
      permissions[action] = op['x-permissions'] ?? [];
    };
    note('list', index);
    note('show', show);
    note('create', store);
    note('edit', update);
    note('delete', destroy);
    const limit = index?.parameters?.find((p) => p.name === 'limit')?.schema?.maximum;
    out.push({
      name,
      service: item['x-service'],
      entity: entityName ?? name,
      primaryKey: 'id',
      fields,
      relations: relations.map(({ name: relation, resource, foreignKey }) => ({ name: relation, resource, foreignKey })),
      search: searchOf(index),
      actions,
      permissions,
      create: bodyFields(createSchema),
      update: bodyFields(body(update)),
      requiredOnCreate: new Set(createSchema?.required ?? []),
      ...(limit ? { maxLimit: limit } : {}),
      ...(entity['x-label'] ? { label: entity['x-label'] } : {}),
      ...(entity['x-describe']?.length ? { describe: entity['x-describe'] } : {}),
      ...(index?.['x-default-sort']?.length
        ? { defaultSort: index['x-default-sort'].map((s) => ({ field: s.field, order: s.order.toLowerCase() === 'desc' ? ('desc' as const) : ('asc' as const) })) }
        : {}),
    });
  }
  resolveReferences(out);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A column pointing at another service's resource (`x-references`) becomes a relation to it when that resource is in
 * the document (the gateway's merged one): `userId` -> `user`, labelled as the target names its rows, marked
 * `remote` (looked up by id rather than joined). Left as a plain id when the target is absent (one service's own
 * document, or the service is down).
 */
function resolveReferences(resources: ResourceMeta[]): void {
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const r of resources) {
    for (const f of [...r.fields, ...(r.create ?? []), ...(r.update ?? [])]) {
      const target = f.references ? byName.get(f.references) : undefined;
      if (!target || f.relation) continue;
      const base = f.name.replace(/Id$/, '');
      const name = base !== f.name && !r.fields.some((c) => c.name === base) ? base : `${f.name}Row`;
      f.relation = { name, resource: target.name, remote: true, ...(target.label ? { label: target.label } : {}) };
    }
  }
}
