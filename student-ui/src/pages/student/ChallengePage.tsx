/**
 * /student/challenges/:id with the tabs checkpoints, leaderboard, information and chat-groups (spec section 2).
 * Joining: only the challenge of the pupil's own grade (spec section 5; the server names both grades otherwise); a
 * paid challenge is joined through its invoice.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { ApiError } from '../../api/http';
import { challengeInvoice, getChallenge, joinChallenge, type ChallengeDetail } from '../../api/learning';
import { useUser } from '../../auth/AuthProvider';
import { errorMessage } from '../../auth/otp';
import { Alert, Badge, Button, Skeleton, Tabs } from '../../design';
import { useToast } from '../../design/toasts';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDate, formatDateTime, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { StatusBadges } from './parts/ChallengeCard';
import { LiveLeaderboard } from './parts/LiveLeaderboard';
import { LoadFailed } from '../../layouts/LoadFailed';
import { ChatGroupsList } from './chat/ChatGroupsList';

const TABS = ['checkpoints', 'leaderboard', 'information', 'chat-groups'] as const;
type Tab = (typeof TABS)[number];

export default function ChallengePage() {
  const { t } = useTranslation('challenges');
  const { challengeId = '', tab } = useParams();
  const { data, error, reload } = useApi(() => getChallenge(challengeId), challengeId);
  const locale = currentLocale();
  usePageTitle(data ? pick(data.title, locale) : t('list.title'));
  if (tab === undefined) return <Navigate to="checkpoints" replace />;
  if (!(TABS as readonly string[]).includes(tab)) return <Navigate to={`/student/challenges/${challengeId}/checkpoints`} replace />;
  const base = `/student/challenges/${challengeId}`;
  return (
    <>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {data ? <ChallengeHeader challenge={data} onJoined={() => void reload()} /> : <Skeleton height={160} />}
      <Tabs label={t('tabs.label')} tabs={TABS.map((name) => ({ to: `${base}/${name}`, label: t(`tabs.${name}`) }))} />
      {data ? <TabBody tab={tab as Tab} challenge={data} /> : null}
    </>
  );
}

function ChallengeHeader({ challenge, onJoined }: { challenge: ChallengeDetail; onJoined: () => void }) {
  const { t } = useTranslation('challenges');
  const user = useUser();
  const toast = useToast();
  const navigate = useNavigate();
  const locale = currentLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await joinChallenge(user.uuid, challenge.id);
      toast.show({ type: 'success', text: answer.message });
      onJoined();
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) {
        const invoice = await challengeInvoice(user.uuid, challenge.id);
        void navigate(`/student/my-invoices/${invoice.invoiceId}`);
        return;
      }
      setError(errorMessage(err, t('errors.join')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card">
      <StatusBadges challenge={challenge} />
      <h1 className="page-title">{pick(challenge.title, locale)}</h1>
      <p className="muted">
        {challenge.grade ? `${t('gradeN', { grade: challenge.grade })} · ` : ''}
        {formatDate(challenge.startsAt, locale)} — {formatDate(challenge.endsAt, locale)}
      </p>
      {challenge.participation ? (
        <Badge tone="success">{t('joined')}</Badge>
      ) : challenge.status !== 'finished' ? (
        <div className="cluster">
          <Button onClick={() => void join()} busy={busy}>
            {challenge.paid ? t('join.pay') : t('join.action')}
          </Button>
          {challenge.grade && user.grade !== challenge.grade ? <span className="muted">{t('join.otherGrade', { grade: challenge.grade })}</span> : null}
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}

function TabBody({ tab, challenge }: { tab: Tab; challenge: ChallengeDetail }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  switch (tab) {
    case 'checkpoints':
      return (
        <ol className="stack checkpoint-list">
          {challenge.checkpoints.map((cp) => (
            <li key={cp.id}>
              <Link to={`/student/challenges/${challenge.id}/checkpoints/${cp.id}`} className="card card--link">
                <span className="cluster">
                  <Badge tone={cp.state === 'open' ? 'success' : cp.state === 'upcoming' ? 'info' : 'neutral'}>{t(`checkpoint.state.${cp.state}`)}</Badge>
                </span>
                <h2 className="card__title">{pick(cp.title, locale)}</h2>
                <p className="muted">
                  {cp.state === 'upcoming'
                    ? t('checkpoint.opensAt', { time: formatDateTime(cp.opensAt, locale) })
                    : t('checkpoint.window', { from: formatDateTime(cp.opensAt, locale), to: formatDateTime(cp.closesAt, locale) })}
                </p>
              </Link>
            </li>
          ))}
        </ol>
      );
    case 'leaderboard':
      return <LiveLeaderboard kind="challenge" id={challenge.id} />;
    case 'information':
      return (
        <section className="card">
          <h2>{t('info.about')}</h2>
          <p>{pick(challenge.description, locale)}</p>
          {pick(challenge.reward, locale) ? (
            <>
              <h2>{t('info.reward')}</h2>
              <p>{pick(challenge.reward, locale)}</p>
            </>
          ) : null}
          <h2>{t('info.rules')}</h2>
          <ul>
            {(t('info.ruleList', { returnObjects: true }) as string[]).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      );
    case 'chat-groups':
      return <ChatGroupsList kind="challenge" refId={challenge.id} />;
  }
}
