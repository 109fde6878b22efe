/**
 * Pickup points (self-pickup counters, each in a region of auth's directory) and delivery points (parcel points in a
 * delivery city): one list and one form for both, through Refine's data provider. The list names the region or city
 * (not its id), filters by it and by state, and switches a point on or off in place (pickup points by their
 * `toggle-active` route, delivery points by an update); the form picks the region or city by name.
 */
import { Create, CreateButton, Edit, EditButton, List, useForm, useTable } from '@refinedev/antd';
import { useInvalidate, useMany, type BaseRecord, type HttpError } from '@refinedev/core';
import { Col, Form, Input, Row, Select, Space, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiSend } from '../../hooks/useApi';
import { RelationSelect } from '../../crud/RelationSelect';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import type { PageProps } from '../registry';

type Kind = 'pickup' | 'delivery';
interface PointRecord extends BaseRecord {
  id: string;
  nameKk: string;
  nameRu: string;
  nameEn: string;
  hours: string;
  active: boolean;
  provinceId?: number | null;
  cityId?: number;
}

const LANGS = ['Kk', 'Ru', 'En'] as const;
/** Per kind: its resource, the place it is in (field and the resource naming it), and its sidebar route. */
const KINDS = {
  pickup: { resource: 'pickup-points', place: 'provinceId', places: 'provinces', route: '/shop/pickup-points' },
  delivery: { resource: 'delivery-points', place: 'cityId', places: 'cities', route: '/shop/delivery-points' },
} as const;

type Named = { id: number; nameKk: string; nameRu: string; nameEn: string };
const nameIn = (row: Pick<Named, 'nameKk' | 'nameRu' | 'nameEn'>, locale: 'kk' | 'ru' | 'en') =>
  (locale === 'kk' ? row.nameKk : locale === 'ru' ? row.nameRu : row.nameEn) || row.nameKk;

function PointsList({ kind }: { kind: Kind }) {
  const { t } = useTranslation(['shop', 'common']);
  const locale = useLocale();
  const send = useSend();
  const invalidate = useInvalidate();
  const k = KINDS[kind];
  const title = t(`points.${kind}.title`);
  usePageTitle(title);
  const { tableProps, filters, setFilters } = useTable<PointRecord>({
    resource: k.resource,
    syncWithLocation: false,
    pagination: { pageSize: 50, mode: 'server' },
    sorters: { mode: 'server', initial: [{ field: 'createdAt', order: 'desc' }] },
    filters: { mode: 'server' },
  });
  const rows = (tableProps.dataSource ?? []) as PointRecord[];
  const placeIds = [...new Set(rows.map((r) => r[k.place]).filter((x): x is number => typeof x === 'number'))];
  const { result: places } = useMany<Named>({ resource: k.places, ids: placeIds, queryOptions: { enabled: placeIds.length > 0 } });
  const placeName = (id: number | null | undefined) => {
    const p = places?.data?.find((x) => Number(x.id) === id);
    return p ? nameIn(p, locale) : id == null ? t('points.noPlace') : '…';
  };
  const filterValue = (field: string) => filters.find((f) => 'field' in f && f.field === field)?.value as never;
  const toggle = async (r: PointRecord) => {
    const label = nameIn(r, locale);
    await send(
      () => (kind === 'pickup' ? apiSend('post', `${k.resource}/${r.id}/toggle-active`) : apiSend('put', `${k.resource}/${r.id}`, { active: !r.active })),
      t(r.active ? 'points.switchedOff' : 'points.switchedOn', { name: label }),
    );
    await invalidate({ resource: k.resource, invalidates: ['list'] });
  };
  return (
    <List title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{title}</h1>} resource={k.resource} headerButtons={() => <CreateButton resource={k.resource} />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('common:list.search')}
          placeholder={t('common:list.search')}
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => setFilters([{ field: 'q', operator: 'contains', value: v || undefined }], 'merge')}
        />
        <RelationSelect
          resource={k.places}
          aria-label={t(`points.${kind}.place`)}
          placeholder={t(`points.${kind}.place`)}
          value={filterValue(k.place)}
          onChange={(v) => setFilters([{ field: k.place, operator: 'eq', value: v ?? undefined }], 'merge')}
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
      <Table<PointRecord>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        columns={[
          { title: t('points.name'), render: (_, r) => <Typography.Text strong>{nameIn(r, locale)}</Typography.Text> },
          { title: t(`points.${kind}.place`), render: (_, r) => placeName(r[k.place]) },
          { title: t('points.hours'), dataIndex: 'hours' },
          {
            title: t('points.active'),
            render: (_, r) => (
              <Switch checked={r.active} aria-label={t('points.toggle', { name: nameIn(r, locale) })} onChange={() => void toggle(r).catch(() => undefined)} />
            ),
          },
          { title: t('common:table.actions'), render: (_, r) => <EditButton size="small" resource={k.resource} recordItemId={r.id} /> },
        ]}
      />
    </List>
  );
}

function PointForm({ kind, id }: { kind: Kind; id?: string }) {
  const { t } = useTranslation(['shop', 'common']);
  const k = KINDS[kind];
  const editing = Boolean(id);
  const title = t(editing ? `points.${kind}.editTitle` : `points.${kind}.createTitle`);
  usePageTitle(title);
  const { formProps, saveButtonProps } = useForm<PointRecord, HttpError, Record<string, unknown>>({
    resource: k.resource,
    action: editing ? 'edit' : 'create',
    id,
    redirect: 'list',
  });
  const Wrapper = editing ? Edit : Create;
  const required = [{ required: true, whitespace: true, message: t('product.required') }];
  return (
    <Wrapper resource={k.resource} recordItemId={id} title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{title}</h1>} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" initialValues={editing ? formProps.initialValues : { active: true, ...formProps.initialValues }}>
        <Row gutter={16}>
          {LANGS.map((l) => (
            <Col xs={24} md={8} key={`name${l}`}>
              <Form.Item name={`name${l}`} label={t('points.nameIn', { lang: t(`common:languages.${l.toLowerCase()}`) })} rules={required}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Row gutter={16}>
          {LANGS.map((l) => (
            <Col xs={24} md={8} key={`address${l}`}>
              <Form.Item name={`address${l}`} label={t('points.addressIn', { lang: t(`common:languages.${l.toLowerCase()}`) })} rules={required}>
                <Input maxLength={300} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name={k.place} label={t(`points.${kind}.place`)} rules={kind === 'delivery' ? [{ required: true, message: t('product.required') }] : []} extra={t(`points.${kind}.placeHint`)}>
              <RelationSelect resource={k.places} placeholder={t(`points.${kind}.place`)} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="hours" label={t('points.hours')} rules={required} extra={t('points.hoursHint')}>
              <Input maxLength={100} placeholder="10:00-19:00" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="active" label={t('points.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Wrapper>
  );
}

export const PickupPointList = (_: PageProps) => <PointsList kind="pickup" />;
export const DeliveryPointList = (_: PageProps) => <PointsList kind="delivery" />;
export const PickupPointForm = ({ id }: PageProps) => <PointForm kind="pickup" id={id || undefined} />;
export const DeliveryPointForm = ({ id }: PageProps) => <PointForm kind="delivery" id={id || undefined} />;
