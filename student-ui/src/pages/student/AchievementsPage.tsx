import { useTranslation } from 'react-i18next';
import type { AchievementListReply } from '@olymp/proto';
import { currentLocale } from '@olymp/web-common';
import { authJson } from '../../api/session';
import { EmptyState, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDate, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function AchievementsPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('achievements.title'));
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => authJson<AchievementListReply>('achievements').then((a) => a.data), 'achievements');
  return (
    <>
      <h1 className="page-title">{t('achievements.title')}</h1>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton height={160} /> : null}
      {data && data.length === 0 ? <EmptyState icon="🏆" title={t('achievements.empty')} /> : null}
      <div className="grid">
        {data?.map((a) => (
          <section key={a.id} className="card">
            <p aria-hidden="true" className="achievement__icon">
              🏆
            </p>
            <h2 className="card__title">{pick(a.title, locale) || t('achievements.finisher')}</h2>
            <p className="muted">{formatDate(a.earnedAt, locale)}</p>
            <p className="muted">{t('achievements.code', { code: a.certificateCode })}</p>
            <a className="button button--outline button--small" href={`/api/achievements/${a.certificateCode}/print`} target="_blank" rel="noopener">
              {t('achievements.certificate')}
            </a>
            <a className="button button--outline button--small" href={`/api/achievements/${a.certificateCode}/download`} download>
              {t('achievements.download')}
            </a>
          </section>
        ))}
      </div>
    </>
  );
}
