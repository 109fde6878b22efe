/**
 * /student/courses/flex-courses/:courseId/chapters/:chapterId/lesson?lesson=:lessonId: one lesson to study: its
 * videos (media's `videos/{id}/info` gives a ticketed play address; the player seeks with range requests), its text
 * in the reader's language, its test (the quiz player in the flex context) and "mark as done", which earns the
 * lesson's points and moves the pupil on. Without `lesson` the chapter's first lesson not done yet opens.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { completeFlexLesson, getFlexChapter, getFlexLesson, type FlexLessonView } from '../../../api/flex';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, ButtonLink, Skeleton } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { VideoPlayer } from '../parts/VideoPlayer';
import { lessonPath } from './FlexCoursePage';

export default function FlexLessonPage() {
  const { courseId = '', chapterId = '' } = useParams();
  const [params] = useSearchParams();
  const lessonId = params.get('lesson');
  if (!lessonId) return <FirstUndone courseId={courseId} chapterId={chapterId} />;
  return <Lesson key={lessonId} courseId={courseId} lessonId={lessonId} />;
}

/** The chapter's first lesson not done yet (or its first), as the lesson route without `?lesson=`. */
function FirstUndone({ courseId, chapterId }: { courseId: string; chapterId: string }) {
  const { data, error, reload } = useApi(() => getFlexChapter(courseId, chapterId), `flex-chapter:${chapterId}`);
  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!data) return <Skeleton height={200} />;
  const next = data.lessons.find((l) => !l.done) ?? data.lessons[0];
  return <Navigate replace to={next ? lessonPath(courseId, chapterId, next.id) : `/student/courses/flex-courses/${courseId}/chapters/${chapterId}`} />;
}

function Lesson({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { t } = useTranslation('flex');
  const locale = currentLocale();
  const toast = useToast();
  const navigate = useNavigate();
  const { data, error, reload, setData } = useApi(() => getFlexLesson(courseId, lessonId), `flex-lesson:${lessonId}`);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  usePageTitle(data ? pick(data.title, locale) : t('list.title'));
  const course = `/student/courses/flex-courses/${courseId}/chapters`;
  if (error) return <><p><Link to={course}>← {t('backToCourse')}</Link></p><LoadFailed error={error} onRetry={() => void reload()} /></>;
  if (!data) return <Skeleton height={320} />;
  const done = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await completeFlexLesson(courseId, lessonId);
      toast.show({ type: 'success', text: answer.message });
      setData({ ...data, done: true, pointsEarned: answer.data.pointsEarned });
      const next = answer.data.progress.next;
      if (next) void navigate(lessonPath(courseId, next.chapterId, next.lessonId));
    } catch (err) {
      setProblem(errorMessage(err, t('errors.save')));
    } finally {
      setBusy(false);
    }
  };
  const testDone = data.testPoints !== null;
  return (
    <>
      <p><Link to={course}>← {t('backToCourse')}</Link> · <Link to={`/student/courses/flex-courses/${courseId}/chapters/${data.chapterId}`}>{pick(data.chapterTitle, locale)}</Link></p>
      <article className="card stack">
        <h1 className="page-title">{pick(data.title, locale)}</h1>
        <p className="cluster">
          {data.done ? <Badge tone="success">{t('lesson.earned', { points: data.pointsEarned ?? 0 })}</Badge> : <Badge tone="neutral">{t('lesson.worth', { points: data.points })}</Badge>}
        </p>
        {data.videos.map((v) => <VideoPlayer key={v.id} id={v.id} testId="flex-video" unplayable={t('errors.video')} />)}
        <div data-testid="flex-lesson-body" style={{ whiteSpace: 'pre-line' }}>{pick(data.body, locale) || t('lesson.noText')}</div>
        {data.quizId ? (
          <section className="stack" aria-label={t('lesson.test')}>
            <h2 className="card__title">{t('lesson.test')}</h2>
            {testDone ? <p data-testid="flex-test-points">{t('lesson.testPoints', { points: data.testPoints })}</p> : <p className="muted">{t('lesson.testFirst')}</p>}
            {!testDone ? (
              <ButtonLink data-testid="flex-start-test" to={`/student/courses/flex-courses/${courseId}/quizzes/${data.quizId}/play?chapter=${data.chapterId}&lesson=${data.id}`}>
                {t('lesson.startTest')}
              </ButtonLink>
            ) : null}
          </section>
        ) : null}
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {!data.done ? (
          <Button data-testid="flex-done" busy={busy} disabled={!!data.quizId && !testDone} onClick={() => void done()}>{t('lesson.markDone')}</Button>
        ) : null}
        <Neighbours lesson={data} courseId={courseId} />
      </article>
    </>
  );
}

function Neighbours({ lesson, courseId }: { lesson: FlexLessonView; courseId: string }) {
  const { t } = useTranslation('flex');
  // Neighbours may sit in another chapter: the lesson route finds its own chapter from the lesson.
  return (
    <nav className="cluster" aria-label={t('lesson.nav')}>
      {lesson.previousLessonId ? <Link to={lessonPath(courseId, lesson.chapterId, lesson.previousLessonId)}>← {t('lesson.previous')}</Link> : null}
      {lesson.nextLessonId ? <Link to={lessonPath(courseId, lesson.chapterId, lesson.nextLessonId)}>{t('lesson.next')} →</Link> : null}
    </nav>
  );
}
