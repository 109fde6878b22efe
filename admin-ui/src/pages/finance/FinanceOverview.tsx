/** Finance overview (GET /api/finance/overview, `finance:overview`): the period's sums, a chart by day, and by product. */
import { Card, Col, Row, Space, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/Charts';
import { useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import { money } from './logic';
import { PeriodPicker, useLocale } from './shared';
import type { FinanceOverviewReply } from '@olymp/proto';

export default function FinanceOverview() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageTitle(t('sidebar.financeOverview'));
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const overview = useApi<FinanceOverviewReply>('finance/overview', period);
  const data = overview.data?.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {t('sidebar.financeOverview')}
      </Typography.Title>
      <PeriodPicker value={period} onChange={setPeriod} />
      <Row gutter={16}>
        {(
          [
            ['finance.paidInvoices', data?.totals.invoices],
            ['finance.invoiceTenge', money(data?.totals.invoiceTenge)],
            ['finance.recharges', data?.totals.recharges],
            ['finance.rechargeTenge', money(data?.totals.rechargeTenge)],
            ['finance.refunds', data?.totals.refunds],
            ['finance.refundedZp', money(data?.totals.refundedZp)],
          ] as const
        ).map(([label, value]) => (
          <Col key={label} xs={12} md={4}>
            <Card size="small" loading={overview.isLoading}>
              <Statistic title={t(label)} value={value ?? '—'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('finance.byDay')}>
        <BarChart
          title={t('finance.byDay')}
          data={data?.byDay ?? []}
          x="day"
          series={[
            { key: 'invoiceTenge', label: t('finance.invoiceTenge') },
            { key: 'rechargeTenge', label: t('finance.rechargeTenge') },
          ]}
        />
      </Card>
      <Card size="small" title={t('finance.byProduct')}>
        <Table
          rowKey={(r) => `${r.product.kind}:${r.product.id}`}
          size="small"
          loading={overview.isLoading}
          dataSource={data?.byProduct ?? []}
          pagination={false}
          columns={[
            { title: t('finance.product'), render: (_, r) => r.title?.[locale] ?? r.product.id },
            { title: t('finance.kind'), render: (_, r) => t(`enums.${r.product.kind}`, { defaultValue: r.product.kind }) },
            { title: t('finance.paidInvoices'), dataIndex: 'invoices' },
            { title: t('finance.tenge'), render: (_, r) => money(r.tenge) },
            { title: 'ZP', render: (_, r) => money(r.zp) },
          ]}
        />
      </Card>
    </Space>
  );
}
