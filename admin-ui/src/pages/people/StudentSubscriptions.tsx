/**
 * A pupil's subscriptions in learning. Challenges: `GET users/{user}/active-challenges` (joined, not archived, not
 * ended; staff with `challenge:access_tab`). Trainings: learning has no per-pupil list of training subscriptions,
 * so each training of the first page of `trainings` is asked `GET trainings/{training}/{user}` (staff with
 * `training:subscriptions_tab`) and the joined ones are shown.
 */
import { useQueries } from '@tanstack/react-query';
import { useList, type BaseRecord } from '@refinedev/core';
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_URL, http } from '../../api/http';
import { localized } from '../../crud/labels';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { formatInstant } from '../../lib/time';
import { useLocale } from './shared';
import type { ChallengeListReply, ChallengeSummary, TrainingPupilReply } from '@olymp/proto';

/** How many trainings are asked about (one request each). */
export const TRAININGS_CHECKED = 50;

function Challenges({ userId }: { userId: string }) {
  const { t } = useTranslation(['students', 'common']);
  const locale = useLocale();
  const challenges = useApi<ChallengeListReply>(`users/${userId}/active-challenges`);
  return (
    <Table<ChallengeSummary>
      rowKey="id"
      size="small"
      data-testid="challenges"
      loading={challenges.isLoading}
      dataSource={challenges.data?.data ?? []}
      pagination={false}
      columns={[
        { title: t('common:fields.title'), render: (_, r) => r.title[locale] },
        { title: t('common:fields.grade'), render: (_, r) => r.grade ?? '—' },
        { title: t('common:fields.startsAt'), render: (_, r) => formatInstant(r.startsAt) },
        { title: t('common:fields.endsAt'), render: (_, r) => formatInstant(r.endsAt) },
        { title: t('subscriptions.status'), render: (_, r) => <Tag>{t(`common:enums.${r.status}`, { defaultValue: r.status })}</Tag> },
      ]}
    />
  );
}

function Trainings({ userId }: { userId: string }) {
  const { t } = useTranslation(['students', 'common']);
  const locale = useLocale();
  const { result, query } = useList<BaseRecord>({ resource: 'trainings', pagination: { currentPage: 1, pageSize: TRAININGS_CHECKED } });
  const trainings = result.data;
  const progress = useQueries({
    queries: trainings.map((training) => ({
      queryKey: ['api', `trainings/${String(training.id)}/${userId}`],
      queryFn: async () => (await http.get<TrainingPupilReply>(`${API_URL}/trainings/${String(training.id)}/${userId}`)).data.data,
    })),
  });
  const rows = trainings.flatMap((training, i) => {
    const p = progress[i]?.data;
    return p?.joined && p.participation ? [{ training, participation: p.participation }] : [];
  });
  return (
    <Table
      rowKey={(r) => String(r.training.id)}
      size="small"
      data-testid="trainings"
      loading={query.isLoading || progress.some((p) => p.isLoading)}
      dataSource={rows}
      pagination={false}
      columns={[
        { title: t('common:fields.title'), render: (_, r) => localized(r.training, 'title', locale) ?? '' },
        { title: t('subscriptions.joinedAt'), render: (_, r) => formatInstant(r.participation.joinedAt) },
        { title: t('subscriptions.via'), render: (_, r) => t(`subscriptions.vias.${r.participation.via}`, { defaultValue: r.participation.via }) },
        { title: t('common:fields.points'), render: (_, r) => r.participation.points },
      ]}
    />
  );
}

export function StudentSubscriptions({ userId }: { userId: string }) {
  const { t } = useTranslation(['students', 'common']);
  const { has } = useAccess();
  const denied = <Typography.Text type="secondary">{t('common:unauthorized.text')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('subscriptions.challenges')}>
        {has('challenge:access_tab') ? <Challenges userId={userId} /> : denied}
      </Card>
      <Card size="small" title={t('subscriptions.trainings')}>
        {has('training:subscriptions_tab', 'sidebar:training_index') ? <Trainings userId={userId} /> : denied}
      </Card>
    </Space>
  );
}
