import {
  CondOperator,
  type ParsedRequestParams,
  type QueryFilter,
  type QueryJoin,
  type QuerySort,
  type SCondition,
  RequestQueryException,
  RequestQueryParser,
} from '@dataui/crud-request';
import { DomainError } from '../errors/domain-error';
import { OPERATORS, QUERY_OPERATORS, escapeLike, operand, shown, text } from './query-values';
import type { ColumnInfo, ResourceShape } from './resource-shape';

/**
 * The nestjsx-crud query language, as @refinedev/nestjsx-crud sends it: `s` (JSON search), `filter`/`or`
 * (`field||$op||value`), `sort` (`field,ASC`), `join`, `fields`, `limit`, `page`, `offset`. @dataui/crud-request
 * parses it; this file then checks every field name against the resource's columns, and every operator and value
 * against query-values.ts, so the SQL @dataui/crud-typeorm builds only ever names known columns and binds values as
 * parameters. Anything else is a localized 400 that says what is allowed.
 */

/** The virtual filter field that searches the resource's `searchable` columns (Refine: `{ field: 'q', operator: 'contains' }`). */
export const SEARCH_FIELD = 'q';

const LIST_PARAMS = ['s', 'filter', 'or', 'sort', 'join', 'fields', 'select', 'limit', 'per_page', 'offset', 'page', 'cache'];
const ONE_PARAMS = ['join', 'fields', 'select', 'cache'];
const SINGLE_VALUED = new Set(['s', 'limit', 'per_page', 'offset', 'page', 'cache']);
const MAX_DEPTH = 6;
const MAX_CONDITIONS = 50;

type RawQuery = Record<string, string | string[]>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
const asList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function checkParams(raw: unknown, allowed: string[]): RawQuery {
  const out: RawQuery = {};
  if (!isPlainObject(raw)) return out;
  for (const [name, value] of Object.entries(raw)) {
    if (!allowed.includes(name)) throw new DomainError('QUERY_PARAM_UNKNOWN', { param: name, allowed: allowed.join(', ') });
    if (value === '') continue;
    const ok = typeof value === 'string' || (!SINGLE_VALUED.has(name) && Array.isArray(value) && value.every((v) => typeof v === 'string'));
    if (!ok) throw new DomainError('QUERY_PARAM_INVALID', { param: name, value: shown(value) });
    out[name] = value as string | string[];
  }
  return out;
}

const KNOWN_BY_PARSER = new Set<string>(Object.values(CondOperator));

/** Turns the parser's English exception into a localized error naming the parameter (and operator) at fault. */
function explainParserError(err: RequestQueryException, query: RawQuery): DomainError {
  const message = err.message;
  if (message.startsWith('Invalid comparison operator')) {
    for (const param of ['filter', 'or']) {
      for (const item of asList(query[param])) {
        const [field = '', operator = ''] = item.split('||');
        if (!KNOWN_BY_PARSER.has(operator) && !KNOWN_BY_PARSER.has(`$${operator}`)) {
          return new DomainError('QUERY_OPERATOR_UNKNOWN', { field, operator, allowed: QUERY_OPERATORS.join(', ') });
        }
      }
    }
  }
  const match = /(search param|in (filter|or) condition|Invalid (filter|or|sort|join|fields|limit|offset|page|cache))/.exec(message);
  let param = match ? (match[2] ?? match[3] ?? 's') : 'query';
  if (param === 'limit' && query.limit === undefined && query.per_page !== undefined) param = 'per_page';
  if (param === 'fields' && query.fields === undefined && query.select !== undefined) param = 'select';
  return new DomainError('QUERY_PARAM_INVALID', { param, value: shown(query[param] ?? message) });
}

class QueryNormalizer {
  /** Relations the query names (in `join`, or in a filter/sort field like `province.code`). */
  readonly joins = new Set<string>();
  private conditions = 0;

  constructor(private readonly shape: ResourceShape) {}

  allowedFields(withSearch: boolean): string {
    const names = [...this.shape.filterable];
    if (withSearch && this.shape.searchable.length) names.push(SEARCH_FIELD);
    for (const rel of this.shape.relations.keys()) names.push(`${rel}.*`);
    return names.join(', ');
  }

  column(field: string, param: string): ColumnInfo {
    const dot = field.indexOf('.');
    if (dot < 0) {
      const col = this.shape.columns.get(field);
      if (col && this.shape.filterable.has(field)) return col;
    } else {
      const rel = this.shape.relations.get(field.slice(0, dot));
      const col = rel?.columns.get(field.slice(dot + 1));
      if (rel && col && col.kind !== 'other') {
        this.joins.add(rel.name);
        return col;
      }
    }
    throw new DomainError('QUERY_FIELD_UNKNOWN', { field, param, allowed: this.allowedFields(param !== 'sort') });
  }

  private count(param: string): void {
    if (++this.conditions > MAX_CONDITIONS) {
      throw new DomainError('QUERY_PARAM_INVALID', { param, value: `more than ${MAX_CONDITIONS} conditions` });
    }
  }

  private operatorOf(field: string, raw: string): string {
    const op = raw.startsWith('$') ? raw : `$${raw}`;
    if (!OPERATORS[op]) throw new DomainError('QUERY_OPERATOR_UNKNOWN', { field, operator: raw, allowed: QUERY_OPERATORS.join(', ') });
    return op;
  }

  /** `q` contains text: any searchable column contains it, case-insensitively. */
  search(value: unknown, param: string): SCondition | null {
    if (!this.shape.searchable.length) {
      throw new DomainError('QUERY_FIELD_UNKNOWN', { field: SEARCH_FIELD, param, allowed: this.allowedFields(false) });
    }
    let needle: unknown = value;
    if (isPlainObject(value)) {
      const ops = Object.keys(value);
      const op = ops.length === 1 ? ops[0].replace(/^\$?/, '$') : '';
      if (op !== '$contL' && op !== '$cont') {
        throw new DomainError('QUERY_OPERATOR_UNKNOWN', { field: SEARCH_FIELD, operator: ops.join(', '), allowed: '$contL, $cont' });
      }
      needle = value[ops[0]];
    }
    const bad = () => new DomainError('QUERY_VALUE_INVALID', { value: shown(needle), field: SEARCH_FIELD, operator: '$contL' });
    const words = text(needle, bad).trim();
    if (!words) return null;
    this.count(param);
    return { $or: this.shape.searchable.map((f) => ({ [f]: { $contL: escapeLike(words) } })) };
  }

  /** One field of `s`: a bare value (equals), null (is null), or an object of operators (with an optional `$or`). */
  private fieldCondition(field: string, col: ColumnInfo, value: unknown, depth: number): Record<string, unknown> | null {
    this.count('s');
    if (value === null) return { $isnull: true };
    if (!isPlainObject(value)) {
      if (Array.isArray(value)) throw new DomainError('QUERY_VALUE_INVALID', { value: shown(value), field, operator: '$eq' });
      return { $eq: operand(field, col, '$eq', value) };
    }
    if (depth > MAX_DEPTH) throw new DomainError('QUERY_PARAM_INVALID', { param: 's', value: 'nested too deeply' });
    const out: Record<string, unknown> = {};
    for (const [raw, v] of Object.entries(value)) {
      if (raw === '$or') {
        if (!isPlainObject(v)) throw new DomainError('QUERY_VALUE_INVALID', { value: shown(v), field, operator: '$or' });
        const or = this.fieldCondition(field, col, v, depth + 1);
        if (or) out.$or = or;
        continue;
      }
      const op = this.operatorOf(field, raw);
      if ((op === '$eq' || op === '$ne') && v === null) out[op === '$eq' ? '$isnull' : '$notnull'] = true;
      else out[op] = operand(field, col, op, v);
    }
    // `{ "nameEn": {} }` is what JSON leaves of a filter whose value was undefined (a cleared input): no condition.
    return Object.keys(out).length ? out : null;
  }

  /** A node of the `s` tree, rebuilt from checked parts (a node's keys are ANDed, as the library reads them). */
  condition(node: unknown, depth = 0): SCondition | null {
    if (depth > MAX_DEPTH) throw new DomainError('QUERY_PARAM_INVALID', { param: 's', value: 'nested too deeply' });
    if (!isPlainObject(node)) throw new DomainError('QUERY_PARAM_INVALID', { param: 's', value: shown(node) });
    const parts: SCondition[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (key === '$and' || key === '$or' || key === '$not') {
        if (!Array.isArray(value)) throw new DomainError('QUERY_PARAM_INVALID', { param: 's', value: shown(value) });
        const items = value.map((v) => this.condition(v, depth + 1)).filter((c): c is SCondition => c !== null);
        if (items.length) parts.push({ [key]: items } as SCondition);
      } else if (key.startsWith('$')) {
        throw new DomainError('QUERY_OPERATOR_UNKNOWN', { field: 's', operator: key, allowed: '$and, $or, $not' });
      } else if (key === SEARCH_FIELD && !this.shape.columns.has(SEARCH_FIELD)) {
        const search = this.search(value, 's');
        if (search) parts.push(search);
      } else {
        const col = this.column(key, 's');
        const condition = this.fieldCondition(key, col, value, depth + 1);
        if (condition) parts.push({ [key]: condition } as SCondition);
      }
    }
    if (!parts.length) return null;
    return parts.length === 1 ? parts[0] : { $and: parts };
  }

  /**
   * One `filter`/`or` item. Text columns take the value exactly as sent (the parser would turn `007` or
   * `2024-01-01` into a number or a date).
   */
  filterItem(item: QueryFilter, rawItem: string, param: string): SCondition | null {
    if (item.field === SEARCH_FIELD && !this.shape.columns.has(SEARCH_FIELD)) {
      return this.search({ [item.operator]: rawItem.split('||')[2] ?? '' }, param);
    }
    const col = this.column(item.field, param);
    const op = this.operatorOf(item.field, item.operator);
    this.count(param);
    let value: unknown = item.value;
    if (col.kind === 'string') {
      const rawValue = rawItem.split('||')[2] ?? '';
      const kind = OPERATORS[op];
      value = kind === 'list' || kind === 'lowerList' || kind === 'range' ? rawValue.split(',') : rawValue;
    }
    return { [item.field]: { [op]: operand(item.field, col, op, value) } } as SCondition;
  }
}

function integerParam(value: number | undefined, param: string, min: number, query: RawQuery): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min) throw new DomainError('QUERY_PARAM_INVALID', { param, value: shown(query[param] ?? value) });
  return value;
}

/**
 * Parses and checks a list (`mode: 'list'`) or single-row (`mode: 'one'`: only `join` and `fields`) query into
 * what TypeOrmCrudService reads: `search` holds every condition; `filter`/`or` are folded into it.
 */
export function parseCrudQuery(raw: unknown, shape: ResourceShape, mode: 'list' | 'one'): ParsedRequestParams {
  const query = checkParams(raw, mode === 'list' ? LIST_PARAMS : ONE_PARAMS);
  let parsed: ParsedRequestParams;
  try {
    parsed = RequestQueryParser.create().parseQuery(query).getParsed();
  } catch (err) {
    if (err instanceof RequestQueryException) throw explainParserError(err, query);
    throw err;
  }
  const n = new QueryNormalizer(shape);

  const fieldsParam = query.fields !== undefined ? 'fields' : 'select';
  const fields = (parsed.fields ?? []).map((f) => {
    if (!shape.columns.has(f)) throw new DomainError('QUERY_FIELD_UNKNOWN', { field: f, param: fieldsParam, allowed: [...shape.columns.keys()].join(', ') });
    return f;
  });

  const explicitJoins: QueryJoin[] = (parsed.join ?? []).map((j) => {
    const rel = shape.relations.get(j.field);
    if (!rel) {
      throw new DomainError('QUERY_FIELD_UNKNOWN', { field: j.field, param: 'join', allowed: [...shape.relations.keys()].join(', ') || '-' });
    }
    if (j.on?.length) throw new DomainError('QUERY_PARAM_INVALID', { param: 'join', value: shown(query.join) });
    for (const f of j.select ?? []) {
      if (!rel.columns.has(f)) {
        throw new DomainError('QUERY_FIELD_UNKNOWN', { field: `${j.field}.${f}`, param: 'join', allowed: [...rel.columns.keys()].map((c) => `${j.field}.${c}`).join(', ') });
      }
    }
    return j.select?.length ? { field: j.field, select: j.select } : { field: j.field };
  });

  let search: SCondition | null = null;
  if (mode === 'list') {
    if (parsed.search) {
      search = n.condition(parsed.search);
    } else {
      const fold = (param: 'filter' | 'or', items: QueryFilter[]) => {
        const raws = asList(query[param]);
        return items.map((item, i) => n.filterItem(item, raws[i] ?? '', param)).filter((c): c is SCondition => c !== null);
      };
      const and = fold('filter', parsed.filter ?? []);
      const or = fold('or', parsed.or ?? []);
      if (and.length && or.length) search = { $or: [{ $and: and }, { $and: or }] };
      else if (and.length) search = { $and: and };
      else if (or.length) search = { $or: or };
    }
  }

  let sort: QuerySort[] = (parsed.sort ?? []).map((s) => {
    n.column(s.field, 'sort');
    return { field: s.field, order: s.order };
  });
  // The primary key breaks ties, so rows with equal sort values never appear on two pages (or on none).
  if (sort.length && !sort.some((s) => s.field === shape.primary.property)) sort = [...sort, { field: shape.primary.property, order: 'ASC' }];

  const joined = new Set(explicitJoins.map((j) => j.field));
  const join = [
    ...explicitJoins,
    ...[...n.joins].filter((r) => !joined.has(r) && !shape.relations.get(r)?.eager).map((field) => ({ field })),
  ];

  return {
    fields,
    paramsFilter: [],
    authPersist: {},
    classTransformOptions: {},
    search: (search ?? {}) as SCondition,
    filter: [],
    or: [],
    join,
    sort,
    limit: integerParam(parsed.limit, query.limit !== undefined ? 'limit' : 'per_page', 1, query) as number,
    offset: integerParam(parsed.offset, 'offset', 0, query) as number,
    page: integerParam(parsed.page, 'page', 1, query) as number,
    cache: 0,
    includeDeleted: 0,
  };
}
