import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getInvoices } from '../../api/finance';
import { EmptyState, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDate, formatTenge, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { InvoiceStatus } from './parts/InvoiceStatus';
import { LoadFailed } from '../../layouts/LoadFailed';

export default function InvoicesPage() {
  const { t } = useTranslation('finances');
  usePageTitle(t('invoices.title'));
  const locale = currentLocale();
  const { data, error, reload } = useApi(getInvoices, 'invoices');
  return (
    <>
      <h1 className="page-title">{t('invoices.title')}</h1>
      {error ? <LoadFailed error={error} onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton height={160} /> : null}
      {data && data.data.length === 0 ? <EmptyState title={t('invoices.empty')} /> : null}
      {data && data.data.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('invoices.what')}</th>
                <th className="num">{t('invoices.amount')}</th>
                <th>{t('invoices.status')}</th>
                <th>{t('invoices.date')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((inv) => (
                <tr key={inv.id}>
                  <td>
                    <Link to={`/student/my-invoices/${inv.id}`}>{pick(inv.title, locale)}</Link>
                  </td>
                  <td className="num">
                    {formatTenge(inv.amountTenge, locale)} / {inv.amountZp} ZP
                  </td>
                  <td>
                    <InvoiceStatus status={inv.status} />
                  </td>
                  <td>{formatDate(inv.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
