/**
 * A pupil's page (spec 2, admin `students/{uuid}`): tabs profile, parents, subscriptions, payment-history,
 * attendances and home-works; the active tab is in the URL (`?tab=`). Attendances and home-works belong to courses,
 * which have no API in this product yet.
 */
import { Avatar, Card, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import UnauthorizedPage from '../UnauthorizedPage';
import type { PageProps } from '../registry';
import { PaymentHistory } from './PaymentHistory';
import { StudentParents } from './StudentParents';
import { StudentProfile, useAvatar, type StudentRecord } from './StudentProfile';
import { StudentSubscriptions } from './StudentSubscriptions';
import { UrlTabs } from './shared';

export const STUDENT_TABS = ['profile', 'parents', 'subscriptions', 'payment-history', 'attendances', 'home-works'] as const;

export default function StudentShow({ id }: PageProps) {
  const { t } = useTranslation(['students', 'common']);
  const { has, ready } = useAccess();
  const allowed = has('sidebar:student_index');
  const student = useApi<StudentRecord>(`students/${id}?join=province&join=district&join=school`, {}, allowed);
  // A person's avatars and parents are read with `user:update` (auth's people routes), like they are changed.
  const mayEdit = has('user:update');
  const avatars = useAvatar(id, allowed && mayEdit);
  const record = student.data;
  const name = record ? `${record.lastName} ${record.firstName}`.trim() : '';
  usePageTitle(name || t('common:sidebar.students'));
  if (ready && !allowed) return <UnauthorizedPage />;
  if (student.isError) return <Typography.Text type="danger">{(student.error as { message?: string }).message}</Typography.Text>;
  if (!record) return null;
  const avatar = avatars.data?.data.find((a) => a.current && a.url)?.url ?? undefined;
  const refetch = () => void student.refetch();

  const children: Record<(typeof STUDENT_TABS)[number], ReactNode> = {
    profile: <StudentProfile record={record} onSaved={refetch} />,
    parents: mayEdit ? <StudentParents userId={id} /> : <Typography.Text type="secondary">{t('common:unauthorized.text')}</Typography.Text>,
    subscriptions: <StudentSubscriptions userId={id} />,
    'payment-history': <PaymentHistory userId={id} />,
    attendances: <NotAvailable />,
    'home-works': <NotAvailable />,
  };
  return (
    <Card
      title={
        <Space>
          <Avatar src={avatar}>{record.firstName.charAt(0)}</Avatar>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
            {name}
          </Typography.Title>
          {record.grade ? <Tag>{t('grade', { grade: record.grade })}</Tag> : null}
        </Space>
      }
    >
      <UrlTabs tabs={STUDENT_TABS.map((key) => ({ key, label: t(`tabs.${key}`), children: children[key] }))} destroyOnHidden />
    </Card>
  );
}
