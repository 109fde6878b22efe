/**
 * Who is signed in (spec sections 3 and 4): after sign-in the profile, then the permission list, are loaded. The
 * session ends by logout or when the server says so (a 401 "Unauthenticated." under /student or /admin sends the
 * visitor to /login with the page they were on kept as ?redirect=).
 */
import type { ProfileReply, ProfileView, UserPermissionsReply } from '@olymp/proto';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/http';
import { authJson, clearSession, onSessionExpired, saveSession, storedToken, type TokenData } from '../api/session';

/** The signed-in user (GET /api/profile): proto's contract (proto/src/http.auth.ts). */
export type Profile = ProfileView;

export type AuthStatus = 'loading' | 'guest' | 'signedIn';

interface AuthApi {
  status: AuthStatus;
  user: Profile | null;
  permissions: readonly string[];
  signIn(tokens: TokenData): Promise<Profile>;
  signOut(): Promise<boolean>;
  reloadProfile(): Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const api = useContext(AuthContext);
  if (!api) throw new Error('useAuth outside AuthProvider');
  return api;
}

/** The signed-in user; only inside pages guarded by RequireStudent. */
export function useUser(): Profile {
  const { user } = useAuth();
  if (!user) throw new Error('useUser without a signed-in user');
  return user;
}

export const PROTECTED_PREFIXES = ['/student', '/admin'];

export function loginRedirectFor(location: { pathname: string; search: string; hash?: string }): string {
  const target = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return `/login?redirect=${encodeURIComponent(target)}`;
}

async function loadProfile(): Promise<{ user: Profile; permissions: string[] }> {
  const profile = await authJson<ProfileReply>('profile');
  const permissions = await authJson<UserPermissionsReply>('user-permissions');
  return { user: profile.data, permissions: permissions.data };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>(() => (storedToken() ? 'loading' : 'guest'));
  const [user, setUser] = useState<Profile | null>(null);
  const [permissions, setPermissions] = useState<readonly string[]>([]);
  const navigate = useNavigate();
  const location = useLocation();

  const apply = useCallback((loaded: { user: Profile; permissions: string[] } | null) => {
    setUser(loaded?.user ?? null);
    setPermissions(loaded?.permissions ?? []);
    setStatus(loaded ? 'signedIn' : 'guest');
  }, []);

  const reloadProfile = useCallback(async () => {
    try {
      apply(await loadProfile());
    } catch (error) {
      // Spec section 8: a failed profile load clears the session data (a network failure leaves it for a retry).
      if (error instanceof ApiError) {
        clearSession();
        apply(null);
      }
      throw error;
    }
  }, [apply]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Without a network the stored session is kept and the profile asked for again, rather than signing out.
    const attempt = () => {
      if (!storedToken()) return;
      reloadProfile().catch((error: unknown) => {
        if (!(error instanceof ApiError) && storedToken()) timer = setTimeout(attempt, 3000);
      });
    };
    attempt();
    return () => clearTimeout(timer);
  }, [reloadProfile]);

  // The location is read when the session expires, not when the listener was made.
  const where = useRef(location);
  where.current = location;
  useEffect(
    () =>
      onSessionExpired(() => {
        apply(null);
        const here = where.current;
        if (PROTECTED_PREFIXES.some((p) => here.pathname === p || here.pathname.startsWith(`${p}/`))) {
          void navigate(loginRedirectFor(here), { replace: true });
        }
      }),
    [apply, navigate, where],
  );

  const signIn = useCallback(
    async (tokens: TokenData) => {
      saveSession(tokens);
      setStatus('loading');
      const loaded = await loadProfile();
      apply(loaded);
      return loaded.user;
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    let ok = true;
    try {
      await authJson('logout', { method: 'POST' });
    } catch {
      ok = false; // spec section 8: a failed logout reports false; the local session ends anyway.
    }
    clearSession();
    apply(null);
    return ok;
  }, [apply]);

  const value = useMemo(() => ({ status, user, permissions, signIn, signOut, reloadProfile }), [status, user, permissions, signIn, signOut, reloadProfile]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Where a signed-in user belongs: the student home, or the staff home for everyone else (spec section 4). */
export function homeOf(user: Pick<Profile, 'student'>): string {
  return user.student ? '/student/home' : '/admin';
}
