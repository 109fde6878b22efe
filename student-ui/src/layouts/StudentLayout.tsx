/**
 * The student area's frame (/student): the announcement staff set (Settings > General), the site header with the
 * area's menu, a side navigation, the page, and the per-user notices arriving over socket.io as toasts (spec
 * section 9). The socket code is loaded after the first paint, in its own chunk, so no page (the quiz least of all)
 * waits for it.
 */
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { noticesChanged } from '../api/notices';
import { usePublicSettings } from '../api/settings';
import { useToast } from '../design/toasts';
import { AnnouncementBanner } from './AnnouncementBanner';
import { AppBanner } from './AppBanner';
import { PageLoading } from './PageLoading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export function useStudentMenu() {
  const { t } = useTranslation();
  return [
    { to: '/student/home', label: t('nav.studentHome') },
    { to: '/student/challenges', label: t('nav.challenge') },
    { to: '/student/my-challenges', label: t('nav.myChallenges') },
    { to: '/student/training', label: t('nav.training') },
    { to: '/student/library', label: t('nav.library') },
    { to: '/student/achievements', label: t('nav.achievements') },
    { to: '/student/my-invoices', label: t('nav.invoices') },
    { to: '/student/zpoint', label: t('nav.zpoint') },
    { to: '/student/xpoint', label: t('nav.xpoint') },
    { to: '/student/profile', label: t('nav.profile') },
  ];
}

function useNoticeToasts() {
  const toast = useToast();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../realtime/socket').then(({ acquireSharedConnection }) => {
      if (cancelled) return;
      const { connection, release } = acquireSharedConnection();
      const onNotice = (notice: { toast: 'success' | 'info'; title: string; text: string }) => {
        toast.show({ type: notice.toast, title: notice.title, text: notice.text });
        noticesChanged();
      };
      connection.socket.on('notice', onNotice);
      stop = () => {
        connection.socket.off('notice', onNotice);
        release();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [toast]);
}

export function StudentLayout() {
  const { t } = useTranslation();
  const menu = useStudentMenu();
  useNoticeToasts();
  const settings = usePublicSettings(useLocation().pathname);
  return (
    <div className="page page--student">
      <a className="skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <AppBanner />
      <AnnouncementBanner announcement={settings?.announcement} />
      <SiteHeader menu={menu} />
      <div className="container student">
        <nav className="student__nav" aria-label={t('nav.studentArea')}>
          <ul>
            {menu.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="student__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="content" className="student__main" tabIndex={-1}>
          <Suspense fallback={<PageLoading label={t('loading')} />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SiteFooter support={settings?.support} />
    </div>
  );
}
