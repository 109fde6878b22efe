/**
 * A course group's page (spec 2, admin `groups/{groupUuid}`): tabs pupils, teachers, timetable, attendance (a grid
 * of the group's pupils by its lessons, each cell a mark) and homework (GroupHomework.tsx). Adding and removing people and marking need `group:update`;
 * the API also lets the group's own teachers mark (docs/learning.md "Courses"). The active tab is in the URL.
          ...(has('chat:group_index') ? [{ key: 'chat-groups', label: t('tabs.chatGroups'), children: <ChatGroupsTab kind="course_group" refId={id} /> }] : []),
 */
import { type AttendanceCountsReply, type AttendanceStatus, type GroupMember, type GroupMembersReply, type LessonAttendanceReply, type TimetableReply, attendanceStatus } from '@olymp/proto';
import { useOne, type BaseRecord } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UrlTabs } from '../../components/UrlTabs';
import { RelationSelect } from '../../crud/RelationSelect';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import { formatInstant } from '../../lib/time';
import { ChatGroupsTab } from '../chat/ChatGroupsTab';
import type { PageProps } from '../registry';
import { GroupHomework } from './GroupHomework';

const NS = ['courses', 'common'] as const;
const STATUSES = attendanceStatus.options;

export default function GroupShow({ id }: PageProps) {
  const { t } = useTranslation(NS);
  const { has } = useAccess();
  const { query } = useOne<BaseRecord>({ resource: 'groups', id });
  const record = query.data?.data;
  usePageTitle(String(record?.name ?? ''));
  const members = useApi<GroupMembersReply>(`groups/${id}/members`);
  if (!record) return null;
  const people = members.data?.data ?? [];
  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{String(record.name)}</Typography.Title>}>
      <UrlTabs
        destroyOnHidden
        tabs={[
          { key: 'pupils', label: t('tabs.pupils'), children: <People groupId={id} role="pupil" rows={people.filter((p) => p.role === 'pupil')} capacity={members.data?.capacity ?? null} /> },
          { key: 'teachers', label: t('tabs.teachers'), children: <People groupId={id} role="teacher" rows={people.filter((p) => p.role === 'teacher')} capacity={null} /> },
          { key: 'timetable', label: t('tabs.timetable'), children: <Timetable groupId={id} /> },
          { key: 'attendance', label: t('tabs.attendance'), children: <Attendance groupId={id} canMark={has('group:update')} /> },
          { key: 'homework', label: t('tabs.homework'), children: <GroupHomework groupId={id} canGrade={has('group:update')} /> },
          ...(has('chat:group_index') ? [{ key: 'chat-groups', label: t('tabs.chatGroups'), children: <ChatGroupsTab kind="course_group" refId={id} /> }] : []),
        ]}
      />
    </Card>
  );
}

function People({ groupId, role, rows, capacity }: { groupId: string; role: 'pupil' | 'teacher'; rows: GroupMember[]; capacity: number | null }) {
  const { t } = useTranslation(NS);
  const { has } = useAccess();
  const send = useSend();
  const client = useQueryClient();
  const [userId, setUserId] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['api'] });
  const canEdit = has('group:update');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {role === 'pupil' ? <Typography.Text data-testid="capacity">{t('capacity', { count: rows.length, capacity: capacity ?? '∞' })}</Typography.Text> : null}
      {canEdit ? (
        <Form layout="vertical" style={{ maxWidth: 360 }} onFinish={() => void send(() => apiSend('post', `groups/${groupId}/members`, { userId, role }), t('added'), () => { setUserId(null); refresh(); }).catch(() => undefined)}>
          {/* By name, searched on the server (auth's pupils; for teachers its people, staff among them), told apart from a namesake by grade and school. */}
          <Form.Item label={role === 'pupil' ? t('pickPupil') : t('pickTeacher')} htmlFor={`add-${role}`}>
            <div style={{ width: '100%' }}>
              <RelationSelect
                key={`${role}-${rows.length}`}
                id={`add-${role}`}
                resource={role === 'pupil' ? 'students' : 'users'}
                value={userId}
                onChange={(v) => setUserId(v === null ? null : String(v))}
                placeholder={t('pickByName')}
                style={{ width: '100%' }}
              />
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={!userId}>{role === 'pupil' ? t('addPupil') : t('addTeacher')}</Button>
        </Form>
      ) : null}
      <Table
        rowKey="userId"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('name'), render: (_: unknown, r: GroupMember) => `${r.lastName} ${r.firstName}`.trim() },
          { title: t('addedAt'), render: (_: unknown, r: GroupMember) => formatInstant(r.addedAt) },
          ...(canEdit ? [{
            title: '', key: 'remove',
            render: (_: unknown, r: GroupMember) => (
              <Button danger size="small" onClick={() => void send(() => apiSend('delete', `groups/${groupId}/members/${r.userId}`), t('removed'), refresh).catch(() => undefined)}>{t('remove')}</Button>
            ),
          }] : []),
        ]}
      />
    </Space>
  );
}

/** The next eight weeks' lessons from the start of this Almaty week. */
function useLessons(groupId: string) {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Almaty' });
  const from = new Date(Date.parse(today) - 28 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.parse(today) + 30 * 86_400_000).toISOString().slice(0, 10);
  return useApi<TimetableReply>(`groups/${groupId}/timetable`, { from, to });
}

/** The group's lessons at Almaty times (also a teacher's own group page, pages/teaching/MyGroupPage.tsx). */
export function Timetable({ groupId }: { groupId: string }) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const lessons = useLessons(groupId);
  return (
    <Table
      rowKey="id"
      size="small"
      scroll={{ x: true }}
      pagination={false}
      dataSource={lessons.data?.data ?? []}
      columns={[
        { title: t('startsAt'), render: (_: unknown, l: TimetableReply['data'][number]) => l.startsAtAlmaty },
        { title: t('lesson'), render: (_: unknown, l: TimetableReply['data'][number]) => l.title[locale] },
        { title: t('kind'), render: (_: unknown, l: TimetableReply['data'][number]) => <Tag>{t(`kinds.${l.kind}`)}</Tag> },
      ]}
    />
  );
}

/** Marks per lesson and pupil with per-pupil totals; `canMark`: staff with `group:update` or a teacher of the group. */
export function Attendance({ groupId, canMark }: { groupId: string; canMark: boolean }) {
  const { t } = useTranslation(NS);
  const lessons = useLessons(groupId);
  const counts = useApi<AttendanceCountsReply>(`groups/${groupId}/attendance-counts`);
  const [lessonId, setLessonId] = useState<string>();
  const chosen = lessonId ?? lessons.data?.data[0]?.id;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        aria-label={t('lesson')}
        style={{ width: 360, maxWidth: '100%' }}
        value={chosen}
        onChange={setLessonId}
        options={(lessons.data?.data ?? []).map((l) => ({ value: l.id, label: l.startsAtAlmaty }))}
      />
      {chosen ? <LessonMarks lessonId={chosen} canMark={canMark} onChange={() => void counts.refetch()} /> : null}
      <Typography.Title level={2} style={{ fontSize: 16 }}>{t('totals', { count: counts.data?.lessons ?? 0 })}</Typography.Title>
      <Table
        rowKey="userId"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        dataSource={counts.data?.data ?? []}
        columns={[
          { title: t('name'), render: (_: unknown, r: AttendanceCountsReply['data'][number]) => `${r.lastName} ${r.firstName}`.trim() },
          ...STATUSES.map((s) => ({ title: t(`statuses.${s}`), dataIndex: s })),
        ]}
      />
    </Space>
  );
}

function LessonMarks({ lessonId, canMark, onChange }: { lessonId: string; canMark: boolean; onChange: () => void }) {
  const { t } = useTranslation(NS);
  const send = useSend();
  const marks = useApi<LessonAttendanceReply>(`lessons/${lessonId}/attendance`);
  const mark = (userId: string, status: AttendanceStatus) =>
    void send(() => apiSend('put', `lessons/${lessonId}/attendance`, { marks: [{ userId, status }] }), t('marked'), () => { void marks.refetch(); onChange(); }).catch(() => undefined);
  // present-all: everyone not marked yet is present; the few who were not are changed after.
  const presentAll = () =>
    void send(() => apiSend('post', `lessons/${lessonId}/attendance/present-all`), t('marked'), () => { void marks.refetch(); onChange(); }).catch(() => undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canMark ? <Button onClick={presentAll}>{t('presentAll')}</Button> : null}
      <Table
        rowKey="userId"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        dataSource={marks.data?.data ?? []}
        columns={[
          { title: t('name'), render: (_: unknown, r: LessonAttendanceReply['data'][number]) => `${r.lastName} ${r.firstName}`.trim() },
          {
            title: t('mark'),
            render: (_: unknown, r: LessonAttendanceReply['data'][number]) => (
              <Select
                aria-label={`${t('mark')}: ${r.lastName} ${r.firstName}`}
                disabled={!canMark}
                style={{ width: 160 }}
                placeholder={t('notMarked')}
                value={r.status ?? undefined}
                onChange={(v: AttendanceStatus) => mark(r.userId, v)}
                options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
