/** The not-found page inside the student area (spec section 2: the dashboard variant). */
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';

export default function DashboardNotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <section className="card not-found not-found--dashboard" aria-labelledby="nf-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title" className="not-found__title">
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.dashboardText')}</p>
      <ButtonLink to="/student/home">{t('nav.studentHome')}</ButtonLink>
    </section>
  );
}
