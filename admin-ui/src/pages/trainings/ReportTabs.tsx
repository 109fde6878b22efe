/**
 * The training's tables, paged on the server: leaderboard (`trainings/{id}/leaderboard`), subscriptions (who joined
 * and how, `trainings/{id}/subscriptions`), invoices (finance's list for this training; cancelling the unpaid ones
 * is `trainings/{id}/delete-unpaid-invoices`) and test results (`trainings/{id}/quiz-results`, by test).
 */
import { Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { useDebouncedCallback } from '../../hooks/useDebounced';
import { formatInstant } from '../../lib/time';
import { duration, reportParams, VIA } from './logic';
import { NAMESPACES, useAction, useLocale } from './shared';
import type { QuizResultsReply, ResultFilterOptionsReply, StaffInvoicePage, StaffLeaderboard, TrainingSubscriptionsReply } from '@olymp/proto';

const PER_PAGE = 20;

function usePaging() {
  const [page, setPage] = useState(1);
  return { page, setPage, pagination: (total: number | undefined) => ({ current: page, pageSize: PER_PAGE, total: total ?? 0, showSizeChanger: false, onChange: setPage }) };
}

export function Leaderboard({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation(NAMESPACES);
  const locale = useLocale();
  const { page, pagination } = usePaging();
  const board = useApi<StaffLeaderboard>(
    `trainings/${trainingId}/leaderboard`,
    { page, perPage: PER_PAGE },
  );
  return (
    <Table
      rowKey="userId"
      loading={board.isLoading}
      dataSource={board.data?.data ?? []}
      pagination={pagination(board.data?.total)}
      locale={{ emptyText: t('common:common.noData') }}
      columns={[
        { title: '#', dataIndex: 'rank', width: 60 },
        { title: t('common:results.name'), dataIndex: 'name' },
        { title: t('common:fields.schoolId'), render: (_, r) => r.school?.name?.[locale] ?? '' },
        { title: t('common:fields.points'), render: (_, r) => `${r.points} / ${board.data?.maxPoints ?? 0}` },
        { title: '%', dataIndex: 'percentage' },
        { title: t('finishedTests'), dataIndex: 'finishedQuizzes' },
        { title: t('common:results.time'), render: (_, r) => duration(r.timeSpentMs) },
      ]}
    />
  );
}

export function Subscriptions({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation(NAMESPACES);
  const locale = useLocale();
  const { page, setPage, pagination } = usePaging();
  const [via, setVia] = useState<string | undefined>();
  const [q, setQ] = useState('');
  const search = useDebouncedCallback((text: string) => {
    setQ(text);
    setPage(1);
  });
  const rows = useApi<TrainingSubscriptionsReply>(
    `trainings/${trainingId}/subscriptions`,
    reportParams({ via, q }, page, PER_PAGE),
  );
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search aria-label={t('searchPupil')} placeholder={t('searchPupil')} allowClear style={{ width: 260 }} onChange={(e) => search(e.target.value)} />
        <Select
          aria-label={t('via.title')}
          placeholder={t('via.title')}
          allowClear
          style={{ minWidth: 200 }}
          value={via}
          onChange={(v?: string) => {
            setVia(v);
            setPage(1);
          }}
          options={VIA.map((v) => ({ value: v, label: t(`via.${v}`) }))}
        />
      </Space>
      <Table
        rowKey="userId"
        loading={rows.isLoading}
        dataSource={rows.data?.data ?? []}
        pagination={pagination(rows.data?.total)}
        locale={{ emptyText: t('common:common.noData') }}
        columns={[
          { title: t('common:results.name'), dataIndex: 'name' },
          { title: t('common:fields.grade'), render: (_, r) => r.grade ?? '—' },
          { title: t('common:fields.schoolId'), render: (_, r) => r.school?.name?.[locale] ?? '' },
          { title: t('via.title'), render: (_, r) => <Tag>{t(`via.${r.via}`, { defaultValue: r.via })}</Tag> },
          { title: t('joinedAt'), render: (_, r) => formatInstant(r.joinedAt) },
          { title: t('common:fields.heartsMax'), render: (_, r) => r.hearts ?? '—' },
          { title: t('common:fields.points'), dataIndex: 'points' },
          { title: t('finishedTests'), dataIndex: 'finishedQuizzes' },
        ]}
      />
    </>
  );
}

export function Invoices({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation(NAMESPACES);
  const { has } = useAccess();
  const act = useAction();
  const { page, pagination } = usePaging();
  const [status, setStatus] = useState<string | undefined>();
  const allowed = has('finance:invoice_index');
  const invoices = useApi<StaffInvoicePage>(
    'finance/invoices',
    { kind: 'training', productId: trainingId, ...(status ? { status } : {}), page, limit: PER_PAGE },
    allowed,
  );
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {allowed ? (
          <Select
            aria-label={t('common:finance.status')}
            placeholder={t('common:finance.status')}
            allowClear
            style={{ minWidth: 180 }}
            value={status}
            onChange={(v?: string) => setStatus(v)}
            options={['pending', 'paid', 'cancelled'].map((s) => ({ value: s, label: t(`common:enums.${s}`) }))}
          />
        ) : null}
        {has('training:invoices_tab', 'training:update') ? (
          <Popconfirm
            title={t('cancelUnpaidConfirm')}
            okText={t('common:buttons.confirm')}
            cancelText={t('common:buttons.cancel')}
            onConfirm={() => act(() => apiSend('post', `trainings/${trainingId}/delete-unpaid-invoices`, {}), () => void invoices.refetch())}
          >
            <Button danger>{t('cancelUnpaid')}</Button>
          </Popconfirm>
        ) : null}
      </Space>
      {allowed ? (
        <Table
          rowKey="id"
          loading={invoices.isLoading}
          dataSource={invoices.data?.data ?? []}
          pagination={pagination(invoices.data?.total)}
          locale={{ emptyText: t('common:common.noData') }}
          columns={[
            { title: 'ID', dataIndex: 'id' },
            { title: t('common:fields.userId'), dataIndex: 'userId' },
            { title: t('common:finance.status'), render: (_, r) => <Tag>{t(`common:enums.${r.status}`, { defaultValue: r.status })}</Tag> },
            { title: t('common:fields.priceTenge'), dataIndex: 'amountTenge' },
            { title: t('common:fields.priceZp'), dataIndex: 'amountZp' },
            { title: t('common:fields.createdAt'), render: (_, r) => formatInstant(r.createdAt) },
            { title: t('common:finance.paidAt'), render: (_, r) => formatInstant(r.paidAt) },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('common:unauthorized.text')}</Typography.Text>
      )}
    </>
  );
}

export function TestResults({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation(NAMESPACES);
  const locale = useLocale();
  const { page, setPage, pagination } = usePaging();
  const [quizId, setQuizId] = useState<string | undefined>();
  const options = useApi<ResultFilterOptionsReply>(`trainings/${trainingId}/quiz-results-filter-options`);
  const results = useApi<QuizResultsReply>(
    `trainings/${trainingId}/quiz-results`,
    reportParams({ quizId }, page, PER_PAGE),
  );
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('common:fields.quizId')}
          placeholder={t('common:fields.quizId')}
          allowClear
          style={{ minWidth: 320 }}
          value={quizId}
          onChange={(v?: string) => {
            setQuizId(v);
            setPage(1);
          }}
          options={(options.data?.data.quizzes ?? []).map((q) => ({ value: q.id, label: `${q.group.title[locale]} — ${q.title[locale]}` }))}
        />
      </Space>
      <Table
        rowKey="attemptId"
        loading={results.isLoading}
        dataSource={results.data?.data ?? []}
        pagination={pagination(results.data?.total)}
        locale={{ emptyText: t('common:common.noData') }}
        columns={[
          { title: t('common:results.name'), dataIndex: 'name' },
          { title: t('common:fields.quizId'), render: (_, r) => r.quizTitle?.[locale] ?? '' },
          { title: t('attemptNo'), dataIndex: 'attemptNo' },
          { title: t('common:fields.points'), render: (_, r) => `${r.points} / ${r.maxPoints}` },
          { title: '%', dataIndex: 'percentage' },
          { title: t('common:results.finishedAt'), render: (_, r) => formatInstant(r.finishedAt) },
        ]}
      />
    </>
  );
}
