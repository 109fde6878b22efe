/**
 * The signed-in session in localStorage (spec 3: the token and the user id under two fixed keys; the refresh token
 * beside them) and the device id generated once per browser. Plain functions so the HTTP layer and the auth
 * provider share one source.
 */
export const TOKEN_KEY = 'authToken';
export const USER_ID_KEY = 'authUserId';
export const REFRESH_TOKEN_KEY = 'authRefreshToken';
export const DEVICE_ID_KEY = 'device_id';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export interface Session {
  token: string;
  userId: string;
  refreshToken?: string;
}

export function readSession(): Session | undefined {
  const s = storage();
  const token = s?.getItem(TOKEN_KEY);
  const userId = s?.getItem(USER_ID_KEY);
  if (!token || !userId) return undefined;
  return { token, userId, refreshToken: s?.getItem(REFRESH_TOKEN_KEY) ?? undefined };
}

export function saveSession(session: Session): void {
  const s = storage();
  s?.setItem(TOKEN_KEY, session.token);
  s?.setItem(USER_ID_KEY, session.userId);
  if (session.refreshToken) s?.setItem(REFRESH_TOKEN_KEY, session.refreshToken);
}

export function clearSession(): void {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(USER_ID_KEY);
  s?.removeItem(REFRESH_TOKEN_KEY);
}

/** Generated once and kept (spec 3), sent with code requests and sign-in. */
export function deviceId(): string {
  const s = storage();
  let id = s?.getItem(DEVICE_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    s?.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}

/** Spec 3: what the browser tells about itself at code request and sign-in. */
export function deviceInfo(): Record<string, string | number> {
  const nav = navigator as Navigator & { deviceMemory?: number };
  const info: Record<string, string | number> = {
    userAgent: nav.userAgent.slice(0, 500),
    platform: (nav.platform || 'unknown').slice(0, 100),
    language: nav.language.slice(0, 35),
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone.slice(0, 64),
    colorDepth: window.screen.colorDepth,
    pixelRatio: window.devicePixelRatio,
    touchPoints: nav.maxTouchPoints,
    hardwareConcurrency: nav.hardwareConcurrency,
    lastAccessed: new Date().toISOString(),
  };
  if (typeof nav.deviceMemory === 'number') info.deviceMemory = nav.deviceMemory;
  return info;
}
