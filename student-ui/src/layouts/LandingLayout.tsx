import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppBanner } from './AppBanner';
import { PageLoading } from './PageLoading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Frame of the public site: app banner (phones), header, the page, footer. */
export function LandingLayout() {
  const { t } = useTranslation();
  const menu = [
    { to: '/', label: t('nav.home') },
    { to: '/altyn-saqa', label: t('nav.olympiad') },
    { to: '/altyn-saqa-landing', label: t('nav.challenge') },
    { to: '/challenges', label: t('nav.challenges') },
    { to: '/altyn-saqa-landing#faq', label: t('nav.faq') },
  ];
  return (
    <div className="page">
      <a className="skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <AppBanner />
      <SiteHeader menu={menu} />
      <main id="content" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
