/** /student/xpoint: XP earned (bonus history). */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { getHistory } from '../../api/finance';
import { Skeleton, Stat } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatNumber } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { HistoryTable } from './parts/History';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function XpointPage() {
  const { t } = useTranslation('finances');
  usePageTitle(t('xp.title'));
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getHistory('xp'), 'xp');
  return (
    <>
      <h1 className="page-title">{t('xp.title')}</h1>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      <div className="grid">
        <Stat label={t('xp.balance')} value={data ? `${formatNumber(data.balance, locale)} XP` : '…'} />
      </div>
      <h2>{t('history.title')}</h2>
      {data ? <HistoryTable rows={data.data} unit="XP" /> : <Skeleton height={160} />}
    </>
  );
}
