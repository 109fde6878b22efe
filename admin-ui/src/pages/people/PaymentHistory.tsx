/**
 * A person's payment history from finance, as staff read it: their invoices (`GET finance/invoices?userId=`,
 * `finance:invoice_index`) and their ZP and XP postings with the balance (`GET zp-history|xp-history?userId=`,
 * `finance:transactions`). A part whose key the viewer lacks says so instead.
 */
import type { HistoryPage, HistoryRow, InvoiceView, StaffInvoicePage } from '@olymp/proto';
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { formatInstant } from '../../lib/time';
import { STATUS_COLORS } from '../finance/FinanceInvoices';
import { money } from '../finance/logic';
import { useLocale } from './shared';

type Posting = HistoryRow;

const PAGE = 10;

function Invoices({ userId }: { userId: string }) {
  const { t } = useTranslation(['students', 'common']);
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const invoices = useApi<StaffInvoicePage>('finance/invoices', { userId, page, limit: PAGE });
  return (
    <Table<InvoiceView>
      rowKey="id"
      size="small"
      data-testid="invoices"
      loading={invoices.isLoading}
      dataSource={invoices.data?.data ?? []}
      pagination={{ current: page, pageSize: PAGE, total: invoices.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: t('common:fields.createdAt'), render: (_, r) => formatInstant(r.createdAt) },
        { title: t('common:finance.product'), render: (_, r) => r.title[locale] },
        { title: t('common:finance.kind'), render: (_, r) => t(`common:enums.${r.product.kind}`, { defaultValue: r.product.kind }) },
        { title: t('common:finance.tenge'), render: (_, r) => money(r.amountTenge) },
        { title: 'ZP', render: (_, r) => money(r.amountZp) },
        { title: t('common:finance.status'), render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`common:enums.${r.status}`)}</Tag> },
        { title: t('common:finance.paidAt'), render: (_, r) => formatInstant(r.paidAt) },
      ]}
    />
  );
}

function History({ userId, unit }: { userId: string; unit: 'zp' | 'xp' }) {
  const { t } = useTranslation(['students', 'common']);
  const [page, setPage] = useState(1);
  const history = useApi<HistoryPage>(`${unit}-history`, { userId, page, limit: PAGE });
  return (
    <Card size="small" title={t(`payments.${unit}History`)} extra={<span data-testid={`${unit}-balance`}>{t('payments.balance', { amount: money(history.data?.balance ?? 0) })}</span>}>
      <Table<Posting>
        rowKey="id"
        size="small"
        loading={history.isLoading}
        dataSource={history.data?.data ?? []}
        pagination={{ current: page, pageSize: PAGE, total: history.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('common:finance.at'), render: (_, r) => formatInstant(r.createdAt) },
          { title: t('common:finance.type'), render: (_, r) => t(`payments.kinds.${r.kind}`, { defaultValue: r.kind }) },
          { title: t('common:finance.amount'), render: (_, r) => (r.amount > 0 ? `+${money(r.amount)}` : money(r.amount)) },
          { title: t('payments.balanceAfter'), render: (_, r) => money(r.balanceAfter) },
        ]}
      />
    </Card>
  );
}

export function PaymentHistory({ userId }: { userId: string }) {
  const { t } = useTranslation(['students', 'common']);
  const { has } = useAccess();
  const denied = <Typography.Text type="secondary">{t('common:unauthorized.text')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('payments.invoices')}>
        {has('finance:invoice_index') ? <Invoices userId={userId} /> : denied}
      </Card>
      {has('finance:transactions') ? (
        <>
          <History userId={userId} unit="zp" />
          <History userId={userId} unit="xp" />
        </>
      ) : (
        denied
      )}
    </Space>
  );
}
