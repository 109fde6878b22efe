/** /privacy-and-policy and /terms-and-conditions; the "Last updated" day is the `landing` setting's legalUpdatedOn. */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { usePublicSettings } from '../../api/settings';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDay } from '../../lib/format';

export default function LegalPage({ kind }: { kind: 'privacy' | 'terms' }) {
  const { t } = useTranslation('front-landing');
  usePageTitle(t(`legal.${kind}.title`));
  const updatedOn = usePublicSettings()?.landing.legalUpdatedOn;
  const sections = t(`legal.${kind}.sections`, { returnObjects: true }) as { h: string; p: string }[];
  return (
    <article className="container section stack legal">
      <h1 className="page-title">{t(`legal.${kind}.title`)}</h1>
      {updatedOn ? (
        <p className="muted" data-testid="updated-on">
          {t('legal.updated', { date: formatDay(updatedOn, currentLocale()) })}
        </p>
      ) : null}
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
