/**
 * The header's bell: a link to the signed-in pupil's notices with the number of unread ones. The count is read once
 * per page load and again whenever notices change (one arrives over the socket, or some are marked read).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NOTICES_CHANGED, getNotices } from '../api/notices';

export function NoticesLink() {
  const { t } = useTranslation();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let alive = true;
    const count = () => {
      getNotices(1, 1).then(
        (page) => alive && setUnread(page.unread),
        () => undefined, // the badge is a hint: a failed count leaves it as it was
      );
    };
    count();
    window.addEventListener(NOTICES_CHANGED, count);
    return () => {
      alive = false;
      window.removeEventListener(NOTICES_CHANGED, count);
    };
  }, []);
  const label = unread > 0 ? t('header.noticesUnread', { n: unread }) : t('nav.notices');
  return (
    <NavLink to="/student/notices" className="site-header__bell" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {unread > 0 ? (
        <span className="site-header__bell-count" aria-hidden="true" data-testid="notices-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
