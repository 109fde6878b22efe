/**
 * The student area's frame (/student): the announcement staff set (Settings > General), the site header with the
 * area's menu, a side navigation, the page, and the per-user notices arriving over socket.io as toasts (spec
 * section 9). The socket code is loaded after the first paint, in its own chunk, so no page (the quiz least of all)
 * waits for it.
 */
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { CHAT_CHANGED, getChatGroups } from '../api/chat';
import { noticesChanged } from '../api/notices';
import { orderNoticed } from '../api/shop';
import { usePublicSettings } from '../api/settings';
import { useToast } from '../design/toasts';
import { AnnouncementBanner } from './AnnouncementBanner';
import { AppBanner } from './AppBanner';
import { PageLoading } from './PageLoading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** The pupil's unread chat messages (the menu's badge): counted at load, on a new message and after reading. */
function useChatUnread(): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let alive = true;
    let stop: (() => void) | undefined;
    const count = () => {
      getChatGroups().then(
        (r) => alive && setUnread(r.unreadTotal),
        () => undefined, // a hint only: a failed count leaves it as it was
      );
    };
    count();
    window.addEventListener(CHAT_CHANGED, count);
    void import('../realtime/socket').then(({ acquireSharedConnection }) => {
      if (!alive) return;
      const { connection, release } = acquireSharedConnection();
      connection.socket.on('chat:message', count);
      stop = () => {
        connection.socket.off('chat:message', count);
        release();
      };
    });
    return () => {
      alive = false;
      window.removeEventListener(CHAT_CHANGED, count);
      stop?.();
    };
  }, []);
  return unread;
}

export function useStudentMenu() {
  const { t } = useTranslation();
  const unread = useChatUnread();
  return [
    { to: '/student/home', label: t('nav.studentHome') },
    { to: '/student/challenges', label: t('nav.challenge') },
    { to: '/student/my-challenges', label: t('nav.myChallenges') },
    { to: '/student/training', label: t('nav.training') },
    { to: '/student/library', label: t('nav.library') },
    { to: '/student/chat', label: unread > 0 ? t('nav.chatUnread', { n: unread > 99 ? '99+' : unread }) : t('nav.chat') },
    { to: '/student/achievements', label: t('nav.achievements') },
    { to: '/student/my-invoices', label: t('nav.invoices') },
    { to: '/student/zpoint', label: t('nav.zpoint') },
    { to: '/student/xpoint', label: t('nav.xpoint') },
    { to: '/student/store/live', label: t('nav.store') },
    { to: '/student/shop/products/home', label: t('nav.shop') },
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
      const onNotice = (notice: { kind: string; toast: 'success' | 'info'; title: string; text: string; data: Record<string, unknown> }) => {
        toast.show({ type: notice.toast, title: notice.title, text: notice.text });
        noticesChanged();
        // An order's page on screen reads the order again (docs/notifications.md: order.status.changed notices).
        if (notice.kind === 'order.status.changed' && typeof notice.data.orderId === 'string') orderNoticed(notice.data.orderId);
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
