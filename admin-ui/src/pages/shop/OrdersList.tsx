/**
 * Staff's order lists (spec section 2: delivery orders, self-pickup orders, return orders): GET /api/orders by method
 * and status, paged by the server, with the number of orders in each status (GET /api/orders/counts) on its tab. The
 * CSV button downloads every row of the same filters (GET /api/orders/export, streamed by the server) in the
 * reader's language.
 */
import { useGo, useNotification } from '@refinedev/core';
import { Alert, Badge, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopOrder, ShopOrderStatus } from '@olymp/proto';
import { API_URL, http, toApiError } from '../../api/http';
import { useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatInstant } from '../../lib/time';
import type { PageProps } from '../registry';
import { KIND_STATUSES, STATUS_COLORS, orderAmount, ordersExportParams, ordersParams, shortId, type OrdersKind } from './logic';
import { PupilCell } from './PupilCell';

const ALL = 'all';

function OrdersList({ kind }: { kind: OrdersKind }) {
  const { t } = useTranslation(['shop', 'common']);
  const locale = useLocale();
  const go = useGo();
  const title = t(`orders.${kind}`);
  usePageTitle(title);
  const [status, setStatus] = useState<ShopOrderStatus | undefined>(kind === 'returns' ? 'return_requested' : undefined);
  const [page, setPage] = useState({ page: 1, limit: 25 });
  const orders = useApi<{ data: ShopOrder[]; total: number }>('orders', ordersParams(kind, status, page.page, page.limit));
  const counts = useApi<{ data: Record<ShopOrderStatus, number> }>('orders/counts', kind === 'returns' ? {} : { method: kind });
  const { open } = useNotification();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      const res = await http.get<Blob>(`${API_URL}/orders/export`, { params: ordersExportParams(kind, status, locale), responseType: 'blob' });
      const m = /filename="?([^";]+)"?/i.exec((res.headers['content-disposition'] as string | undefined) ?? '');
      const url = URL.createObjectURL(res.data);
      const a = document.createElement('a');
      a.href = url;
      a.download = m?.[1] ?? `orders-${kind}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      open?.({ type: 'error', message: toApiError(e).message });
    } finally {
      setExporting(false);
    }
  };
  const statuses = KIND_STATUSES[kind];
  const count = (s: ShopOrderStatus) => counts.data?.data[s] ?? 0;
  const options = [
    ...(kind === 'returns' ? [] : [{ value: ALL, label: t('orders.all') }]),
    ...statuses.map((s) => ({
      value: s,
      label: (
        <span data-testid={`status-tab-${s}`}>
          {t(`status.${s}`)} <Badge count={count(s)} showZero={false} overflowCount={999} color={s === 'return_requested' || s === 'paid' ? 'red' : 'blue'} />
        </span>
      ),
    })),
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {title}
        </Typography.Title>
        <Button loading={exporting} onClick={() => void download()} data-testid="orders-export">
          {t('common:buttons.export')}
        </Button>
      </Space>
      <div style={{ overflowX: 'auto' }}>
        <Segmented
          aria-label={t('orders.status')}
          value={status ?? ALL}
          options={options}
          onChange={(v) => {
            setStatus(v === ALL ? undefined : (v as ShopOrderStatus));
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
      </div>
      {orders.isError ? <Alert type="error" showIcon message={toApiError(orders.error).message} action={<Button onClick={() => void orders.refetch()}>{t('common:buttons.retry')}</Button>} /> : null}
      <Table<ShopOrder>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={orders.isLoading}
        dataSource={orders.data?.data ?? []}
        onRow={(r) => ({ onClick: () => go({ to: `/shop/orders/${r.id}` }), style: { cursor: 'pointer' } })}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: orders.data?.total ?? 0,
          showTotal: (total) => t('common:list.total', { count: total }),
          onChange: (p, l) => setPage({ page: p, limit: l }),
        }}
        columns={[
          { title: t('orders.number'), render: (_, r) => <Typography.Text code>{shortId(r.id)}</Typography.Text> },
          { title: t('order.user'), render: (_, r) => <PupilCell pupil={r.customer} /> },
          { title: t('orders.created'), render: (_, r) => formatInstant(r.createdAt) },
          { title: t('orders.status'), render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag> },
          { title: t('orders.method'), render: (_, r) => t(`method.${r.method}`) },
          { title: t('orders.items'), render: (_, r) => r.lines.map((l) => `${l.name[locale] || l.name.kk} × ${l.quantity}`).join(', ') },
          { title: t('orders.total'), render: (_, r) => orderAmount(r.total, r.currency) },
          {
            title: t('common:table.actions'),
            render: (_, r) => (
              <Button size="small" onClick={() => go({ to: `/shop/orders/${r.id}` })}>
                {t('common:buttons.show')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}

export const DeliveryOrders = (_: PageProps) => <OrdersList kind="delivery" />;
export const PickupOrders = (_: PageProps) => <OrdersList kind="pickup" />;
export const ReturnOrders = (_: PageProps) => <OrdersList kind="returns" />;
