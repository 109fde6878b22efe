/** Route guards (spec sections 4 and 6). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageLoading } from '../layouts/PageLoading';
import { homeOf, loginRedirectFor, useAuth } from './AuthProvider';

/** A guest goes to /login?redirect=<this page>; a signed-in non-student sees the dashboard not-found page. */
export function RequireStudent({ children, notFound }: { children: ReactNode; notFound: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  if (status === 'loading') return <PageLoading label={t('loading')} />;
  if (status === 'guest' || !user) return <Navigate to={loginRedirectFor(location)} replace />;
  if (!user.student) return <>{notFound}</>;
  return <>{children}</>;
}

/** A same-site path from ?redirect= (never another origin: `//evil.example` and `https:` are refused). */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * Login and registration pages: a signed-in user goes where ?redirect= says, or home (student home, or the staff
 * home for staff).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  if (status === 'loading') return <PageLoading label={t('loading')} />;
  if (status === 'signedIn' && user) return <Navigate to={safeRedirect(params.get('redirect')) ?? homeOf(user)} replace />;
  return <>{children}</>;
}
