/** /challenges for guests: the published challenges, with sign-in to join. */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { apiJson } from '../../api/http';
import type { ChallengeSummary } from '../../api/learning';
import { ButtonLink, EmptyState, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDate, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { StatusBadges } from '../student/parts/ChallengeCard';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function PublicChallengesPage() {
  const { t } = useTranslation('challenges');
  usePageTitle(t('list.title'));
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => apiJson<{ data: ChallengeSummary[] }>('challenges-all').then((a) => a.data), 'public-challenges');
  return (
    <section className="container section stack">
      <h1 className="page-title">{t('list.title')}</h1>
      <p className="muted">{t('list.guestLead')}</p>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton height={180} /> : null}
      {data && data.length === 0 ? <EmptyState title={t('list.empty')} /> : null}
      <div className="grid">
        {data?.map((c) => (
          <article key={c.id} className="card">
            <StatusBadges challenge={c} />
            <h2 className="card__title">{pick(c.title, locale)}</h2>
            <p className="muted">{pick(c.description, locale)}</p>
            <p className="muted">
              {c.grade ? `${t('gradeN', { grade: c.grade })} · ` : ''}
              {formatDate(c.startsAt, locale)} — {formatDate(c.endsAt, locale)}
            </p>
            <ButtonLink to={`/login?redirect=${encodeURIComponent(`/student/challenges/${c.id}`)}`} small>
              {t('list.signInToJoin')}
            </ButtonLink>
          </article>
        ))}
      </div>
    </section>
  );
}
