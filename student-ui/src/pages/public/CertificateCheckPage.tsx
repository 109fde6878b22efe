import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AchievementReply } from '@olymp/proto';
import { currentLocale } from '@olymp/web-common';
import { apiJson } from '../../api/http';
import { EmptyState, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDate, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';

/**
 * The public check page a certificate's QR code opens (`/achievements/{code}`): confirms the code with what the
 * certificate was given for, its points and date, and offers the PDF. Shows no pupil's name, id or phone.
 */
export default function CertificateCheckPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('check.title'));
  const { code = '' } = useParams();
  const locale = currentLocale();
  const { data, error } = useApi(() => apiJson<AchievementReply>(`achievements/${encodeURIComponent(code)}`).then((a) => a.data), `certificate-${code}`);
  return (
    <section className="container section stack">
      <h1 className="page-title">{t('check.title')}</h1>
      {!data && !error ? <Skeleton height={160} /> : null}
      {error ? <EmptyState icon="✖" title={t('check.unknown', { code })} /> : null}
      {data ? (
        <article className="card" data-testid="certificate-valid">
          <p className="badge badge--success">{t('check.valid')}</p>
          <h2 className="card__title">{pick(data.title, locale) || t('achievements.finisher')}</h2>
          <p className="muted">{t('achievements.code', { code: data.certificateCode })}</p>
          <p className="muted">{t('check.points', { points: data.points })} · {formatDate(data.earnedAt, locale)}</p>
          <a className="button button--outline button--small" href={`/api/achievements/${data.certificateCode}/download`}>
            {t('achievements.download')}
          </a>
        </article>
      ) : null}
    </section>
  );
}
