/**
 * The one HTTP client of the admin panel (axios; Refine's data provider uses it too). Every request asks for JSON,
 * carries the interface language (X-Locale, spec 7) and the token when there is one. Error answers of the API
 * (`{ statusCode, code, message, errors?: { field: message } }`) become Refine's HttpError with field messages as
 * arrays, so forms show them under their fields. An expired token is renewed once with the refresh token (which
 * rotates) and the request repeated; if that fails the session is over and Refine's authProvider.onError sends
 * the visitor to the sign-in page.
 */
import { currentLocale } from '@olymp/web-common';
import type { HttpError } from '@refinedev/core';
import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { clearSession, readSession, saveSession } from '../auth/session';

export const API_URL = '/api';

/** What the API answers on an error (libs/server-kit error filter). */
export interface ApiErrorBody {
  statusCode: number;
  code?: string;
  message?: string;
  errors?: Record<string, string>;
  details?: Record<string, unknown>;
}

export interface ApiError extends HttpError {
  code?: string;
}

/** Turns any failure into Refine's HttpError shape; network failures get status 0 and the code NETWORK. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    const status = error.response?.status ?? 0;
    const fieldErrors = body && typeof body === 'object' && body.errors && typeof body.errors === 'object' ? body.errors : undefined;
    return {
      name: 'ApiError',
      statusCode: status,
      code: typeof body?.code === 'string' ? body.code : status ? `HTTP_${status}` : 'NETWORK',
      message: typeof body?.message === 'string' ? body.message : error.message,
      ...(fieldErrors ? { errors: Object.fromEntries(Object.entries(fieldErrors).map(([field, text]) => [field, [String(text)]])) } : {}),
    };
  }
  if (error && typeof error === 'object' && 'statusCode' in error) return error as ApiError;
  return { name: 'ApiError', statusCode: 0, code: 'UNKNOWN', message: error instanceof Error ? error.message : String(error) };
}

export function isUnauthenticated(error: unknown): boolean {
  const e = toApiError(error);
  return e.statusCode === 401;
}

const NO_REFRESH = /\/(login|send-otp|verify-otp|refresh-token|logout)$/;

type Retriable = InternalAxiosRequestConfig & { _retried?: boolean };

export function createHttpClient(baseURL = ''): AxiosInstance {
  const client = axios.create({ baseURL });
  let refreshing: Promise<boolean> | undefined;

  async function refresh(): Promise<boolean> {
    const session = readSession();
    if (!session?.refreshToken) return false;
    try {
      const { data } = await axios.post<{ data: { token: string; refreshToken: string } }>(
        `${baseURL}${API_URL}/refresh-token`,
        { refreshToken: session.refreshToken },
        { headers: { Accept: 'application/json', 'X-Locale': currentLocale() } },
      );
      saveSession({ userId: session.userId, token: data.data.token, refreshToken: data.data.refreshToken });
      return true;
    } catch {
      return false;
    }
  }

  client.interceptors.request.use((config) => {
    config.headers.set('Accept', 'application/json');
    config.headers.set('X-Locale', currentLocale());
    const session = readSession();
    if (session && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${session.token}`);
    return config;
  });

  client.interceptors.response.use(
    (response) => response,
    async (error: unknown) => {
      if (error instanceof AxiosError && error.response?.status === 401 && error.config) {
        const config = error.config as Retriable;
        if (!config._retried && !NO_REFRESH.test(config.url ?? '') && readSession()) {
          config._retried = true;
          refreshing ??= refresh().finally(() => {
            refreshing = undefined;
          });
          if (await refreshing) {
            config.headers.delete('Authorization');
            return client.request(config);
          }
          clearSession();
        }
      }
      return Promise.reject(toApiError(error));
    },
  );
  return client;
}

export const http = createHttpClient();

/** `{ data }` answers of the API's own (non-CRUD) routes. */
export async function getData<T>(path: string, params?: Record<string, unknown>): Promise<T> {
  const { data } = await http.get<{ data: T }>(`${API_URL}/${path}`, { params });
  return data.data;
}
