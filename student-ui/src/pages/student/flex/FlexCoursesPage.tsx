/** /student/courses/flex-courses: the flex (self-paced) courses with the pupil's progress in each. */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { getFlexCourses } from '../../../api/flex';
import { ButtonLink, Card, EmptyState, ProgressBar, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { CoursesTabs } from '../CoursesPage';

export default function FlexCoursesPage() {
  const { t } = useTranslation('flex');
  const locale = currentLocale();
  usePageTitle(t('list.title'));
  const { data, error, reload } = useApi(getFlexCourses, 'flex-courses');
  return (
    <>
      <h1 className="page-title">{t('list.title')}</h1>
      <CoursesTabs />
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton height={160} /> : null}
      {data && !data.length ? <EmptyState icon="📘" title={t('list.empty')} /> : null}
      <div className="stack">
        {data?.map((c) => (
          <Card key={c.id} title={pick(c.title, locale)}>
            <ProgressBar value={c.lessonsDone} max={Math.max(1, c.lessonsTotal)} label={t('progress.lessons', { done: c.lessonsDone, total: c.lessonsTotal })} />
            <p data-testid="flex-card-done">{t('progress.card', { done: c.lessonsDone, total: c.lessonsTotal })}</p>
            <p className="muted">{t('progress.points', { points: c.points })}</p>
            <ButtonLink to={`/student/courses/flex-courses/${c.id}/chapters`}>{c.access ? t('list.open') : t('list.about')}</ButtonLink>
          </Card>
        ))}
      </div>
    </>
  );
}
