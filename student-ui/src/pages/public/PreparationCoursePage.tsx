/**
 * /preparation-course: the landing of the paid one-month preparation course (spec sections 1 and 9): two live
 * sessions a week, recordings for 60 days, practice tasks and question sessions, 10,500 tenge; to the store.
 */
import { useTranslation } from 'react-i18next';
import { ButtonLink, Card } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';

const POINTS = ['p1', 'p2', 'p3', 'p4'] as const;

export default function PreparationCoursePage() {
  const { t } = useTranslation('store');
  usePageTitle(t('landing.title'));
  return (
    <section className="container stack" style={{ paddingBlock: 24 }}>
      <h1 className="page-title">{t('landing.title')}</h1>
      <p>{t('landing.lead')}</p>
      <Card>
        <ul>
          {POINTS.map((p) => <li key={p}>{t(`landing.points.${p}`)}</li>)}
        </ul>
        <p className="store-card__price" data-testid="landing-price" style={{ fontWeight: 700 }}>{t('landing.price')}</p>
        <ButtonLink to="/student/store/live">{t('landing.cta')}</ButtonLink>
      </Card>
    </section>
  );
}
