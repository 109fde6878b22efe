import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PRODUCT_NAME } from '../hooks/usePageTitle';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

/** Frame of the public site: header with logo and language switcher, the page, a short footer. */
export function LandingLayout() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <a className="skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="site-header__home" aria-label={t('nav.home')}>
            <Logo />
          </Link>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="content" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <div className="container">{t('footer.rights', { year: 2024, product: PRODUCT_NAME })}</div>
      </footer>
    </div>
  );
}

/** Shown while a page's code or translations load; `label` is omitted before any translation is available. */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <span className="page-loading__dot" aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </div>
  );
}
