import type { DataSource, EntityMetadata, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { QuerySort } from '@dataui/crud-request';
import type { CrudResourceOptions } from './crud.options';

/**
 * What the kit knows about a resource's entity, read once from TypeORM's metadata: the columns a client may name
 * (with the kind of value each takes), the primary key, the joinable relations. Every field name and value in a
 * query is checked against this before any SQL is built, so nothing a client sends reaches SQL as an identifier.
 */
export type ColumnKind = 'int' | 'number' | 'uuid' | 'string' | 'boolean' | 'date' | 'other';

export interface ColumnInfo {
  property: string;
  /** Column name in the database (for reading constraint errors back into field names). */
  dbName: string;
  kind: ColumnKind;
  /** PostgreSQL type as TypeORM normalizes it, e.g. `character varying`. */
  dbType: string;
  nullable: boolean;
  length?: number;
  min?: number;
  max?: number;
  /** Set by the database (generated key, created/updated timestamps): never in a body. */
  generated: boolean;
}

export interface RelationInfo {
  name: string;
  entityName: string;
  columns: Map<string, ColumnInfo>;
  eager: boolean;
}

export interface ResourceShape {
  path: string;
  entityName: string;
  primary: ColumnInfo;
  columns: Map<string, ColumnInfo>;
  /** Plain columns a client may filter and sort by. */
  filterable: Set<string>;
  searchable: string[];
  relations: Map<string, RelationInfo>;
  defaultSort: QuerySort[];
  /** The order the registration declared (without the primary key that breaks ties), or the primary key alone. */
  declaredSort: QuerySort[];
  maxLimit: number;
}

const INT_RANGES: Record<string, [number, number]> = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  int: [-2147483648, 2147483647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function kindOf(dbType: string, column: ColumnMetadata): Pick<ColumnInfo, 'kind' | 'min' | 'max'> {
  if (column.isArray) return { kind: 'other' };
  const range = INT_RANGES[dbType];
  if (range) return { kind: 'int', min: range[0], max: range[1] };
  if (['numeric', 'decimal', 'real', 'double precision', 'float'].includes(dbType)) return { kind: 'number' };
  if (dbType === 'uuid') return { kind: 'uuid' };
  if (dbType === 'boolean') return { kind: 'boolean' };
  if (dbType.startsWith('timestamp') || dbType === 'date') return { kind: 'date' };
  if (['character varying', 'varchar', 'text', 'character', 'char', 'citext', 'enum'].includes(dbType)) return { kind: 'string' };
  return { kind: 'other' };
}

function columnsOf(ds: DataSource, meta: EntityMetadata): Map<string, ColumnInfo> {
  const columns = new Map<string, ColumnInfo>();
  for (const c of meta.columns) {
    if (c.isVirtual || c.embeddedMetadata) continue;
    const dbType = ds.driver.normalizeType(c);
    const length = c.length ? Number(c.length) : undefined;
    columns.set(c.propertyName, {
      property: c.propertyName,
      dbName: c.databaseName,
      dbType,
      nullable: c.isNullable,
      ...(length ? { length } : {}),
      ...kindOf(dbType, c),
      generated: c.isGenerated || c.isCreateDate || c.isUpdateDate || c.isDeleteDate || c.isVersion,
    });
  }
  return columns;
}

export function describeResource<E extends ObjectLiteral>(ds: DataSource, options: CrudResourceOptions<E>): ResourceShape {
  const where = `CrudResource "${options.path}"`;
  if (!ds.hasMetadata(options.entity)) {
    throw new Error(`${where}: entity ${options.entity.name} is not in the service's entities list`);
  }
  const meta = ds.getMetadata(options.entity);
  if (meta.primaryColumns.length !== 1) throw new Error(`${where}: the entity needs exactly one primary column`);
  const columns = columnsOf(ds, meta);
  const primary = columns.get(meta.primaryColumns[0].propertyName)!;
  if (primary.kind !== 'int' && primary.kind !== 'uuid') throw new Error(`${where}: the primary key must be an integer or a uuid`);

  const filterable = new Set(
    (options.filterable ?? [...columns.keys()]).filter((name) => {
      const c = columns.get(name);
      if (!c) throw new Error(`${where}: filterable field "${name}" is not a column`);
      return c.kind !== 'other';
    }),
  );
  filterable.add(primary.property);
  const searchable = [...(options.searchable ?? [])];
  for (const name of searchable) {
    if (columns.get(name)?.kind !== 'string') throw new Error(`${where}: searchable field "${name}" is not a text column`);
  }

  const relations = new Map<string, RelationInfo>();
  for (const [name, opt] of Object.entries(options.relations ?? {}) as [string, { eager?: boolean } | undefined][]) {
    const rel = meta.relations.find((r) => r.propertyName === name);
    if (!rel || !(rel.isManyToOne || rel.isOneToOneOwner)) {
      throw new Error(`${where}: relation "${name}" is not a many-to-one (or owning one-to-one) relation of ${meta.name}`);
    }
    const target = rel.inverseEntityMetadata;
    relations.set(name, { name, entityName: target.name, columns: columnsOf(ds, target), eager: opt?.eager ?? false });
  }

  const defaultSort: QuerySort[] = (options.defaultSort ?? []).map((s) => {
    if (!filterable.has(s.field)) throw new Error(`${where}: default sort field "${s.field}" is not filterable`);
    return { field: s.field, order: s.order };
  });
  const declaredSort = defaultSort.length ? [...defaultSort] : [{ field: primary.property, order: 'ASC' as const }];
  checkDisplay(where, options, columns, relations);
  if (!defaultSort.some((s) => s.field === primary.property)) defaultSort.push({ field: primary.property, order: 'ASC' });

  const maxLimit = options.maxLimit ?? 500;
  if (!Number.isInteger(maxLimit) || maxLimit < 1) throw new Error(`${where}: maxLimit must be a positive integer`);
  return { path: options.path, entityName: meta.name, primary, columns, filterable, searchable, relations, defaultSort, declaredSort, maxLimit };
}

const LOCALIZED = ['Kk', 'Ru', 'En'] as const;

/** A label field is a column or the base of a localized trio (`title` for titleKk, titleRu, titleEn). */
export function labelFieldExists(columns: Map<string, ColumnInfo>, field: string): boolean {
  return columns.has(field) || LOCALIZED.every((l) => columns.has(`${field}${l}`));
}

/** Fail at boot on display metadata that names no column or leaves a language out. */
function checkDisplay<E extends ObjectLiteral>(where: string, options: CrudResourceOptions<E>, columns: Map<string, ColumnInfo>, relations: Map<string, RelationInfo>): void {
  for (const field of options.label ?? []) {
    if (!labelFieldExists(columns, field)) throw new Error(`${where}: label field "${field}" is neither a column nor a localized trio`);
  }
  for (const field of options.describe ?? []) {
    if (!columns.has(field) && !relations.has(field)) throw new Error(`${where}: describe field "${field}" is neither a column nor a declared relation`);
  }
  for (const [field, display] of Object.entries(options.fields ?? {}) as [string, { enumLabels?: Record<string, Record<string, string>>; references?: string } | undefined][]) {
    if (!columns.has(field)) throw new Error(`${where}: display of "${field}", which is not a column`);
    const kind = columns.get(field)?.kind;
    if (display?.references !== undefined && (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(display.references) || (kind !== 'uuid' && kind !== 'int'))) {
      throw new Error(`${where}: "${field}" references "${display.references}": a resource path, on a uuid or integer column`);
    }
    for (const [value, labels] of Object.entries(display?.enumLabels ?? {})) {
      for (const locale of ['kk', 'ru', 'en']) {
        if (!labels[locale]) throw new Error(`${where}: enum label of ${field}="${value}" has no ${locale} text`);
      }
    }
  }
}
