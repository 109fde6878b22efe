/**
 * A video material played in the page: `videos/{id}/info` gives a ticketed play address (a `<video>` sends no
 * token) and the player seeks with range requests, so a phone never downloads the whole file. A flex lesson's
 * videos and any owner's video materials use it.
 */
import { currentLocale } from '@olymp/web-common';
import { getVideoInfo } from '../../../api/media';
import { errorMessage } from '../../../auth/otp';
import { Alert, Skeleton } from '../../../design';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';

/** `unplayable`: what shows when the video cannot be read or played (in the page's own words). */
export function VideoPlayer({ id, testId, unplayable }: { id: string; testId: string; unplayable: string }) {
  const locale = currentLocale();
  const { data, error } = useApi(() => getVideoInfo(id), `video:${id}`);
  if (error) return <Alert tone="error">{errorMessage(error, unplayable)}</Alert>;
  if (!data) return <Skeleton height={200} />;
  return (
    <figure className="stack">
      <video data-testid={testId} controls preload="metadata" playsInline src={data.playUrl} poster={data.posterUrl ?? undefined}
        style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 8 }}>
        {unplayable}
      </video>
      <figcaption className="muted">{pick(data.title, locale)}</figcaption>
    </figure>
  );
}
