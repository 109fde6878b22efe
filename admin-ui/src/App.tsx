import { ThemedLayout, RefineThemes, useNotificationProvider } from '@refinedev/antd';
import { DEFAULT_LOCALE, ScrollToTop, isLocale } from '@olymp/web-common';
import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider, { UnsavedChangesNotifier } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Spin } from 'antd';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Route, Routes } from 'react-router';
import { Header } from './components/Header';
import { HomeIcon, Logo } from './components/Logo';
import { Title } from './components/Title';
import { PRODUCT_NAME } from './hooks/usePageTitle';
import { useAntdLocale } from './providers/antd-locale';
import { dataProvider } from './providers/data';
import { useI18nProvider } from './providers/i18n';

const HomePage = lazy(() => import('./pages/HomePage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

function PageFallback() {
  return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} />;
}

export function App() {
  const { t, i18n } = useTranslation();
  const i18nProvider = useI18nProvider();
  const antdLocale = useAntdLocale(isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE);

  // The sidebar shows what `resources` lists; sections join here as they are built (issue 7).
  const resources = useMemo<ResourceProps[]>(
    () => [{ name: 'home', list: '/', meta: { label: t('sidebar.home'), icon: <HomeIcon /> } }],
    [t],
  );

  return (
    <ConfigProvider theme={RefineThemes.Blue} locale={antdLocale}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          i18nProvider={i18nProvider}
          notificationProvider={useNotificationProvider}
          resources={resources}
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
              element={
                <ThemedLayout Header={Header} Title={Title}>
                  <Suspense fallback={<PageFallback />}>
                    <Outlet />
                  </Suspense>
                </ThemedLayout>
              }
            >
              <Route index element={<HomePage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
          <UnsavedChangesNotifier />
        </Refine>
      </AntdApp>
    </ConfigProvider>
  );
}
