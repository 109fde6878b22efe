/**
 * /student/courses/flex-courses/:courseId/:tab: a flex (self-paced) course with the tabs chapters, leaderboards,
 * teachers, group-chat (the chats of the pupil's groups of this course) and course-info. A pupil whose access runs sees
 * the lessons, their progress and a "continue" button to the first lesson not done yet; anyone else sees the
 * course-info and a way to buy it in the store.
 */
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { type FlexCourse, getFlexBoard, getFlexCourse } from '../../../api/flex';
import { Alert, Badge, ButtonLink, EmptyState, ProgressBar, Skeleton, Tabs } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { formatDateTime, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { CourseGroupChats } from '../chat/CourseGroupChats';

export const FLEX_TABS = ['chapters', 'leaderboards', 'teachers', 'group-chat', 'course-info'] as const;

export const lessonPath = (courseId: string, chapterId: string, lessonId: string) =>
  `/student/courses/flex-courses/${courseId}/chapters/${chapterId}/lesson?lesson=${lessonId}`;

export default function FlexCoursePage() {
  const { t } = useTranslation('flex');
  const { courseId = '', tab } = useParams();
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getFlexCourse(courseId), `flex-course:${courseId}`);
  usePageTitle(data ? pick(data.title, locale) : t('list.title'));
  if (tab === undefined) return <Navigate to="chapters" replace />;
  if (!(FLEX_TABS as readonly string[]).includes(tab)) return <Navigate to={`/student/courses/flex-courses/${courseId}/chapters`} replace />;
  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!data) return <Skeleton height={240} />;
  const base = `/student/courses/flex-courses/${courseId}`;
  const { progress } = data;
  return (
    <>
      <p><Link to="/student/courses/flex-courses">← {t('list.title')}</Link></p>
      <section className="card stack">
        <h1 className="page-title">{pick(data.title, locale)}</h1>
        {data.access ? (
          <>
            <ProgressBar value={progress.lessonsDone} max={Math.max(1, progress.lessonsTotal)} label={t('progress.lessons', { done: progress.lessonsDone, total: progress.lessonsTotal })} />
            <p className="cluster">
              <span data-testid="flex-lessons-done">{t('progress.lessons', { done: progress.lessonsDone, total: progress.lessonsTotal })}</span>
              <span data-testid="flex-points">{t('progress.points', { points: progress.points })}</span>
            </p>
            {progress.next ? (
              <ButtonLink data-testid="flex-continue" to={lessonPath(courseId, progress.next.chapterId, progress.next.lessonId)}>
                {progress.lessonsDone ? t('continue', { title: pick(progress.next.title, locale) }) : t('start', { title: pick(progress.next.title, locale) })}
              </ButtonLink>
            ) : progress.lessonsTotal ? <Alert tone="success">{t('allDone')}</Alert> : null}
            {data.enrolment?.accessUntil ? <p className="muted">{t('accessUntil', { date: formatDateTime(data.enrolment.accessUntil, locale) })}</p> : null}
          </>
        ) : (
          <>
            <Alert tone="info">{data.enrolment?.status === 'lapsed' ? t('buy.lapsed') : t('buy.text')}</Alert>
            <ButtonLink data-testid="flex-buy" to={`/student/store/courses/${courseId}`}>{t('buy.action')}</ButtonLink>
          </>
        )}
      </section>
      <Tabs label={t('tabs.label')} tabs={FLEX_TABS.map((name) => ({ to: `${base}/${name}`, label: t(`tabs.${name}`) }))} />
      {tab === 'chapters' ? <Chapters course={data} /> : null}
      {tab === 'leaderboards' ? (data.access ? <Board courseId={courseId} /> : <Alert tone="info">{t('buy.text')}</Alert>) : null}
      {tab === 'teachers' ? (
        <section className="card">
          {data.teachers.length ? <ul className="stack">{data.teachers.map((n) => <li key={n}>{n}</li>)}</ul> : <p className="muted">{t('teachers.none')}</p>}
        </section>
      ) : null}
      {tab === 'group-chat' ? <CourseGroupChats courseId={courseId} /> : null}
      {tab === 'course-info' ? (
        <section className="card stack">
          <p style={{ whiteSpace: 'pre-line' }}>{pick(data.description, locale)}</p>
          <p>{t('info.size', { chapters: data.chapters.length, lessons: progress.lessonsTotal })}</p>
          <ol>{data.chapters.map((c) => <li key={c.id}>{pick(c.title, locale)} · {t('info.lessons', { n: c.lessonsTotal })}</li>)}</ol>
        </section>
      ) : null}
    </>
  );
}

function Chapters({ course }: { course: FlexCourse }) {
  const { t } = useTranslation('flex');
  const locale = currentLocale();
  if (!course.chapters.length) return <EmptyState icon="📘" title={t('chapters.empty')} />;
  return (
    <div className="stack">
      {course.chapters.map((c) => (
        <section key={c.id} className="card" data-testid="flex-chapter">
          <h2 className="card__title">
            <Link to={`/student/courses/flex-courses/${course.id}/chapters/${c.id}`}>{pick(c.title, locale)}</Link>
          </h2>
          <p className="muted">{t('progress.lessons', { done: c.lessonsDone, total: c.lessonsTotal })}</p>
          {course.access ? (
            <ol className="stack">
              {c.lessons.map((l) => (
                <li key={l.id} className="cluster">
                  <Link to={lessonPath(course.id, c.id, l.id)}>{pick(l.title, locale)}</Link>
                  {l.done ? <Badge tone="success">{t('lesson.done')}</Badge> : null}
                  {l.hasVideo ? <Badge tone="neutral">{t('lesson.video')}</Badge> : null}
                  {l.hasTest ? <Badge tone="info">{t('lesson.test')}</Badge> : null}
                </li>
              ))}
            </ol>
          ) : null}
        </section>
      ))}
    </div>
  );
}

function Board({ courseId }: { courseId: string }) {
  const { t } = useTranslation('flex');
  const { data, error, reload } = useApi(() => getFlexBoard(courseId), `flex-board:${courseId}`);
  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!data) return <Skeleton height={160} />;
  if (!data.data.length) return <EmptyState icon="🏆" title={t('board.empty')} />;
  return (
    <section className="card">
      <div className="table-wrap">
      <table className="table" data-testid="flex-board">
        <thead><tr><th>#</th><th>{t('board.name')}</th><th>{t('board.lessons')}</th><th>{t('board.points')}</th></tr></thead>
        <tbody>
          {data.data.map((r) => (
            <tr key={r.rank} aria-current={r.me ? 'true' : undefined} style={r.me ? { fontWeight: 700 } : undefined}>
              <td>{r.rank}</td><td>{r.name}</td><td>{r.lessonsDone}</td><td>{r.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {data.me && data.me.rank > data.data.length ? <p>{t('board.me', { rank: data.me.rank, points: data.me.points })}</p> : null}
    </section>
  );
}
