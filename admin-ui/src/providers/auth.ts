/**
 * Refine's auth provider on the OTP flow (spec 4, docs/auth.md): the login page asks for a code (POST send-otp;
 * locally it lands in the development inbox), then signs in with phone and code (POST login), keeps the token, the
 * refresh token and the user id, loads the profile and the permission list. A 401 anywhere clears the session and
 * sends the visitor to the sign-in page with the wanted path kept (`?to=`).
 */
import type { AuthProvider } from '@refinedev/core';
import { API_URL, getData, http, toApiError } from '../api/http';
import { clearSession, deviceId, deviceInfo, readSession, saveSession } from '../auth/session';

export interface Identity {
  uuid: string;
  roleId: number;
  student: boolean;
  firstName: string;
  lastName?: string;
  phone: string;
  name: string;
}

export const ADMIN_ROLE_ID = 1;

/** The loaded user and their permission names; one load per token, shared by every check. */
let loaded: { token: string; identity: Promise<Identity>; permissions: Promise<string[]> } | undefined;

function load() {
  const session = readSession();
  if (!session) return undefined;
  if (loaded?.token !== session.token) {
    const identity = getData<Omit<Identity, 'name'>>('profile').then((p) => ({ ...p, name: [p.firstName, p.lastName].filter(Boolean).join(' ') }));
    const permissions = getData<string[]>('user-permissions');
    loaded = { token: session.token, identity, permissions };
    // A failed load must not stick: the next check asks again.
    Promise.all([identity, permissions]).catch(() => {
      if (loaded?.token === session.token) loaded = undefined;
    });
  }
  return loaded;
}

/** Whether the signed-in staff member teaches a course group: asked once per token, only when a screen needs it. */
let teaching: { token: string; teaches: Promise<boolean> } | undefined;

export async function teachesGroups(): Promise<boolean> {
  const session = readSession();
  if (!session) return false;
  if (teaching?.token !== session.token) {
    const teaches = getData<unknown[]>('my-teaching-groups').then((groups) => groups.length > 0);
    teaching = { token: session.token, teaches };
    teaches.catch(() => {
      if (teaching?.token === session.token) teaching = undefined;
    });
  }
  return teaching.teaches.catch(() => false);
}

/** Forgets who teaches what (after a sign-out). */
export function forgetTeaching(): void {
  teaching = undefined;
}

export async function currentIdentity(): Promise<Identity | undefined> {
  return load()?.identity;
}

export async function currentPermissions(): Promise<string[]> {
  return (await load()?.permissions) ?? [];
}

/** Spec 6: admin holds every permission; anyone else needs the key in the loaded list. */
export function allows(identity: Identity | undefined, permissions: readonly string[], keys: readonly string[]): boolean {
  if (!identity) throw new Error('User is not loaded');
  if (identity.student) return false;
  if (identity.roleId === ADMIN_ROLE_ID) return true;
  return keys.every((key) => permissions.includes(key));
}

/** Where the visitor was, for `?to=` (paths are relative to /admin). */
export function loginPathKeepingTarget(): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const here = window.location.pathname.startsWith(base) ? window.location.pathname.slice(base.length) || '/' : '/';
  if (here === '/login') return '/login';
  return `/login?to=${encodeURIComponent(here + window.location.search)}`;
}

export interface SendCodeParams {
  phone: string;
}

export async function sendCode({ phone }: SendCodeParams): Promise<{ message: string; resendAfterSeconds?: number }> {
  try {
    const { data } = await http.post<{ message: string; data?: { resendAfterSeconds?: number } }>(`${API_URL}/send-otp`, {
      phone,
      role: ADMIN_ROLE_ID,
      device_id: deviceId(),
      device_info: deviceInfo(),
    });
    return { message: data.message, resendAfterSeconds: data.data?.resendAfterSeconds };
  } catch (error) {
    throw toApiError(error);
  }
}

export const authProvider: AuthProvider = {
  login: async ({ phone, otp, to }: { phone: string; otp?: string; to?: string }) => {
    if (!otp) return { success: false, error: { name: 'login', message: 'Please provide otp.' } };
    try {
      const { data } = await http.post<{ data: { token: string; refreshToken: string; user: { uuid: string; student: boolean } } }>(`${API_URL}/login`, {
        phone,
        otp,
        role: ADMIN_ROLE_ID,
        device_id: deviceId(),
        device_info: deviceInfo(),
      });
      saveSession({ token: data.data.token, refreshToken: data.data.refreshToken, userId: data.data.user.uuid });
      return { success: true, redirectTo: to && to.startsWith('/') && !to.startsWith('//') ? to : '/' };
    } catch (error) {
      const e = toApiError(error);
      return { success: false, error: { name: e.code ?? 'login', message: e.message } };
    }
  },
  logout: async () => {
    if (readSession()) {
      await http.post(`${API_URL}/logout`).catch(() => undefined);
    }
    clearSession();
    loaded = undefined;
    forgetTeaching();
    return { success: true, redirectTo: '/login' };
  },
  check: async () => {
    if (!readSession()) return { authenticated: false, redirectTo: '/login', logout: true };
    try {
      await load()?.identity;
      return { authenticated: true };
    } catch (error) {
      // Spec 8: a failed profile load clears the session.
      if (toApiError(error).statusCode === 401) {
        clearSession();
        loaded = undefined;
        return { authenticated: false, redirectTo: loginPathKeepingTarget(), logout: true };
      }
      return { authenticated: true };
    }
  },
  onError: async (error: unknown) => {
    if (toApiError(error).statusCode === 401) {
      clearSession();
      loaded = undefined;
      return { logout: true, redirectTo: loginPathKeepingTarget(), error: toApiError(error) };
    }
    return {};
  },
  getIdentity: async () => (await currentIdentity()) ?? null,
  getPermissions: async () => currentPermissions(),
};
