/**
 * The one way the public site talks to the API: every request asks for JSON and tells the server the interface
 * language (X-Locale), so messages come back in the language the pupil reads.
 */
import { currentLocale } from '@olymp/web-common';

export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** `path` is relative to /api (`'auth/me'`), root-relative (`'/api/auth/me'`) or absolute. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `${API_BASE}/${path}`;
}

export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  headers.set('X-Locale', currentLocale());
  return fetch(apiUrl(path), { credentials: 'same-origin', ...init, headers });
}

/**
 * Sends `body` as JSON (when given; a FormData goes as multipart, its boundary set by the browser) and returns the
 * parsed JSON answer; a non-2xx answer throws ApiError.
 */
export async function apiJson<T>(path: string, init: Omit<RequestInit, 'body'> & { body?: unknown } = {}): Promise<T> {
  const { body, ...rest } = init;
  const headers = new Headers(rest.headers);
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  const response = await apiFetch(path, { ...rest, headers, body: body === undefined ? undefined : multipart ? body : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // A proxy or crash page instead of JSON: report it as a failed call, never hand it to the caller as data.
      throw new ApiError(response.ok ? 502 : response.status, text);
    }
  }
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed as T;
}
