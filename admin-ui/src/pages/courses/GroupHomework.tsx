/**
 * A group's homework (issue 15, docs/learning.md "Homework"): the tasks set per lesson with their hand-in counts, a
 * new task (lesson, title, text, due time in Almaty, points), and per task the pupils' hand-ins (late marked) graded
 * with points and a comment. Over the group routes: staff readers see, and `canGrade` (a teacher of the group, or
 * staff with `group:update`) sets and grades. On the group page and on a teacher's "My groups" page. A hand-in's file
 * (a pupil's photo or document) opens through `homework/{homework}/submissions/{submission}/file` with the staff
 * token (a plain link carries none), saved under the pupil's file name.
 */
import type { HomeworkListReply, HomeworkView, SubmissionsReply, TimetableReply } from '@olymp/proto';
import { useNotification } from '@refinedev/core';
import { Button, Collapse, Empty, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_URL, http, toApiError } from '../../api/http';
import { AlmatyDateHour } from '../../components/AlmatyDateHour';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { useSend } from '../../hooks/useSend';
import { formatInstant } from '../../lib/time';

const NS = ['courses', 'common'] as const;
type Submission = SubmissionsReply['data'][number];

export function GroupHomework({ groupId, canGrade }: { groupId: string; canGrade: boolean }) {
  const { t } = useTranslation(NS);
  const list = useApi<HomeworkListReply>(`groups/${groupId}/homework`);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      {canGrade ? <SetHomework groupId={groupId} onSet={() => void list.refetch()} /> : null}
      {list.data && !list.data.data.length ? <Empty description={t('homework.empty')} /> : null}
      <Collapse
        items={(list.data?.data ?? []).map((h) => ({
          key: h.id,
          label: `${h.title} · ${t('homework.due', { at: formatInstant(h.dueAt) })} · ${t('homework.handedIn', { count: h.submissions ?? 0 })}`,
          children: <Submissions homework={h} canGrade={canGrade} onGraded={() => void list.refetch()} />,
        }))}
      />
    </Space>
  );
}

interface SetForm { lessonId?: string; title?: string; text?: string; dueAt?: string | null; maxPoints?: number }

function SetHomework({ groupId, onSet }: { groupId: string; onSet: () => void }) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const send = useSend();
  const [form] = Form.useForm<SetForm>();
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Almaty' });
  const from = new Date(Date.parse(today) - 28 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.parse(today) + 30 * 86_400_000).toISOString().slice(0, 10);
  const lessons = useApi<TimetableReply>(`groups/${groupId}/timetable`, { from, to });
  const submit = (v: SetForm) =>
    void send(
      () => apiSend('post', `lessons/${v.lessonId}/homework`, { title: v.title?.trim() ?? '', text: v.text?.trim() ?? '', dueAt: v.dueAt, maxPoints: v.maxPoints ?? 10 }),
      t('homework.set'),
      () => {
        form.resetFields();
        onSet();
      },
    ).catch(() => undefined);
  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ maxPoints: 10 }}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>{t('homework.new')}</Typography.Title>
      <Form.Item name="lessonId" label={t('lesson')} rules={[{ required: true, message: t('homework.required') }]}>
        <Select style={{ maxWidth: 420 }} options={(lessons.data?.data ?? []).map((l) => ({ value: l.id, label: `${l.startsAtAlmaty} · ${l.title[locale]}` }))} />
      </Form.Item>
      <Form.Item name="title" label={t('homework.title')} rules={[{ required: true, whitespace: true, message: t('homework.required') }]}>
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item name="text" label={t('homework.text')}>
        <Input.TextArea rows={3} maxLength={20000} />
      </Form.Item>
      <Form.Item name="dueAt" label={t('homework.dueAt')} rules={[{ required: true, message: t('homework.required') }]}>
        <AlmatyDateHour />
      </Form.Item>
      <Form.Item name="maxPoints" label={t('homework.maxPoints')}>
        <InputNumber min={1} max={1000} />
      </Form.Item>
      <Button type="primary" htmlType="submit">{t('homework.setButton')}</Button>
    </Form>
  );
}

function Submissions({ homework, canGrade, onGraded }: { homework: HomeworkView; canGrade: boolean; onGraded: () => void }) {
  const { t } = useTranslation(NS);
  const rows = useApi<SubmissionsReply>(`homework/${homework.id}/submissions`);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {homework.text ? <Typography.Paragraph style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{homework.text}</Typography.Paragraph> : null}
      <Table<Submission>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        loading={rows.isLoading}
        dataSource={rows.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('homework.noHandIns')} /> }}
        columns={[
          { title: t('name'), render: (_: unknown, s) => `${s.lastName} ${s.firstName}`.trim() },
          {
            title: t('homework.answer'),
            render: (_: unknown, s) => (
              <Space direction="vertical" size={2}>
                <Typography.Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{s.text}</Typography.Text>
                <Typography.Text type="secondary">{formatInstant(s.submittedAt)} {s.late ? <Tag color="red">{t('homework.late')}</Tag> : null}</Typography.Text>
                {s.fileName ? <HandInFile submission={s} /> : null}
              </Space>
            ),
          },
          {
            title: t('homework.grade'),
            render: (_: unknown, s) => <Grade submission={s} max={homework.maxPoints} canGrade={canGrade} onGraded={() => { void rows.refetch(); onGraded(); }} />,
          },
        ]}
      />
    </Space>
  );
}

/** The name a Content-Disposition header gives (`filename*=UTF-8''…` first), or null. */
function dispositionName(header: string | undefined): string | null {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a malformed escape: the plain name below
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? null;
}

function HandInFile({ submission: s }: { submission: Submission }) {
  const { t } = useTranslation(NS);
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await http.get<Blob>(`${API_URL}/homework/${s.homeworkId}/submissions/${s.id}/file`, { responseType: 'blob' });
      const url = URL.createObjectURL(res.data);
      const a = document.createElement('a');
      a.href = url;
      a.download = dispositionName(res.headers['content-disposition'] as string | undefined) ?? s.fileName ?? 'homework';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      // The error body of a blob request is a Blob: the message is ours, by the status.
      const status = toApiError(e).statusCode;
      open?.({ type: 'error', message: t(status === 403 ? 'homework.fileForbidden' : status === 404 ? 'homework.fileMissing' : 'common:errors.unknown') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" loading={busy} onClick={() => void download()} data-testid="hand-in-file" aria-label={`${t('homework.openFile')}: ${s.fileName}`}>
      📎 {s.fileName}
    </Button>
  );
}

function Grade({ submission: s, max, canGrade, onGraded }: { submission: Submission; max: number; canGrade: boolean; onGraded: () => void }) {
  const { t } = useTranslation(NS);
  const send = useSend();
  const [points, setPoints] = useState<number | null>(s.points);
  const [comment, setComment] = useState(s.comment ?? '');
  const name = `${s.lastName} ${s.firstName}`.trim();
  if (!canGrade || s.gradedAt) {
    return s.gradedAt ? <Typography.Text>{t('homework.points', { points: s.points, max })}{s.comment ? ` · ${s.comment}` : ''}</Typography.Text> : <Typography.Text type="secondary">{t('homework.notGraded')}</Typography.Text>;
  }
  const grade = () =>
    void send(() => apiSend('put', `homework-submissions/${s.id}/grade`, { points, comment: comment.trim() || null }), t('homework.graded'), onGraded).catch(() => undefined);
  return (
    <Space wrap>
      <InputNumber aria-label={`${t('homework.pointsLabel', { max })}: ${name}`} min={0} max={max} value={points} onChange={(v) => setPoints(v)} style={{ width: 90 }} />
      <Input aria-label={`${t('homework.comment')}: ${name}`} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={5000} style={{ width: 200, maxWidth: '100%' }} />
      <Button type="primary" disabled={points === null} onClick={grade}>{t('homework.gradeButton')}</Button>
    </Space>
  );
}
