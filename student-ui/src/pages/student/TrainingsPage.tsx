import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getTrainings } from '../../api/training';
import { Badge, EmptyState, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function TrainingsPage() {
  const { t } = useTranslation('training');
  usePageTitle(t('list.title'));
  const locale = currentLocale();
  const { data, error, reload } = useApi(getTrainings, 'trainings');
  return (
    <>
      <h1 className="page-title">{t('list.title')}</h1>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton height={160} /> : null}
      {data && data.length === 0 ? <EmptyState title={t('list.empty')} /> : null}
      <div className="grid">
        {data?.map((tr) => (
          <Link key={tr.id} to={`/student/training/${tr.id}`} className="card card--link">
            <span className="cluster">
              <Badge tone={tr.paid ? 'default' : 'neutral'}>{tr.paid ? t('paid') : t('free')}</Badge>
              {tr.joined ? <Badge tone="success">{t('joined')}</Badge> : null}
            </span>
            <h2 className="card__title">{pick(tr.title, locale)}</h2>
            <p className="muted">{pick(tr.description, locale)}</p>
            <p className="muted">{t('list.rules', { tries: tr.tryNumber, hearts: tr.heartsMax, minutes: tr.heartResetMinutes })}</p>
          </Link>
        ))}
      </div>
    </>
  );
}
