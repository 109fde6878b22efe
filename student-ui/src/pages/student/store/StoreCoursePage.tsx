/**
 * /student/store/courses/:courseId: a course as the store shows it (description, teachers, programme, timetable in
 * Almaty time, tariffs with what they include and their price). Buying opens the pupil's invoice for the tariff and
 * goes to its payment; a pupil already studying sees until when, and the free trial lesson is offered once.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getStanding, getStoreCourse, openCourseInvoice, takeFreeTrial } from '../../../api/store';
import { useUser } from '../../../auth/AuthProvider';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, ButtonLink, Card, Skeleton } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { formatDateTime, formatTenge, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import './store.css';

export default function StoreCoursePage() {
  const { t } = useTranslation('store');
  const { courseId = '' } = useParams();
  const user = useUser();
  const locale = currentLocale();
  const toast = useToast();
  const navigate = useNavigate();
  const course = useApi(() => getStoreCourse(courseId), courseId);
  const standing = useApi(() => getStanding(user.uuid, courseId), `${user.uuid}:${courseId}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(course.data ? pick(course.data.title, locale) : t('title'));
  if (course.error) return <Alert tone="error">{errorMessage(course.error, t('errors.load'))}</Alert>;
  const c = course.data;
  if (!c) return <Skeleton height={240} />;
  const enrolment = standing.data?.enrolment ?? null;
  const active = enrolment?.status === 'active';
  const kindPath = c.kind === 'live' ? 'online-courses' : 'flex-courses';
  // A flex course is studied on its own pages; the others in the pupil's courses (groups, timetable, homework).
  const coursePath = c.kind === 'flex' ? `/student/courses/flex-courses/${c.id}` : '/student/courses';

  const buy = async (tariffId: string) => {
    setBusy(true);
    setError(null);
    try {
      const invoice = await openCourseInvoice(user.uuid, courseId, tariffId);
      void navigate(`/student/store/courses/${courseId}/checkout/${invoice.invoiceId}`);
    } catch (err) {
      setError(errorMessage(err, t('errors.buy')));
      setBusy(false);
    }
  };
  const trial = async () => {
    setBusy(true);
    setError(null);
    try {
      toast.show({ type: 'success', text: (await takeFreeTrial(user.uuid, courseId)).message });
      await standing.reload();
    } catch (err) {
      setError(errorMessage(err, t('errors.load')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        <Link to={`/student/store/${c.kind}`}>← {t('course.back')}</Link>
      </p>
      <h1 className="page-title">{pick(c.title, locale)}</h1>
      <div className="stack">
        {c.imageUrl ? <img className="store-card__image" src={c.imageUrl} alt="" /> : null}
        <p className="store-card__text">{pick(c.description, locale)}</p>
        {enrolment && enrolment.accessUntil && active ? (
          <Alert tone="success">
            <span data-testid="enrolled">{t('course.enrolled', { until: formatDateTime(enrolment.accessUntil, locale) })}</span>{' '}
            <Link to={coursePath}>{t('course.toCourses')}</Link> · <Link to={`/student/courses/${kindPath}/${c.id}/manage-subscription`}>{t('course.manage')}</Link>
          </Alert>
        ) : null}
        {enrolment?.status === 'lapsed' && enrolment.accessUntil ? <Alert tone="warning">{t('course.lapsed', { until: formatDateTime(enrolment.accessUntil, locale) })}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}

        <Card title={t('course.tariffs')}>
          <div className="store-tariffs">
            {c.tariffs.map((tariff) => (
              <div key={tariff.id} className="stack" data-testid="tariff">
                <h3>{pick(tariff.title, locale)}</h3>
                <p className="store-card__price">
                  {tariff.priceTenge > 0 ? formatTenge(tariff.priceTenge, locale) : `${tariff.priceZp} ZP`} · {t('card.per', { count: tariff.periodMonths })}
                </p>
                {pick(tariff.includes, locale) ? (
                  <>
                    <p className="muted">{t('course.includes')}</p>
                    <ul className="store-list">
                      {pick(tariff.includes, locale).split('\n').filter(Boolean).map((line) => <li key={line}>{line}</li>)}
                    </ul>
                  </>
                ) : null}
                {active ? null : (
                  <Button busy={busy} disabled={c.seatsLeft === 0} block onClick={() => void buy(tariff.id)}>
                    {t('course.buy', { price: tariff.priceTenge > 0 ? formatTenge(tariff.priceTenge, locale) : `${tariff.priceZp} ZP` })}
                  </Button>
                )}
              </div>
            ))}
          </div>
          {c.seatsLeft === 0 ? <Badge tone="danger">{t('course.full')}</Badge> : c.seatsLeft !== null ? <Badge tone="info">{t('course.seatsLeft', { count: c.seatsLeft })}</Badge> : null}
        </Card>

        {c.kind === 'live' && !active ? (
          <Card title={t('trial.title')}>
            {standing.data?.freeTrial ? (
              <p data-testid="trial">{t('course.trialGiven', { title: pick(standing.data.freeTrial.title, locale), at: standing.data.freeTrial.startsAtAlmaty })}</p>
            ) : (
              <Button variant="outline" busy={busy} onClick={() => void trial()}>{t('course.trial')}</Button>
            )}
          </Card>
        ) : null}

        {c.teachers.length ? (
          <Card title={t('course.teachers')}>
            <p>{c.teachers.join(', ')}</p>
          </Card>
        ) : null}
        {c.modules.length ? (
          <Card title={t('course.programme')}>
            <ol className="store-list">
              {c.modules.map((m) => <li key={m.id}>{pick(m.title, locale)}</li>)}
            </ol>
          </Card>
        ) : null}
        <Card title={t('course.timetable')}>
          {c.timetable.length ? (
            <ul className="store-lessons">
              {c.timetable.map((l) => (
                <li key={`${l.startsAt}:${l.groupName}`}>
                  <span>{pick(l.title, locale)}</span>
                  <span className="muted">{l.startsAtAlmaty} · {l.groupName}</span>
                </li>
              ))}
            </ul>
          ) : <p className="muted">{t('course.noLessons')}</p>}
        </Card>
        {active ? <ButtonLink to={coursePath}>{t('course.toCourses')}</ButtonLink> : null}
      </div>
    </>
  );
}
