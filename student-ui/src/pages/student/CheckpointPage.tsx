/**
 * A checkpoint (one day of a challenge): which tests are open now, when the next day opens, all in Almaty time
 * shown in the pupil's language (spec section 4: each day opens at a set hour and stays 24 hours).
 */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getChallenge } from '../../api/learning';
import { Alert, Badge, ButtonLink, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, formatNumber, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function CheckpointPage() {
  const { t } = useTranslation('challenges');
  const { challengeId = '', checkpointId = '' } = useParams();
  const { data, error, reload } = useApi(() => getChallenge(challengeId), `${challengeId}/${checkpointId}`);
  const locale = currentLocale();
  const index = data?.checkpoints.findIndex((c) => c.id === checkpointId) ?? -1;
  const checkpoint = data && index >= 0 ? data.checkpoints[index] : undefined;
  const next = data?.checkpoints.slice(index + 1).find((c) => c.state === 'upcoming');
  usePageTitle(checkpoint ? pick(checkpoint.title, locale) : t('checkpoint.title'));
  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!data) return <Skeleton height={240} />;
  if (!checkpoint) return <Alert tone="error">{t('checkpoint.missing')}</Alert>;
  const base = `/student/challenges/${challengeId}/checkpoints/${checkpointId}`;
  return (
    <>
      <p>
        <Link to={`/student/challenges/${challengeId}/checkpoints`}>← {pick(data.title, locale)}</Link>
      </p>
      <section className="card">
        <Badge tone={checkpoint.state === 'open' ? 'success' : checkpoint.state === 'upcoming' ? 'info' : 'neutral'}>{t(`checkpoint.state.${checkpoint.state}`)}</Badge>
        <h1 className="page-title">{pick(checkpoint.title, locale)}</h1>
        <p>
          {checkpoint.state === 'upcoming'
            ? t('checkpoint.opensAt', { time: formatDateTime(checkpoint.opensAt, locale) })
            : t('checkpoint.window', { from: formatDateTime(checkpoint.opensAt, locale), to: formatDateTime(checkpoint.closesAt, locale) })}
        </p>
        <p className="muted">{next ? t('checkpoint.nextOpens', { time: formatDateTime(next.opensAt, locale) }) : t('checkpoint.lastDay')}</p>
        <p className="muted">{t('checkpoint.timezone')}</p>
        {!data.participation ? <Alert tone="warning">{t('checkpoint.joinFirst')}</Alert> : null}
      </section>
      <ol className="stack">
        {checkpoint.quizzes.map((quiz, i) => {
          const attempt = quiz.attempt;
          const open = checkpoint.state === 'open' && !!data.participation;
          return (
            <li key={quiz.id} className="card">
              <p className="muted">{t('checkpoint.testN', { n: i + 1 })}</p>
              <h2 className="card__title">{pick(quiz.title, locale)}</h2>
              <p className="muted">{t('quiz.facts', { n: quiz.questionCount, minutes: Math.round(quiz.durationSeconds / 60), points: quiz.maxPoints })}</p>
              {attempt?.status === 'finished' ? (
                <div className="cluster">
                  <Badge tone="success">{t('checkpoint.done', { points: formatNumber(attempt.points ?? 0, locale), max: quiz.maxPoints })}</Badge>
                  <ButtonLink to={`${base}/quizzes/${quiz.id}/result`} variant="outline" small>
                    {t('checkpoint.result')}
                  </ButtonLink>
                </div>
              ) : attempt?.status === 'running' ? (
                <ButtonLink to={`${base}/quizzes/${quiz.id}/play`}>{t('checkpoint.continue')}</ButtonLink>
              ) : open ? (
                <ButtonLink to={`${base}/quizzes/${quiz.id}/play`}>{t('checkpoint.startTest')}</ButtonLink>
              ) : (
                <Badge tone="neutral">{checkpoint.state === 'upcoming' ? t('checkpoint.notYet') : checkpoint.state === 'closed' ? t('checkpoint.closed') : t('checkpoint.joinFirstShort')}</Badge>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
