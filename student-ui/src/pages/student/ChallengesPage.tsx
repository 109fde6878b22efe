/** /student/challenges: every published challenge; the pupil's own grade first. */
import { useTranslation } from 'react-i18next';
import { getChallenges } from '../../api/learning';
import { useUser } from '../../auth/AuthProvider';
import { EmptyState, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useApi } from '../../lib/useApi';
import { ChallengeCard } from './parts/ChallengeCard';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function ChallengesPage() {
  const { t } = useTranslation('challenges');
  usePageTitle(t('list.title'));
  const user = useUser();
  const { data, error, reload } = useApi(getChallenges, 'challenges');
  const sorted = data ? [...data].sort((a, b) => Number(b.grade === user.grade) - Number(a.grade === user.grade)) : undefined;
  return (
    <>
      <h1 className="page-title">{t('list.title')}</h1>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!sorted && !error ? <Skeleton height={180} /> : null}
      {sorted && sorted.length === 0 ? <EmptyState title={t('list.empty')} /> : null}
      <div className="grid">
        {sorted?.map((c) => (
          <ChallengeCard key={c.id} challenge={c} to={`/student/challenges/${c.id}`} />
        ))}
      </div>
    </>
  );
}
