/**
 * The landing pages (spec sections 1, 2 and 9): /altyn-saqa (primary-school olympiad), /altyn-tulek (senior
 * olympiad), /altyn-asyq (teachers' olympiad) with registration shown as closed, and /altyn-saqa-landing (the
 * 5-day challenge, the paid preparation course at 10,500 tenge, the FAQ). Each has the anchors about, dates,
 * working, advantages and faq. Texts are in the front-landing translation group; an olympiad's stages and their days
 * and the "Last updated" day are data (the `landing` setting staff edit in Settings, read from the public settings):
 * while they cannot be read the page is shown without them.
 */
import './landing.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { Alert, Badge, ButtonLink } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { usePublicSettings } from '../../api/settings';
import { formatDay, formatTenge } from '../../lib/format';

export type LandingSlug = 'altyn-saqa' | 'altyn-saqa-landing' | 'altyn-tulek' | 'altyn-asyq';

/** Spec section 9. */
export const COURSE_PRICE_TENGE = 10_500;

const KEY: Record<LandingSlug, 'primary' | 'senior' | 'teachers' | 'challenge'> = {
  'altyn-saqa': 'primary',
  'altyn-tulek': 'senior',
  'altyn-asyq': 'teachers',
  'altyn-saqa-landing': 'challenge',
};

const ANCHORS = ['about', 'dates', 'working', 'advantages', 'faq'] as const;

function list(t: (key: string, options: { returnObjects: true }) => unknown, key: string): string[] {
  const value = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as string[]) : [];
}

export default function LandingPage({ slug }: { slug: LandingSlug }) {
  const { t } = useTranslation('front-landing');
  const k = KEY[slug];
  const olympiad = slug !== 'altyn-saqa-landing';
  const locale = currentLocale();
  usePageTitle(t(`${k}.title`));
  const faq = t(`${k}.faq`, { returnObjects: true }) as { q: string; a: string }[];
  const settings = usePublicSettings();
  const landing = settings?.landing;
  return (
    <>
      <section className="hero" aria-labelledby="landing-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">{t(`${k}.eyebrow`)}</p>
          <h1 id="landing-title" className="hero__title">
            {t(`${k}.title`)}
          </h1>
          <p className="hero__lead">{t(`${k}.lead`)}</p>
          <nav className="landing-nav" aria-label={t('nav.label')}>
            {ANCHORS.map((a) => (
              <a key={a} href={`#${a}`}>
                {t(`nav.${a}`)}
              </a>
            ))}
          </nav>
          {olympiad ? (
            <div className="landing-closed">
              <Badge tone="danger">{t('registrationClosed')}</Badge>
              <button type="button" className="button button--primary" disabled aria-describedby="closed-note">
                {t('register')}
              </button>
              <span id="closed-note" className="hero__note">
                {t('registrationClosedNote')}
              </span>
            </div>
          ) : (
            <div className="hero__actions">
              <ButtonLink to="/registration">{t('challenge.join')}</ButtonLink>
              <ButtonLink to="/challenges" variant="ghost">
                {t('challenge.see')}
              </ButtonLink>
            </div>
          )}
        </div>
      </section>

      <section id="about" className="section landing-section">
        <div className="container stack">
          <h2>{t('nav.about')}</h2>
          <p>{t(`${k}.about`)}</p>
        </div>
      </section>

      <section id="dates" className="section landing-section">
        <div className="container stack">
          <h2>{t('nav.dates')}</h2>
          {k === 'challenge' ? (
            <ul className="timeline">
              {list(t, 'challenge.dates').map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : landing ? (
            <>
              {landing.stages[k].length ? (
                <ul className="timeline" data-testid="stages">
                  {landing.stages[k].map((stage, i) => (
                    <li key={i}>
                      {stage.name[locale]}: {stage.date ? <time dateTime={stage.date}>{formatDay(stage.date, locale)}</time> : t('dateTba')}
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('datesSoon')}</p>
              )}
              {landing.updatedOn ? (
                <p className="muted" data-testid="updated-on">
                  {t('updatedOn', { date: formatDay(landing.updatedOn, locale) })}
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      </section>

      <section id="working" className="section landing-section">
        <div className="container stack">
          <h2>{t('nav.working')}</h2>
          <ol className="steps">
            {list(t, `${k}.working`).map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ol>
        </div>
      </section>

      <section id="advantages" className="section landing-section">
        <div className="container stack">
          <h2>{t('nav.advantages')}</h2>
          <ul className="facts">
            {list(t, `${k}.advantages`).map((d) => (
              <li key={d} className="facts__item">
                {d}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {slug === 'altyn-saqa-landing' ? (
        <section id="course" className="section landing-section" aria-labelledby="course-title">
          <div className="container">
            <div className="card course-card">
              <Badge>{t('course.badge')}</Badge>
              <h2 id="course-title">{t('course.title')}</h2>
              <p className="course-card__price" data-testid="course-price">
                {formatTenge(COURSE_PRICE_TENGE, locale)}
              </p>
              <ul>
                {list(t, 'course.points').map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              <ButtonLink to="/student/altyn-saqa-course">{t('course.cta')}</ButtonLink>
            </div>
          </div>
        </section>
      ) : null}

      <section id="faq" className="section landing-section">
        <div className="container stack">
          <h2>{t('nav.faq')}</h2>
          {Array.isArray(faq)
            ? faq.map((item) => (
                <details key={item.q} className="faq">
                  <summary>{item.q}</summary>
                  <p>{item.a.replace('{email}', settings?.support.email ?? 'support@altynsaqa.kz')}</p>
                </details>
              ))
            : null}
          {olympiad ? <Alert tone="warning">{t('registrationClosedNote')}</Alert> : null}
          <p>
            <Link to="/">{t('backHome')}</Link>
          </p>
        </div>
      </section>
    </>
  );
}
