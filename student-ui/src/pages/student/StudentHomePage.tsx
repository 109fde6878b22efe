/**
 * /student/home: what the pupil came for, first. For each joined challenge, today's open day with "start the next
 * test" and how many tests are left, the time until the day closes and until the next one opens, the pupil's place
 * and points; then the XP earned and the trainings in progress. All from existing calls: learning's active
 * challenges, each challenge's checkpoints (with the pupil's attempts) and own rank on its leaderboard, finance's XP
 * balance, and the trainings the pupil joined; and the upcoming events for the pupil (learning's my-events).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getHistory } from '../../api/finance';
import { getActiveChallenges, getChallenge, getLeaderboard, type ChallengeDetail, type ChallengeSummary, type Checkpoint, type OwnRow } from '../../api/learning';
import { getTrainings, type TrainingSummary } from '../../api/training';
import { useUser } from '../../auth/AuthProvider';
import { ButtonLink, Card, Skeleton, Stat } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { LoadFailed } from '../../layouts/LoadFailed';
import { formatDuration, formatNumber, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { UpcomingEvents } from './events/UpcomingEvents';

interface Today {
  challenge: ChallengeSummary;
  detail: ChallengeDetail;
  me: OwnRow | null;
}

async function loadToday(userId: string): Promise<Today[]> {
  const active = await getActiveChallenges(userId);
  return Promise.all(
    active.map(async (challenge) => {
      const [detail, board] = await Promise.all([getChallenge(challenge.id), getLeaderboard('challenge', challenge.id)]);
      return { challenge, detail, me: board.me };
    }),
  );
}

/** The device's clock, ticking every second (for countdowns: the server decides what is open). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export default function StudentHomePage() {
  const { t } = useTranslation('challenges');
  usePageTitle(t('home.title'));
  const user = useUser();
  const locale = currentLocale();
  const today = useApi(() => loadToday(user.uuid), `today:${user.uuid}`);
  const xp = useApi(() => getHistory('xp'), `xp:${user.uuid}`);
  const trainings = useApi(() => getTrainings().then((all) => all.filter((x) => x.joined)), `trainings:${user.uuid}`);
  return (
    <>
      <h1 className="page-title">{t('home.hello', { name: user.firstName })}</h1>
      {user.grade ? <p className="muted">{t('gradeN', { grade: user.grade })}</p> : null}

      <section className="stack" aria-labelledby="today-title">
        <h2 id="today-title">{t('home.today')}</h2>
        {today.error ? <LoadFailed error={today.error} onRetry={() => void today.reload()} /> : null}
        {!today.data && !today.error ? (
          <div className="home-today" data-testid="home-skeleton">
            <Skeleton height={180} />
          </div>
        ) : null}
        {today.data && today.data.length === 0 ? (
          <Card>
            <p>{t('home.noChallenges')}</p>
            <ButtonLink to="/student/challenges">{t('home.findChallenge')}</ButtonLink>
          </Card>
        ) : null}
        {today.data?.map((item) => <TodayCard key={item.challenge.id} item={item} />)}
      </section>

      <UpcomingEvents userId={user.uuid} />

      <section className="stack" aria-labelledby="progress-title">
        <h2 id="progress-title">{t('home.progress')}</h2>
        <div className="grid home-stats">
          <Stat label={t('home.xp')} value={xp.data ? `${formatNumber(xp.data.balance, locale)} XP` : xp.error ? '—' : '…'} />
          {today.data?.map((item) => (
            <Stat key={item.challenge.id} label={`${t('home.points')} · ${pick(item.challenge.title, locale)}`} value={formatNumber(item.me?.points ?? item.detail.participation?.points ?? 0, locale)} />
          ))}
        </div>
        {xp.error ? <LoadFailed error={xp.error} onRetry={() => void xp.reload()} /> : null}
      </section>

      <section className="stack" aria-labelledby="trainings-title">
        <h2 id="trainings-title">{t('home.trainingsInProgress')}</h2>
        {trainings.error ? <LoadFailed error={trainings.error} onRetry={() => void trainings.reload()} /> : null}
        {!trainings.data && !trainings.error ? <Skeleton height={80} /> : null}
        {trainings.data && trainings.data.length === 0 ? (
          <p className="muted">
            {t('home.noTrainings')} · <Link to="/student/training">{t('home.trainings')}</Link>
          </p>
        ) : null}
        <div className="grid">
          {trainings.data?.map((training) => <TrainingLink key={training.id} training={training} />)}
        </div>
      </section>
    </>
  );
}

function TodayCard({ item }: { item: Today }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  const now = useNow();
  const { challenge, detail, me } = item;
  const open: Checkpoint | undefined = detail.checkpoints.find((c) => c.state === 'open' && Date.parse(c.closesAt) > now);
  const next = detail.checkpoints.find((c) => c.state === 'upcoming' || (c.state !== 'closed' && Date.parse(c.opensAt) > now));
  const left = open ? open.quizzes.filter((q) => q.attempt?.status !== 'finished') : [];
  const nextQuiz = left.find((q) => q.attempt?.status === 'running') ?? left[0];
  const base = open ? `/student/challenges/${challenge.id}/checkpoints/${open.id}` : '';
  const until = (iso: string) => formatDuration(Math.max(0, Date.parse(iso) - now));
  return (
    <article className="card today" data-testid="today-card">
      <p className="muted">
        <Link to={`/student/challenges/${challenge.id}`}>{pick(challenge.title, locale)}</Link>
      </p>
      <h3 className="card__title">{open ? `${t('home.dayN', { day: open.day })} · ${pick(open.title, locale)}` : t('home.noOpenDay')}</h3>
      <dl className="today__facts">
        <div>
          <dt>{t('home.place')}</dt>
          <dd data-testid="today-place">{me ? me.rank : '—'}</dd>
        </div>
        <div>
          <dt>{t('home.points')}</dt>
          <dd data-testid="today-points">{formatNumber(me?.points ?? detail.participation?.points ?? 0, locale)}</dd>
        </div>
      </dl>
      {open ? (
        <>
          <p data-testid="tests-left">{left.length > 0 ? t('home.testsLeft', { n: left.length }) : t('home.allDone')}</p>
          <p className="muted" data-testid="closes-in">
            {t('home.closesIn', { time: until(open.closesAt) })}
          </p>
        </>
      ) : null}
      {next ? (
        <p className="muted" data-testid="next-opens-in">
          {t('home.nextOpensIn', { time: until(next.opensAt) })}
        </p>
      ) : null}
      {nextQuiz ? (
        <ButtonLink to={`${base}/quizzes/${nextQuiz.id}/play`} block>
          {t('home.startNext')}
        </ButtonLink>
      ) : null}
    </article>
  );
}

function TrainingLink({ training }: { training: TrainingSummary }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  return (
    <Link to={`/student/training/${training.id}`} className="card card--link">
      <h3 className="card__title">{pick(training.title, locale)}</h3>
      <span className="muted">{t('home.continueTraining')} →</span>
    </Link>
  );
}
