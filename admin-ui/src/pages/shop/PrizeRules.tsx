/**
 * Prize rules (`prize-rules`, shop:prize_manage): what wins a pupil a product automatically, when learning reports a
 * claimed treasure, a finished challenge or an earned achievement. The list names the trigger (the challenge's or
 * treasure's title, or the achievement's code), the product with what is left in stock, and switches a rule on or off
 * in place; the form picks the trigger and the product by name. What a rule matches is fixed once created.
 */
import { Create, CreateButton, Edit, EditButton, List, useForm, useTable } from '@refinedev/antd';
import { useInvalidate, useMany, type BaseRecord, type HttpError } from '@refinedev/core';
import { Col, Form, Input, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHOP_PRIZE_RULE_SOURCES } from '@olymp/proto';
import { RelationSelect } from '../../crud/RelationSelect';
import { apiSend } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import type { PageProps } from '../registry';

type Source = (typeof SHOP_PRIZE_RULE_SOURCES)[number];
interface ProductRow {
  id: string;
  nameKk: string;
  nameRu: string;
  nameEn: string;
  stock: number;
}
interface RuleRecord extends BaseRecord {
  id: string;
  source: Source;
  match: string;
  productId: string;
  product?: ProductRow;
  note: string;
  active: boolean;
}
type Titled = { id: string; titleKk?: string; titleRu?: string; titleEn?: string };

const RESOURCE = 'prize-rules';
/** The learning resource naming each trigger (an achievement is named by its code). */
const TRIGGER_RESOURCE: Partial<Record<Source, string>> = { challenge: 'challenges', treasure: 'treasures' };
const SOURCE_COLORS: Record<Source, string> = { treasure: 'gold', challenge: 'blue', achievement: 'purple' };

const textIn = <T extends Record<string, unknown>>(row: T | undefined, base: string, locale: 'kk' | 'ru' | 'en') => {
  if (!row) return undefined;
  const cap = locale[0].toUpperCase() + locale.slice(1);
  return (row[`${base}${cap}`] as string | undefined) || (row[`${base}Kk`] as string | undefined);
};

export function PrizeRuleList(_: PageProps) {
  const { t } = useTranslation(['shop', 'common']);
  const locale = useLocale();
  const send = useSend();
  const invalidate = useInvalidate();
  const title = t('prizeRules.title');
  usePageTitle(title);
  const { tableProps, filters, setFilters } = useTable<RuleRecord>({
    resource: RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 20, mode: 'server' },
    sorters: { mode: 'server', initial: [{ field: 'createdAt', order: 'desc' }] },
    filters: { mode: 'server' },
    meta: { join: ['product'] },
  });
  const rows = (tableProps.dataSource ?? []) as RuleRecord[];
  const idsOf = (s: Source) => [...new Set(rows.filter((r) => r.source === s).map((r) => r.match))];
  const challengeIds = idsOf('challenge');
  const treasureIds = idsOf('treasure');
  const challenges = useMany<Titled>({ resource: 'challenges', ids: challengeIds, queryOptions: { enabled: challengeIds.length > 0 } });
  const treasures = useMany<Titled>({ resource: 'treasures', ids: treasureIds, queryOptions: { enabled: treasureIds.length > 0 } });
  const trigger = (r: RuleRecord) => {
    if (r.source === 'achievement') return <Typography.Text code>{r.match}</Typography.Text>;
    const found = (r.source === 'challenge' ? challenges : treasures).result?.data?.find((x) => x.id === r.match);
    return found ? textIn(found, 'title', locale) : <Typography.Text type="secondary">{t('prizeRules.unknownTrigger')}</Typography.Text>;
  };
  const filterValue = (field: string) => filters.find((f) => 'field' in f && f.field === field)?.value as never;
  const toggle = async (r: RuleRecord) => {
    await send(() => apiSend('put', `${RESOURCE}/${r.id}`, { active: !r.active }), t(r.active ? 'prizeRules.switchedOff' : 'prizeRules.switchedOn'));
    await invalidate({ resource: RESOURCE, invalidates: ['list'] });
  };
  return (
    <List title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{title}</h1>} resource={RESOURCE} headerButtons={() => <CreateButton resource={RESOURCE} />}>
      <Typography.Paragraph type="secondary">{t('prizeRules.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('prizeRules.source')}
          placeholder={t('prizeRules.source')}
          allowClear
          style={{ minWidth: 180 }}
          value={filterValue('source')}
          onChange={(v) => setFilters([{ field: 'source', operator: 'eq', value: v }], 'merge')}
          options={SHOP_PRIZE_RULE_SOURCES.map((s) => ({ value: s, label: t(`prizeSource.${s}`) }))}
        />
        <RelationSelect
          resource="products"
          aria-label={t('prizeRules.product')}
          placeholder={t('prizeRules.product')}
          value={filterValue('productId')}
          onChange={(v) => setFilters([{ field: 'productId', operator: 'eq', value: v ?? undefined }], 'merge')}
        />
        <Select
          aria-label={t('points.state')}
          placeholder={t('points.state')}
          allowClear
          style={{ minWidth: 160 }}
          value={filterValue('active')}
          onChange={(v) => setFilters([{ field: 'active', operator: 'eq', value: v }], 'merge')}
          options={[{ value: true, label: t('points.active') }, { value: false, label: t('points.inactive') }]}
        />
      </Space>
      <Table<RuleRecord>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        columns={[
          { title: t('prizeRules.source'), render: (_, r) => <Tag color={SOURCE_COLORS[r.source]}>{t(`prizeSource.${r.source}`)}</Tag> },
          { title: t('prizeRules.trigger'), render: (_, r) => trigger(r) },
          { title: t('prizeRules.product'), render: (_, r) => <Typography.Text strong>{textIn(r.product as unknown as Record<string, unknown>, 'name', locale) ?? '…'}</Typography.Text> },
          {
            title: t('prizeRules.stock'),
            render: (_, r) => (r.product ? <Tag color={r.product.stock > 0 ? 'green' : 'red'}>{r.product.stock > 0 ? r.product.stock : t('prizeRules.outOfStock')}</Tag> : null),
          },
          { title: t('prizeRules.note'), dataIndex: 'note' },
          {
            title: t('points.active'),
            render: (_, r) => <Switch checked={r.active} aria-label={t('prizeRules.toggle', { note: r.note || t(`prizeSource.${r.source}`) })} onChange={() => void toggle(r).catch(() => undefined)} />,
          },
          { title: t('common:table.actions'), render: (_, r) => <EditButton size="small" resource={RESOURCE} recordItemId={r.id} /> },
        ]}
      />
    </List>
  );
}

export function PrizeRuleForm({ id }: PageProps) {
  const { t } = useTranslation(['shop', 'common']);
  const editing = Boolean(id);
  const title = t(editing ? 'prizeRules.editTitle' : 'prizeRules.createTitle');
  usePageTitle(title);
  const { formProps, saveButtonProps, form } = useForm<RuleRecord, HttpError, Record<string, unknown>>({
    resource: RESOURCE,
    action: editing ? 'edit' : 'create',
    id: id || undefined,
    redirect: 'list',
    meta: { join: [] },
  });
  const source = Form.useWatch('source', form) as Source | undefined;
  const triggerResource = source ? TRIGGER_RESOURCE[source] : undefined;
  const Wrapper = editing ? Edit : Create;
  return (
    <Wrapper resource={RESOURCE} recordItemId={id || undefined} title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{title}</h1>} saveButtonProps={saveButtonProps}>
      <Form
        {...formProps}
        layout="vertical"
        initialValues={editing ? formProps.initialValues : { active: true, source: 'challenge', note: '', ...formProps.initialValues }}
        onFinish={(values) => {
          const v = values as Record<string, unknown>;
          // What a rule matches is fixed: an edit sends only what may change.
          const body = editing ? { productId: v.productId, note: v.note ?? '', active: v.active } : { ...v, note: v.note ?? '' };
          return formProps.onFinish?.(body);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="source" label={t('prizeRules.source')} rules={[{ required: true, message: t('product.required') }]}>
              <Select
                disabled={editing}
                options={SHOP_PRIZE_RULE_SOURCES.map((s) => ({ value: s, label: t(`prizeSource.${s}`) }))}
                onChange={() => form.setFieldValue('match', undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="match"
              label={t('prizeRules.trigger')}
              extra={t(`prizeRules.triggerHint.${source ?? 'challenge'}`)}
              rules={[{ required: true, whitespace: true, message: t('product.required') }]}
            >
              {triggerResource ? (
                <RelationSelect resource={triggerResource} placeholder={t('prizeRules.trigger')} style={{ width: '100%' }} key={triggerResource} disabled={editing} />
              ) : (
                <Input maxLength={64} disabled={editing} placeholder="math-olympiad-gold" />
              )}
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="productId" label={t('prizeRules.product')} rules={[{ required: true, message: t('product.required') }]} extra={t('prizeRules.productHint')}>
              <RelationSelect resource="products" placeholder={t('prizeRules.product')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="note" label={t('prizeRules.note')} extra={t('prizeRules.noteHint')}>
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="active" label={t('points.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Wrapper>
  );
}
