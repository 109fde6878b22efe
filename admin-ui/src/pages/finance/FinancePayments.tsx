/**
 * Payments (GET /api/finance/payments, `finance:payments`): paid invoices and completed recharges as one list, paged
 * and filtered by the server; the CSV export (`finance:payments_export`) downloads the same filtered rows.
 */
import { useNotification } from '@refinedev/core';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_URL, http } from '../../api/http';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { useDebouncedCallback } from '../../hooks/useDebounced';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatInstant } from '../../lib/time';
import { exportFileName, money, paymentParams, type PaymentFilters } from './logic';
import { PeriodPicker, useLocale } from './shared';
import type { PaymentPage, PaymentRow } from '@olymp/proto';

type Payment = PaymentRow;

export default function FinancePayments() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { has } = useAccess();
  const { open } = useNotification();
  usePageTitle(t('sidebar.payments'));
  const [filters, setFilters] = useState<PaymentFilters>({});
  const [page, setPage] = useState({ page: 1, limit: 25 });
  const [userText, setUserText] = useState('');
  const [exporting, setExporting] = useState(false);
  const applyUser = useDebouncedCallback((v: string) => change({ userId: /^[0-9a-f-]{36}$/i.test(v.trim()) ? v.trim() : undefined }));
  const payments = useApi<PaymentPage>('finance/payments', paymentParams(filters, page));
  const change = (next: Partial<PaymentFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, page: 1 }));
  };

  const download = async () => {
    setExporting(true);
    try {
      const res = await http.get<Blob>(`${API_URL}/finance/payments/export`, { params: paymentParams(filters, { locale }), responseType: 'blob' });
      const url = URL.createObjectURL(res.data);
      const a = document.createElement('a');
      a.href = url;
      a.download = exportFileName(res.headers['content-disposition'] as string | undefined, filters);
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      open?.({ type: 'error', message: (e as { message?: string }).message ?? t('errors.unknown') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('sidebar.payments')}
        </Typography.Title>
        {has('finance:payments_export') ? (
          <Button loading={exporting} onClick={() => void download()}>
            {t('buttons.export')}
          </Button>
        ) : null}
      </Space>
      <Space wrap>
        <PeriodPicker value={filters} onChange={(p) => change({ from: p.from, to: p.to })} />
        <Select
          aria-label={t('finance.type')}
          placeholder={t('finance.type')}
          allowClear
          style={{ width: 160 }}
          value={filters.type}
          onChange={(v) => change({ type: v })}
          options={(['invoice', 'recharge'] as const).map((v) => ({ value: v, label: t(`finance.types.${v}`) }))}
        />
        <Select
          aria-label={t('finance.method')}
          placeholder={t('finance.method')}
          allowClear
          style={{ width: 160 }}
          value={filters.method}
          onChange={(v) => change({ method: v })}
          options={(['wallet', 'provider'] as const).map((v) => ({ value: v, label: t(`finance.methods.${v}`) }))}
        />
        <Select
          aria-label={t('finance.kind')}
          placeholder={t('finance.kind')}
          allowClear
          style={{ width: 160 }}
          value={filters.kind}
          onChange={(v) => change({ kind: v })}
          options={(['challenge', 'training', 'course'] as const).map((v) => ({ value: v, label: t(`enums.${v}`, { defaultValue: v }) }))}
        />
        <Input
          aria-label={t('fields.userId')}
          placeholder={t('fields.userId')}
          allowClear
          style={{ width: 320 }}
          value={userText}
          onChange={(e) => {
            setUserText(e.target.value);
            applyUser(e.target.value);
          }}
        />
      </Space>
      <Table<Payment>
        rowKey={(r) => `${r.type}:${r.id}`}
        size="small"
        loading={payments.isLoading}
        dataSource={payments.data?.data ?? []}
        pagination={{ current: page.page, pageSize: page.limit, total: payments.data?.total ?? 0, showTotal: (total) => t('list.total', { count: total }), onChange: (p, l) => setPage({ page: p, limit: l }) }}
        columns={[
          { title: t('finance.paidAt'), render: (_, r) => formatInstant(r.paidAt) },
          { title: t('finance.type'), render: (_, r) => t(`finance.types.${r.type}`) },
          { title: t('finance.product'), render: (_, r) => r.title?.[locale] ?? '' },
          { title: t('fields.userId'), dataIndex: 'userId' },
          { title: t('finance.method'), render: (_, r) => t(`finance.methods.${r.method}`, { defaultValue: r.method }) },
          { title: t('finance.tenge'), render: (_, r) => money(r.tenge) },
          { title: 'ZP', render: (_, r) => money(r.zp) },
          { title: t('finance.refunded'), render: (_, r) => (r.refundedAt ? <Tag color="orange">{formatInstant(r.refundedAt)}</Tag> : null) },
        ]}
      />
    </Space>
  );
}
