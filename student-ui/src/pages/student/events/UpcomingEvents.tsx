/** The pupil home's "Upcoming events": the next few events for the pupil, each opening its page. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getMyEvents } from '../../../api/events';
import { Skeleton } from '../../../design';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { formatDateTime, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';

const SHOWN = 4;

export function UpcomingEvents({ userId }: { userId: string }) {
  const { t } = useTranslation('events');
  const locale = currentLocale();
  const events = useApi(getMyEvents, `my-events:${userId}`);
  return (
    <section className="stack" aria-labelledby="events-title">
      <h2 id="events-title">{t('upcoming.title')}</h2>
      {events.error ? <LoadFailed error={events.error} onRetry={() => void events.reload()} /> : null}
      {!events.data && !events.error ? <Skeleton height={80} /> : null}
      {events.data && events.data.length === 0 ? <p className="muted">{t('upcoming.empty')}</p> : null}
      <div className="grid">
        {events.data?.slice(0, SHOWN).map((e) => (
          <Link key={e.id} to={`/student/events/${e.id}`} className="card card--link" data-testid="event-card">
            <h3 className="card__title">{pick(e.title, locale)}</h3>
            <span className="muted">
              {formatDateTime(e.startsAt, locale)} · {e.onlineUrl ? t('online') : t('inPerson')}
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}
