/** /registration-completed: shown right after registering; anyone else skips ahead (home, or the form). */
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { homeOf, useAuth } from '../../auth/AuthProvider';
import { ButtonLink, Spinner } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';

export default function RegistrationCompletedPage() {
  const { t } = useTranslation('loginPage');
  usePageTitle(t('completed.title'));
  const { status, user } = useAuth();
  const location = useLocation();
  const justRegistered = (location.state as { justRegistered?: boolean } | null)?.justRegistered === true;
  if (status === 'loading') return <Spinner label={t('completed.title')} />;
  if (!user) return <Navigate to="/registration" replace />;
  if (!justRegistered) return <Navigate to={homeOf(user)} replace />;
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <p className="auth-card__icon" aria-hidden="true">
          ✓
        </p>
        <h1 className="page-title">{t('completed.title')}</h1>
        <p>{t('completed.text', { name: user.firstName })}</p>
        <ButtonLink to="/student/home">{t('completed.continue')}</ButtonLink>
      </div>
    </section>
  );
}
