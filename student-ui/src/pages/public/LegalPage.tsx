/** /privacy-and-policy and /terms-and-conditions. */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/usePageTitle';

export default function LegalPage({ kind }: { kind: 'privacy' | 'terms' }) {
  const { t } = useTranslation('front-landing');
  usePageTitle(t(`legal.${kind}.title`));
  const sections = t(`legal.${kind}.sections`, { returnObjects: true }) as { h: string; p: string }[];
  return (
    <article className="container section stack legal">
      <h1 className="page-title">{t(`legal.${kind}.title`)}</h1>
      <p className="muted">{t('legal.updated')}</p>
      {Array.isArray(sections)
        ? sections.map((s) => (
            <section key={s.h} className="stack">
              <h2>{s.h}</h2>
              <p>{s.p}</p>
            </section>
          ))
        : null}
    </article>
  );
}
