import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import type { ChallengeSummary } from '../../../api/learning';
import { Badge } from '../../../design';
import { formatDate, formatTenge, pick } from '../../../lib/format';

export function StatusBadges({ challenge }: { challenge: Pick<ChallengeSummary, 'status' | 'paid' | 'priceTenge' | 'priceZp'> }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  return (
    <span className="cluster">
      <Badge tone={challenge.status === 'ongoing' ? 'success' : challenge.status === 'planned' ? 'info' : 'neutral'}>{t(`status.${challenge.status}`)}</Badge>
      <Badge tone={challenge.paid ? 'default' : 'neutral'}>
        {challenge.paid ? `${t('status.paid')} · ${challenge.priceTenge ? formatTenge(challenge.priceTenge, locale) : `${challenge.priceZp} ZP`}` : t('status.free')}
      </Badge>
    </span>
  );
}

export function ChallengeCard({ challenge, to }: { challenge: ChallengeSummary; to: string }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  return (
    <Link to={to} className="card card--link">
      <StatusBadges challenge={challenge} />
      <h2 className="card__title">{pick(challenge.title, locale)}</h2>
      <p className="muted">{pick(challenge.description, locale)}</p>
      <p className="muted">
        {challenge.grade ? `${t('gradeN', { grade: challenge.grade })} · ` : ''}
        {formatDate(challenge.startsAt, locale)} — {formatDate(challenge.endsAt, locale)}
      </p>
      {challenge.joined ? <Badge tone="success">{t('joined')}</Badge> : null}
    </Link>
  );
}
