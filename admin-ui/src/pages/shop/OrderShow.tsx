/**
 * One order for staff (GET /api/orders/{id}): lines, payment, pickup point or address, and a button for each status
 * the state machine allows next (`next`); a move asks for an optional note and, for the handover at the pickup
 * point, the pupil's 6-digit code (POST /api/orders/{id}/change-status).
 */
import { useGo } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopOrder, ShopOrderStatus } from '@olymp/proto';
import { toApiError } from '../../api/http';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import { formatInstant } from '../../lib/time';
import type { PageProps } from '../registry';
import { STATUS_COLORS, shortId } from './logic';
import { PupilCell } from './PupilCell';

interface PickupPoint {
  id: string;
  name: { kk: string; ru: string; en: string };
  address: { kk: string; ru: string; en: string };
  hours: string;
}

export default function OrderShow({ id }: PageProps) {
  const { t } = useTranslation(['shop', 'common']);
  const locale = useLocale();
  const go = useGo();
  const send = useSend();
  const { has } = useAccess();
  const order = useApi<{ data: ShopOrder }>(`orders/${id}`);
  const points = useApi<{ data: PickupPoint[] }>('shop/pickup-points');
  const [moving, setMoving] = useState<ShopOrderStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ note?: string; pickupCode?: string }>();
  const o = order.data?.data;
  usePageTitle(t('order.title', { n: shortId(id) }));
  const back = o?.status.startsWith('return') ? '/shop/orders/returns' : o?.method === 'delivery' ? '/shop/orders/delivery' : '/shop/orders/pickup';
  const point = o?.pickupPointId ? points.data?.data.find((p) => p.id === o.pickupPointId) : undefined;

  const move = async (values: { note?: string; pickupCode?: string }) => {
    if (!moving) return;
    setBusy(true);
    try {
      const body = { status: moving, ...(values.note?.trim() ? { note: values.note.trim() } : {}), ...(values.pickupCode ? { pickupCode: values.pickupCode } : {}) };
      await send(() => apiSend('post', `orders/${id}/change-status`, body), t('order.moved', { status: t(`status.${moving}`) }));
      setMoving(null);
      form.resetFields();
      void order.refetch();
    } catch (e) {
      const failure = toApiError(e);
      form.setFields([{ name: failure.code === 'PICKUP_CODE_MISMATCH' ? 'pickupCode' : 'note', errors: [failure.message ?? ''] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => go({ to: back })}>{t('common:buttons.back')}</Button>
      {order.isError ? <Alert type="error" showIcon message={toApiError(order.error).message} action={<Button onClick={() => void order.refetch()}>{t('common:buttons.retry')}</Button>} /> : null}
      <Card
        loading={order.isLoading}
        title={<h1 style={{ margin: 0, fontSize: 20 }}>{t('order.title', { n: shortId(id) })}</h1>}
        extra={o ? <Tag color={STATUS_COLORS[o.status]} data-testid="order-status">{t(`status.${o.status}`)}</Tag> : null}
      >
        {o ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            {o.next?.length && has('shop:order_change_status') ? (
              <Space wrap>
                <Typography.Text strong>{t('order.moveTo')}</Typography.Text>
                {o.next.map((s) => (
                  <Button key={s} type={s === 'cancelled' || s === 'return_refused' ? 'default' : 'primary'} danger={s === 'return_refused'} onClick={() => setMoving(s)}>
                    {t(`status.${s}`)}
                  </Button>
                ))}
              </Space>
            ) : null}
            <Descriptions bordered column={1} size="small">
              <Descriptions.Item label="ID">{o.id}</Descriptions.Item>
              <Descriptions.Item label={t('orders.method')}>{t(`method.${o.method}`)}</Descriptions.Item>
              <Descriptions.Item label={t('order.user')}>
                <PupilCell pupil={o.customer} />
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.total')}>{`${o.total} ZP`}</Descriptions.Item>
              <Descriptions.Item label={t('orders.created')}>{formatInstant(o.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('order.payBy')}>{formatInstant(o.payBy)}</Descriptions.Item>
              <Descriptions.Item label={t('order.paidAt')}>{formatInstant(o.paidAt) || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('order.invoice')}>{o.invoiceId ?? '—'}</Descriptions.Item>
              {o.method === 'pickup' ? (
                <Descriptions.Item label={t('order.pickupPoint')}>
                  {point ? `${point.name[locale] || point.name.kk}, ${point.address[locale] || point.address.kk} (${point.hours})` : (o.pickupPointId ?? '—')}
                </Descriptions.Item>
              ) : (
                <Descriptions.Item label={t('order.address')}>
                  {o.address ? `${o.address.recipient}, ${o.address.phone}; ${o.address.city.name[locale] || o.address.city.name.kk}, ${o.address.line}${o.address.note ? ` (${o.address.note})` : ''}` : '—'}
                </Descriptions.Item>
              )}
            </Descriptions>
          </Space>
        ) : null}
      </Card>
      <Card size="small" title={t('orders.items')}>
        <Table
          rowKey="productId"
          size="small"
          pagination={false}
          dataSource={o?.lines ?? []}
          columns={[
            { title: t('order.product'), render: (_, l) => l.name[locale] || l.name.kk },
            { title: t('order.quantity'), dataIndex: 'quantity' },
            { title: t('order.unitPrice'), render: (_, l) => `${l.unitPrice} ZP` },
            { title: t('orders.total'), render: (_, l) => `${l.unitPrice * l.quantity} ZP` },
          ]}
        />
      </Card>
      <Modal
        open={moving !== null}
        title={moving ? t('order.confirmMove', { status: t(`status.${moving}`) }) : ''}
        okText={t('order.move')}
        cancelText={t('common:buttons.cancel')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => {
          setMoving(null);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void move(v)} preserve={false}>
          {moving === 'picked_up' ? (
            <Form.Item name="pickupCode" label={t('order.pickupCode')} rules={[{ required: true, pattern: /^\d{6}$/, message: t('order.pickupCodeRule') }]}>
              <Input inputMode="numeric" maxLength={6} autoComplete="off" />
            </Form.Item>
          ) : null}
          <Form.Item name="note" label={t('order.note')}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
