/**
 * A staff member's page (spec 2, admin `staffs/{id}`): the `teachers` resource (teaching staff: a record of its own,
 * with an optional sign-in account, `userId`). Tabs personal-information, groups, past-lessons, payment-history,
 * payment-wages and salary; the active tab is in the URL (`?tab=`). Groups and lessons belong to courses and wages
 * and salary to payroll, which have no API in this product yet. The payment history is the linked account's.
 */
import { useGo } from '@refinedev/core';
import { Button, Card, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatInstant } from '../../lib/time';
import type { PageProps } from '../registry';
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
    groups: <NotAvailable />,
    'past-lessons': <NotAvailable />,
    'payment-history': record.userId ? <PaymentHistory userId={record.userId} /> : <Typography.Text type="secondary">{t('noAccountPayments')}</Typography.Text>,
    'payment-wages': <NotAvailable />,
    salary: <NotAvailable />,
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
