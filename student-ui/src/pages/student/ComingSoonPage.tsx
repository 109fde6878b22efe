/** Parts of the student area that other issues build (courses, shop, the preparation course). */
import { useTranslation } from 'react-i18next';
import { ButtonLink, EmptyState } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  usePageTitle(t('soon.title'));
  return (
    <>
      <h1 className="page-title">{t('soon.title')}</h1>
      <EmptyState icon="🛠" title={t('soon.text')}>
        <ButtonLink to="/student/home">{t('nav.studentHome')}</ButtonLink>
      </EmptyState>
    </>
  );
}
