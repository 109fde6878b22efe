import type { CrudRequest, JoinOptions } from '@dataui/crud';
import type { ParsedRequestParams, SCondition } from '@dataui/crud-request';
import { TypeOrmCrudService } from '@dataui/crud-typeorm';
import { type DataSource, type FindOptionsWhere, type ObjectLiteral, QueryFailedError, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { z } from 'zod';
import { DomainError, notFound } from '../errors/domain-error';
import { parseInput } from '../validation/zod-validation';
import type { CrudResourceOptions } from './crud.options';
import { writeError } from './db-errors';
import { parseCrudQuery } from './list-query';
import { shown } from './query-values';
import { type ResourceShape, describeResource } from './resource-shape';

/**
 * The five actions of one resource. Reads go through @dataui/crud-typeorm's TypeOrmCrudService (SQL built with
 * bound parameters from a query this kit has already checked); writes are single statements checked by the
 * resource's zod schemas, with constraint violations turned into domain errors.
 */
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

  constructor(
    readonly options: CrudResourceOptions<E>,
    ds: DataSource,
  ) {
    this.shape = describeResource(ds, options);
    checkBodySchema(options.path, 'create', options.create, this.shape);
    checkBodySchema(options.path, 'update', options.update, this.shape);
    this.repo = ds.getRepository(options.entity);
    this.reader = new TypeOrmCrudService<E>(this.repo);
    this.joinOptions = Object.fromEntries([...this.shape.relations.values()].map((r) => [r.name, { eager: r.eager }]));
  }

  index(query: unknown): Promise<E[] | { data: E[]; count: number; total: number; page: number; pageCount: number }> {
    const parsed = parseCrudQuery(query, this.shape, 'list');
    return this.read(() => this.reader.getMany(this.request(parsed)));
  }

  show(rawId: string, query: unknown): Promise<E> {
    const id = this.parseId(rawId);
    return this.findById(id, parseCrudQuery(query, this.shape, 'one'));
  }

  async store(body: unknown): Promise<E> {
    const input = parseInput(this.options.create, body ?? {});
    const result = await this.write('store', () => this.repo.insert(input as QueryDeepPartialEntity<E>));
    return this.findById(result.identifiers[0][this.shape.primary.property] as string | number);
  }

  /** PUT and PATCH alike: only the fields present in the body change (schema defaults never reset others). */
  async update(rawId: string, body: unknown): Promise<E> {
    const id = this.parseId(rawId);
    const parsed = parseInput(this.options.update, body ?? {}) as Record<string, unknown>;
    const sent = new Set(body && typeof body === 'object' ? Object.keys(body) : []);
    const input = Object.fromEntries(Object.entries(parsed).filter(([k, v]) => sent.has(k) && v !== undefined));
    if (Object.keys(input).length) {
      const result = await this.write('update', () => this.repo.update(this.byId(id), input as QueryDeepPartialEntity<E>));
      if (!result.affected) throw notFound();
    }
    return this.findById(id);
  }

  /** Answers the deleted row, so a client can show or undo what it removed. */
  async destroy(rawId: string): Promise<E> {
    const id = this.parseId(rawId);
    const row = await this.findById(id);
    const result = await this.write('destroy', () => this.repo.delete(this.byId(id)));
    if (!result.affected) throw notFound();
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
    return this.read(() => this.reader.getOne(this.request({ ...parsed, search })));
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
