import { DomainError } from '../errors/domain-error';
import type { ColumnInfo } from './resource-shape';

/**
 * The operators of the query language this kit accepts, and how a value is checked and converted for its column
 * before it is bound as a parameter: integers in range, uuids, booleans, ISO dates, text of bounded length.
 */
export type OperatorKind = 'compare' | 'like' | 'lower' | 'list' | 'lowerList' | 'range' | 'null';

export const OPERATORS: Record<string, OperatorKind> = {
  $eq: 'compare',
  $ne: 'compare',
  $gt: 'compare',
  $lt: 'compare',
  $gte: 'compare',
  $lte: 'compare',
  $starts: 'like',
  $ends: 'like',
  $cont: 'like',
  $excl: 'like',
  $startsL: 'like',
  $endsL: 'like',
  $contL: 'like',
  $exclL: 'like',
  $eqL: 'lower',
  $neL: 'lower',
  $in: 'list',
  $notin: 'list',
  $inL: 'lowerList',
  $notinL: 'lowerList',
  $between: 'range',
  $isnull: 'null',
  $notnull: 'null',
};
export const QUERY_OPERATORS = Object.keys(OPERATORS);

const MAX_LIST = 500;
const MAX_TEXT = 500;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value as it appears in an error message: short, JSON-quoted. */
export function shown(value: unknown): string {
  let out: string;
  try {
    out = value instanceof Date ? value.toISOString() : (JSON.stringify(value) ?? String(value));
  } catch {
    out = String(value);
  }
  return out.length > 80 ? `${out.slice(0, 77)}...` : out;
}

/** LIKE treats `%`, `_` and `\` as special; a user searching for "5_a" means those characters literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A text operand: strings up to 500 characters, numbers and booleans as written. */
export function text(value: unknown, bad: () => DomainError): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && value.length <= MAX_TEXT) return value;
  throw bad();
}

export function scalar(col: ColumnInfo, value: unknown, bad: () => DomainError): unknown {
  switch (col.kind) {
    case 'int': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < (col.min ?? -Infinity) || n > (col.max ?? Infinity)) throw bad();
      return n;
    }
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw bad();
      return n;
    }
    case 'uuid':
      if (typeof value !== 'string' || !UUID_RE.test(value)) throw bad();
      return value.toLowerCase();
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw bad();
    case 'date': {
      const d = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
      if (!d || Number.isNaN(d.getTime())) throw bad();
      return d.toISOString();
    }
    case 'string':
      return text(value, bad);
    case 'other':
      throw bad();
  }
}

/** The bound value of one `field op value` condition, checked and converted for the column. */
export function operand(field: string, col: ColumnInfo, op: string, value: unknown): unknown {
  const bad = () => new DomainError('QUERY_VALUE_INVALID', { value: shown(value), field, operator: op });
  const kind = OPERATORS[op];
  switch (kind) {
    case 'null':
      return true;
    case 'like':
      if (col.kind !== 'string') throw bad();
      return escapeLike(text(value, bad));
    case 'lower':
      if (col.kind !== 'string') throw bad();
      // LOWER(column) = :value only matches when the value is lower case too.
      return text(value, bad).toLowerCase();
    case 'list':
    case 'lowerList': {
      if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LIST) throw bad();
      if (kind === 'lowerList') {
        if (col.kind !== 'string') throw bad();
        return value.map((v) => text(v, bad).toLowerCase());
      }
      return value.map((v) => scalar(col, v, bad));
    }
    case 'range':
      if (!Array.isArray(value) || value.length !== 2) throw bad();
      return value.map((v) => scalar(col, v, bad));
    case 'compare':
      return scalar(col, value, bad);
    default:
      throw bad();
  }
}
