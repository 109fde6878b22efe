/**
 * The unauthorized page (spec sections 2 and 8): where a navigation ends when the server refuses the signed-in
 * user the page's data (403 FORBIDDEN). The pupil goes home, or signs in with another account.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { Button, ButtonLink } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  usePageTitle(t('unauthorized.title'));
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <section className="not-found container" aria-labelledby="unauthorized-title">
      <p className="not-found__code" aria-hidden="true">
        403
      </p>
      <h1 id="unauthorized-title" className="not-found__title">
        {t('unauthorized.title')}
      </h1>
      <p className="not-found__text">{t('unauthorized.text')}</p>
      <div className="cluster">
        <ButtonLink to={user?.student ? '/student/home' : '/'}>{t('unauthorized.home')}</ButtonLink>
        <Button
          variant="outline"
          onClick={() => {
            void (user ? signOut() : Promise.resolve()).then(() => navigate('/login'));
          }}
        >
          {t('unauthorized.login')}
        </Button>
      </div>
    </section>
  );
}
