/**
 * A challenge's page (spec 2): publish and archive, and the tabs checkpoints, leaderboard, information, chat-groups,
 * certificate-images, access, subscriptions, invoices, test-results, statistics, test-statistics. A tab shows only
 * with its `challenge:*` key (spec 6); the active tab is in the URL (`?tab=`).
 */
import { useGo, useList, useNotification, useOne, type BaseRecord } from '@refinedev/core';
import { Button, Card, Descriptions, Form, Input, List, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/Charts';
import { UrlTabs } from '../../components/UrlTabs';
import { localized } from '../../crud/labels';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatInstant } from '../../lib/time';
import { CertificateRuns } from './CertificateRuns';
import { CheckpointCreate } from './CheckpointCreate';
import { ChatGroupsTab } from '../chat/ChatGroupsTab';
import type { PageProps } from '../registry';
import type { CertificateTemplateReply, QuizResultsReply, QuizStatisticsReply, ResultFilterOptionsReply, StaffInvoicePage, StaffLeaderboard } from '@olymp/proto';


function Leaderboard({ id, published }: { id: string; published: boolean }) {
  const { t } = useTranslation();
  const board = useApi<StaffLeaderboard>(`challenges/${id}/leaderboard`, { perPage: 50 }, published);
  const locale = useLocale();
  if (!published) return <Typography.Text type="secondary">{t('challenge.notPublished')}</Typography.Text>;
  return (
    <Table
      rowKey="rank"
      scroll={{ x: 'max-content' }}
      loading={board.isLoading}
      dataSource={board.data?.data ?? []}
      pagination={false}
      columns={[
        { title: '#', dataIndex: 'rank' },
        { title: t('results.name'), dataIndex: 'name' },
        { title: t('fields.schoolId'), render: (_, r) => r.school?.name?.[locale] ?? '' },
        { title: t('fields.points'), dataIndex: 'points' },
        { title: t('results.time'), render: (_, r) => `${Math.round(r.timeSpentMs / 1000)} s` },
      ]}
    />
  );
}

function Access({ record, onSaved }: { record: BaseRecord; onSaved: () => void }) {
  const { t } = useTranslation();
  const { open } = useNotification();
  return (
    <Form
      layout="vertical"
      initialValues={{ private: record.private, audience: record.audience, accessCode: record.accessCode }}
      onFinish={(v: { private: boolean; audience: string; accessCode?: string }) => {
        apiSend('post', `challenges/${String(record.id)}/private`, { private: v.private, audience: v.audience, accessCode: v.accessCode || null }).then(
          () => {
            open?.({ type: 'success', message: t('notifications.success') });
            onSaved();
          },
          (e: { message?: string }) => open?.({ type: 'error', message: e.message ?? t('errors.unknown') }),
        );
      }}
    >
      <Form.Item name="private" label={t('fields.private')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="audience" label={t('fields.audience')}>
        <Select style={{ maxWidth: 320 }} options={['all', 'users', 'code'].map((a) => ({ value: a, label: t(`enums.${a}`) }))} />
      </Form.Item>
      <Form.Item name="accessCode" label={t('fields.accessCode')}>
        <Input style={{ maxWidth: 320 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('buttons.save')}
      </Button>
    </Form>
  );
}

function Statistics({ id, perQuestion }: { id: string; perQuestion: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const stats = useApi<QuizStatisticsReply>(`challenges/${id}/statistics`);
  const quizzes = stats.data?.data ?? [];
  if (!stats.isLoading && quizzes.length === 0) return <Typography.Text type="secondary">{t('common.noData')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {quizzes.map((q) => (
        <Card key={q.quizId} size="small" title={`${q.group.title[locale]} — ${q.title[locale]}`}>
          <Typography.Paragraph>
            {t('statistics.summary', { attempts: q.attempts, average: q.averagePoints, max: q.maxPoints })}
          </Typography.Paragraph>
          {perQuestion ? (
            <BarChart
              title={t('statistics.correctRate')}
              data={q.questions.map((x) => ({ question: `#${x.number}`, rate: x.correctRate }))}
              x="question"
              series={[{ key: 'rate', label: t('statistics.correctRate') }]}
            />
          ) : (
            <BarChart
              title={t('statistics.distribution')}
              data={q.distribution.map((d) => ({ range: `${d.fromPercent}–${d.toPercent}%`, count: d.count }))}
              x="range"
              series={[{ key: 'count', label: t('statistics.pupils') }]}
            />
          )}
        </Card>
      ))}
    </Space>
  );
}

function TestResults({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const results = useApi<QuizResultsReply>(`challenges/${id}/quiz-results`);
  return (
    <Table
      rowKey="attemptId"
      scroll={{ x: 'max-content' }}
      loading={results.isLoading}
      dataSource={results.data?.data ?? []}
      columns={[
        { title: t('results.name'), dataIndex: 'name' },
        { title: t('fields.quizId'), render: (_, r) => r.quizTitle?.[locale] ?? '' },
        { title: t('fields.points'), render: (_, r) => `${r.points} / ${r.maxPoints}` },
        { title: '%', dataIndex: 'percentage' },
        { title: t('results.finishedAt'), render: (_, r) => formatInstant(r.finishedAt) },
      ]}
    />
  );
}

function Invoices({ id, paidOnly }: { id: string; paidOnly: boolean }) {
  const { t } = useTranslation();
  const { has } = useAccess();
  const allowed = has('finance:invoice_index');
  const invoices = useApi<StaffInvoicePage>('finance/invoices', { productId: id, ...(paidOnly ? { status: 'paid' } : {}) }, allowed);
  // People by name, not by id: the payers' names from auth's users, when the role may read them.
  const userIds = [...new Set((invoices.data?.data ?? []).map((i) => i.userId))];
  const { result: users } = useList<BaseRecord>({
    resource: 'users',
    filters: [{ field: 'id', operator: 'in', value: userIds }],
    pagination: { pageSize: Math.max(userIds.length, 1), mode: 'server' },
    queryOptions: { enabled: userIds.length > 0 && has('sidebar:user_index') },
  });
  const nameOf = (userId: string) => {
    const user = users.data.find((u) => u.id === userId);
    return user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '—';
  };
  if (!allowed) return <Typography.Text type="secondary">{t('unauthorized.text')}</Typography.Text>;
  return (
    <Table
      rowKey="id"
      scroll={{ x: 'max-content' }}
      loading={invoices.isLoading}
      dataSource={invoices.data?.data ?? []}
      columns={[
        { title: t('fields.userId'), render: (_, r) => nameOf(r.userId) },
        { title: t('fields.priceTenge'), render: (_, r) => (r.amountTenge === undefined ? '—' : `${r.amountTenge} ₸`) },
        { title: t('finance.status'), render: (_, r) => <Tag>{t(`enums.${r.status}`, { defaultValue: r.status })}</Tag> },
        { title: t('fields.createdAt'), render: (_, r) => formatInstant(r.createdAt) },
      ]}
    />
  );
}

/** The certificate template as people read it, in the reader's language; "not set yet" rather than `null`. */
function Certificate({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const template = useApi<CertificateTemplateReply>(`challenges/${id}/certificate-template`);
  const data = template.data?.data;
  if (template.isLoading) return null;
  if (!data) return <Typography.Text type="secondary" data-testid="certificate-empty">{t('challenge.noCertificate')}</Typography.Text>;
  const record = data as unknown as Record<string, unknown>;
  return (
    <Descriptions bordered column={1} size="small">
      <Descriptions.Item label={t('challenge.certificateTitle')}>{localized(record, 'title', locale) ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('challenge.certificateBody')}>{localized(record, 'body', locale) ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('challenge.background')}>{data.backgroundUrl ? <img src={data.backgroundUrl} alt="" style={{ maxWidth: 240 }} /> : '—'}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The challenge's days in day order, each with its tests (from the results filter options, which group the
 * challenge's tests by checkpoint) and a link to open the day or a test.
 */
function Days({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const go = useGo();
  const { has } = useAccess();
  const { result: days, query } = useList<BaseRecord>({
    resource: 'checkpoints',
    filters: [{ field: 'challengeId', operator: 'eq', value: id }],
    sorters: [{ field: 'day', order: 'asc' }],
    pagination: { pageSize: 100, mode: 'server' },
  });
  const canSeeTests = has('challenge:test_result_tab');
  const options = useApi<ResultFilterOptionsReply>(`challenges/${id}/quiz-results-filter-options`, {}, canSeeTests);
  const quizzes = options.data?.data.quizzes ?? [];
  return (
    <List
      loading={query.isLoading}
      dataSource={days.data}
      locale={{ emptyText: t('common.noData') }}
      renderItem={(day) => {
        const tests = quizzes.filter((q) => q.group.id === day.id);
        return (
          <List.Item
            data-testid="challenge-day"
            actions={[
              <Button key="open" size="small" onClick={() => go({ to: `/challenges/${id}/checkpoints/${String(day.id)}` })}>
                {t('challenge.openCheckpoint')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={`${t('challenge.day', { day: Number(day.day) })} · ${localized(day, 'title', locale) ?? ''}`}
              description={
                canSeeTests ? (
                  tests.length ? (
                    <Space wrap>
                      {tests.map((q) => (
                        <Button key={q.id} size="small" type="link" data-testid="day-test" onClick={() => go({ to: `/quizzes/${q.id}` })}>
                          {q.title[locale]}
                        </Button>
                      ))}
                    </Space>
                  ) : (
                    t('challenge.noTests')
                  )
                ) : (
                  formatInstant(day.opensAt)
                )
              }
            />
          </List.Item>
        );
      }}
    />
  );
}

export default function ChallengeShow({ id }: PageProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { has } = useAccess();
  const go = useGo();
  const { open } = useNotification();
  const { query } = useOne<BaseRecord>({ resource: 'challenges', id });
  const record = query.data?.data;
  const title = localized(record, 'title', locale) ?? '';
  usePageTitle(title || t('sidebar.challenges'));
  if (!record) return null;

  const act = (path: string, body: unknown) =>
    apiSend('post', `challenges/${id}/${path}`, body).then(
      () => {
        open?.({ type: 'success', message: t('notifications.success') });
        void query.refetch();
      },
      (e: { message?: string }) => open?.({ type: 'error', message: e.message ?? t('errors.unknown') }),
    );

  const tabs: { key: string; permission: string; label: string; children: ReactNode }[] = [
    {
      key: 'checkpoints',
      permission: 'challenge:checkpoint_tab',
      label: t('challenge.tabs.checkpoints'),
      children: (
        <>
          {has('challenge:update') ? <CheckpointCreate challengeId={id} /> : null}
          <Days id={id} />
        </>
      ),
    },
    { key: 'leaderboard', permission: 'challenge:leaderboard_tab', label: t('challenge.tabs.leaderboard'), children: <Leaderboard id={id} published={Boolean(record.published)} /> },
    {
      key: 'information',
      permission: 'challenge:information_tab',
      label: t('challenge.tabs.information'),
      children: (
        <Descriptions bordered column={1} size="small">
          <Descriptions.Item label={t('fields.title')}>{title}</Descriptions.Item>
          <Descriptions.Item label={t('fields.description')}>{localized(record, 'description', locale)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.grade')}>{String(record.grade ?? '—')}</Descriptions.Item>
          <Descriptions.Item label={t('fields.startsAt')}>{formatInstant(record.startsAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.endsAt')}>{formatInstant(record.endsAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.priceTenge')}>{String(record.priceTenge)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.reward')}>{localized(record, 'reward', locale)}</Descriptions.Item>
        </Descriptions>
      ),
    },
    { key: 'chat-groups', permission: 'challenge:chatgroup_tab', label: t('challenge.tabs.chatGroups'), children: <ChatGroupsTab kind="challenge" refId={id} /> },
    { key: 'certificate-images', permission: 'challenge:certificate_tab', label: t('challenge.tabs.certificate'), children: <><Certificate id={id} />{has('certs:progress') && <CertificateRuns id={id} />}</> },
    { key: 'access', permission: 'challenge:access_tab', label: t('challenge.tabs.access'), children: <Access record={record} onSaved={() => void query.refetch()} /> },
    { key: 'subscriptions', permission: 'challenge:invoice_tab', label: t('challenge.tabs.subscriptions'), children: <Invoices id={id} paidOnly /> },
    { key: 'invoices', permission: 'challenge:invoice_tab', label: t('challenge.tabs.invoices'), children: <Invoices id={id} paidOnly={false} /> },
    { key: 'test-results', permission: 'challenge:test_result_tab', label: t('challenge.tabs.testResults'), children: <TestResults id={id} /> },
    { key: 'statistics', permission: 'challenge:statistics_tab', label: t('challenge.tabs.statistics'), children: <Statistics id={id} perQuestion={false} /> },
    { key: 'test-statistics', permission: 'challenge:test_statistics_tab', label: t('challenge.tabs.testStatistics'), children: <Statistics id={id} perQuestion /> },
  ].filter((tab) => has(tab.permission));

  // The title, its state and the actions wrap on a phone rather than widening the page.
  return (
    <Card>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {title}
        </Typography.Title>
        {record.published ? <Tag color="green">{t('challenge.published')}</Tag> : <Tag>{t('challenge.unpublished')}</Tag>}
        {record.archived ? <Tag color="orange">{t('fields.archived')}</Tag> : null}
      </Space>
      {has('challenge:update') ? (
        <Space wrap style={{ display: 'flex', marginBottom: 8 }}>
          <Button onClick={() => go({ to: `/challenges/${id}/edit` })}>{t('buttons.edit')}</Button>
          <Button type="primary" onClick={() => void act('publish', { published: !record.published })}>
            {record.published ? t('buttons.unpublish') : t('buttons.publish')}
          </Button>
          {!record.archived ? <Button onClick={() => void act('archive', { archived: true })}>{t('buttons.archive')}</Button> : null}
        </Space>
      ) : null}
      <UrlTabs tabs={tabs.map(({ key, label, children }) => ({ key, label, children }))} />
    </Card>
  );
}
