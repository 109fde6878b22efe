import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getRecharges } from '../../api/finance';
import { Badge, ButtonLink, EmptyState, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, formatTenge } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function RechargesPage() {
  const { t } = useTranslation('finances');
  usePageTitle(t('zp.recharges'));
  const locale = currentLocale();
  const { data, error, reload } = useApi(getRecharges, 'recharges');
  return (
    <>
      <h1 className="page-title">{t('zp.recharges')}</h1>
      <p>
        <ButtonLink to="/student/zpoint/checkout">{t('zp.recharge')}</ButtonLink>
      </p>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton height={160} /> : null}
      {data && data.data.length === 0 ? <EmptyState title={t('zp.noRecharges')} /> : null}
      {data && data.data.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('history.date')}</th>
                <th className="num">ZP</th>
                <th className="num">{t('invoices.amount')}</th>
                <th>{t('invoices.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/student/zpoint/recharges/${r.id}/payment`}>{formatDateTime(r.createdAt, locale)}</Link>
                  </td>
                  <td className="num">{r.amountZp}</td>
                  <td className="num">{formatTenge(r.priceTenge, locale)}</td>
                  <td>
                    <Badge tone={r.status === 'completed' ? 'success' : r.status === 'failed' ? 'danger' : 'default'}>{t(`zp.status.${r.status}`)}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
