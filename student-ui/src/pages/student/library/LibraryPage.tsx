/** One library: its chapters (with the pupil's progress and their materials) and collections, each opening as flashcards. */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getLibrary } from '../../../api/library';
import { ButtonLink, Card, ProgressBar, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { Materials } from '../parts/Materials';

export default function LibraryPage() {
  const { t } = useTranslation('library');
  const { libraryId = '' } = useParams();
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getLibrary(libraryId), `library-${libraryId}`);
  usePageTitle(data ? pick(data.title, locale) : t('list.title'));
  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!data) return <Skeleton height={240} />;
  return (
    <>
      <h1 className="page-title">{pick(data.title, locale)}</h1>
      <p className="muted">{t(`subjects.${data.subject}`)} · {t('grade', { grade: data.grade })}</p>
      <h2>{t('page.chapters')}</h2>
      <div className="stack">
        {data.chapters.map((ch) => (
          <Card key={ch.id} title={pick(ch.title, locale)}>
            <ul className="muted">
              {ch.subchapters.map((s) => (
                <li key={s.id}>{pick(s.title, locale)} · {t('page.cards', { count: s.cardCount })}</li>
              ))}
            </ul>
            {ch.progress ? (
              <ProgressBar value={ch.progress.learnt} max={Math.max(ch.progress.total, 1)} label={t('page.progress', { ...ch.progress })} />
            ) : null}
            <ButtonLink to={`/student/library/${data.id}/study/chapter/${ch.id}`} data-testid="study-chapter">{t('page.study')}</ButtonLink>
            <Materials ownerKind="library-chapter" ownerId={ch.id} headingLevel={3} />
          </Card>
        ))}
      </div>
      {data.collections.length ? <h2>{t('page.collections')}</h2> : null}
      <div className="grid">
        {data.collections.map((c) => (
          <Card key={c.id} title={pick(c.title, locale)}>
            <p className="muted">{t('page.cards', { count: c.cardCount })}</p>
            <ButtonLink variant="outline" to={`/student/library/${data.id}/study/collection/${c.id}`}>{t('page.study')}</ButtonLink>
          </Card>
        ))}
      </div>
    </>
  );
}
