/** /student/courses/flex-courses/:courseId/chapters/:chapterId: a chapter's lessons, done ones marked. */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getFlexChapter } from '../../../api/flex';
import { Badge, ProgressBar, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { lessonPath } from './FlexCoursePage';

export default function FlexChapterPage() {
  const { t } = useTranslation('flex');
  const { courseId = '', chapterId = '' } = useParams();
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getFlexChapter(courseId, chapterId), `flex-chapter:${chapterId}`);
  usePageTitle(data ? pick(data.title, locale) : t('list.title'));
  const back = <p><Link to={`/student/courses/flex-courses/${courseId}/chapters`}>← {t('backToCourse')}</Link></p>;
  if (error) return <>{back}<LoadFailed error={error} onRetry={() => void reload()} /></>;
  if (!data) return <Skeleton height={200} />;
  return (
    <>
      {back}
      <section className="card stack">
        <h1 className="page-title">{pick(data.title, locale)}</h1>
        <ProgressBar value={data.lessonsDone} max={Math.max(1, data.lessonsTotal)} label={t('progress.lessons', { done: data.lessonsDone, total: data.lessonsTotal })} />
        <ol className="stack">
          {data.lessons.map((l) => (
            <li key={l.id} className="cluster">
              <Link to={lessonPath(courseId, chapterId, l.id)}>{pick(l.title, locale)}</Link>
              {l.done ? <Badge tone="success">{t('lesson.done')}</Badge> : null}
              {l.hasTest ? <Badge tone="info">{t('lesson.test')}</Badge> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
