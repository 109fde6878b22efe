/**
 * /student/events/:eventId: one event for the pupil: its image, title, time (Almaty), the online link or the
 * centre's name and address, the description, "add to calendar" (an .ics file in the pupil's language) and the
 * event's materials (files, links, videos).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { downloadCalendar, getCentre, getMyEvent } from '../../../api/events';
import { Alert, Button, Card, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { formatDateTime, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { Materials } from '../parts/Materials';
import './events.css';

export default function EventPage() {
  const { t } = useTranslation('events');
  const { eventId = '' } = useParams();
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getMyEvent(eventId), `my-event:${eventId}`);
  const centerId = data?.centerId ?? null;
  const centre = useApi(centerId === null ? null : () => getCentre(centerId), `centre:${centerId}`);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  usePageTitle(data ? pick(data.title, locale) : t('page.title'));
  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!data) return <Skeleton height={240} />;
  const end = formatDateTime(data.endsAt, locale);
  const sameDay = data.startsAt.slice(0, 10) === data.endsAt.slice(0, 10);
  const addToCalendar = async () => {
    setSaving(true);
    setFailed(false);
    try {
      await downloadCalendar(data);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <article className="stack event-page">
      {data.imageUrl ? <img className="event-page__image" src={data.imageUrl} alt="" /> : null}
      <h1 className="page-title">{pick(data.title, locale)}</h1>
      <Card>
        <dl className="event-page__facts">
          <div>
            <dt>{t('page.when')}</dt>
            <dd data-testid="event-time">
              {formatDateTime(data.startsAt, locale)} – {sameDay ? end.slice(-5) : end} <span className="muted">({t('page.almaty')})</span>
            </dd>
          </div>
          <div>
            <dt>{t('page.where')}</dt>
            <dd data-testid="event-place">
              {data.onlineUrl ? (
                <a href={data.onlineUrl} target="_blank" rel="noopener noreferrer">{t('page.join')}</a>
              ) : centre.data ? (
                `${pick({ kk: centre.data.nameKk, ru: centre.data.nameRu, en: centre.data.nameEn }, locale)}, ${centre.data.address}`
              ) : (
                '…'
              )}
            </dd>
          </div>
        </dl>
        <Button onClick={() => void addToCalendar()} busy={saving} data-testid="add-to-calendar">{t('page.addToCalendar')}</Button>
        {failed ? <Alert tone="error">{t('page.calendarFailed')}</Alert> : null}
      </Card>
      {pick(data.description, locale) ? <p className="event-page__description">{pick(data.description, locale)}</p> : null}
      <Materials ownerKind="event" ownerId={data.id} />
    </article>
  );
}
