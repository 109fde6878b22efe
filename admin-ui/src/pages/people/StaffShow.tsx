/**
 * A staff member's page (spec 2, admin `staffs/{id}`): the `teachers` resource (teaching staff: a record of its own,
 * with an optional sign-in account, `userId`). Tabs personal-information, groups, past-lessons, payment-history,
 * payment-wages and salary; the active tab is in the URL (`?tab=`). Groups, past lessons, wage payments and the salary
 * are the linked account's work and pay as a teacher (pages/teaching/TeacherWork.tsx, learning's teaching feature);
 * the payment history is the linked account's purchases (finance).
 */
import { useGo } from '@refinedev/core';
import { Button, Card, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatInstant } from '../../lib/time';
import type { PageProps } from '../registry';
import { PastLessons, Salary, TeacherGroups, WagePayments } from '../teaching/TeacherWork';
import { PaymentHistory } from './PaymentHistory';
import { UrlTabs, nameOf, useLocale } from './shared';

export const STAFF_TABS = ['personal-information', 'groups', 'past-lessons', 'payment-history', 'payment-wages', 'salary'] as const;

interface TeacherRecord {
  id: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  userId: string | null;
  center?: unknown;
  subject?: unknown;
  createdAt: string;
}

export default function StaffShow({ id }: PageProps) {
  const { t } = useTranslation(['staffs', 'common']);
  const locale = useLocale();
  const { has } = useAccess();
  const go = useGo();
  const teacher = useApi<TeacherRecord>(`teachers/${id}?join=center&join=subject`);
  const record = teacher.data;
  const name = record ? `${record.lastName} ${record.firstName}`.trim() : '';
  usePageTitle(name || t('common:sidebar.staff'));
  if (teacher.isError) return <Typography.Text type="danger">{(teacher.error as { message?: string }).message}</Typography.Text>;
  if (!record) return null;

  const noAccount = <Typography.Text type="secondary">{t('noAccountWork')}</Typography.Text>;
  const children: Record<(typeof STAFF_TABS)[number], ReactNode> = {
    'personal-information': (
      <Descriptions bordered column={1} size="small" data-testid="staff-info">
        <Descriptions.Item label={t('common:fields.lastName')}>{record.lastName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.firstName')}>{record.firstName}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.phone')}>{record.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.centerId')}>{nameOf(record.center, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.subjectId')}>{nameOf(record.subject, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('account')}>{record.userId ? t('accountLinked') : t('accountNone')}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.createdAt')}>{formatInstant(record.createdAt)}</Descriptions.Item>
      </Descriptions>
    ),
    groups: record.userId ? <TeacherGroups userId={record.userId} /> : noAccount,
    'past-lessons': record.userId ? <PastLessons userId={record.userId} /> : noAccount,
    'payment-history': record.userId ? <PaymentHistory userId={record.userId} /> : <Typography.Text type="secondary">{t('noAccountPayments')}</Typography.Text>,
    'payment-wages': record.userId ? <WagePayments userId={record.userId} /> : noAccount,
    salary: record.userId ? <Salary userId={record.userId} /> : noAccount,
  };
  return (
    <Card
      title={
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {name}
        </Typography.Title>
      }
      extra={has('management:update') ? <Button onClick={() => go({ to: `/staffs/${id}/edit` })}>{t('common:buttons.edit')}</Button> : null}
    >
      <UrlTabs tabs={STAFF_TABS.map((key) => ({ key, label: t(`tabs.${key}`), children: children[key] }))} destroyOnHidden />
    </Card>
  );
}
