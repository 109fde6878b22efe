/** The library for pupils: published libraries by grade and subject, and how many cards are due today. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getDue, getLibraries } from '../../../api/library';
import { Badge, EmptyState, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { LoadFailed } from '../../../layouts/LoadFailed';

export default function LibrariesPage() {
  const { t } = useTranslation('library');
  usePageTitle(t('list.title'));
  const locale = currentLocale();
  const { data, error, reload } = useApi(getLibraries, 'libraries');
  const due = useApi(getDue, 'library-due');
  return (
    <>
      <h1 className="page-title">{t('list.title')}</h1>
      {due.data ? <p className="muted" data-testid="due-today">{t('list.dueToday', { count: due.data.count })}</p> : null}
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton height={160} /> : null}
      {data && data.length === 0 ? <EmptyState title={t('list.empty')} /> : null}
      <div className="grid">
        {data?.map((l) => (
          <Link key={l.id} to={`/student/library/${l.id}`} className="card card--link" data-testid="library">
            <span className="cluster">
              <Badge tone="info">{t(`subjects.${l.subject}`)}</Badge>
              <Badge tone="neutral">{t('grade', { grade: l.grade })}</Badge>
            </span>
            <h2 className="card__title">{pick(l.title, locale)}</h2>
            <p className="muted">{t('list.counts', { chapters: l.chapterCount, cards: l.cardCount })}</p>
          </Link>
        ))}
      </div>
    </>
  );
}
