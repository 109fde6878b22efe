/** /student/zpoint: the ZP balance, its history, and the way to recharge. */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { getHistory } from '../../api/finance';
import { ButtonLink, Skeleton, Stat } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatNumber } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { HistoryTable } from './parts/History';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function ZpointPage() {
  const { t } = useTranslation('finances');
  usePageTitle(t('zp.title'));
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getHistory('zp'), 'zp');
  return (
    <>
      <h1 className="page-title">{t('zp.title')}</h1>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      <div className="grid">
        <Stat label={t('zp.balance')} value={data ? `${formatNumber(data.balance, locale)} ZP` : '…'} />
      </div>
      <div className="cluster">
        <ButtonLink to="/student/zpoint/checkout">{t('zp.recharge')}</ButtonLink>
        <ButtonLink to="/student/zpoint/recharges" variant="outline">
          {t('zp.recharges')}
        </ButtonLink>
      </div>
      <h2>{t('history.title')}</h2>
      {data ? <HistoryTable rows={data.data} unit="ZP" /> : <Skeleton height={160} />}
    </>
  );
}
