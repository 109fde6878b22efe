/**
 * Rows of another service that a resource's columns point at (`x-references`: a prize's pupil in auth). No join
 * crosses services, so a screen asks the target resource for the page's distinct ids in one request per column
 * (`id||$in||...`, the nestjsx-crud `getMany`) and embeds each row under the relation's name, where the generated
 * screens read a related row's label; an id the target does not have is embedded as `false` ("not found"), and a
 * column whose lookup failed (this member of staff may not read the target) is shown as "…" with the id as a tooltip.
 */
import { useDataProvider, type BaseRecord } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { FieldMeta, ResourceMeta } from '../meta/openapi';

/** The columns of `meta` that point at another service's rows. */
export function remoteFields(meta: ResourceMeta | undefined): FieldMeta[] {
  return meta?.fields.filter((f) => f.relation?.remote) ?? [];
}

/** Each remote column's distinct non-empty ids among `records` (pure). */
export function referencedIds(fields: readonly FieldMeta[], records: readonly Record<string, unknown>[]): Map<string, string[]> {
  return new Map(
    fields.map((f) => [f.name, [...new Set(records.map((r) => r[f.name]).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String))].sort()]),
  );
}

/** `records` with each remote column's row embedded under its relation's name (pure). */
export function withReferenced<T extends Record<string, unknown>>(fields: readonly FieldMeta[], records: readonly T[], found: ReadonlyMap<string, ReadonlyMap<string, BaseRecord>>): T[] {
  if (!fields.length) return [...records];
  return records.map((r) => {
    const extra: Record<string, unknown> = {};
    for (const f of fields) {
      const rows = found.get(f.name);
      const id = r[f.name];
      // `false`: asked, and the target does not have it (a deleted pupil); not asked or not answered: absent.
      if (rows && f.relation && id !== null && id !== undefined && id !== '') extra[f.relation.name] = rows.get(String(id)) ?? false;
    }
    return Object.keys(extra).length ? { ...r, ...extra } : r;
  });
}

/** The rows with their remote references resolved (one request per remote column and set of ids). */
export function useReferenced<T extends Record<string, unknown>>(meta: ResourceMeta | undefined, records: readonly T[]): T[] {
  const dataProvider = useDataProvider();
  const fields = remoteFields(meta);
  const ids = referencedIds(fields, records);
  const key = fields.map((f) => [f.relation?.resource, ids.get(f.name)]);
  const { data } = useQuery({
    queryKey: ['referenced', meta?.name, key],
    enabled: fields.some((f) => (ids.get(f.name) ?? []).length > 0),
    staleTime: 60_000,
    queryFn: async () => {
      const found = new Map<string, Map<string, BaseRecord>>();
      for (const f of fields) {
        const wanted = ids.get(f.name) ?? [];
        if (!wanted.length || !f.relation) continue;
        try {
          const { data: rows } = await dataProvider().getMany!({ resource: f.relation.resource, ids: wanted });
          found.set(f.name, new Map(rows.map((row) => [String(row.id), row])));
        } catch {
          // Not readable by this member of staff: the column keeps its ids.
        }
      }
      return found;
    },
  });
  // Unchanged (the same array) when nothing is to be looked up, so a list without such columns renders as before.
  return data && fields.length ? withReferenced(fields, records, data) : (records as T[]);
}
