/**
 * The result of a quiz: points, correct answers, time, and what the server reveals of each question. A challenge's
 * day is the same test for the whole grade, so its correct answers come only once the day has closed for everyone
 * (`attempt.review.answersAt`, shown in Almaty time; the page reloads itself then); right/wrong marks come before
 * that only when the challenge allows. When time ran out, the server finishes the attempt within a few seconds: the
 * page waits for it.
 * A training test's marks and right answers come only once the pupil has passed it or has no tries left: until
 * then each question says only whether it was answered.
 */
import './quiz/quiz.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getPlay, type PlayView, type QuizContextRef } from '../../api/learning';
import { useUser } from '../../auth/AuthProvider';
import { errorMessage } from '../../auth/otp';
import { Alert, ButtonLink, Spinner, Stat } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, formatDuration, formatNumber, pick } from '../../lib/format';

/** Longer than this, a timer is not worth keeping (setTimeout also overflows past ~24.8 days). */
const MAX_TIMER_MS = 24 * 3_600_000;
import { ResultNext } from './parts/ResultNext';

export default function QuizResultPage() {
  const { t } = useTranslation('challenges');
  const user = useUser();
  const { challengeId, checkpointId, trainingId, quizId: quizParam } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const endedByTimer = (location.state as { finishedBy?: string } | null)?.finishedBy === 'timeout';
  const quizId = quizParam ?? params.get('quiz') ?? '';
  const subchapter = params.get('subchapter') ?? undefined;
  const ctx: QuizContextRef = useMemo(() => (trainingId ? { subchapter } : { checkpoint: checkpointId }), [trainingId, subchapter, checkpointId]);
  const [view, setView] = useState<PlayView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const locale = currentLocale();
  usePageTitle(t('result.title'));

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const loaded = await getPlay(user.uuid, quizId, ctx);
        if (cancelled) return;
        setView(loaded);
        const a = loaded.attempt;
        if (a?.status === 'running') timer = setTimeout(() => void load(), 1000);
        else if (a?.review && !a.review.answers && a.review.answersAt) {
          // Reload when the answers are due, by the server's clock (a page left open through the close).
          const due = new Date(a.review.answersAt).getTime() - new Date(a.serverNow).getTime();
          if (due < MAX_TIMER_MS) timer = setTimeout(() => void load(), Math.max(due, 0) + 1000);
        }
      } catch (err) {
        if (!cancelled) setError(errorMessage(err, t('errors.load')));
      }
    };
    void load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [user.uuid, quizId, ctx, t]);

  const back = trainingId ? `/student/training/${trainingId}` : `/student/challenges/${challengeId}/checkpoints/${checkpointId}`;
  const board = trainingId ? `/student/training/${trainingId}/leaderboard` : `/student/challenges/${challengeId}/leaderboard`;

  if (error) return <Alert tone="error">{error}</Alert>;
  if (!view) return <Spinner label={t('result.title')} />;
  const attempt = view.attempt;
  if (!attempt) return <Alert tone="info">{t('result.none')}</Alert>;
  if (attempt.status === 'running') return <Spinner label={t('result.waiting')} />;
  const review = attempt.review ?? { marks: false, answers: false, answersAt: null };
  const training = view.context?.kind === 'training';

  return (
    <div className="stack">
      <section className="card" aria-labelledby="result-title">
        <p className="muted">{pick(view.quiz.title, locale)}</p>
        <h1 id="result-title" className="page-title">
          {t('result.title')}
        </h1>
        {attempt.finishedBy === 'timeout' || endedByTimer ? <Alert tone="info">{t('result.timeUp')}</Alert> : null}
        <p className="result-score" data-testid="result-score">
          {t('result.score', { points: formatNumber(attempt.points ?? 0, locale), max: formatNumber(attempt.maxPoints ?? view.quiz.maxPoints, locale) })}
        </p>
        {challengeId ? <ResultNext challengeId={challengeId} attemptId={attempt.id} points={attempt.points ?? 0} /> : null}
        <div className="grid">
          <Stat label={t('result.correct')} value={`${attempt.correctCount ?? 0} / ${attempt.questionCount ?? view.questions.length}`} />
          <Stat label={t('result.time')} value={formatDuration(attempt.timeSpentMs ?? 0)} />
        </div>
        <div className="cluster">
          <ButtonLink to={board}>{t('result.toLeaderboard')}</ButtonLink>
          <ButtonLink to={back} variant="outline">
            {t('actions.back')}
          </ButtonLink>
        </div>
      </section>
      {review.answers ? null : (
        <Alert tone="info">
          {training
            ? t('result.trainingAnswersLater')
            : `${review.answersAt ? t('result.answersAt', { time: formatDateTime(review.answersAt, locale) }) : t('result.answersLater')}${review.marks ? '' : ` ${t('result.marksLater')}`}`}
        </Alert>
      )}
      {review.marks ? (
        <section className="stack" aria-labelledby="review-title">
          <h2 id="review-title">{t('result.review')}</h2>
          <ol className="review">
            {view.questions.map((q) => {
              const explanation = review.answers ? pick(q.explanation, locale) : '';
              return (
                <li key={q.id} className={q.isCorrect ? 'review__item review__item--correct' : 'review__item'}>
                  <span aria-hidden="true">{q.isCorrect ? '✓' : '✗'}</span>
                  <div>
                    <p>
                      <strong>{q.number}.</strong> {pick(q.text, locale)}
                    </p>
                    <p className="muted">
                      {q.isCorrect ? t('result.right', { points: q.pointsEarned ?? 0 }) : q.answer ? t('result.wrong') : t('result.skipped')}
                      {!q.isCorrect && q.correctAnswer ? ` ${t('result.correctIs')} ${describeCorrect(q, locale)}` : ''}
                    </p>
                    {explanation ? (
                      <p className="muted">
                        {t('result.explanation')} {explanation}
                      </p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        </section>
      ) : training ? (
        // A training not yet passed, with tries left: only whether each question was answered.
        <section className="stack" aria-labelledby="review-title">
          <h2 id="review-title">{t('result.review')}</h2>
          <ol className="review">
            {view.questions.map((q) => (
              <li key={q.id} className="review__item">
                <div>
                  <p>
                    <strong>{q.number}.</strong> {pick(q.text, locale)}
                  </p>
                  <p className="muted">{q.answer ? t('result.answered') : t('result.skipped')}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <p>
        <Link to={back}>{t('actions.back')}</Link>
      </p>
    </div>
  );
}

function describeCorrect(q: PlayView['questions'][number], locale: ReturnType<typeof currentLocale>): string {
  const c = q.correctAnswer;
  if (!c) return '';
  if ('optionIds' in c) return c.optionIds.map((id) => pick(q.options.find((o) => o.id === id)?.text, locale)).join(', ');
  if ('value' in c) return c.value === null ? '' : String(c.value);
  return c.texts[0] ?? '';
}
