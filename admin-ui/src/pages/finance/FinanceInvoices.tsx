/** Invoices (GET /api/finance/invoices, `finance:invoice_index`): filtered and paged by the server; rows open the detail. */
import { useGo } from '@refinedev/core';
import { Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatInstant } from '../../lib/time';
import { money } from './logic';
import { useLocale } from './shared';
import type { InvoiceView, StaffInvoicePage } from '@olymp/proto';

/** An invoice as the API answers it: proto's contract (proto/src/http.finance.ts). */
export type { InvoiceView } from '@olymp/proto';

export const STATUS_COLORS: Record<string, string> = { pending: 'gold', paid: 'green', cancelled: 'default' };

export default function FinanceInvoices() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { has } = useAccess();
  const go = useGo();
  usePageTitle(t('sidebar.invoices'));
  const [filters, setFilters] = useState<{ status?: string; kind?: string }>({});
  const [page, setPage] = useState({ page: 1, limit: 25 });
  const params = Object.fromEntries(Object.entries({ ...filters, ...page }).filter(([, v]) => v !== undefined));
  const invoices = useApi<StaffInvoicePage>('finance/invoices', params);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('sidebar.invoices')}
        </Typography.Title>
        {has('finance:invoice_create') ? (
          <Button type="primary" onClick={() => go({ to: '/finance/invoices/create' })}>
            {t('finance.createInvoice')}
          </Button>
        ) : null}
      </Space>
      <Space wrap>
        <Select
          aria-label={t('finance.status')}
          placeholder={t('finance.status')}
          allowClear
          style={{ width: 160 }}
          value={filters.status}
          onChange={(v) => {
            setFilters((f) => ({ ...f, status: v }));
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={['pending', 'paid', 'cancelled'].map((s) => ({ value: s, label: t(`enums.${s}`) }))}
        />
        <Select
          aria-label={t('finance.kind')}
          placeholder={t('finance.kind')}
          allowClear
          style={{ width: 160 }}
          value={filters.kind}
          onChange={(v) => {
            setFilters((f) => ({ ...f, kind: v }));
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={['challenge', 'training', 'course'].map((k) => ({ value: k, label: t(`enums.${k}`, { defaultValue: k }) }))}
        />
      </Space>
      <Table<InvoiceView>
        rowKey="id"
        size="small"
        loading={invoices.isLoading}
        dataSource={invoices.data?.data ?? []}
        pagination={{ current: page.page, pageSize: page.limit, total: invoices.data?.total ?? 0, showTotal: (total) => t('list.total', { count: total }), onChange: (p, l) => setPage({ page: p, limit: l }) }}
        columns={[
          { title: t('fields.createdAt'), render: (_, r) => formatInstant(r.createdAt) },
          { title: t('finance.product'), render: (_, r) => r.title[locale] },
          { title: t('finance.kind'), render: (_, r) => t(`enums.${r.product.kind}`, { defaultValue: r.product.kind }) },
          { title: t('fields.userId'), dataIndex: 'userId' },
          { title: t('finance.tenge'), render: (_, r) => money(r.amountTenge) },
          { title: 'ZP', render: (_, r) => money(r.amountZp) },
          { title: t('finance.status'), render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`enums.${r.status}`)}</Tag> },
          {
            title: t('table.actions'),
            render: (_, r) => (
              <Button size="small" onClick={() => go({ to: `/finance/invoices/${r.id}` })}>
                {t('buttons.show')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}
