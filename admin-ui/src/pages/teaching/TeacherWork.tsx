/**
 * A teacher's work and pay on the staff page (issue 15, docs/teaching.md): the groups they teach, their past lessons
 * (held = attendance taken; cancelled ones flagged), the wage payments staff recorded (who and when) and the month's
 * salary from held lessons at the rate in force on each lesson's Almaty day. Amounts are tenge, never points.
 * Reading needs `wage:view` (the teacher reads their own); setting a rate `wage:rate_update`; paying `wage:pay`.
 */
import type { SalaryReply, TeacherGroupsReply, TeacherLessonsReply, WagePaymentsReply, WageRatePer, WageRatesReply } from '@olymp/proto';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { useSend } from '../../hooks/useSend';
import { formatInstant } from '../../lib/time';

const NS = ['teaching', 'common'] as const;
const tenge = (n: number | null | undefined) => (typeof n === 'number' ? `${n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ₸` : '—');
/** This Almaty month, `yyyy-MM`. */
const thisMonth = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Almaty' }).slice(0, 7);
const base = (userId: string) => `teaching/teachers/${userId}`;

function MonthPicker({ value, onChange }: { value: string; onChange: (m: string) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Space wrap>
      <label htmlFor="teaching-month">{t('month')}</label>
      <Input id="teaching-month" type="month" value={value} onChange={(e) => e.target.value && onChange(e.target.value)} style={{ width: 180 }} />
    </Space>
  );
}

export function TeacherGroups({ userId }: { userId: string }) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const groups = useApi<TeacherGroupsReply>(`${base(userId)}/groups`);
  return (
    <Table
      rowKey="id"
      size="small"
      scroll={{ x: true }}
      pagination={false}
      data-testid="teacher-groups"
      loading={groups.isLoading}
      dataSource={groups.data?.data ?? []}
      columns={[
        { title: t('group'), dataIndex: 'name' },
        { title: t('course'), render: (_: unknown, g: TeacherGroupsReply['data'][number]) => g.course[locale] },
        { title: t('pupils'), dataIndex: 'pupils' },
        { title: t('lessons'), dataIndex: 'lessons' },
      ]}
    />
  );
}

function LessonState({ held, cancelled }: { held: boolean; cancelled: boolean }) {
  const { t } = useTranslation(NS);
  if (cancelled) return <Tag color="red">{t('states.cancelled')}</Tag>;
  return held ? <Tag color="green">{t('states.held')}</Tag> : <Tag>{t('states.notHeld')}</Tag>;
}

export function PastLessons({ userId }: { userId: string }) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const [month, setMonth] = useState(thisMonth);
  const lessons = useApi<TeacherLessonsReply>(`${base(userId)}/past-lessons`, { month });
  type Row = TeacherLessonsReply['data'][number];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <MonthPicker value={month} onChange={setMonth} />
      <Table
        rowKey="lessonId"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        data-testid="past-lessons"
        loading={lessons.isLoading}
        dataSource={lessons.data?.data ?? []}
        columns={[
          { title: t('startsAt'), render: (_: unknown, l: Row) => l.startsAtAlmaty },
          { title: t('lesson'), render: (_: unknown, l: Row) => l.title[locale] },
          { title: t('group'), dataIndex: 'groupName' },
          { title: t('duration'), render: (_: unknown, l: Row) => t('minutes', { count: l.durationMinutes }) },
          { title: t('state'), render: (_: unknown, l: Row) => <LessonState held={l.held} cancelled={l.cancelled} /> },
        ]}
      />
    </Space>
  );
}

/** The payment-wages tab: wage payments with who recorded them and when, and (with `wage:pay`) a form to record one. */
export function WagePayments({ userId }: { userId: string }) {
  const { t } = useTranslation(NS);
  const { has } = useAccess();
  const send = useSend();
  const client = useQueryClient();
  const payments = useApi<WagePaymentsReply>(`${base(userId)}/wage-payments`);
  const [form] = Form.useForm<{ month: string; amountTenge: number; note: string }>();
  type Row = WagePaymentsReply['data'][number];
  const record = (v: { month: string; amountTenge: number; note?: string }) =>
    void send(() => apiSend('post', `${base(userId)}/wage-payments`, { month: v.month, amountTenge: v.amountTenge, note: v.note ?? '' }), t('paid'), () => {
      form.resetFields();
      void client.invalidateQueries({ queryKey: ['api'] });
    }).catch(() => undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {has('wage:pay') ? (
        <Card size="small" title={t('recordPayment')}>
          <Form form={form} layout="vertical" initialValues={{ month: thisMonth(), note: '' }} onFinish={record}>
            <Form.Item name="month" label={t('month')} rules={[{ required: true }]}>
              <Input type="month" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="amountTenge" label={t('amount')} rules={[{ required: true }]}>
              <InputNumber min={1} precision={0} style={{ width: 200, maxWidth: '100%' }} addonAfter="₸" />
            </Form.Item>
            <Form.Item name="note" label={t('note')}>
              <Input maxLength={500} />
            </Form.Item>
            <Button type="primary" htmlType="submit">{t('pay')}</Button>
          </Form>
        </Card>
      ) : null}
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        data-testid="wage-payments"
        loading={payments.isLoading}
        dataSource={payments.data?.data ?? []}
        columns={[
          { title: t('paidAt'), render: (_: unknown, p: Row) => formatInstant(p.paidAt) },
          { title: t('month'), dataIndex: 'month' },
          { title: t('amount'), render: (_: unknown, p: Row) => tenge(p.amountTenge) },
          { title: t('paidBy'), dataIndex: 'paidBy' },
          { title: t('note'), dataIndex: 'note' },
        ]}
      />
    </Space>
  );
}

function Rates({ userId }: { userId: string }) {
  const { t } = useTranslation(NS);
  const { has } = useAccess();
  const send = useSend();
  const client = useQueryClient();
  const rates = useApi<WageRatesReply>(`${base(userId)}/wage-rates`);
  type Row = WageRatesReply['data'][number];
  const set = (v: { per: WageRatePer; amountTenge: number; effectiveFrom: string }) =>
    void send(() => apiSend('post', `${base(userId)}/wage-rates`, v), t('rateSet'), () => void client.invalidateQueries({ queryKey: ['api'] })).catch(() => undefined);
  return (
    <Card size="small" title={t('rates')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {has('wage:rate_update') ? (
          <Form layout="inline" initialValues={{ per: 'lesson', effectiveFrom: `${thisMonth()}-01` }} onFinish={set}>
            <Form.Item name="per" label={t('per')}>
              <Select style={{ width: 160 }} options={(['lesson', 'hour'] as const).map((p) => ({ value: p, label: t(`pers.${p}`) }))} />
            </Form.Item>
            <Form.Item name="amountTenge" label={t('rate')} rules={[{ required: true }]}>
              <InputNumber min={0} precision={0} style={{ width: 160 }} addonAfter="₸" />
            </Form.Item>
            <Form.Item name="effectiveFrom" label={t('effectiveFrom')} rules={[{ required: true }]}>
              <Input type="date" style={{ width: 170 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit">{t('setRate')}</Button>
          </Form>
        ) : null}
        <Table
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          pagination={false}
          data-testid="wage-rates"
          dataSource={rates.data?.data ?? []}
          columns={[
            { title: t('effectiveFrom'), dataIndex: 'effectiveFrom' },
            { title: t('rate'), render: (_: unknown, r: Row) => `${tenge(r.amountTenge)} / ${t(`pers.${r.per}`)}` },
            { title: t('setBy'), render: (_: unknown, r: Row) => `${r.setBy} · ${formatInstant(r.setAt)}` },
          ]}
        />
      </Space>
    </Card>
  );
}

/** The salary tab: the month's held lessons with what each earns, the total, what was paid and what is due. */
export function Salary({ userId }: { userId: string }) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const [month, setMonth] = useState(thisMonth);
  const salary = useApi<SalaryReply>(`${base(userId)}/salary`, { month });
  const s = salary.data?.data;
  type Row = SalaryReply['data']['lines'][number];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <MonthPicker value={month} onChange={setMonth} />
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="salary-summary">
        <Descriptions.Item label={t('heldLessons')}>{s?.heldLessons ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('cancelledLessons')}>{s?.cancelledLessons ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('notHeldLessons')}>{s?.notHeldLessons ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('total')}><span data-testid="salary-total">{tenge(s?.totalTenge)}</span></Descriptions.Item>
        <Descriptions.Item label={t('paidTotal')}><span data-testid="salary-paid">{tenge(s?.paidTenge)}</span></Descriptions.Item>
        <Descriptions.Item label={t('due')}><span data-testid="salary-due">{tenge(s?.dueTenge)}</span></Descriptions.Item>
      </Descriptions>
      {s && s.unratedLessons > 0 ? <Typography.Text type="warning">{t('unrated', { count: s.unratedLessons })}</Typography.Text> : null}
      <Table
        rowKey="lessonId"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        data-testid="salary-lines"
        loading={salary.isLoading}
        dataSource={s?.lines ?? []}
        columns={[
          { title: t('startsAt'), render: (_: unknown, l: Row) => l.startsAtAlmaty },
          { title: t('lesson'), render: (_: unknown, l: Row) => l.title[locale] },
          { title: t('group'), dataIndex: 'groupName' },
          { title: t('duration'), render: (_: unknown, l: Row) => t('minutes', { count: l.durationMinutes }) },
          { title: t('rate'), render: (_: unknown, l: Row) => (l.per ? `${tenge(l.rateTenge)} / ${t(`pers.${l.per}`)}` : '—') },
          { title: t('amount'), render: (_: unknown, l: Row) => tenge(l.amountTenge) },
        ]}
      />
      <Rates userId={userId} />
    </Space>
  );
}
