/** Finance analytics (GET /api/finance/analytics, `finance:analytics`): invoices per day, by kind and status, conversion. */
import { Card, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, LineChart } from '../../components/Charts';
import { useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PeriodPicker } from './shared';
import type { FinanceAnalyticsReply } from '@olymp/proto';

export default function FinanceAnalytics() {
  const { t } = useTranslation();
  usePageTitle(t('sidebar.analytics'));
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const analytics = useApi<FinanceAnalyticsReply>('finance/analytics', period);
  const data = analytics.data?.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {t('sidebar.analytics')}
      </Typography.Title>
      <PeriodPicker value={period} onChange={setPeriod} />
      <Card size="small" loading={analytics.isLoading}>
        <Statistic title={t('finance.conversion')} value={data ? Math.round(data.conversion * 1000) / 10 : 0} suffix="%" />
      </Card>
      <Card size="small" title={t('finance.invoicesPerDay')}>
        <LineChart
          title={t('finance.invoicesPerDay')}
          data={data?.series ?? []}
          x="day"
          series={[
            { key: 'opened', label: t('finance.opened') },
            { key: 'paid', label: t('enums.paid') },
            { key: 'cancelled', label: t('enums.cancelled') },
          ]}
        />
      </Card>
      <Card size="small" title={t('finance.rechargeTenge')}>
        <BarChart title={t('finance.rechargeTenge')} data={data?.series ?? []} x="day" series={[{ key: 'rechargeTenge', label: t('finance.rechargeTenge') }]} />
      </Card>
      <Card size="small" title={t('finance.byKind')}>
        <BarChart
          title={t('finance.byKind')}
          data={(data?.byKind ?? []).map((k) => ({ ...k, kind: t(`enums.${k.kind}`, { defaultValue: k.kind }) }))}
          x="kind"
          series={[
            { key: 'pending', label: t('enums.pending') },
            { key: 'paid', label: t('enums.paid') },
            { key: 'cancelled', label: t('enums.cancelled') },
          ]}
        />
      </Card>
    </Space>
  );
}
