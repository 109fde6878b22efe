import { QueryFailedError } from 'typeorm';
import { DomainError } from '../errors/domain-error';
import type { ResourceShape } from './resource-shape';

/**
 * PostgreSQL constraint violations of a write, read back as domain errors the client can act on: a duplicate
 * (409 RECORD_EXISTS), a reference to a missing row (400 RELATED_NOT_FOUND), a delete of a row others still
 * refer to (409 RECORD_IN_USE). The database is the judge, so two concurrent writers cannot both slip through.
 */
interface PgError {
  code?: string;
  detail?: string;
  table?: string;
  constraint?: string;
}

/** `Key (province_id, name_ru)=(3, X) ...` -> columns and values. */
function keyOf(detail: string | undefined): { columns: string[]; values: string } | null {
  const m = /^Key \(([^)]*)\)=\((.*?)\)(?: already exists| is not present| is still referenced)/.exec(detail ?? '');
  return m ? { columns: m[1].split(',').map((c) => c.trim().replace(/^"|"$/g, '')), values: m[2] } : null;
}

function propertyOf(shape: ResourceShape, dbName: string): string {
  for (const c of shape.columns.values()) if (c.dbName === dbName) return c.property;
  return dbName;
}

export function writeError(err: unknown, shape: ResourceShape, action: 'store' | 'update' | 'destroy'): unknown {
  if (!(err instanceof QueryFailedError)) return err;
  const pg = err.driverError as PgError;
  const key = keyOf(pg.detail);
  if (pg.code === '23505') {
    const fields = key ? key.columns.map((c) => propertyOf(shape, c)).join(', ') : (pg.constraint ?? '?');
    return new DomainError('RECORD_EXISTS', { fields });
  }
  if (pg.code === '23503') {
    if (action === 'destroy') return new DomainError('RECORD_IN_USE', { table: pg.table ?? '?' });
    return new DomainError('RELATED_NOT_FOUND', {
      field: key ? key.columns.map((c) => propertyOf(shape, c)).join(', ') : (pg.constraint ?? '?'),
      value: key?.values ?? '?',
    });
  }
  return err;
}
