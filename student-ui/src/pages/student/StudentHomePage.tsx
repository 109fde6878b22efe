/** /student/home: a greeting, the pupil's challenges and quick links. */
import { useTranslation } from 'react-i18next';
import { getActiveChallenges } from '../../api/learning';
import { useUser } from '../../auth/AuthProvider';
import { ButtonLink, Card, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useApi } from '../../lib/useApi';
import { ChallengeCard } from './parts/ChallengeCard';

export default function StudentHomePage() {
  const { t } = useTranslation('challenges');
  usePageTitle(t('home.title'));
  const user = useUser();
  const { data } = useApi(() => getActiveChallenges(user.uuid), user.uuid);
  return (
    <>
      <h1 className="page-title">{t('home.hello', { name: user.firstName })}</h1>
      <p className="muted">{user.grade ? t('gradeN', { grade: user.grade }) : null}</p>
      <Card title={t('home.myChallenges')}>
        {!data ? <Skeleton height={120} /> : null}
        {data && data.length === 0 ? (
          <>
            <p>{t('home.noChallenges')}</p>
            <ButtonLink to="/student/challenges">{t('home.findChallenge')}</ButtonLink>
          </>
        ) : null}
        <div className="grid">
          {data?.map((c) => (
            <ChallengeCard key={c.id} challenge={c} to={`/student/challenges/${c.id}`} />
          ))}
        </div>
      </Card>
      <div className="grid">
        <ButtonLink to="/student/training" variant="outline">
          {t('home.trainings')}
        </ButtonLink>
        <ButtonLink to="/student/zpoint" variant="outline">
          {t('home.wallet')}
        </ButtonLink>
        <ButtonLink to="/student/achievements" variant="outline">
          {t('home.achievements')}
        </ButtonLink>
      </div>
    </>
  );
}
