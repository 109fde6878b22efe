/**
 * "Subscribe in calendar" on the pupil's timetable (issue 15, docs/teaching.md): a secret link to their lessons as an
 * iCalendar feed (webcal:// opens the phone's calendar; the https link can be pasted into any calendar). A new link
 * stops the old one at once; turning it off stops it too. Lessons come in Almaty time, titles in the page's language.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { getMyCalendar, renewMyCalendar, revokeMyCalendar } from '../../api/courses';
import { errorMessage } from '../../auth/otp';
import { Alert, Button, Card } from '../../design';
import { useApi } from '../../lib/useApi';

export function CalendarSubscribe() {
  const { t } = useTranslation('courses');
  const { data, reload } = useApi(() => getMyCalendar(), 'my-calendar');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await call();
      await reload();
    } catch (err) {
      setProblem(errorMessage(err, t('errors.save')));
    } finally {
      setBusy(false);
    }
  };
  const url = data?.data.url ? `${data.data.url}?lang=${currentLocale()}` : null;
  return (
    <Card title={t('calendar.title')} headingLevel={3}>
      <p>{t('calendar.text')}</p>
      {url ? (
        <div className="stack">
          <a className="button button--primary" data-testid="calendar-subscribe" href={url.replace(/^https?:/, 'webcal:')}>{t('calendar.subscribe')}</a>
          <p style={{ overflowWrap: 'anywhere' }}>{t('calendar.copy')} <a data-testid="calendar-url" href={url}>{url}</a></p>
          <div>
            <Button small variant="outline" busy={busy} onClick={() => void run(renewMyCalendar)}>{t('calendar.renew')}</Button>{' '}
            <Button small variant="outline" busy={busy} onClick={() => void run(revokeMyCalendar)}>{t('calendar.revoke')}</Button>
          </div>
        </div>
      ) : (
        <Button busy={busy} data-testid="calendar-make" onClick={() => void run(renewMyCalendar)}>{t('calendar.subscribe')}</Button>
      )}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </Card>
  );
}
