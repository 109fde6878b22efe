/** A training lesson: its text, its materials, its test, tries left and hearts. */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getTraining } from '../../api/training';
import { Alert, ButtonLink, Card, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { HeartsLine } from './TrainingPage';
import { LoadFailed } from '../../layouts/LoadFailed';
import { Materials } from './parts/Materials';

export default function SubchapterPage() {
  const { t } = useTranslation('training');
  const { trainingId = '', subchapterId = '' } = useParams();
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getTraining(trainingId), trainingId);
  const sub = data?.chapters.flatMap((c) => c.subchapters).find((s) => s.id === subchapterId);
  usePageTitle(sub ? pick(sub.title, locale) : t('list.title'));
  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!data) return <Skeleton height={240} />;
  if (!sub) return <Alert tone="error">{t('missing')}</Alert>;
  // No tries limit (triesLeft null) or no heart bar (hearts null) does not stop a pupil.
  const triesLeft = sub.progress ? sub.progress.triesLeft : 0;
  const hearts = data.participation?.hearts ?? null;
  const canPlay = !!data.participation && !!sub.quiz && (triesLeft === null || triesLeft > 0) && (hearts === null || hearts.hearts > 0);
  return (
    <>
      <p>
        <Link to={`/student/training/${trainingId}/chapter`}>← {pick(data.title, locale)}</Link>
      </p>
      <Card title={pick(sub.title, locale)}>
        <p>{pick(sub.content, locale) || t('noContent')}</p>
        <Materials ownerKind="training-subchapter" ownerId={sub.id} headingLevel={3} />
        <HeartsLine training={data} />
        {sub.progress ? <p className="muted">{t('tries.used', { used: sub.progress.triesUsed, left: sub.progress.triesLeft })}</p> : null}
        {sub.quiz ? (
          canPlay ? (
            <ButtonLink to={`/student/training/${trainingId}/quizzes/${sub.quiz.id}/play?subchapter=${sub.id}`}>{t('startTest')}</ButtonLink>
          ) : (
            <Alert tone="info">{data.participation ? t('noTries') : t('joinFirst')}</Alert>
          )
        ) : null}
      </Card>
    </>
  );
}
