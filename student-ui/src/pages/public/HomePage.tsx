import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { usePageTitle } from '../../hooks/usePageTitle';

const CHALLENGE_FACTS = ['grades', 'days', 'points', 'prize', 'language'] as const;
const PROGRAMMES = [
  ['/altyn-saqa', 'primary'],
  ['/altyn-tulek', 'senior'],
  ['/altyn-asyq', 'teachers'],
  ['/altyn-saqa-landing', 'challenge'],
] as const;

export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle();
  const { status } = useAuth();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 id="hero-title" className="hero__title">
            {t('home.headline')}
          </h1>
          <p className="hero__lead">{t('home.lead')}</p>
          <div className="hero__actions">
            {/* A signed-in pupil is shown the way to their area; nobody sees "sign in" before the session is known. */}
            {status === 'signedIn' ? (
              <Link to="/student/home" className="button button--primary">
                {t('home.myArea')}
              </Link>
            ) : status === 'guest' ? (
              <Link to="/login" className="button button--primary">
                {t('home.signIn')}
              </Link>
            ) : null}
            <a href="#challenge" className="button button--ghost">
              {t('home.challengeLink')}
            </a>
          </div>
        </div>
      </section>

      <section id="challenge" className="challenge" aria-labelledby="challenge-title">
        <div className="container">
          <div className="challenge__card">
            <p className="badge">{t('home.challenge.badge')}</p>
            <h2 id="challenge-title" className="challenge__title">
              {t('home.challenge.title')}
            </h2>
            <p className="challenge__text">{t('home.challenge.text')}</p>
            <ul className="facts">
              {CHALLENGE_FACTS.map((fact) => (
                <li key={fact} className="facts__item">
                  {t(`home.challenge.facts.${fact}`)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="programmes" aria-labelledby="programmes-title">
        <div className="container stack">
          <h2 id="programmes-title">{t('home.programmes.title')}</h2>
          <div className="grid">
            {PROGRAMMES.map(([to, key]) => (
              <Link key={to} to={to} className="card card--link">
                <h3 className="card__title">{t(`home.programmes.${key}.title`)}</h3>
                <p className="muted">{t(`home.programmes.${key}.text`)}</p>
              </Link>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
