/** /student/my-challenges: the challenges the pupil joined. */
import { useTranslation } from 'react-i18next';
import { getActiveChallenges } from '../../api/learning';
import { useUser } from '../../auth/AuthProvider';
import { ButtonLink, EmptyState, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useApi } from '../../lib/useApi';
import { ChallengeCard } from './parts/ChallengeCard';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function MyChallengesPage() {
  const { t } = useTranslation('challenges');
  usePageTitle(t('mine.title'));
  const user = useUser();
  const { data, error, reload } = useApi(() => getActiveChallenges(user.uuid), user.uuid);
  return (
    <>
      <h1 className="page-title">{t('mine.title')}</h1>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton height={180} /> : null}
      {data && data.length === 0 ? (
        <EmptyState title={t('mine.empty')}>
          <ButtonLink to="/student/challenges">{t('mine.browse')}</ButtonLink>
        </EmptyState>
      ) : null}
      <div className="grid">
        {data?.map((c) => (
          <ChallengeCard key={c.id} challenge={c} to={`/student/challenges/${c.id}`} />
        ))}
      </div>
    </>
  );
}
