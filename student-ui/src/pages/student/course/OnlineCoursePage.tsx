/**
 * An online course's pupil pages (issue 15, docs/course-pages.md) under `courses/online-courses/:courseId/:tab`:
 * lessons (this week's, in Almaty time), teachers, leaderboards, attendances and notifications (OnlineCourseTabs),
 * news-feed (the group's teachers' posts, newest first, "show older"),
 * book-consultation (free times to book once, the pupil's own bookings to cancel until two hours before), onboarding
 * and agreements (the course's terms to accept), and chat (the chat of the pupil's course group, docs/chat.md: made by
 * learning's membership facts when staff or a paid enrolment put the pupil on the group). Until the pupil has
 * accepted the current terms, the lessons tab shows the onboarding page instead.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getMyGroups } from '../../../api/courses';
import {
  type ConsultationSlotView, type NewsPostView, bookSlot, cancelBooking, getAgreement, getGroupTimetable, getNews,
  getSlots,
} from '../../../api/coursePages';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, Card, EmptyState, Skeleton, Tabs } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { formatDateTime, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { ChatGroupsList } from '../chat/ChatGroupsList';
import { Materials } from '../parts/Materials';
import { Agreement } from './Agreement';
import { Attendances, Leaderboard, Notices, Teachers } from './OnlineCourseTabs';

const TABS = ['lessons', 'teachers', 'leaderboards', 'news-feed', 'book-consultation', 'attendances', 'notifications', 'chat', 'onboarding', 'agreements'] as const;
type Tab = (typeof TABS)[number];

export default function OnlineCoursePage() {
  const { t } = useTranslation('courses');
  const { courseId = '', tab = 'lessons' } = useParams();
  const locale = currentLocale();
  const groups = useApi(getMyGroups, 'my-groups');
  const agreement = useApi(() => getAgreement(courseId), `agreement:${courseId}`);
  const group = groups.data?.data.find((g) => g.course.id === courseId);
  usePageTitle(group ? pick(group.course.title, locale) : t('online.title'));
  if (!TABS.includes(tab as Tab)) return <Navigate to={`/student/courses/online-courses/${courseId}/lessons`} replace />;
  const error = groups.error ?? agreement.error;
  if (error) return <Alert tone="error">{errorMessage(error, t('errors.load'))}</Alert>;
  if (!groups.data || !agreement.data) return <Skeleton height={200} />;
  if (!group) {
    return (
      <EmptyState icon="📚" title={t('online.notInCourse')}>
        <Link to="/student/store/live">{t('online.toStore')}</Link>
      </EmptyState>
    );
  }
  const base = `/student/courses/online-courses/${courseId}`;
  const terms = agreement.data.data;
  const show: Tab = tab === 'lessons' && terms.mustAccept ? 'onboarding' : (tab as Tab);
  return (
    <>
      <p><Link to="/student/courses">← {t('title')}</Link></p>
      <h1 className="page-title">{pick(group.course.title, locale)}</h1>
      <p>{t('groups.group', { name: group.name })}</p>
      <Tabs label={t('online.title')} tabs={TABS.map((x) => ({ to: `${base}/${x}`, label: t(`online.tabs.${x}`) }))} />
      {show === 'lessons' ? <Lessons groupId={group.id} /> : null}
      {show === 'teachers' ? <Teachers groupId={group.id} /> : null}
      {show === 'leaderboards' ? <Leaderboard groupId={group.id} /> : null}
      {show === 'news-feed' ? <NewsFeed groupId={group.id} /> : null}
      {show === 'book-consultation' ? <Consultations groupId={group.id} /> : null}
      {show === 'attendances' ? <Attendances groupId={group.id} /> : null}
      {show === 'notifications' ? <Notices groupId={group.id} /> : null}
      {show === 'chat' ? <ChatGroupsList kind="course_group" refId={group.id} /> : null}
      {show === 'onboarding' || show === 'agreements' ? (
        <Agreement view={terms} onboarding={show === 'onboarding'} gated={tab === 'lessons'} onChange={(v) => agreement.setData({ data: v })} />
      ) : null}
    </>
  );
}

function Lessons({ groupId }: { groupId: string }) {
  const { t } = useTranslation('courses');
  const locale = currentLocale();
  const { data, error } = useApi(() => getGroupTimetable(groupId), `timetable:${groupId}`);
  if (error) return <Alert tone="error">{errorMessage(error, t('errors.load'))}</Alert>;
  if (!data) return <Skeleton height={120} />;
  return (
    <div className="stack" data-testid="course-lessons">
      <p>{t('timetable.week', { from: data.from, to: data.to })}</p>
      {data.data.length === 0 ? <EmptyState icon="🗓" title={t('timetable.empty')} /> : null}
      {data.data.map((l) => (
        <Card key={l.id} title={pick(l.title, locale)} headingLevel={3}>
          <p>{formatDateTime(l.startsAt, locale)}</p>
          {l.meetingUrl ? <a className="button button--primary" href={l.meetingUrl} target="_blank" rel="noreferrer">{t('timetable.join')}</a> : null}
          {l.recordingUrl ? <a className="button button--outline" href={l.recordingUrl} target="_blank" rel="noreferrer">{t('timetable.recording')}</a> : null}
          <Materials ownerKind="lesson" ownerId={l.id} headingLevel={4} />
        </Card>
      ))}
    </div>
  );
}

function NewsFeed({ groupId }: { groupId: string }) {
  const { t } = useTranslation('courses');
  const locale = currentLocale();
  const first = useApi(() => getNews(groupId), `news:${groupId}`);
  const [older, setOlder] = useState<NewsPostView[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (first.error) return <Alert tone="error">{errorMessage(first.error, t('errors.load'))}</Alert>;
  if (!first.data) return <Skeleton height={120} />;
  const posts = [...first.data.data, ...older];
  const next = cursor === undefined ? first.data.nextCursor : cursor;
  const more = async () => {
    if (!next) return;
    setBusy(true);
    setProblem(null);
    try {
      const page = await getNews(groupId, next);
      setOlder((o) => [...o, ...page.data]);
      setCursor(page.nextCursor);
    } catch (err) {
      setProblem(errorMessage(err, t('errors.load')));
    } finally {
      setBusy(false);
    }
  };
  if (!posts.length) return <EmptyState icon="📰" title={t('online.news.empty')} />;
  return (
    <div className="stack" data-testid="news-feed">
      {posts.map((p) => (
        <Card key={p.id}>
          <p className="news-post__meta">{p.author} · {formatDateTime(p.createdAt, locale)}</p>
          <p className="news-post__text" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{pick(p.text, locale)}</p>
          {p.linkUrl ? <a href={p.linkUrl} target="_blank" rel="noreferrer noopener" style={{ overflowWrap: 'anywhere' }}>{t('online.news.link')}</a> : null}
        </Card>
      ))}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {next ? <Button variant="outline" busy={busy} onClick={() => void more()}>{t('online.news.older')}</Button> : null}
    </div>
  );
}

function Consultations({ groupId }: { groupId: string }) {
  const { t } = useTranslation('courses');
  const locale = currentLocale();
  const toast = useToast();
  const { data, error, setData, reload } = useApi(() => getSlots(groupId), `slots:${groupId}`);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (error) return <Alert tone="error">{errorMessage(error, t('errors.load'))}</Alert>;
  if (!data) return <Skeleton height={120} />;
  const replace = (s: ConsultationSlotView) => setData({ ...data, data: data.data.map((x) => (x.id === s.id ? s : x)) });
  const act = async (slot: ConsultationSlotView, kind: 'book' | 'cancel') => {
    setBusy(slot.id);
    setProblem(null);
    try {
      const answer = kind === 'book' ? await bookSlot(slot.id) : await cancelBooking(slot.id);
      replace(answer.data);
      toast.show({ type: 'success', text: kind === 'book' ? t('online.slots.booked') : t('online.slots.cancelled') });
    } catch (err) {
      setProblem(errorMessage(err, t('errors.save')));
      void reload();
    } finally {
      setBusy(null);
    }
  };
  const mine = data.data.filter((s) => s.state === 'mine');
  const rest = data.data.filter((s) => s.state !== 'mine');
  const when = (s: ConsultationSlotView) => `${formatDateTime(s.startsAt, locale)} – ${formatDateTime(s.endsAt, locale).split(', ').pop() ?? ''}`;
  return (
    <div className="stack" data-testid="consultations">
      <p>{t('online.slots.rule', { hours: data.cancelHours })}</p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <h2>{t('online.slots.mine')}</h2>
      {mine.length === 0 ? <p>{t('online.slots.noneMine')}</p> : null}
      {mine.map((s) => (
        <Card key={s.id} headingLevel={3} title={when(s)}>
          <p>{t('online.slots.teacher', { name: s.teacher })} · <Badge tone="success">{t('online.slots.state.mine')}</Badge></p>
          {s.cancellableUntil && Date.parse(s.cancellableUntil) > Date.now() ? (
            <Button variant="outline" small busy={busy === s.id} onClick={() => void act(s, 'cancel')}>{t('online.slots.cancel')}</Button>
          ) : <p>{t('online.slots.tooLate')}</p>}
        </Card>
      ))}
      <h2>{t('online.slots.all')}</h2>
      {rest.length === 0 ? <EmptyState icon="🗓" title={t('online.slots.empty')} /> : null}
      {rest.map((s) => (
        <Card key={s.id} headingLevel={3} title={when(s)}>
          <p>{t('online.slots.teacher', { name: s.teacher })} · <Badge tone={s.state === 'free' ? 'info' : 'default'}>{t(`online.slots.state.${s.state}`)}</Badge></p>
          {s.state === 'free' ? <Button small busy={busy === s.id} onClick={() => void act(s, 'book')}>{t('online.slots.book')}</Button> : null}
        </Card>
      ))}
    </div>
  );
}
