/**
 * The people and record tabs of an online course's page (docs/course-pages.md): teachers (name, photo, subject),
 * leaderboards (the group's pupils by points, public names), attendances (the pupil's own marks per lesson) and
 * notifications (the pupil's notices about this group: lesson reminders, course news, a consultation called off).
 */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { getGroupBoard, getGroupNotices, getGroupTeachers, getMyAttendance } from '../../../api/coursePages';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Card, EmptyState, Skeleton, type Tone } from '../../../design';
import { formatDateTime, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';

export function Teachers({ groupId }: { groupId: string }) {
  const { t } = useTranslation('courses');
  const locale = currentLocale();
  const { data, error } = useApi(() => getGroupTeachers(groupId), `teachers:${groupId}`);
  if (error) return <Alert tone="error">{errorMessage(error, t('errors.load'))}</Alert>;
  if (!data) return <Skeleton height={120} />;
  if (!data.data.length) return <EmptyState icon="👩‍🏫" title={t('online.teachers.empty')} />;
  return (
    <div className="stack" data-testid="course-teachers">
      {data.data.map((x, i) => (
        <Card key={i}>
          <div style={{ display: 'flex', gap: 16, alignItems: 'center', minWidth: 0 }}>
            {x.photoUrl ? (
              <img src={x.photoUrl} alt={x.name} width={64} height={64} style={{ borderRadius: '50%', objectFit: 'cover', flex: 'none' }} />
            ) : (
              <span aria-hidden="true" style={{ width: 64, height: 64, borderRadius: '50%', display: 'grid', placeItems: 'center', background: 'var(--color-surface-muted, #eef)', fontSize: 24, flex: 'none' }}>
                {x.name.slice(0, 1)}
              </span>
            )}
            <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <h3 className="course-teacher__name" style={{ margin: 0 }}>{x.name}</h3>
              <p style={{ margin: 0 }}>{x.subject ? t('online.teachers.subject', { subject: pick(x.subject, locale) }) : t('online.teachers.noSubject')}</p>
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}

export function Leaderboard({ groupId }: { groupId: string }) {
  const { t } = useTranslation('courses');
  const { data, error } = useApi(() => getGroupBoard(groupId), `group-board:${groupId}`);
  if (error) return <Alert tone="error">{errorMessage(error, t('errors.load'))}</Alert>;
  if (!data) return <Skeleton height={160} />;
  if (!data.data.length) return <EmptyState icon="🏆" title={t('online.board.empty')} />;
  return (
    <section className="card">
      <p>{t('online.board.rule')}</p>
      <div className="table-wrap">
        <table className="table" data-testid="course-board">
          <thead><tr><th>#</th><th>{t('online.board.name')}</th><th>{t('online.board.points')}</th></tr></thead>
          <tbody>
            {data.data.map((r, i) => (
              <tr key={i} aria-current={r.me ? 'true' : undefined} style={r.me ? { fontWeight: 700 } : undefined}>
                <td>{r.rank}</td><td>{r.name}{r.me ? ` (${t('online.board.you')})` : ''}</td><td>{r.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const STATUS_TONE: Record<string, Tone> = { present: 'success', late: 'info', absent: 'danger', excused: 'neutral' };

export function Attendances({ groupId }: { groupId: string }) {
  const { t } = useTranslation('courses');
  const locale = currentLocale();
  const { data, error } = useApi(getMyAttendance, 'my-attendance');
  if (error) return <Alert tone="error">{errorMessage(error, t('errors.load'))}</Alert>;
  if (!data) return <Skeleton height={160} />;
  const rows = data.data.filter((a) => a.groupId === groupId);
  if (!rows.length) return <EmptyState icon="🗓" title={t('online.attendance.empty')} />;
  return (
    <section className="card">
      <div className="table-wrap">
        <table className="table" data-testid="course-attendance">
          <thead><tr><th>{t('online.attendance.lesson')}</th><th>{t('online.attendance.when')}</th><th>{t('online.attendance.status')}</th></tr></thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.lessonId}>
                <td>{pick(a.title, locale)}</td><td>{formatDateTime(a.startsAt, locale)}</td>
                <td><Badge tone={STATUS_TONE[a.status] ?? 'default'}>{t(`online.attendance.statuses.${a.status}`)}</Badge></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function Notices({ groupId }: { groupId: string }) {
  const { t } = useTranslation('courses');
  const locale = currentLocale();
  const { data, error } = useApi(() => getGroupNotices(groupId), `group-notices:${groupId}`);
  if (error) return <Alert tone="error">{errorMessage(error, t('errors.load'))}</Alert>;
  if (!data) return <Skeleton height={120} />;
  if (!data.data.length) return <EmptyState icon="🔔" title={t('online.notices.empty')} />;
  return (
    <div className="stack" data-testid="course-notices">
      {data.data.map((n) => (
        <Card key={n.id} title={n.title} headingLevel={3}>
          <p style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{n.text}</p>
          <p className="course-notice__meta">{formatDateTime(n.createdAt, locale)}{n.readAt ? '' : ` · ${t('online.notices.unread')}`}</p>
        </Card>
      ))}
    </div>
  );
}
