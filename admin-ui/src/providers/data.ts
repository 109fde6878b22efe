/**
 * Refine's data provider for the NestJS CRUD API behind the gateway (/api): @refinedev/nestjsx-crud for reads (its
 * query builder speaks exactly what the server kit parses), with our HTTP client (X-Locale, token, refresh). Writes
 * are done here because the library's own error mapping reads a body shape our API does not have; ours keeps
 * the field messages (`errors`) so forms show them under their fields.
 */
import nestjsxCrudDataProvider from '@refinedev/nestjsx-crud';
import type { BaseRecord, DataProvider } from '@refinedev/core';
import { API_URL, createHttpClient, http } from '../api/http';

export { API_URL } from '../api/http';

/** `apiUrl` is /api behind the gateway; tests point it at a local server. */
export function createDataProvider(apiUrl: string = API_URL, client = apiUrl === API_URL ? http : createHttpClient()): DataProvider {
  const base = nestjsxCrudDataProvider(apiUrl, client);
  return {
    ...base,
    create: async ({ resource, variables }) => {
      const { data } = await client.post(`${apiUrl}/${resource}`, variables);
      return { data };
    },
    update: async ({ resource, id, variables }) => {
      const { data } = await client.patch(`${apiUrl}/${resource}/${encodeURIComponent(String(id))}`, variables);
      return { data };
    },
    deleteOne: async ({ resource, id }) => {
      const { data } = await client.delete(`${apiUrl}/${resource}/${encodeURIComponent(String(id))}`);
      return { data };
    },
    deleteMany: async <TData extends BaseRecord = BaseRecord>({ resource, ids }: { resource: string; ids: readonly (string | number)[] }) => {
      // One at a time: a refusal (a row others refer to) stops the rest and is reported for that row.
      const data: TData[] = [];
      for (const id of ids) data.push((await client.delete<TData>(`${apiUrl}/${resource}/${encodeURIComponent(String(id))}`)).data);
      return { data };
    },
  };
}

export const dataProvider = createDataProvider();
