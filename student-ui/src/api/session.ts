/**
 * The signed-in session: the access token (15 min), the refresh token (rotated on every use) and the user id, kept
 * in localStorage under fixed keys. `authJson` adds the Bearer token, refreshes once on a 401 and, when the session
 * is over (401 "Unauthenticated." after that), clears it and tells the listener (the app sends the pupil to /login).
 */
import type { RefreshReply, SignedInSession } from '@olymp/proto';
import { ApiError, apiFetch, apiJson } from './http';
import { STORAGE_KEYS, readKey, writeKey } from '../lib/storage';

/** What a sign-in (with the user) or a refresh (without) answers: proto's contracts (proto/src/http.auth.ts). */
export type TokenData = RefreshReply['data'] & { user?: SignedInSession['user'] };

export function storedToken(): string | null {
  return readKey(STORAGE_KEYS.token);
}

export function storedUserId(): string | null {
  return readKey(STORAGE_KEYS.userId);
}

export function saveSession(data: TokenData): void {
  writeKey(STORAGE_KEYS.token, data.token);
  writeKey(STORAGE_KEYS.refreshToken, data.refreshToken);
  if (data.user) writeKey(STORAGE_KEYS.userId, data.user.uuid);
}

export function clearSession(): void {
  writeKey(STORAGE_KEYS.token, null);
  writeKey(STORAGE_KEYS.refreshToken, null);
  writeKey(STORAGE_KEYS.userId, null);
}

type Listener = () => void;
const expiryListeners = new Set<Listener>();

/** Called when the server says the session is over; returns the unsubscribe function. */
export function onSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: parallel 401s share it (each refresh token works once). */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = readKey(STORAGE_KEYS.refreshToken);
    if (!refreshToken) return false;
    try {
      const answer = await apiJson<RefreshReply>('refresh-token', { method: 'POST', body: { refreshToken } });
      saveSession(answer.data);
      return true;
    } catch (error) {
      // A network failure is not the end of the session: only a refusal is.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      throw error;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export function isUnauthenticated(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  const body = error.body as { code?: string; message?: string } | undefined;
  return body?.code === 'UNAUTHENTICATED' || body?.message === 'Unauthenticated.' || body === undefined;
}

type JsonInit = Omit<RequestInit, 'body'> & { body?: unknown };

function withToken(init: JsonInit): JsonInit {
  const token = storedToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/** An API call as the signed-in user (or as a guest when no token is stored). */
export async function authJson<T>(path: string, init: JsonInit = {}): Promise<T> {
  const hadToken = storedToken() !== null;
  try {
    return await apiJson<T>(path, withToken(init));
  } catch (error) {
    if (!hadToken || !isUnauthenticated(error)) throw error;
    if (await refreshSession()) return apiJson<T>(path, withToken(init)).catch((again: unknown) => expireOn(again));
    return expireOn(error);
  }
}

function expireOn(error: unknown): never {
  if (isUnauthenticated(error)) {
    clearSession();
    for (const listener of expiryListeners) listener();
  }
  throw error;
}

/**
 * Saves a file the API serves only to the signed-in (a plain link cannot carry the token): fetched with it (one
 * refresh on an expired token, as `authJson`), handed to the browser as a download named by `nameOf` from the
 * answer's Content-Disposition name (null without one). Used for an event's .ics and for materials' files.
 */
export async function downloadWithToken(path: string, nameOf: (serverName: string | null) => string): Promise<void> {
  const get = () => {
    const token = storedToken();
    return apiFetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  };
  let response = await get();
  if (response.status === 401 && storedToken() !== null && (await refreshSession())) response = await get();
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nameOf(fileNameOf(response.headers.get('content-disposition')));
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}
