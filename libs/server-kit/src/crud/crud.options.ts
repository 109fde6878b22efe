import type { Type } from '@nestjs/common';
import type { z } from 'zod';
import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { Localized, Permission } from '@olymp/proto';
import type { AuthUser } from '../auth/decorators';

/**
 * What one registration line declares about a standard resource (spec section 7: index, store, show, update,
 * destroy). Everything else (query language, ids, errors, OpenAPI) is derived from the entity's metadata.
 */
export const CRUD_ACTIONS = ['index', 'show', 'store', 'update', 'destroy'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

/** Who may call an action: anyone, any signed-in user, or holders of every listed permission (admin holds all). */
export type CrudAccessRule = 'public' | 'signed-in' | Permission | readonly [Permission, ...Permission[]];

/** Per action, or `read` (index, show) and `write` (store, update, destroy) as shorthands. */
export type CrudAccess = Partial<Record<CrudAction | 'read' | 'write', CrudAccessRule>>;

export interface CrudRelationOption {
  /** Always joined (the related row is embedded in every answer). Otherwise only on `join=<name>`. */
  eager?: boolean;
  /**
   * The related row's fields that name it for people (see `label` below); defaults to the label of the resource
   * registered for the related entity in the same service. Published as the relation's `x-label`.
   */
  label?: readonly string[];
}

/**
 * Units a screen shows a number in (`x-unit`), and the one it is stored in (`x-stored-unit`, default the same):
 * durations, and prices in tenge, ZP or Altyn Saqa (the shop's three currencies).
 */
export type CrudUnit = 'minutes' | 'tenge' | 'zp' | 'altynSaqa';
export type CrudStoredUnit = 'seconds' | 'minutes' | 'tenge' | 'zp' | 'altynSaqa';

/** How screens show one column (OpenAPI extensions on the entity's property; nothing here changes the API). */
export interface CrudFieldDisplay {
  /** What each stored value means, in kk, ru and en (`x-enum-labels`); the values are published as the `enum`. */
  enumLabels?: Readonly<Record<string, Localized>>;
  /** Show the value in this unit (`x-unit`), converted from `storedUnit`. */
  unit?: CrudUnit;
  storedUnit?: CrudStoredUnit;
  /**
   * Left out of list tables by default (`x-hidden-in-list`); still in the detail view and the CSV export. The
   * primary key, uuid columns, json columns and `updatedAt` are hidden unless this is `false`.
   */
  hiddenInList?: boolean;
  /**
   * The column holds the id of a row another service serves, named by that resource's path (`students`: auth's
   * pupils; `x-references`). No join crosses services, so screens pick the value with that resource's search
   * and show its label (one batch request per page of rows) instead of the id. The API is unchanged: the id is
   * stored and answered as it is.
   */
  references?: string;
}

export interface CrudResourceOptions<E extends ObjectLiteral> {
  /** URL path under /api, e.g. `provinces`. */
  path: string;
  /** A TypeORM entity registered in the service's data source, with one primary column (integer or uuid). */
  entity: new () => E;
  /**
   * Strict zod schemas of the bodies of store (create) and update (PUT and PATCH; usually `create.partial()`).
   * Required when the resource serves that action.
   */
  create?: z.ZodType<Partial<E>>;
  update?: z.ZodType<Partial<E>>;
  access: CrudAccess;
  /** String columns the virtual filter field `q` searches (case-insensitive "contains" over any of them). */
  searchable?: readonly (keyof E & string)[];
  /** Many-to-one relations a client may join (`join=province`) and then filter or sort by (`province.code`). */
  relations?: Partial<Record<keyof E & string, CrudRelationOption>>;
  /** Columns a client may filter and sort by; all plain columns when omitted. */
  filterable?: readonly (keyof E & string)[];
  /** Order when the client sends no `sort`; the primary key always breaks ties so pages never overlap. */
  defaultSort?: readonly { field: keyof E & string; order: 'ASC' | 'DESC' }[];
  /** Most rows one request returns, paginated or not (default 500). */
  maxLimit?: number;
  /**
   * A fixed condition (column = value) the resource is confined to, e.g. pupils among users: `{ roleId: 7 }`.
   * Index and show see only matching rows (others are 404), update and destroy refuse others with 404, and store
   * writes the scope's values over the body's.
   */
  scope?: Partial<Record<keyof E & string, string | number | boolean>>;
  /** Actions this resource serves (default all five), e.g. specs have no index. */
  actions?: readonly CrudAction[];
  /** Short description for the OpenAPI document. */
  description?: string;
  /**
   * The fields that name a row for people, joined by a space (`x-label`): a column (`firstName`, `lastName`), or
   * the base of a localized trio (`title` for titleKk, titleRu, titleEn) shown in the reader's language. Relations
   * pointing at this resource show this instead of an id.
   */
  label?: readonly string[];
  /**
   * What tells apart rows with the same label in a picker (`x-describe`): columns or relations (by their name,
   * shown by the related row's label), e.g. a pupil's grade, school and region after their name.
   */
  describe?: readonly string[];
  /** How screens show single columns: enum labels, units, hidden in lists. */
  fields?: Partial<Record<keyof E & string, CrudFieldDisplay>>;
  /**
   * The audit log (audit/): store, update and destroy by a signed-in caller are recorded in the service's
   * `audit_log` in the write's transaction, with the row before and after. On by default (every service built with
   * the kit has the table). `reveal` names columns that look secret by name but
   * are not (e.g. a catalogue's seed `code`), which are otherwise masked.
   */
  audit?: boolean | { reveal?: readonly (keyof E & string)[] };
  /** Rules the schemas and constraints cannot express, as a Nest provider (its dependencies are injected). */
  hooks?: Type<CrudHooks<E>>;
}

export type CrudWriteAction = 'store' | 'update' | 'destroy';

export interface CrudWriteContext {
  /** The write's transaction: read, lock or write more through it; a throw rolls the whole write back. */
  manager: EntityManager;
  /** The caller (absent on public routes). */
  user?: AuthUser;
}

/** One committed write: the row before (null for store) and after (null for destroy). */
export interface CrudChange<E> {
  action: CrudWriteAction;
  id: string | number;
  before: E | null;
  after: E | null;
}

/**
 * Called around a resource's writes. The `before*` hooks run inside the write's transaction with the row locked
 * (update, destroy); throw a DomainError to refuse the write. `afterCommit` runs once the change is saved (e.g. to
 * drop a cache) and must not fail.
 */
export interface CrudHooks<E extends ObjectLiteral> {
  beforeStore?(input: Partial<E>, ctx: CrudWriteContext): void | Promise<void>;
  beforeUpdate?(row: E, input: Partial<E>, ctx: CrudWriteContext): void | Promise<void>;
  beforeDestroy?(row: E, ctx: CrudWriteContext): void | Promise<void>;
  afterCommit?(change: CrudChange<E>): void | Promise<void>;
}

export function accessRuleFor(options: { path: string; access: CrudAccess }, action: CrudAction): CrudAccessRule {
  const shorthand = action === 'index' || action === 'show' ? 'read' : 'write';
  const rule = options.access[action] ?? options.access[shorthand];
  // Fail closed at boot: a resource whose action has no declared rule does not start.
  if (!rule) throw new Error(`CrudResource "${options.path}": no access rule for "${action}" (set access.${action} or access.${shorthand})`);
  return rule;
}

export function permissionsOf(rule: CrudAccessRule): Permission[] {
  if (rule === 'public' || rule === 'signed-in') return [];
  return typeof rule === 'string' ? [rule] : [...rule];
}
