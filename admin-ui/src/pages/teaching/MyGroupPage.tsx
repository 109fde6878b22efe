/**
 * A teacher's own group (issue 15, docs/teaching.md "My groups"), over the group-scoped routes a group's teachers may
 * use whatever their keys (courses' GroupAccess), not the generated CRUD: news (the feed, and a post in kk/ru/en with
 * an optional link), consultation times (who booked, open a time, call one off: the booking pupil is told), the
 * timetable, attendance (marking) and homework (set, hand-ins, grading). The active tab is in the URL.
 */
import type {
  ConsultationSlotDeletedReply, ConsultationSlotView, ConsultationSlotsReply, MyTeachingGroupsReply, NewsFeedReply, NewsPostView,
} from '@olymp/proto';
import { Button, Card, Descriptions, Empty, Form, Input, List, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlmatyDateHour } from '../../components/AlmatyDateHour';
import { UrlTabs } from '../../components/UrlTabs';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale, type Text } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import { formatInstant } from '../../lib/time';
import { Attendance, Timetable } from '../courses/GroupShow';
import { GroupHomework } from '../courses/GroupHomework';
import type { PageProps } from '../registry';

const NS = ['teaching', 'courses', 'common'] as const;
const LANGS = ['kk', 'ru', 'en'] as const;
const LENGTHS = [30, 45, 60, 90, 120];

/** A text in the reader's language, else the first language it was written in. */
const shown = (text: Text, locale: keyof Text) => text[locale] || text.kk || text.ru || text.en;

export default function MyGroupPage({ id }: PageProps) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const groups = useApi<MyTeachingGroupsReply>('my-teaching-groups');
  const group = groups.data?.data.find((g) => g.id === id);
  usePageTitle(group?.name ?? t('common:sidebar.myGroups'));
  if (groups.isLoading) return null;
  if (!group) {
    return (
      <Card>
        <Empty description={t('my.notYours')}>
          <Link to="/my-groups">{t('common:sidebar.myGroups')}</Link>
        </Empty>
      </Card>
    );
  }
  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{group.name}</Typography.Title>}>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('course')}>{group.course.title[locale]}</Descriptions.Item>
        <Descriptions.Item label={t('pupils')}>{group.capacity ? `${group.pupils} / ${group.capacity}` : group.pupils}</Descriptions.Item>
        <Descriptions.Item label={t('my.nextLesson')}>{group.nextLesson ? `${group.nextLesson.startsAtAlmaty} · ${group.nextLesson.title[locale]}` : t('my.noLesson')}</Descriptions.Item>
        {group.meetingUrl ? (
          <Descriptions.Item label={t('my.meetingUrl')}>
            <a href={group.meetingUrl} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>{group.meetingUrl}</a>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <UrlTabs
        destroyOnHidden
        tabs={[
          { key: 'news', label: t('my.tabs.news'), children: <News groupId={id} /> },
          { key: 'consultations', label: t('my.tabs.consultations'), children: <Consultations groupId={id} /> },
          { key: 'timetable', label: t('courses:tabs.timetable'), children: <Timetable groupId={id} /> },
          { key: 'attendance', label: t('courses:tabs.attendance'), children: <Attendance groupId={id} canMark /> },
          { key: 'homework', label: t('courses:tabs.homework'), children: <GroupHomework groupId={id} canGrade /> },
        ]}
      />
    </Card>
  );
}

// ── news ────────────────────────────────────────────────────────────────────────────────────────────────────────────

interface NewsForm { textKk?: string; textRu?: string; textEn?: string; linkUrl?: string }

function News({ groupId }: { groupId: string }) {
  const { t } = useTranslation(NS);
  const send = useSend();
  const client = useQueryClient();
  const [form] = Form.useForm<NewsForm>();
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const post = (v: NewsForm) =>
    void send(
      () => apiSend('post', `groups/${groupId}/news`, {
        textKk: v.textKk?.trim() ?? '', textRu: v.textRu?.trim() ?? '', textEn: v.textEn?.trim() ?? '', linkUrl: v.linkUrl?.trim() || null,
      }),
      t('my.news.posted'),
      () => {
        form.resetFields();
        setPages([undefined]);
        void client.invalidateQueries({ queryKey: ['api', `groups/${groupId}/news`] });
      },
    ).catch(() => undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Form form={form} layout="vertical" onFinish={post} aria-label={t('my.news.write')}>
        <Typography.Title level={2} style={{ fontSize: 16 }}>{t('my.news.write')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('my.news.rule')}</Typography.Paragraph>
        {LANGS.map((l) => (
          <Form.Item key={l} name={`text${l[0].toUpperCase()}${l[1]}`} label={t('my.news.text', { language: t(`common:languages.${l}`) })}>
            <Input.TextArea rows={3} maxLength={5000} />
          </Form.Item>
        ))}
        <Form.Item name="linkUrl" label={t('my.news.link')}>
          <Input type="url" inputMode="url" placeholder="https://" maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit">{t('my.news.post')}</Button>
      </Form>
      <Typography.Title level={2} style={{ fontSize: 16 }}>{t('my.news.feed')}</Typography.Title>
      {pages.map((cursor, i) => (
        <NewsPage key={cursor ?? 'first'} groupId={groupId} cursor={cursor} last={i === pages.length - 1} onOlder={(next) => setPages([...pages, next])} />
      ))}
    </Space>
  );
}

function NewsPage({ groupId, cursor, last, onOlder }: { groupId: string; cursor?: string; last: boolean; onOlder: (cursor: string) => void }) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const feed = useApi<NewsFeedReply>(`groups/${groupId}/news`, cursor ? { cursor } : {});
  const rows = feed.data?.data ?? [];
  if (!cursor && feed.data && !rows.length) return <Empty description={t('my.news.empty')} />;
  return (
    <>
      <List<NewsPostView>
        loading={feed.isLoading}
        dataSource={rows}
        renderItem={(p) => (
          <List.Item data-testid="news-post">
            <List.Item.Meta
              title={<Typography.Text type="secondary">{`${formatInstant(p.createdAt)} · ${p.author}`}</Typography.Text>}
              description={
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', margin: 0, color: 'inherit' }}>{shown(p.text, locale)}</Typography.Paragraph>
                  {p.linkUrl ? <a href={p.linkUrl} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>{p.linkUrl}</a> : null}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {last && feed.data?.nextCursor ? <Button onClick={() => onOlder(feed.data?.nextCursor as string)}>{t('my.news.older')}</Button> : null}
    </>
  );
}

// ── consultations ───────────────────────────────────────────────────────────────────────────────────────────────────

function Consultations({ groupId }: { groupId: string }) {
  const { t } = useTranslation(NS);
  const send = useSend();
  const slots = useApi<ConsultationSlotsReply>(`groups/${groupId}/consultation-slots`);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [minutes, setMinutes] = useState(30);
  const open = () => {
    if (!startsAt) return;
    const endsAt = new Date(Date.parse(startsAt) + minutes * 60_000).toISOString();
    void send(() => apiSend('post', `groups/${groupId}/consultation-slots`, { startsAt, endsAt }), t('my.slots.opened'), () => {
      setStartsAt(null);
      void slots.refetch();
    }).catch(() => undefined);
  };
  const remove = (slot: ConsultationSlotView) =>
    void send(
      () => apiSend<ConsultationSlotDeletedReply>('delete', `groups/${groupId}/consultation-slots/${slot.id}`),
      slot.state === 'free' ? t('my.slots.deleted') : t('my.slots.deletedTold'),
      () => void slots.refetch(),
    ).catch(() => undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Title level={2} style={{ fontSize: 16 }}>{t('my.slots.open')}</Typography.Title>
        <Space wrap>
          <AlmatyDateHour value={startsAt} onChange={setStartsAt} />
          <Select aria-label={t('duration')} style={{ width: 120 }} value={minutes} onChange={setMinutes} options={LENGTHS.map((m) => ({ value: m, label: t('minutes', { count: m }) }))} />
          <Button type="primary" disabled={!startsAt} onClick={open}>{t('my.slots.openButton')}</Button>
        </Space>
      </Space>
      <Table<ConsultationSlotView>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        loading={slots.isLoading}
        dataSource={slots.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('my.slots.empty')} /> }}
        columns={[
          { title: t('my.slots.when'), render: (_: unknown, s) => `${formatInstant(s.startsAt)} – ${formatInstant(s.endsAt).slice(11)}` },
          { title: t('my.slots.teacher'), dataIndex: 'teacher' },
          { title: t('state'), render: (_: unknown, s) => <Tag color={s.state === 'free' ? 'green' : 'blue'}>{t(`my.slots.states.${s.state === 'free' ? 'free' : 'taken'}`)}</Tag> },
          { title: t('my.slots.bookedBy'), render: (_: unknown, s) => s.bookedBy ?? '—' },
          {
            title: '', key: 'delete',
            render: (_: unknown, s) => (
              <Popconfirm title={s.state === 'free' ? t('my.slots.confirmFree') : t('my.slots.confirmBooked')} okText={t('common:buttons.delete')} cancelText={t('common:buttons.cancel')} onConfirm={() => remove(s)}>
                <Button danger size="small">{t('common:buttons.delete')}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
