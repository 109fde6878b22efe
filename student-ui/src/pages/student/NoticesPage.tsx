/**
 * The pupil's notices (spec section 9, notifications service): newest first, unread ones marked, each read on its
 * own or all at once; more are loaded page by page. New ones also pop up as toasts over the socket. The server
 * writes the texts in the reader's language, so a language switch reads the list again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { getNotices, markAllNoticesRead, markNoticeRead, noticesChanged, type Notice, type NoticePage } from '../../api/notices';
import { errorMessage } from '../../auth/otp';
import { Alert, Badge, Button, EmptyState, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/useApi';

const PAGE_SIZE = 20;

export default function NoticesPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('notices.title'));
  const locale = currentLocale();
  const { data, error, setData, reload } = useApi(() => getNotices(1, PAGE_SIZE), `notices:${locale}`);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const replace = (page: NoticePage, notice: Notice, wasUnread: boolean) =>
    setData({ ...page, unread: Math.max(0, page.unread - (wasUnread && notice.readAt ? 1 : 0)), data: page.data.map((n) => (n.id === notice.id ? notice : n)) });

  const readOne = async (notice: Notice) => {
    if (!data) return;
    setBusy(notice.id);
    setActionError(null);
    try {
      const answer = await markNoticeRead(notice.id);
      replace(data, answer.data, notice.readAt === null);
      noticesChanged();
    } catch (err) {
      setActionError(errorMessage(err, t('errors.save')));
    } finally {
      setBusy(null);
    }
  };

  const readAll = async () => {
    if (!data) return;
    setBusy('all');
    setActionError(null);
    try {
      await markAllNoticesRead();
      const now = new Date().toISOString();
      setData({ ...data, unread: 0, data: data.data.map((n) => ({ ...n, readAt: n.readAt ?? now })) });
      noticesChanged();
    } catch (err) {
      setActionError(errorMessage(err, t('errors.save')));
    } finally {
      setBusy(null);
    }
  };

  const more = async () => {
    if (!data) return;
    setBusy('more');
    setActionError(null);
    try {
      const next = await getNotices(data.page + 1, PAGE_SIZE);
      const seen = new Set(data.data.map((n) => n.id));
      setData({ ...next, data: [...data.data, ...next.data.filter((n) => !seen.has(n.id))] });
    } catch (err) {
      setActionError(errorMessage(err, t('errors.load')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="cluster cluster--between">
        <h1 className="page-title">{t('notices.title')}</h1>
        {data && data.unread > 0 ? (
          <Button variant="outline" small busy={busy === 'all'} onClick={() => void readAll()}>
            {t('notices.readAll')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <Alert tone="error">
          {errorMessage(error, t('errors.load'))}{' '}
          <Button variant="ghost" small onClick={() => void reload()}>
            {t('notices.retry')}
          </Button>
        </Alert>
      ) : null}
      {actionError ? <Alert tone="error">{actionError}</Alert> : null}
      {!data && !error ? <Skeleton height={160} /> : null}
      {data && data.data.length === 0 ? <EmptyState icon="🔔" title={t('notices.empty')} /> : null}
      {data && data.data.length > 0 ? (
        <>
          <p className="muted" data-testid="notices-unread-total">
            {t('notices.unread', { n: data.unread })}
          </p>
          <ul className="notice-list">
            {data.data.map((notice) => (
              <li key={notice.id} className={notice.readAt ? 'card notice' : 'card notice notice--unread'} data-notice-id={notice.id}>
                <div className="notice__head">
                  <h2 className="notice__title">{notice.title}</h2>
                  {notice.readAt ? null : <Badge tone="info">{t('notices.new')}</Badge>}
                </div>
                <p className="notice__text">{notice.text}</p>
                <div className="notice__foot">
                  <time className="muted" dateTime={notice.createdAt}>
                    {formatDateTime(notice.createdAt, locale)}
                  </time>
                  {notice.readAt ? null : (
                    <Button variant="ghost" small busy={busy === notice.id} onClick={() => void readOne(notice)}>
                      {t('notices.markRead')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {data.page < data.pageCount ? (
            <Button variant="outline" busy={busy === 'more'} onClick={() => void more()}>
              {t('notices.more')}
            </Button>
          ) : null}
        </>
      ) : null}
    </>
  );
}
