/**
 * The sidebar's "Homework" (spec 2; docs/teaching.md): homework tasks across the groups the staff member may see
 * (`GET homework-overview`: every group with `sidebar:group_index`, else the groups they teach), filtered by group and
 * Almaty due days, with hand-ins, graded and late counts; each opens its group's homework tab (the group page for
 * staff who read groups, "My groups" for a teacher).
 */
import type { HomeworkOverviewReply, HomeworkOverviewRow } from '@olymp/proto';
import { Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toApiError } from '../../api/http';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';

const NS = ['teaching', 'common'] as const;

export default function HomeworkOverview() {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const { has } = useAccess();
  usePageTitle(t('common:sidebar.homework'));
  const [group, setGroup] = useState<string>();
  const [dueFrom, setDueFrom] = useState('');
  const [dueTo, setDueTo] = useState('');
  const list = useApi<HomeworkOverviewReply>('homework-overview', { ...(group ? { group } : {}), ...(dueFrom ? { dueFrom } : {}), ...(dueTo ? { dueTo } : {}) });
  const tabOf = (groupId: string) => (has('sidebar:group_index') ? `/resources/groups/${groupId}?tab=homework` : `/my-groups/${groupId}?tab=homework`);
  const error = list.isError ? toApiError(list.error).message : undefined;
  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{t('common:sidebar.homework')}</Typography.Title>}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap align="end">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            aria-label={t('attendance.group')}
            placeholder={t('allGroups')}
            style={{ width: 260, maxWidth: '100%' }}
            value={group}
            onChange={setGroup}
            options={(list.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
          <Space direction="vertical" size={0}>
            <label htmlFor="homework-due-from">{t('homeworkList.dueFrom')}</label>
            <Input id="homework-due-from" type="date" value={dueFrom} onChange={(e) => setDueFrom(e.target.value)} style={{ width: 170 }} />
          </Space>
          <Space direction="vertical" size={0}>
            <label htmlFor="homework-due-to">{t('homeworkList.dueTo')}</label>
            <Input id="homework-due-to" type="date" value={dueTo} onChange={(e) => setDueTo(e.target.value)} style={{ width: 170 }} />
          </Space>
        </Space>
        {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
        <Table<HomeworkOverviewRow>
          data-testid="homework-overview"
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.data ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('homeworkList.empty') }}
          columns={[
            { title: t('homeworkList.task'), key: 'title', render: (_: unknown, h) => <Link to={tabOf(h.group.id)}>{h.title}</Link> },
            { title: t('group'), key: 'group', render: (_: unknown, h) => `${h.group.name} · ${h.group.course[locale]}` },
            { title: t('lesson'), key: 'lesson', render: (_: unknown, h) => `${h.lesson.startsAtAlmaty} ${h.lesson.title[locale]}` },
            { title: t('homeworkList.due'), key: 'due', render: (_: unknown, h) => h.dueAtAlmaty },
            { title: t('homeworkList.handedIn'), key: 'handedIn', render: (_: unknown, h) => `${h.handedIn} / ${h.pupils}` },
            { title: t('homeworkList.graded'), dataIndex: 'graded', key: 'graded' },
            { title: t('homeworkList.late'), key: 'late', render: (_: unknown, h) => (h.late ? <Tag color="orange">{h.late}</Tag> : 0) },
          ]}
        />
      </Space>
    </Card>
  );
}
