/**
 * A lesson's recording (`/student/lessons/{lessonId}/recording`; learning's media/, issue 15): the group's pupils play
 * it for 60 days after the lesson. The player streams with range requests (a phone seeks without downloading the
 * whole file) from the play address `info` gives, which carries a ticket (a `<video>` sends no token). After the
 * window the server's message says it is closed. The lesson's other materials (files, links, videos) follow.
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getLessonRecording } from '../../api/media';
import { Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { LoadFailed } from '../../layouts/LoadFailed';
import { Materials } from './parts/Materials';

export default function LessonRecordingPage() {
  const { t } = useTranslation('media');
  const { lessonId = '' } = useParams();
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getLessonRecording(lessonId), `recording:${lessonId}`);
  usePageTitle(data ? pick(data.title, locale) : t('recording.title'));
  return (
    <>
      <h1 className="page-title">{data ? pick(data.title, locale) : t('recording.title')}</h1>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton height={220} /> : null}
      {data ? (
        <section className="card">
          <video
            data-testid="recording-player"
            controls
            preload="metadata"
            playsInline
            src={data.playUrl}
            poster={data.posterUrl ?? undefined}
            style={{ width: '100%', maxHeight: '70vh', background: '#000', borderRadius: 8 }}
          >
            {t('recording.unsupported')}
          </video>
          {data.durationSeconds ? <p className="muted">{t('recording.length', { minutes: Math.round(data.durationSeconds / 60) })}</p> : null}
          {data.availableUntil ? <p className="muted">{t('recording.until', { date: formatDateTime(data.availableUntil, locale) })}</p> : null}
        </section>
      ) : null}
      {data ? <section className="card"><Materials ownerKind="lesson" ownerId={lessonId} exclude={[data.id]} /></section> : null}
    </>
  );
}
