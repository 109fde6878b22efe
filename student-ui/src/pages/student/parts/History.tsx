import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import type { HistoryRow } from '../../../api/finance';
import { EmptyState } from '../../../design';
import { formatDateTime, formatNumber } from '../../../lib/format';

export function HistoryTable({ rows, unit }: { rows: HistoryRow[]; unit: 'XP' | 'ZP' }) {
  const { t } = useTranslation('finances');
  const locale = currentLocale();
  if (rows.length === 0) return <EmptyState title={t('history.empty')} />;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th>{t('history.date')}</th>
            <th>{t('history.what')}</th>
            <th className="num">{unit}</th>
            <th className="num">{t('history.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{formatDateTime(r.createdAt, locale)}</td>
              <td>{t(`history.kinds.${r.kind}`, { defaultValue: r.kind })}</td>
              <td className="num">{`${r.amount > 0 ? '+' : ''}${formatNumber(r.amount, locale)}`}</td>
              <td className="num">{formatNumber(r.balanceAfter, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
