/**
 * Claimed products (spec section 7 `claimed-products`, shop:prize_manage): every prize pupils won, who won it (full
 * name, grade and school, as staff see pupils), for what, when, and where its claim stands (not claimed yet, or the
 * claim's order status, which opens the order). Filters: state, source and product, paged by the server.
 */
import { useGo } from '@refinedev/core';
import { Alert, Button, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOP_PRIZE_SOURCES, type shopClaimedPage } from '@olymp/proto';
import type { z } from 'zod';
import { toApiError } from '../../api/http';
import { RelationSelect } from '../../crud/RelationSelect';
import { useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatInstant } from '../../lib/time';
import type { PageProps } from '../registry';
import { STATUS_COLORS, shortId } from './logic';
import { PupilCell } from './PupilCell';

type Page = z.infer<typeof shopClaimedPage>;
type Row = Page['data'][number];
type State = 'all' | 'unclaimed' | 'claimed';
type Source = (typeof SHOP_PRIZE_SOURCES)[number];

export default function ClaimedProducts(_: PageProps) {
  const { t } = useTranslation(['shop', 'common']);
  const locale = useLocale();
  const go = useGo();
  const title = t('claimed.title');
  usePageTitle(title);
  const [state, setState] = useState<State>('all');
  const [source, setSource] = useState<Source | undefined>();
  const [productId, setProductId] = useState<string | undefined>();
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const params = {
    page: page.page,
    limit: page.limit,
    ...(state === 'all' ? {} : { claimed: state === 'claimed' }),
    ...(source ? { source } : {}),
    ...(productId ? { productId } : {}),
  };
  const claimed = useApi<Page>('claimed-products', params);
  const refilter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage((p) => ({ ...p, page: 1 }));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {title}
        </Typography.Title>
        {/* Granting one by hand: the generated prizes form, the pupil picked by name. */}
        <Button type="primary" onClick={() => go({ to: '/shop/prizes/create' })}>
          {t('claimed.grant')}
        </Button>
      </Space>
      <Space wrap>
        <Segmented<State>
          aria-label={t('claimed.state')}
          value={state}
          onChange={refilter(setState)}
          options={(['all', 'unclaimed', 'claimed'] as const).map((s) => ({ value: s, label: t(`claimed.states.${s}`) }))}
        />
        <Select<Source>
          aria-label={t('claimed.source')}
          placeholder={t('claimed.source')}
          allowClear
          style={{ minWidth: 180 }}
          value={source}
          onChange={refilter(setSource)}
          options={SHOP_PRIZE_SOURCES.map((s) => ({ value: s, label: t(`prizeSource.${s}`) }))}
        />
        <RelationSelect resource="products" aria-label={t('claimed.product')} placeholder={t('claimed.product')} value={productId} onChange={(v) => refilter(setProductId)(v ? String(v) : undefined)} />
      </Space>
      {claimed.isError ? <Alert type="error" showIcon message={toApiError(claimed.error).message} action={<Button onClick={() => void claimed.refetch()}>{t('common:buttons.retry')}</Button>} /> : null}
      <Table<Row>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={claimed.isLoading}
        dataSource={claimed.data?.data ?? []}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: claimed.data?.total ?? 0,
          showTotal: (total) => t('common:list.total', { count: total }),
          onChange: (p, l) => setPage({ page: p, limit: l }),
        }}
        columns={[
          { title: t('claimed.winner'), render: (_, r) => <PupilCell pupil={r.winner} /> },
          { title: t('claimed.product'), render: (_, r) => r.product.name[locale] || r.product.name.kk },
          {
            title: t('claimed.source'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{t(`prizeSource.${r.source}`)}</span>
                {r.note ? <Typography.Text type="secondary">{r.note}</Typography.Text> : null}
              </Space>
            ),
          },
          { title: t('claimed.wonAt'), render: (_, r) => formatInstant(r.createdAt) },
          { title: t('claimed.claimedAt'), render: (_, r) => (r.claimedAt ? formatInstant(r.claimedAt) : '—') },
          {
            title: t('claimed.state'),
            render: (_, r) =>
              r.orderId && r.orderStatus ? (
                <Button size="small" type="link" style={{ padding: 0 }} onClick={() => go({ to: `/shop/orders/${r.orderId}` })}>
                  <Tag color={STATUS_COLORS[r.orderStatus]}>{t(`status.${r.orderStatus}`)}</Tag>
                  {t('claimed.order', { number: shortId(r.orderId) })}
                </Button>
              ) : (
                <Tag>{t('claimed.states.unclaimed')}</Tag>
              ),
          },
        ]}
      />
    </Space>
  );
}
