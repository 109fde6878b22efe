/**
 * Roles (spec 2: admin panel, roles and permissions editor): the generated roles list, then the matrix of roles x
 * permission keys. A role's keys are GET /api/roles/{id}/permissions (`sidebar:role_index`); saving PUTs the whole
 * set of each changed role (`role:update`). The administrator role holds every key and cannot be changed (the API
 * says `editable: false`): its column is shown checked and locked.
 */
import { LockOutlined } from '@ant-design/icons';
import { DEFAULT_LOCALE, isLocale } from '@olymp/web-common';
import { useList, useNotification, type BaseRecord } from '@refinedev/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Input, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_URL, http } from '../../api/http';
import { GeneratedList } from '../../crud/GeneratedList';
import { localized } from '../../crud/labels';
import { useAccess } from '../../hooks/useAccess';
import { apiSend } from '../../hooks/useApi';
import { changedRoles, coverage, filterKeys, groupKeys, withKeys } from './matrix';
import type { RoleSet } from '@olymp/proto';

/** The administrator role: its set (every key) is the list of all keys. */
const ADMIN_ROLE = 1;

type Row = { key: string; group: string; keys: string[]; children?: Row[] };

function PermissionMatrix() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const { has } = useAccess();
  const canEdit = has('role:update');
  const { open } = useNotification();
  const client = useQueryClient();
  const { result: rolesResult, query: rolesQuery } = useList<BaseRecord>({ resource: 'roles', pagination: { pageSize: 100, mode: 'server' }, sorters: [{ field: 'id', order: 'asc' }] });
  const roles = rolesResult.data;
  const sets = useQueries({
    queries: roles.map((r) => ({
      queryKey: ['api', `roles/${String(r.id)}/permissions`],
      queryFn: async () => (await http.get<RoleSet>(`${API_URL}/roles/${String(r.id)}/permissions`)).data,
    })),
  });
  const server = useMemo(() => new Map(roles.map((r, i) => [Number(r.id), sets[i]?.data?.data ?? []])), [roles, sets]);
  const allKeys = server.get(ADMIN_ROLE) ?? [...new Set([...server.values()].flat())];
  const [edits, setEdits] = useState<Map<number, Set<string>>>(new Map());
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const [saving, setSaving] = useState(false);
  const current = (id: number): ReadonlySet<string> => edits.get(id) ?? new Set(server.get(id) ?? []);
  const editable = (index: number) => canEdit && sets[index]?.data?.editable === true;
  const changed = changedRoles(server, edits);

  const rows: Row[] = groupKeys(filterKeys(allKeys, filter)).map((g) => ({
    key: `group:${g.group}`,
    group: g.group,
    keys: g.keys,
    children: g.keys.map((k) => ({ key: k, group: g.group, keys: [k] })),
  }));

  const save = async () => {
    setSaving(true);
    try {
      for (const id of changed) {
        await apiSend('put', `roles/${id}/permissions`, { permissions: [...current(id)] });
        await client.invalidateQueries({ queryKey: ['api', `roles/${id}/permissions`] });
      }
      setEdits(new Map());
      open?.({ type: 'success', message: t('notifications.success'), description: t('roles.saved') });
    } catch (e) {
      open?.({ type: 'error', message: (e as { message?: string }).message ?? t('errors.unknown') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={<Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>{t('roles.matrix')}</Typography.Title>}
      extra={
        canEdit ? (
          <Space>
            <Button disabled={changed.length === 0 || saving} onClick={() => setEdits(new Map())}>
              {t('buttons.cancel')}
            </Button>
            <Button type="primary" loading={saving} disabled={changed.length === 0} onClick={() => void save()}>
              {t('roles.save', { count: changed.length })}
            </Button>
          </Space>
        ) : null
      }
    >
      {!canEdit ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('roles.readOnly')} /> : null}
      <Input.Search aria-label={t('roles.filterKeys')} placeholder={t('roles.filterKeys')} allowClear style={{ width: 300, marginBottom: 16 }} value={filter} onChange={(e) => setFilter(e.target.value)} />
      <Table<Row>
        rowKey="key"
        size="small"
        loading={rolesQuery.isLoading || sets.some((s) => s.isLoading)}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true, y: 600 }}
        // While filtering, every group that has a match is open.
        expandable={{ expandedRowKeys: filter.trim() ? rows.map((r) => r.key) : expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        columns={[
          {
            title: t('roles.key'),
            dataIndex: 'key',
            fixed: 'left',
            width: 280,
            render: (_, row) => (row.children ? <strong>{row.group}</strong> : <code>{row.key}</code>),
          },
          ...roles.map((role, index) => {
            const id = Number(role.id);
            const name = localized(role, 'title', locale) ?? String(role.name);
            return {
              key: `role:${id}`,
              title: id === ADMIN_ROLE ? (
                <span title={t('roles.fixed')}>
                  {name} <LockOutlined />
                </span>
              ) : (
                name
              ),
              align: 'center' as const,
              render: (_: unknown, row: Row) => {
                const state = coverage(current(id), row.keys);
                return (
                  <Checkbox
                    aria-label={`${name}: ${row.children ? row.group : row.key}`}
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    disabled={!editable(index)}
                    onChange={(e) => setEdits((prev) => new Map(prev).set(id, withKeys(current(id), row.keys, e.target.checked)))}
                  />
                );
              },
            };
          }),
        ]}
      />
    </Card>
  );
}

export default function RolesPage() {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <GeneratedList resource="roles" />
      <PermissionMatrix />
    </Space>
  );
}
