import { ThemedLayout, RefineThemes, useNotificationProvider } from '@refinedev/antd';
import { DEFAULT_LOCALE, ScrollToTop, isLocale } from '@olymp/web-common';
import { Refine, useGetIdentity, useIsAuthenticated } from '@refinedev/core';
import { CatchAllNavigate, UnsavedChangesNotifier } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Spin } from 'antd';
import { Suspense, lazy, useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Route, Routes, useParams } from 'react-router';
import { Header } from './components/Header';
import { Logo } from './components/Logo';
import { Title } from './components/Title';
import { ToastDrag } from './components/toast-drag';
import { GeneratedForm } from './crud/GeneratedForm';
import { GeneratedList } from './crud/GeneratedList';
import { GeneratedShow } from './crud/GeneratedShow';
import { PRODUCT_NAME } from './hooks/usePageTitle';
import { MetaProvider, useMeta } from './meta/MetaContext';
import { buildResources } from './meta/resources';
import { CUSTOM_PAGES, EXTRA_ROUTES, type PageProps } from './pages/registry';
import { useAccess } from './hooks/useAccess';
import { useReducedMotion } from './hooks/useReducedMotion';
import { accessControlProvider, keysFor, setAccessRules } from './providers/access';
import { useAntdLocale } from './providers/antd-locale';
import { authProvider, type Identity } from './providers/auth';
import { dataProvider } from './providers/data';
import { useI18nProvider } from './providers/i18n';
import { routerProvider } from './providers/router';

const HomePage = lazy(() => import('./pages/HomePage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const UnauthorizedPage = lazy(() => import('./pages/UnauthorizedPage'));

function PageFallback() {
  return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} />;
}

/**
 * Sign-in required (spec 4): a guest goes to /login with the wanted path kept (`?to=`). Unlike Refine's
 * <Authenticated>, a background re-check (a language switch refetches it) keeps the page mounted.
 */
function RequireAuth({ children }: { children: ReactNode }) {
  const { data, isLoading } = useIsAuthenticated();
  if (isLoading && !data) return <PageFallback />;
  if (!data?.authenticated) return <CatchAllNavigate to="/login" />;
  return <>{children}</>;
}

/** Spec 6: staff routes show not-found to students (without the staff sidebar). */
function StaffOnly({ children }: { children: ReactNode }) {
  const { data: identity, isLoading } = useGetIdentity<Identity>();
  if (isLoading) return <PageFallback />;
  if (identity?.student) {
    return (
      <Suspense fallback={<PageFallback />}>
        <NotFoundPage standalone />
      </Suspense>
    );
  }
  return <>{children}</>;
}

/** A page with a permission key: a user lacking it gets the unauthorized page (spec 6). */
function Guard({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  // Decided from the already loaded identity and permissions, synchronously: a language switch (which rebuilds the
  // resources' labels) must not unmount a page with a half-filled form while an access query runs again.
  const { has, ready } = useAccess();
  if (!ready) return <PageFallback />;
  const keys = keysFor(resource, action) ?? [];
  return has(...keys) ? <>{children}</> : <UnauthorizedPage />;
}

function WithId({ render }: { render: (id: string, params: Record<string, string | undefined>) => ReactNode }) {
  const params = useParams();
  return <>{render(params.id ?? '', params)}</>;
}

function page(Component: ComponentType<PageProps>, resource: string) {
  return <WithId render={(id, params) => <Component resource={resource} id={id} params={params} />} />;
}

function AdminApp() {
  const { t } = useTranslation();
  const i18nProvider = useI18nProvider();
  const { resources: metas } = useMeta();
  const built = useMemo(() => buildResources(metas, t), [metas, t]);
  setAccessRules(built.rules, built.groups);

  return (
    <Refine
      dataProvider={dataProvider}
      routerProvider={routerProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useNotificationProvider}
      resources={built.resources}
      options={{
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        disableTelemetry: true,
        title: { text: PRODUCT_NAME, icon: <Logo /> },
      }}
    >
      <ScrollToTop />
      <Routes>
        <Route
          path="/login"
          element={
            <Suspense fallback={<PageFallback />}>
              <LoginPage />
            </Suspense>
          }
        />
        <Route
          element={
            <RequireAuth>
              <StaffOnly>
                <ThemedLayout Header={Header} Title={Title}>
                  <Suspense fallback={<PageFallback />}>
                    <Outlet />
                  </Suspense>
                </ThemedLayout>
              </StaffOnly>
            </RequireAuth>
          }
        >
          <Route index element={<HomePage />} />
          {built.standard.map(({ entry, meta }) => {
            const pages = CUSTOM_PAGES[entry.name] ?? {};
            const name = entry.name;
            return [
              meta.actions.has('list') ? (
                <Route key={`${name}:list`} path={entry.route} element={<Guard resource={name} action="list">{pages.list ? page(pages.list, name) : <GeneratedList key={name} resource={name} />}</Guard>} />
              ) : null,
              meta.actions.has('create') ? (
                <Route key={`${name}:create`} path={`${entry.route}/create`} element={<Guard resource={name} action="create">{pages.create ? page(pages.create, name) : <GeneratedForm key={name} resource={name} action="create" />}</Guard>} />
              ) : null,
              meta.actions.has('edit') ? (
                <Route key={`${name}:edit`} path={`${entry.route}/:id/edit`} element={<Guard resource={name} action="edit">{pages.edit ? page(pages.edit, name) : <WithId render={(id) => <GeneratedForm key={id} resource={name} action="edit" id={id} />} />}</Guard>} />
              ) : null,
              meta.actions.has('show') ? (
                <Route key={`${name}:show`} path={`${entry.route}/:id`} element={<Guard resource={name} action="show">{pages.show ? page(pages.show, name) : <WithId render={(id) => <GeneratedShow key={id} resource={name} id={id} />} />}</Guard>} />
              ) : null,
            ];
          })}
          {built.custom.map((entry) => {
            const Component = CUSTOM_PAGES[entry.name]?.list;
            return Component ? <Route key={entry.name} path={entry.route} element={<Guard resource={entry.name} action="list">{page(Component, entry.name)}</Guard>} /> : null;
          })}
          {EXTRA_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<Guard resource={r.resource} action={r.action}>{page(r.component, r.resource)}</Guard>} />
          ))}
          <Route path="/unauthorized" element={<UnauthorizedPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
      <UnsavedChangesNotifier />
    </Refine>
  );
}

export function App() {
  const { i18n } = useTranslation();
  const antdLocale = useAntdLocale(isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => ({ ...RefineThemes.Blue, token: { ...RefineThemes.Blue.token, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <ConfigProvider theme={theme} locale={antdLocale}>
      {/* Spec 9: toasts top-right, 5 s, at most 20 at once. */}
      <AntdApp notification={{ placement: 'topRight', duration: 5, maxCount: 20 }} message={{ duration: 5, maxCount: 20 }}>
        {/* ... and dismissed by a sideways drag past 60 % of their width. */}
        <ToastDrag />
        <MetaProvider>
          <AdminApp />
        </MetaProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
