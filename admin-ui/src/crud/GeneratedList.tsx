/**
 * The list screen of any standard resource, generated from its OpenAPI description: server-side pagination,
 * sorting and filters (per field type), a debounced search box, bulk delete, and a CSV export of exactly the rows
 * the current filters and sort select. Everything goes through Refine's data provider (nestjsx-crud query format).
 */
import { DEFAULT_LOCALE, isLocale } from '@olymp/web-common';
import { CreateButton, DeleteButton, EditButton, ExportButton, List, ShowButton, getDefaultSortOrder, useTable } from '@refinedev/antd';
import { useDeleteMany, useExport, type BaseRecord, type CrudFilter, type CrudOperators } from '@refinedev/core';
import { Button, DatePicker, Input, InputNumber, Popconfirm, Select, Space, Table } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from '../hooks/useDebounced';
import { usePageTitle } from '../hooks/usePageTitle';
import { useAccess } from '../hooks/useAccess';
import { dayjs } from '../lib/time';
import { entryFor } from '../meta/catalogue';
import { useResourceMeta } from '../meta/MetaContext';
import type { FieldMeta, ResourceMeta } from '../meta/openapi';
import { fieldLabel, recordLabel } from './labels';
import { initialSorters, labelFieldsOf, labelSortField, listColumns } from './list-columns';
import { RelationSelect } from './RelationSelect';
import { useReferenced } from './references';
import { enumText, renderValue } from './values';

const HIDDEN_COLUMNS = new Set(['updatedAt', 'password', 'certificateTemplate']);
const MAX_FILTERS = 6;

/** Fields worth a filter: relations and enums first, then booleans, numbers, dates, short strings. */
export function filterFields(meta: ResourceMeta): FieldMeta[] {
  const rank = (f: FieldMeta) => (f.relation ? 0 : f.kind === 'enum' ? 1 : f.kind === 'boolean' ? 2 : f.kind === 'integer' || f.kind === 'number' ? 3 : f.kind === 'datetime' || f.kind === 'date' ? 4 : 5);
  return meta.fields
    .filter((f) => f.name !== meta.primaryKey && !HIDDEN_COLUMNS.has(f.name) && f.kind !== 'json' && f.kind !== 'text' && f.kind !== 'uuid' || f.relation)
    .filter((f) => !(meta.search && meta.search.columns.includes(f.name)))
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, MAX_FILTERS);
}

export function operatorFor(f: FieldMeta): Exclude<CrudOperators, 'or' | 'and'> {
  if (f.relation || f.kind === 'boolean' || f.kind === 'integer' || f.kind === 'number' || f.kind === 'uuid') return 'eq';
  if (f.kind === 'enum') return 'in';
  if (f.kind === 'datetime' || f.kind === 'date') return 'between';
  return 'contains';
}

function FilterInput({ field, value, onChange, label }: { field: FieldMeta; value: unknown; onChange: (v: unknown) => void; label: string }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const [text, setText] = useState(typeof value === 'string' ? value : '');
  const debounced = useDebouncedCallback((v: string) => onChange(v || undefined));
  const common = { 'aria-label': label, placeholder: label, style: { minWidth: 160 } };
  if (field.relation) return <RelationSelect resource={field.relation.resource} value={value as number} onChange={(v) => onChange(v ?? undefined)} placeholder={label} />;
  switch (field.kind) {
    case 'boolean':
      return (
        <Select
          {...common}
          allowClear
          value={value as boolean | undefined}
          onChange={(v) => onChange(v)}
          options={[{ value: true, label: t('values.yes') }, { value: false, label: t('values.no') }]}
        />
      );
    case 'enum':
      return <Select {...common} mode="multiple" allowClear value={value as string[] | undefined} onChange={(v) => onChange(v?.length ? v : undefined)} options={(field.enum ?? []).map((e) => ({ value: e, label: enumText(field, e, t, locale) }))} />;
    case 'integer':
    case 'number':
    case 'decimal':
      return <InputNumber {...common} value={value as number | undefined} onChange={(v) => onChange(v ?? undefined)} />;
    case 'datetime':
    case 'date': {
      const range = Array.isArray(value) ? [dayjs(value[0] as string), dayjs(value[1] as string)] as const : null;
      return (
        <DatePicker.RangePicker
          aria-label={label}
          value={range ? [range[0], range[1]] : null}
          onChange={(v) => onChange(v?.[0] && v[1] ? [v[0].startOf('day').toISOString(), v[1].endOf('day').toISOString()] : undefined)}
        />
      );
    }
    case 'json':
    case 'string':
    case 'text':
    case 'uuid':
      return (
        <Input
          {...common}
          allowClear
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            debounced(e.target.value);
          }}
        />
      );
  }
}

export interface GeneratedListProps {
  resource: string;
  /** Extra actions of a row (custom pages add their own). */
  rowActions?: (record: BaseRecord) => ReactNode;
  /** Rows of a parent only (a challenge's checkpoints). */
  permanentFilters?: CrudFilter[];
  /** Inside another page: no page title, no breadcrumb. */
  embedded?: boolean;
}

const NO_FILTERS: CrudFilter[] = [];

export function GeneratedList({ resource, rowActions, permanentFilters = NO_FILTERS, embedded = false }: GeneratedListProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const meta = useResourceMeta(resource);
  const entry = entryFor(resource);
  const title = t(entry.label, { defaultValue: resource });
  usePageTitle(embedded ? undefined : title);
  const { has } = useAccess();

  const join = useMemo(() => meta?.relations.map((r) => ({ field: r.name })) ?? [], [meta]);
  const { tableProps, sorters, filters, setFilters, tableQuery } = useTable<BaseRecord>({
    resource,
    syncWithLocation: !embedded,
    pagination: { pageSize: 10, mode: 'server' },
    sorters: { mode: 'server', initial: initialSorters(meta) },
    filters: { mode: 'server', permanent: permanentFilters },
    meta: { join },
    queryOptions: { enabled: Boolean(meta) },
  });
  // Another service's rows the page points at (a prize's pupil), by name: one request per such column.
  const rows = useReferenced(meta, (tableProps.dataSource ?? []) as BaseRecord[]);
  const [selected, setSelected] = useState<React.Key[]>([]);
  const { mutate: deleteMany, mutation: deleting } = useDeleteMany();
  const { triggerExport, isLoading: exporting } = useExport<BaseRecord>({
    resource,
    filters,
    sorters,
    pageSize: Math.min(meta?.maxLimit ?? 100, 500),
    meta: { join },
    filename: resource.replace(/\//g, '-'),
    mapData: (row) =>
      Object.fromEntries(
        (meta?.fields ?? []).map((f) => [f.name, f.relation && row[f.relation.name] ? recordLabel(row[f.relation.name] as Record<string, unknown>, locale, f.relation.label) : typeof row[f.name] === 'object' && row[f.name] !== null ? JSON.stringify(row[f.name]) : row[f.name]]),
      ),
  });
  const [search, setSearch] = useState(() => {
    const current = filters.find((f) => 'field' in f && f.field === meta?.search?.field);
    return current && typeof current.value === 'string' ? current.value : '';
  });
  const applySearch = useDebouncedCallback((text: string) => {
    if (meta?.search) setFilters([{ field: meta.search.field, operator: 'contains', value: text || undefined }], 'merge');
  });

  if (!meta) return null;
  const valueOf = (field: string) => {
    const f = filters.find((x) => 'field' in x && x.field === field);
    return f?.value;
  };
  const labelBase = meta.label?.length === 1 ? meta.label[0] : 'name';
  const labelTitle = t([`resources.${resource}.fields.${labelBase}`, `fields.${labelBase}`, 'fields.label']);
  const canDelete = meta.actions.has('delete') && has(...(meta.permissions.delete ?? []), ...entry.sidebar);

  return (
    <List
      // Embedded: the page around it has the title (Refine's List would otherwise show the resource's name as a heading).
      title={embedded ? false : <h1 style={{ margin: 0, fontSize: 'inherit' }}>{title}</h1>}
      breadcrumb={embedded ? false : undefined}
      resource={resource}
      canCreate={meta.actions.has('create')}
      headerButtons={() => (
        <>
          <ExportButton onClick={() => void triggerExport()} loading={exporting} />
          {meta.actions.has('create') ? <CreateButton resource={resource} /> : null}
        </>
      )}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        {meta.search ? (
          <Input.Search
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            allowClear
            value={search}
            style={{ width: 260 }}
            onChange={(e) => {
              setSearch(e.target.value);
              applySearch(e.target.value);
            }}
          />
        ) : null}
        {filterFields(meta).map((f) => {
          const label = fieldLabel(t, resource, f.name);
          return (
            <FilterInput
              key={f.name}
              field={f}
              label={label}
              value={valueOf(f.name)}
              onChange={(value) => setFilters([{ field: f.name, operator: operatorFor(f), value }], 'merge')}
            />
          );
        })}
        {canDelete && selected.length > 0 ? (
          <Popconfirm
            title={t('list.bulkDeleteConfirm', { count: selected.length })}
            okText={t('buttons.delete')}
            cancelText={t('buttons.cancel')}
            onConfirm={() =>
              deleteMany(
                { resource, ids: selected.map(String) },
                {
                  onSuccess: () => setSelected([]),
                  onSettled: () => void tableQuery.refetch(),
                },
              )
            }
          >
            <Button danger loading={deleting.isPending}>
              {t('list.bulkDelete', { count: selected.length })}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      <Table
        {...tableProps}
        dataSource={rows}
        rowKey={meta.primaryKey}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        scroll={{ x: true }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('list.total', { count: total }) }}
      >
        {labelFieldsOf(meta).size ? (
          // Keyed by its sort field: Refine sends a column's key as the field to sort by.
          <Table.Column<BaseRecord>
            key={labelSortField(meta, locale) ?? 'label'}
            dataIndex={labelSortField(meta, locale)}
            title={labelTitle}
            sorter={Boolean(labelSortField(meta, locale))}
            defaultSortOrder={getDefaultSortOrder(labelSortField(meta, locale) ?? '', sorters)}
            render={(_, record) => recordLabel(record as Record<string, unknown>, locale, meta.label)}
          />
        ) : null}
        {listColumns(meta).map((f) => (
          <Table.Column<BaseRecord>
            key={f.name}
            dataIndex={f.name}
            title={fieldLabel(t, resource, f.name)}
            sorter={!f.relation}
            defaultSortOrder={getDefaultSortOrder(f.name, sorters)}
            render={(_, record) => renderValue(f, record as Record<string, unknown>, meta, t, locale)}
          />
        ))}
        <Table.Column<BaseRecord>
          key="actions"
          title={t('table.actions')}
          fixed="right"
          render={(_, record) => (
            <Space>
              {rowActions?.(record)}
              {meta.actions.has('show') ? <ShowButton hideText size="small" resource={resource} recordItemId={record.id} /> : null}
              {meta.actions.has('edit') ? <EditButton hideText size="small" resource={resource} recordItemId={record.id} /> : null}
              {meta.actions.has('delete') ? <DeleteButton hideText size="small" resource={resource} recordItemId={record.id} /> : null}
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
