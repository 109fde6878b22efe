/**
 * What the site keeps in the browser (spec section 3): the access token and the user id under two fixed keys, the
 * device id (made once), the refresh token, the remembered sign-in channel. Storage can be blocked: every helper
 * survives that and the site then works for the visit only.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'user_uuid',
  refreshToken: 'refresh_token',
  deviceId: 'device_id',
  loginChannel: 'login_channel',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readKey(key: Key | string, kind: 'local' | 'session' = 'local'): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: Key | string, value: string | null, kind: 'local' | 'session' = 'local'): void {
  try {
    if (value === null) store(kind)?.removeItem(key);
    else store(kind)?.setItem(key, value);
  } catch {
    // Private mode or full storage: keep going without persistence.
  }
}

export function readJson<T>(key: string, kind: 'local' | 'session' = 'local'): T | null {
  const raw = readKey(key, kind);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, kind: 'local' | 'session' = 'local'): void {
  writeKey(key, value === null || value === undefined ? null : JSON.stringify(value), kind);
}
