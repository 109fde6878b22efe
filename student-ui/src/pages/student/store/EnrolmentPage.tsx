/**
 * A pupil's course pages of spec section 2 that enrolment serves: `courses/{online,flex}-courses/:courseId/
 * manage-subscription` (the tariff, access until when, renewal on or off, the payments) and `.../free-trial-lesson`
 * (the one free lesson, taken once).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getAgreement } from '../../../api/coursePages';
import { ApiError } from '../../../api/http';
import { getFreeTrial, getStoreCourse, getSubscription, setRenewal, takeFreeTrial } from '../../../api/store';
import { useUser } from '../../../auth/AuthProvider';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, ButtonLink, Card, Skeleton } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { formatDateTime, formatTenge, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { Agreement } from '../course/Agreement';
import './store.css';

export default function EnrolmentPage({ view }: { view: 'manage-subscription' | 'free-trial-lesson' }) {
  const { t } = useTranslation('store');
  const { courseId = '' } = useParams();
  const course = useApi(() => getStoreCourse(courseId), courseId);
  const locale = currentLocale();
  usePageTitle(view === 'manage-subscription' ? t('subscription.title') : t('trial.title'));
  return (
    <>
      <p>
        <Link to={`/student/store/courses/${courseId}`}>← {course.data ? pick(course.data.title, locale) : t('course.back')}</Link>
      </p>
      <h1 className="page-title">{view === 'manage-subscription' ? t('subscription.title') : t('trial.title')}</h1>
      {view === 'manage-subscription' ? <ManageSubscription courseId={courseId} /> : <FreeTrial courseId={courseId} />}
    </>
  );
}

function ManageSubscription({ courseId }: { courseId: string }) {
  const { t } = useTranslation('store');
  const user = useUser();
  const locale = currentLocale();
  const toast = useToast();
  const sub = useApi(() => getSubscription(user.uuid, courseId), `${user.uuid}:${courseId}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (sub.error) return <Alert tone="error">{errorMessage(sub.error, t('errors.load'))}</Alert>;
  const s = sub.data;
  if (!s) return <Skeleton height={200} />;
  const toggle = async (renew: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await setRenewal(user.uuid, courseId, renew);
      sub.setData(answer.data);
      toast.show({ type: 'success', text: answer.message });
    } catch (err) {
      setError(errorMessage(err, t('errors.load')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={pick(s.tariff.title, locale)}>
      <Badge tone={s.status === 'active' ? 'success' : s.status === 'lapsed' ? 'danger' : 'default'}>{t(`subscription.status.${s.status}`)}</Badge>
      <dl className="facts-list">
        <dt>{t('subscription.tariff')}</dt>
        <dd>{s.tariff.priceTenge > 0 ? formatTenge(s.tariff.priceTenge, locale) : `${s.tariff.priceZp} ZP`} · {t('card.per', { count: s.tariff.periodMonths })}</dd>
        {s.accessUntil ? (
          <>
            <dt>{t('subscription.until')}</dt>
            <dd data-testid="access-until">{formatDateTime(s.accessUntil, locale)}</dd>
          </>
        ) : null}
      </dl>
      {s.accessUntil ? (
        <p data-testid="renewal">{s.renew && s.renewalOpensAt ? t('subscription.renewOn', { at: formatDateTime(s.renewalOpensAt, locale) }) : t('subscription.renewOff', { at: formatDateTime(s.accessUntil, locale) })}</p>
      ) : null}
      <div className="cluster">
        {s.renew ? (
          <Button variant="outline" busy={busy} onClick={() => void toggle(false)}>{t('subscription.stop')}</Button>
        ) : (
          <Button busy={busy} onClick={() => void toggle(true)}>{t('subscription.resume')}</Button>
        )}
        {s.pendingInvoiceId ? <ButtonLink to={`/student/store/courses/${courseId}/checkout/${s.pendingInvoiceId}`}>{t('subscription.payRenewal')}</ButtonLink> : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <h3>{t('subscription.periods')}</h3>
      <ul className="store-lessons">
        {s.periods.map((p) => (
          <li key={p.id}>
            <span>{p.startsAt && p.endsAt ? t('subscription.period', { from: formatDateTime(p.startsAt, locale), to: formatDateTime(p.endsAt, locale) }) : formatTenge(p.amountTenge, locale)}</span>
            <span className="muted" data-testid="period-state">{t(`subscription.periodState.${p.state}`)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function FreeTrial({ courseId }: { courseId: string }) {
  const { t } = useTranslation('store');
  const user = useUser();
  const locale = currentLocale();
  const toast = useToast();
  const trial = useApi(() => getFreeTrial(user.uuid, courseId), `${user.uuid}:${courseId}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The trial lesson waits for the course's terms like every lesson (docs/course-pages.md): accept them here.
  if (trial.error instanceof ApiError && (trial.error.body as { code?: string } | undefined)?.code === 'TERMS_NOT_ACCEPTED') {
    return <TrialTerms courseId={courseId} onAccepted={() => void trial.reload()} />;
  }
  if (trial.error) return <Alert tone="error">{errorMessage(trial.error, t('errors.load'))}</Alert>;
  if (trial.data === undefined) return <Skeleton height={120} />;
  const take = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await takeFreeTrial(user.uuid, courseId);
      trial.setData(answer.data);
      toast.show({ type: 'success', text: answer.message });
      // Read it again: a course with terms still to accept answers with them (the link waits), shown above.
      void trial.reload();
    } catch (err) {
      setError(errorMessage(err, t('errors.load')));
    } finally {
      setBusy(false);
    }
  };
  const l = trial.data;
  return (
    <Card>
      {l ? (
        <div className="stack">
          <p data-testid="trial">{t('course.trialGiven', { title: pick(l.title, locale), at: l.startsAtAlmaty })}</p>
          {l.meetingUrl ? <a className="button button--primary" href={l.meetingUrl} rel="noopener" target="_blank">{t('trial.join')}</a> : null}
        </div>
      ) : (
        <div className="stack">
          <p>{t('trial.none')}</p>
          <Button busy={busy} onClick={() => void take()}>{t('trial.take')}</Button>
        </div>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Card>
  );
}

/** The course's terms on the trial page: once accepted, the trial lesson (and its link, in its window) shows. */
function TrialTerms({ courseId, onAccepted }: { courseId: string; onAccepted: () => void }) {
  const { t } = useTranslation('store');
  const agreement = useApi(() => getAgreement(courseId), `agreement:${courseId}`);
  if (agreement.error) return <Alert tone="error">{errorMessage(agreement.error, t('errors.load'))}</Alert>;
  if (!agreement.data) return <Skeleton height={120} />;
  return (
    <Agreement
      view={agreement.data.data}
      onboarding
      gated
      onChange={(v) => {
        agreement.setData({ data: v });
        if (!v.mustAccept) onAccepted();
      }}
    />
  );
}
