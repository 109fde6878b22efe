/** /student/training/:id with the tabs chapter, leaderboard, group and information; hearts and when they come back. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { ApiError } from '../../api/http';
import { getTraining, joinTraining, trainingInvoice, type TrainingDetail } from '../../api/training';
import { errorMessage } from '../../auth/otp';
import { Alert, Badge, Button, Skeleton, Tabs } from '../../design';
import { useToast } from '../../design/toasts';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { LiveLeaderboard } from './parts/LiveLeaderboard';
import { LoadFailed } from '../../layouts/LoadFailed';
import { ChatGroupsList } from './chat/ChatGroupsList';

const TABS = ['chapter', 'leaderboard', 'group', 'information'] as const;

export function HeartsLine({ training }: { training: TrainingDetail }) {
  const { t } = useTranslation('training');
  const locale = currentLocale();
  const hearts = training.participation?.hearts;
  if (!hearts) return null;
  return (
    <p className="cluster" data-testid="hearts">
      <span aria-hidden="true">{'❤'.repeat(hearts.hearts)}{'♡'.repeat(Math.max(0, hearts.max - hearts.hearts))}</span>
      <span>{t('hearts.left', { n: hearts.hearts, max: hearts.max })}</span>
      {hearts.refillAt ? <span className="muted">{t('hearts.refill', { time: formatDateTime(hearts.refillAt, locale) })}</span> : null}
    </p>
  );
}

export default function TrainingPage() {
  const { t } = useTranslation('training');
  const { trainingId = '', tab } = useParams();
  const locale = currentLocale();
  const toast = useToast();
  const navigate = useNavigate();
  const { data, error, reload } = useApi(() => getTraining(trainingId), trainingId);
  const [busy, setBusy] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  usePageTitle(data ? pick(data.title, locale) : t('list.title'));
  if (tab === undefined) return <Navigate to="chapter" replace />;
  if (!(TABS as readonly string[]).includes(tab)) return <Navigate to={`/student/training/${trainingId}/chapter`} replace />;
  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!data) return <Skeleton height={240} />;
  const join = async () => {
    setBusy(true);
    setJoinError(null);
    try {
      toast.show({ type: 'success', text: (await joinTraining(data.id)).message });
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) {
        const invoice = await trainingInvoice(data.id);
        void navigate(`/student/my-invoices/${invoice.invoiceId}`);
        return;
      }
      setJoinError(errorMessage(err, t('errors.load')));
    } finally {
      setBusy(false);
    }
  };
  const base = `/student/training/${trainingId}`;
  return (
    <>
      <section className="card">
        <h1 className="page-title">{pick(data.title, locale)}</h1>
        <p className="muted">{pick(data.description, locale)}</p>
        {data.participation ? (
          <HeartsLine training={data} />
        ) : (
          <Button busy={busy} onClick={() => void join()}>
            {data.paid ? t('join.pay') : t('join.action')}
          </Button>
        )}
        {joinError ? <Alert tone="error">{joinError}</Alert> : null}
      </section>
      <Tabs label={t('tabs.label')} tabs={TABS.map((name) => ({ to: `${base}/${name}`, label: t(`tabs.${name}`) }))} />
      {tab === 'chapter' ? (
        <div className="stack">
          {data.chapters.map((chapter) => (
            <section key={chapter.id} className="card">
              <h2 className="card__title">{pick(chapter.title, locale)}</h2>
              <ol className="stack">
                {chapter.subchapters.map((sub) => (
                  <li key={sub.id} className="cluster">
                    <Link to={`${base}/subchapter/${sub.id}`}>{pick(sub.title, locale)}</Link>
                    {sub.progress ? (
                      <Badge tone="neutral">{t('tries.left', { n: sub.progress.triesLeft })}</Badge>
                    ) : null}
                    {sub.progress?.bestPoints !== null && sub.progress?.bestPoints !== undefined ? <Badge tone="success">{t('best', { points: sub.progress.bestPoints })}</Badge> : null}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      ) : tab === 'leaderboard' ? (
        <LiveLeaderboard kind="training" id={data.id} />
      ) : tab === 'group' ? (
        <ChatGroupsList kind="training" refId={data.id} />
      ) : (
        <section className="card">
          <p>{pick(data.description, locale)}</p>
          <p>{t('list.rules', { tries: data.tryNumber, hearts: data.heartsMax, minutes: data.heartResetMinutes })}</p>
        </section>
      )}
    </>
  );
}
