/**
 * What a pupil sees when a page's data did not come: a sentence a person understands and a retry button. The
 * server's own message is shown only when it is meant for people (a 4xx answer, localized by X-Locale); a crash,
 * a proxy page, a 5xx or a lost connection get our words, never a raw body or a code.
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { Alert, Button } from '../design';

/** The people-facing text for a failed request. */
export function failureText(error: unknown, t: (key: 'failure.network' | 'failure.server') => string): string {
  if (error instanceof ApiError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (error.status >= 400 && error.status < 500 && typeof message === 'string' && message) return message;
    return t('failure.server');
  }
  return t('failure.network');
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-failed" data-testid="load-failed">
      <Alert tone="error">{failureText(error, t)}</Alert>
      <Button variant="outline" onClick={onRetry}>
        {t('failure.retry')}
      </Button>
    </div>
  );
}
