/**
 * A training's page (spec 2, admin trainings details): publish and unpublish, edit, and the tabs chapters,
 * leaderboard, chat groups, subscriptions, invoices, statistics, test results and test statistics. A tab shows only
 * with its `training:*` key (spec 6); the active tab is in the URL (`?tab=`).
 */
import { useGo, useOne, type BaseRecord } from '@refinedev/core';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UrlTabs } from '../../components/UrlTabs';
import { localized } from '../../crud/labels';
import { useAccess } from '../../hooks/useAccess';
import { apiSend } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import type { PageProps } from '../registry';
import { ChaptersTab } from './ChaptersTab';
import { visibleTabs, type TabKey } from './logic';
import { Invoices, Leaderboard, Subscriptions, TestResults } from './ReportTabs';
import { NAMESPACES, useAction, useLocale } from './shared';
import { Statistics, TestStatistics } from './StatisticsTabs';
import { TrainingSettings } from './TrainingSettings';
import { ChatGroupsTab } from '../chat/ChatGroupsTab';

const LABELS: Record<TabKey, string> = {
  chapters: 'tabs.chapters',
  leaderboard: 'tabs.leaderboard',
  'chat-groups': 'tabs.chatGroups',
  subscriptions: 'tabs.subscriptions',
  invoices: 'tabs.invoices',
  statistics: 'tabs.statistics',
  'test-results': 'tabs.testResults',
  'test-statistics': 'tabs.testStatistics',
};

export default function TrainingShow({ id }: PageProps) {
  const { t } = useTranslation(NAMESPACES);
  const locale = useLocale();
  const { has } = useAccess();
  const go = useGo();
  const act = useAction();
  const { query } = useOne<BaseRecord>({ resource: 'trainings', id });
  const record = query.data?.data;
  const title = localized(record, 'title', locale) ?? '';
  usePageTitle(title || t('common:sidebar.trainings'));
  if (!record) return null;

  const published = Boolean(record.published);
  const content: Record<TabKey, () => ReactNode> = {
    chapters: () => <ChaptersTab trainingId={id} />,
    leaderboard: () => <Leaderboard trainingId={id} />,
    'chat-groups': () => <ChatGroupsTab kind="training" refId={id} />,
    subscriptions: () => <Subscriptions trainingId={id} />,
    invoices: () => <Invoices trainingId={id} />,
    statistics: () => <Statistics trainingId={id} />,
    'test-results': () => <TestResults trainingId={id} />,
    'test-statistics': () => <TestStatistics trainingId={id} />,
  };
  const tabs = visibleTabs((key) => has(key));

  return (
    <Card
      title={
        <Space>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
            {title}
          </Typography.Title>
          {published ? <Tag color="green">{t('published')}</Tag> : <Tag>{t('unpublished')}</Tag>}
        </Space>
      }
      extra={
        has('training:update') ? (
          <Space>
            <Button onClick={() => go({ to: `/trainings/${id}/edit` })}>{t('common:buttons.edit')}</Button>
            <Button type="primary" onClick={() => void act(() => apiSend('post', `trainings/${id}/publish`, { published: !published }), () => void query.refetch())}>
              {published ? t('common:buttons.unpublish') : t('common:buttons.publish')}
            </Button>
          </Space>
        ) : null
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('common:fields.grade')}>{record.grade === null || record.grade === undefined ? '—' : String(record.grade)}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.priceTenge')}>{String(record.priceTenge ?? 0)}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.priceZp')}>{String(record.priceZp ?? 0)}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.tryNumber')}>{record.tryNumber === null || record.tryNumber === undefined ? t('unlimited') : String(record.tryNumber)}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.heartsMax')}>{String(record.heartsMax ?? '')}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.heartResetMinutes')}>{String(record.heartResetMinutes ?? '')}</Descriptions.Item>
      </Descriptions>
      {has('training:update') ? (
        <div style={{ marginBottom: 16 }}>
          <TrainingSettings record={record} onSaved={() => void query.refetch()} />
        </div>
      ) : null}
      {tabs.length === 0 ? (
        <Typography.Text type="secondary">{t('noTabs')}</Typography.Text>
      ) : (
        <UrlTabs destroyOnHidden tabs={tabs.map((key) => ({ key, label: t(LABELS[key]), children: content[key]() }))} />
      )}
    </Card>
  );
}
