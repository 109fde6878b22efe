/**
 * "My groups" (issue 15, docs/teaching.md): the course groups the signed-in staff member teaches, from
 * `GET my-teaching-groups` (membership decides, not keys: a content maker who teaches a group sees it). Each opens the
 * group's teacher page (MyGroupPage.tsx).
 */
import type { MyTeachingGroup, MyTeachingGroupsReply } from '@olymp/proto';
import { Card, Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';

const NS = ['teaching', 'common'] as const;

export default function MyGroups() {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  usePageTitle(t('common:sidebar.myGroups'));
  const groups = useApi<MyTeachingGroupsReply>('my-teaching-groups');
  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{t('common:sidebar.myGroups')}</Typography.Title>}>
      <Table<MyTeachingGroup>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        loading={groups.isLoading}
        dataSource={groups.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('my.none')} /> }}
        columns={[
          { title: t('group'), render: (_: unknown, g) => <Link to={`/my-groups/${g.id}`}>{g.name}</Link> },
          { title: t('course'), render: (_: unknown, g) => g.course.title[locale] },
          { title: t('pupils'), render: (_: unknown, g) => (g.capacity ? `${g.pupils} / ${g.capacity}` : String(g.pupils)) },
          { title: t('my.nextLesson'), render: (_: unknown, g) => (g.nextLesson ? `${g.nextLesson.startsAtAlmaty} · ${g.nextLesson.title[locale]}` : t('my.noLesson')) },
        ]}
      />
    </Card>
  );
}
