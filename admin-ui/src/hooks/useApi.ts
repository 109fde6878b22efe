/**
 * GETs of the API's own (non-CRUD) routes for custom pages, through the same client (token, X-Locale, refresh),
 * cached and refetched by react-query; `enabled: false` when the user lacks the key the route needs.
 */
import { useQuery } from '@tanstack/react-query';
import { API_URL, http } from '../api/http';

export function useApi<T>(path: string, params: Record<string, unknown> = {}, enabled = true) {
  return useQuery({
    queryKey: ['api', path, params],
    queryFn: async () => (await http.get<T>(`${API_URL}/${path}`, { params })).data,
    enabled,
  });
}

export async function apiSend<T>(method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown): Promise<T> {
  return (await http.request<T>({ method, url: `${API_URL}/${path}`, data: body })).data;
}
