/**
 * One invoice (GET /api/finance/invoices/{id}, `finance:invoice_index`) with the ledger postings of its payment and
 * refund; a paid wallet invoice can be refunded (`finance:invoice_refund`).
 */
import { useGo, useNotification } from '@refinedev/core';
import { Button, Card, Descriptions, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatInstant } from '../../lib/time';
import type { PageProps } from '../registry';
import { STATUS_COLORS } from './FinanceInvoices';
import { money } from './logic';
import { useLocale } from './shared';
import type { InvoicePosting, StaffInvoiceReply } from '@olymp/proto';

type Posting = InvoicePosting;

export default function InvoiceShow({ id }: PageProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { has } = useAccess();
  const go = useGo();
  const { open } = useNotification();
  const invoice = useApi<StaffInvoiceReply>(`finance/invoices/${id}`);
  const data = invoice.data?.data;
  usePageTitle(data ? data.title[locale] : t('sidebar.invoices'));
  const refund = () =>
    apiSend<{ message?: string }>('post', `finance/invoices/${id}/refund`).then(
      (r) => {
        open?.({ type: 'success', message: t('notifications.success'), description: r.message });
        void invoice.refetch();
      },
      (e: { message?: string }) => open?.({ type: 'error', message: e.message ?? t('errors.unknown') }),
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => go({ to: '/finance/invoices' })}>{t('buttons.back')}</Button>
      <Card
        loading={invoice.isLoading}
        title={<h1 style={{ margin: 0, fontSize: 20 }}>{data ? data.title[locale] : t('sidebar.invoices')}</h1>}
        extra={
          data && data.status === 'paid' && !data.refundedAt && data.paymentMethod === 'wallet' && has('finance:invoice_refund') ? (
            <Popconfirm title={t('finance.refundConfirm')} okText={t('finance.refund')} cancelText={t('buttons.cancel')} onConfirm={() => void refund()}>
              <Button danger>{t('finance.refund')}</Button>
            </Popconfirm>
          ) : null
        }
      >
        {invoice.isError ? <Tag color="red">{(invoice.error as { message?: string }).message}</Tag> : null}
        {data ? (
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label="ID">{data.id}</Descriptions.Item>
            <Descriptions.Item label={t('finance.status')}>
              <Tag color={STATUS_COLORS[data.status]}>{t(`enums.${data.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.userId')}>{data.userId}</Descriptions.Item>
            <Descriptions.Item label={t('finance.kind')}>{t(`enums.${data.product.kind}`, { defaultValue: data.product.kind })}</Descriptions.Item>
            <Descriptions.Item label={t('finance.productId')}>{data.product.id}</Descriptions.Item>
            <Descriptions.Item label={t('finance.tenge')}>{money(data.amountTenge)}</Descriptions.Item>
            <Descriptions.Item label="ZP">{money(data.amountZp)}</Descriptions.Item>
            <Descriptions.Item label={t('finance.method')}>{data.paymentMethod ? t(`finance.methods.${data.paymentMethod}`, { defaultValue: data.paymentMethod }) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.createdAt')}>{formatInstant(data.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('finance.paidAt')}>{formatInstant(data.paidAt)}</Descriptions.Item>
            <Descriptions.Item label={t('finance.cancelledAt')}>{formatInstant(data.cancelledAt)}</Descriptions.Item>
            <Descriptions.Item label={t('finance.refunded')}>{data.refundedAt ? `${formatInstant(data.refundedAt)} (${money(data.refundedZp)} ZP)` : '—'}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Card size="small" title={t('finance.postings')}>
        <Table<Posting>
          rowKey={(r) => `${r.key}:${r.unit}:${r.from}:${r.to}`}
          size="small"
          pagination={false}
          dataSource={data?.postings ?? []}
          columns={[
            { title: t('finance.at'), render: (_, r) => formatInstant(r.at) },
            { title: t('finance.kind'), dataIndex: 'kind' },
            { title: t('finance.from'), dataIndex: 'from' },
            { title: t('finance.to'), dataIndex: 'to' },
            { title: t('finance.amount'), render: (_, r) => `${money(r.amount)} ${r.unit}` },
          ]}
        />
      </Card>
    </Space>
  );
}
