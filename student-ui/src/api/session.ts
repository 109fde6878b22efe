/**
 * The signed-in session: the access token (15 min), the refresh token (rotated on every use) and the user id, kept
 * in localStorage under fixed keys. `authJson` adds the Bearer token, refreshes once on a 401 and, when the session
 * is over (401 "Unauthenticated." after that), clears it and tells the listener (the app sends the pupil to /login).
 */
import type { RefreshReply, SignedInSession } from '@olymp/proto';
import { ApiError, apiJson } from './http';
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
