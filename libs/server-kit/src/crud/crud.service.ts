import { randomUUID } from 'node:crypto';
import type { CrudRequest, JoinOptions } from '@dataui/crud';
import type { ParsedRequestParams, SCondition } from '@dataui/crud-request';
import { TypeOrmCrudService } from '@dataui/crud-typeorm';
import { type DataSource, type EntityManager, type FindOptionsWhere, type ObjectLiteral, QueryFailedError, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { z } from 'zod';
import type { AuthUser } from '../auth/decorators';
import { DomainError, notFound } from '../errors/domain-error';
import { parseInput } from '../validation/zod-validation';
import { AuditEntry } from '../audit/audit.entity';
import type { AuditLog } from '../audit/audit-log';
import type { CrudChange, CrudHooks, CrudResourceOptions, CrudWriteAction, CrudWriteContext } from './crud.options';
import { writeError } from './db-errors';
import { parseCrudQuery } from './list-query';
import { shown } from './query-values';
import { type ResourceShape, describeResource } from './resource-shape';

/**
 * The five actions of one resource. Reads go through @dataui/crud-typeorm's TypeOrmCrudService (SQL built with
 * bound parameters from a query this kit has already checked); writes are checked by the resource's zod schemas
 * and run in one transaction each: the resource's hooks, the statement (constraint violations become domain
 * errors) and the audit entry commit together or not at all.
 */
const AUDIT_ACTION: Record<CrudWriteAction, string> = { store: 'create', update: 'update', destroy: 'delete' };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BAD_VALUE_CODES = new Set(['22P02', '22003', '22007', '22008']);

/** Boot-time checks that the body schemas fit the entity: strict, and naming only columns a client may set. */
function checkBodySchema(path: string, which: 'create' | 'update', schema: z.ZodType, shape: ResourceShape): void {
  const probe = schema.safeParse({ '~crud-probe': 1 });
  if (probe.success || !probe.error.issues.some((i) => i.code === 'unrecognized_keys')) {
    throw new Error(`CrudResource "${path}": the ${which} schema must be a strict object (z.strictObject) so unknown fields are refused`);
  }
  if (schema instanceof z.ZodObject) {
    for (const key of Object.keys(schema.shape)) {
      const col = shape.columns.get(key);
      if (!col || col.generated) throw new Error(`CrudResource "${path}": ${which} schema field "${key}" is not a writable column`);
    }
  }
}

export class CrudResourceService<E extends ObjectLiteral = ObjectLiteral> {
  readonly shape: ResourceShape;
  private readonly repo: Repository<E>;
  private readonly reader: TypeOrmCrudService<E>;
  private readonly joinOptions: JoinOptions;
  private readonly createSchema: z.ZodType<Partial<E>>;
  private readonly updateSchema: z.ZodType<Partial<E>>;
  private readonly reveal: readonly string[];
  private readonly scope: Record<string, string | number | boolean>;

  /** `audit` and `hooks` come from the resource's module (CrudResource.register); without `audit` nothing is recorded. */
  constructor(
    readonly options: CrudResourceOptions<E>,
    private readonly ds: DataSource,
    private readonly audit?: AuditLog,
    private readonly hooks?: CrudHooks<E>,
  ) {
    this.shape = describeResource(ds, options);
    const enabled = new Set(options.actions ?? ['index', 'show', 'store', 'update', 'destroy']);
    const body = (which: 'create' | 'update', action: 'store' | 'update') => {
      const schema = options[which];
      if (schema) checkBodySchema(options.path, which, schema, this.shape);
      else if (enabled.has(action)) throw new Error(`CrudResource "${options.path}": serving ${action} needs a ${which} schema`);
      return schema ?? z.never();
    };
    this.createSchema = body('create', 'store');
    this.updateSchema = body('update', 'update');
    if (options.audit === false) this.audit = undefined;
    if (this.audit && !ds.hasMetadata(AuditEntry)) {
      throw new Error(
        `CrudResource "${options.path}": writes are audited but its DataSource has no audit_log entity (services built with the kit always have it); set audit: false for a bare DataSource`,
      );
    }
    this.scope = { ...(options.scope ?? {}) } as Record<string, string | number | boolean>;
    for (const key of Object.keys(this.scope)) {
      const col = this.shape.columns.get(key);
      if (!col) throw new Error(`CrudResource "${options.path}": scope field "${key}" is not a column`);
    }
    this.reveal = typeof options.audit === 'object' ? [...(options.audit.reveal ?? [])] : [];
    this.repo = ds.getRepository(options.entity);
    this.reader = new TypeOrmCrudService<E>(this.repo);
    this.joinOptions = Object.fromEntries([...this.shape.relations.values()].map((r) => [r.name, { eager: r.eager }]));
  }

  index(query: unknown): Promise<E[] | { data: E[]; count: number; total: number; page: number; pageCount: number }> {
    const parsed = parseCrudQuery(query, this.shape, 'list');
    return this.read(() => this.reader.getMany(this.request(this.scoped(parsed))));
  }

  show(rawId: string, query: unknown): Promise<E> {
    const id = this.parseId(rawId);
    return this.findById(id, parseCrudQuery(query, this.shape, 'one'));
  }

  /** `user` is the caller (the controller passes it); a signed-in caller's write is audited. */
  async store(body: unknown, user?: AuthUser): Promise<E> {
    const input = { ...parseInput(this.createSchema, body ?? {}), ...this.scope } as Partial<E>;
    // A uuid key the database does not generate is made here, so every uuid resource gets its id the same way.
    const pk = this.shape.primary;
    if (pk.kind === 'uuid' && !pk.generated) (input as Record<string, unknown>)[pk.property] = randomUUID();
    const id = await this.change('store', user, async (ctx) => {
      await this.hooks?.beforeStore?.(input, ctx);
      const result = await this.write('store', () => ctx.manager.insert(this.options.entity, input as QueryDeepPartialEntity<E>));
      const id = result.identifiers[0][this.shape.primary.property] as string | number;
      return { id, before: null, after: await this.rowOf(ctx.manager, id) };
    });
    return this.findById(id);
  }

  /** PUT and PATCH alike: only the fields present in the body change (schema defaults never reset others). */
  async update(rawId: string, body: unknown, user?: AuthUser): Promise<E> {
    const id = this.parseId(rawId);
    const parsed = parseInput(this.updateSchema, body ?? {}) as Record<string, unknown>;
    const sent = new Set(body && typeof body === 'object' ? Object.keys(body) : []);
    const input = Object.fromEntries(Object.entries(parsed).filter(([k, v]) => sent.has(k) && v !== undefined)) as Partial<E>;
    if (Object.keys(input).length) {
      await this.change('update', user, async (ctx) => {
        const before = await this.lockedRow(ctx.manager, id);
        await this.hooks?.beforeUpdate?.(before, input, ctx);
        await this.write('update', () => ctx.manager.update(this.options.entity, this.byId(id), input as QueryDeepPartialEntity<E>));
        return { id, before, after: await this.rowOf(ctx.manager, id) };
      });
    }
    return this.findById(id);
  }

  /** Answers the deleted row, so a client can show or undo what it removed. */
  async destroy(rawId: string, user?: AuthUser): Promise<E> {
    const id = this.parseId(rawId);
    const row = await this.findById(id);
    await this.change('destroy', user, async (ctx) => {
      const before = await this.lockedRow(ctx.manager, id);
      await this.hooks?.beforeDestroy?.(before, ctx);
      const result = await this.write('destroy', () => ctx.manager.delete(this.options.entity, this.byId(id)));
      if (!result.affected) throw notFound();
      return { id, before, after: null };
    });
    return row;
  }

  /** Runs one write in a transaction with its audit entry; `afterCommit` once it is saved. Returns the row id. */
  private async change(
    action: CrudWriteAction,
    user: AuthUser | undefined,
    work: (ctx: CrudWriteContext) => Promise<Omit<CrudChange<E>, 'action'>>,
  ): Promise<string | number> {
    const change = await this.ds.transaction(async (manager) => {
      const done = await work({ manager, ...(user ? { user } : {}) });
      if (this.audit && user) {
        await this.audit.record(
          manager,
          { actor: user, action: AUDIT_ACTION[action], resource: this.shape.path, resourceId: done.id, before: done.before, after: done.after },
          { reveal: this.reveal },
        );
      }
      return done;
    });
    await this.hooks?.afterCommit?.({ action, ...change });
    return change.id;
  }

  private rowOf(manager: EntityManager, id: string | number): Promise<E | null> {
    return manager.findOneBy(this.options.entity, this.byId(id));
  }

  /** The row as it is before the write, locked until the transaction ends (404 if it is gone). */
  private async lockedRow(manager: EntityManager, id: string | number): Promise<E> {
    const row = await manager.findOne(this.options.entity, { where: { ...this.scope, ...this.byId(id) } as FindOptionsWhere<E>, lock: { mode: 'pessimistic_write' } });
    if (!row) throw notFound();
    return row;
  }

  /** 400 before any lookup: INVALID_ID for uuid keys, INVALID_NUMERIC_ID for integer keys. */
  parseId(raw: string): string | number {
    const pk = this.shape.primary;
    const value = String(raw).slice(0, 64);
    if (pk.kind === 'uuid') {
      if (!UUID_RE.test(raw)) throw new DomainError('INVALID_ID', { value });
      return raw.toLowerCase();
    }
    const n = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : NaN;
    if (!(n <= (pk.max ?? Number.MAX_SAFE_INTEGER))) throw new DomainError('INVALID_NUMERIC_ID', { value });
    return n;
  }

  private byId(id: string | number): FindOptionsWhere<E> {
    return { [this.shape.primary.property]: id } as FindOptionsWhere<E>;
  }

  private findById(id: string | number, parsed: ParsedRequestParams = parseCrudQuery({}, this.shape, 'one')): Promise<E> {
    const search = { [this.shape.primary.property]: { $eq: id } } as SCondition;
    return this.read(() => this.reader.getOne(this.request(this.scoped({ ...parsed, search }))));
  }

  /** The parsed query confined to the resource's `scope` (every scope column equals its value). */
  private scoped(parsed: ParsedRequestParams): ParsedRequestParams {
    const fixed = Object.entries(this.scope).map(([field, value]) => ({ [field]: { $eq: value } }) as SCondition);
    if (!fixed.length) return parsed;
    const own = parsed.search && Object.keys(parsed.search).length ? [parsed.search] : [];
    return { ...parsed, search: { $and: [...fixed, ...own] } as SCondition };
  }

  private request(parsed: ParsedRequestParams): CrudRequest {
    return {
      parsed,
      options: {
        query: { maxLimit: this.shape.maxLimit, sort: this.shape.defaultSort, join: this.joinOptions, alwaysPaginate: false, cache: false },
        routes: {},
        params: {},
      },
    };
  }

  private async read<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      // The library throws Nest's HttpExceptions; the kit's errors are DomainErrors.
      const status = (err as { getStatus?: () => number }).getStatus?.();
      if (status === 404) throw notFound();
      if (status === 400) throw new DomainError('QUERY_PARAM_INVALID', { param: 'query', value: shown((err as Error).message) });
      if (err instanceof QueryFailedError && BAD_VALUE_CODES.has((err.driverError as { code?: string }).code ?? '')) {
        throw new DomainError('QUERY_PARAM_INVALID', { param: 'query', value: shown((err.driverError as Error).message) });
      }
      throw err;
    }
  }

  private async write<T>(action: 'store' | 'update' | 'destroy', fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw writeError(err, this.shape, action);
    }
  }
}
