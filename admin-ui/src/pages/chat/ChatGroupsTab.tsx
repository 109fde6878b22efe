/**
 * The chat-groups tab of a challenge, a training, an event or a course group, docs/chat.md: the thing's
 * groups with members and open reports, an extra group, and one group's moderation (`?group=<id>`): its messages
 * (authors and hidden texts), reports, members; hide a message, mute a member, close or reopen, allow links, put
 * members of the thing (its default group's) into an extra group or take them out, and a pinned
 * announcement (with a picture, if chosen) that members also get as a notice. Pictures are fetched with the token
 * (the chat's picture route is members-and-staff only). Every action is audited by the service.
 */
import { useNotification } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Image, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tabs, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ChatImageReply, ChatMembersReply, ChatReportsReply, ChatStaffGroupsReply, ChatStaffGroupView, ChatStaffMessagesReply, ChatStaffMessageView } from '@olymp/proto';
import { API_URL, http, toApiError } from '../../api/http';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { formatInstant } from '../../lib/time';

type Kind = 'challenge' | 'training' | 'event' | 'course_group' | 'course';

function useAct() {
  const { t } = useTranslation();
  const { open } = useNotification();
  const client = useQueryClient();
  return async (method: 'post' | 'patch', path: string, body: unknown = {}) => {
    try {
      await apiSend(method, path, body);
      open?.({ type: 'success', message: t('notifications.success') });
      await client.invalidateQueries({ queryKey: ['api'] });
      return true;
    } catch (e) {
      open?.({ type: 'error', message: (e as { message?: string }).message ?? t('errors.unknown') });
      return false;
    }
  };
}

function messageText(m: ChatStaffMessageView): string {
  return m.originalText ?? '';
}

/** A chat picture: the route is members-and-staff only, so it is fetched with the token and shown from an object URL. */
function ChatPicture({ url }: { url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    let objectUrl: string | null = null;
    http.get<Blob>(url, { responseType: 'blob' }).then(
      (res) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(res.data);
        setSrc(objectUrl);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <Typography.Text type="secondary">{t('chat.imageMissing')}</Typography.Text>;
  return src ? <Image src={src} width={120} alt={t('chat.image')} data-testid="chat-picture" /> : <Typography.Text type="secondary">…</Typography.Text>;
}

/** What a message said and showed, for staff (also when hidden or deleted). */
function MessageBody({ m }: { m: ChatStaffMessageView }) {
  return (
    <Space direction="vertical" size={4}>
      {m.originalImage ? <ChatPicture url={m.originalImage.url} /> : null}
      {m.originalText ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{messageText(m)}</Typography.Text> : null}
    </Space>
  );
}

/** An extra group's people: a member of the thing (active in its default group) put in, or one taken out. */
function AddMember({ group, defaultGroupId, present }: { group: ChatStaffGroupView; defaultGroupId: string; present: Set<string> }) {
  const { t } = useTranslation();
  const act = useAct();
  const thing = useApi<ChatMembersReply>(`chat/admin/groups/${defaultGroupId}/members`);
  const [userId, setUserId] = useState<string | undefined>();
  const options = (thing.data?.data ?? []).filter((m) => m.active && !present.has(m.userId)).map((m) => ({ value: m.userId, label: m.name ?? '—' }));
  return (
    <Space wrap>
      <Select
        aria-label={t('chat.addMember')}
        placeholder={t('chat.addMember')}
        showSearch
        optionFilterProp="label"
        style={{ width: 240, maxWidth: '100%' }}
        value={userId}
        onChange={setUserId}
        options={options}
      />
      <Button disabled={!userId} onClick={() => void act('post', `chat/admin/groups/${group.id}/members`, { userId, active: true }).then((ok) => ok && setUserId(undefined))}>
        {t('chat.addMemberSend')}
      </Button>
    </Space>
  );
}

function GroupModeration({ group, defaultGroupId }: { group: ChatStaffGroupView; defaultGroupId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { has } = useAccess();
  const act = useAct();
  const moderate = has('chat:moderate');
  const messages = useApi<ChatStaffMessagesReply>(`chat/admin/groups/${group.id}/messages`, { limit: 100 });
  const reports = useApi<ChatReportsReply>(`chat/admin/groups/${group.id}/reports`);
  const members = useApi<ChatMembersReply>(`chat/admin/groups/${group.id}/members`);
  const [announce] = Form.useForm<{ text: string }>();
  const [picture, setPicture] = useState<{ image: string; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [pictureError, setPictureError] = useState<string | null>(null);

  /** The moderator's picture goes to the group first (re-encoded by the server), then with the announcement. */
  const uploadPicture = async (file: Blob) => {
    setUploading(true);
    setPictureError(null);
    try {
      const body = new FormData();
      body.append('image', file);
      const { data } = (await http.post<ChatImageReply>(`${API_URL}/chat/groups/${group.id}/images`, body)).data;
      setPicture({ image: data.image, url: data.url });
    } catch (e) {
      setPictureError(toApiError(e).message);
    } finally {
      setUploading(false);
    }
  };

  const status = (m: ChatStaffMessageView) =>
    m.hiddenAt ? <Tag color="red">{t('chat.hidden')}</Tag> : m.deletedAt ? <Tag>{t('chat.deleted')}</Tag> : m.pinned ? <Tag color="gold">{t('chat.pinned')}</Tag> : null;
  const hide = (m: ChatStaffMessageView) =>
    moderate && !m.hiddenAt ? (
      <Popconfirm title={t('chat.hideConfirm')} okText={t('chat.hide')} cancelText={t('buttons.cancel')} onConfirm={() => void act('post', `chat/admin/messages/${m.id}/hide`)}>
        <Button size="small" danger>
          {t('chat.hide')}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <Card
      size="small"
      title={group.title[locale]}
      data-testid="chat-group-moderation"
      extra={
        moderate ? (
          <Space wrap>
            <Switch
              size="small"
              checked={group.linksAllowed}
              aria-label={t('chat.linksAllowed')}
              onChange={(v) => void act('patch', `chat/admin/groups/${group.id}`, { linksAllowed: v })}
            />
            <Typography.Text>{t('chat.linksAllowed')}</Typography.Text>
          {group.closedAt ? (
            <Button onClick={() => void act('post', `chat/admin/groups/${group.id}/reopen`)}>{t('chat.reopen')}</Button>
          ) : (
            <Popconfirm title={t('chat.closeConfirm')} okText={t('chat.close')} cancelText={t('buttons.cancel')} onConfirm={() => void act('post', `chat/admin/groups/${group.id}/close`)}>
              <Button danger>{t('chat.close')}</Button>
            </Popconfirm>
          )}
          </Space>
        ) : null
      }
    >
      <Tabs
        items={[
          {
            key: 'reports',
            label: `${t('chat.reports')} (${group.openReports})`,
            children: (
              <Table
                rowKey="id"
                size="small"
                scroll={{ x: 'max-content' }}
                loading={reports.isLoading}
                dataSource={reports.data?.data ?? []}
                pagination={false}
                columns={[
                  { title: t('chat.message'), render: (_, r) => <MessageBody m={r.message} /> },
                  { title: t('chat.author'), render: (_, r) => r.message.author.name ?? t('chat.staff') },
                  { title: t('chat.reason'), dataIndex: 'reason' },
                  { title: t('chat.reporter'), dataIndex: 'reporterName' },
                  { title: t('chat.at'), render: (_, r) => formatInstant(r.createdAt) },
                  { title: '', render: (_, r) => (r.resolvedAt ? <Tag color="green">{t('chat.resolved')}</Tag> : hide(r.message)) },
                ]}
              />
            ),
          },
          {
            key: 'messages',
            label: t('chat.messages'),
            children: (
              <Table
                rowKey="id"
                size="small"
                scroll={{ x: 'max-content' }}
                loading={messages.isLoading}
                dataSource={[...(messages.data?.data ?? [])].reverse()}
                pagination={{ pageSize: 20 }}
                columns={[
                  { title: '#', dataIndex: 'seq' },
                  { title: t('chat.author'), render: (_, m) => m.author.name ?? t('chat.staff') },
                  { title: t('chat.message'), render: (_, m) => <MessageBody m={m} /> },
                  { title: t('chat.at'), render: (_, m) => formatInstant(m.createdAt) },
                  { title: '', render: (_, m) => <Space>{status(m)}{hide(m)}</Space> },
                ]}
              />
            ),
          },
          {
            key: 'members',
            label: `${t('chat.members')} (${group.members})`,
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
              {moderate && !group.isDefault && defaultGroupId ? (
                <AddMember group={group} defaultGroupId={defaultGroupId} present={new Set((members.data?.data ?? []).filter((m) => m.active).map((m) => m.userId))} />
              ) : null}
              <Table
                rowKey="userId"
                size="small"
                scroll={{ x: 'max-content' }}
                loading={members.isLoading}
                dataSource={members.data?.data ?? []}
                pagination={{ pageSize: 50 }}
                columns={[
                  { title: t('chat.name'), dataIndex: 'name' },
                  { title: t('chat.state'), render: (_, m) => (m.active ? <Tag color="green">{t('chat.active')}</Tag> : <Tag>{t('chat.left')}</Tag>) },
                  { title: t('chat.mutedUntil'), render: (_, m) => (m.mutedUntil ? formatInstant(m.mutedUntil) : '—') },
                  {
                    title: '',
                    render: (_, m) =>
                      moderate ? (
                        <Space>
                          <InputNumber min={1} max={43200} defaultValue={60} id={`mute-${m.userId}`} aria-label={t('chat.minutes')} style={{ width: 90 }} />
                          <Button
                            size="small"
                            onClick={() => {
                              const input = document.getElementById(`mute-${m.userId}`) as HTMLInputElement | null;
                              void act('post', `chat/admin/groups/${group.id}/mute`, { userId: m.userId, minutes: Number(input?.value || 60) });
                            }}
                          >
                            {t('chat.mute')}
                          </Button>
                          {m.mutedUntil ? (
                            <Button size="small" onClick={() => void act('post', `chat/admin/groups/${group.id}/mute`, { userId: m.userId, minutes: 0 })}>
                              {t('chat.unmute')}
                            </Button>
                          ) : null}
                          {!group.isDefault && m.active ? (
                            <Button size="small" onClick={() => void act('post', `chat/admin/groups/${group.id}/members`, { userId: m.userId, active: false })}>
                              {t('chat.removeMember')}
                            </Button>
                          ) : null}
                        </Space>
                      ) : null,
                  },
                ]}
              />
              </Space>
            ),
          },
        ]}
      />
      {moderate ? (
        <Form
          form={announce}
          layout="vertical"
          aria-label={t('chat.announce')}
          onFinish={(v) =>
            void act('post', `chat/admin/groups/${group.id}/announcements`, { text: v.text, ...(picture ? { image: picture.image } : {}) }).then((ok) => {
              if (!ok) return;
              announce.resetFields();
              setPicture(null);
            })
          }
        >
          <Form.Item name="text" label={t('chat.announcementText')} rules={[{ required: true, message: t('chat.announcementRequired') }]}>
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item label={t('chat.picture')}>
            <Space wrap>
              {picture ? <ChatPicture url={picture.url} /> : null}
              <Upload accept="image/jpeg,image/png,image/webp,image/gif" showUploadList={false} customRequest={({ file, onSuccess }) => void uploadPicture(file as Blob).then(() => onSuccess?.({}))}>
                <Button loading={uploading}>{picture ? t('chat.pictureReplace') : t('chat.pictureChoose')}</Button>
              </Upload>
              {picture ? <Button onClick={() => setPicture(null)}>{t('chat.pictureRemove')}</Button> : null}
            </Space>
            {pictureError ? <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>{pictureError}</Typography.Text> : null}
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('chat.announceSend')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

export function ChatGroupsTab({ kind, refId }: { kind: Kind; refId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { has } = useAccess();
  const act = useAct();
  const [params, setParams] = useSearchParams();
  const groups = useApi<ChatStaffGroupsReply>('chat/admin/groups', { kind, refId }, has('chat:group_index'));
  const [create] = Form.useForm<{ kk: string; ru: string; en: string }>();
  if (!has('chat:group_index')) return <Typography.Text type="secondary">{t('chat.noAccess')}</Typography.Text>;
  const list = groups.data?.data ?? [];
  const selected = list.find((g) => g.id === params.get('group'));
  const pick = (id: string) =>
    setParams((p) => {
      p.set('group', id);
      return p;
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={groups.isLoading}
        dataSource={list}
        pagination={false}
        locale={{ emptyText: t('chat.empty') }}
        onRow={(g) => ({ onClick: () => pick(g.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('chat.group'), render: (_, g) => <Button type="link" onClick={() => pick(g.id)}>{g.title[locale]}</Button> },
          { title: t('chat.kind'), render: (_, g) => (g.isDefault ? t('chat.default') : t('chat.extra')) },
          { title: t('chat.members'), dataIndex: 'members' },
          { title: t('chat.openReports'), render: (_, g) => (g.openReports ? <Tag color="red">{g.openReports}</Tag> : 0) },
          { title: t('chat.messages'), dataIndex: 'lastSeq' },
          { title: t('chat.state'), render: (_, g) => (g.closedAt ? <Tag>{t('chat.closed')}</Tag> : <Tag color="green">{t('chat.open')}</Tag>) },
        ]}
      />
      {has('chat:group_create') ? (
        <Card size="small" title={t('chat.create')}>
          <Form
            form={create}
            layout="inline"
            onFinish={(v) => void act('post', 'chat/admin/groups', { kind, refId, title: v }).then((ok) => ok && create.resetFields())}
          >
            {(['kk', 'ru', 'en'] as const).map((l) => (
              <Form.Item key={l} name={l} label={t(`chat.title_${l}`)} rules={[{ required: true, message: t('chat.titleRequired') }]}>
                <Input maxLength={200} />
              </Form.Item>
            ))}
            <Button htmlType="submit">{t('chat.createSend')}</Button>
          </Form>
        </Card>
      ) : null}
      {selected ? <GroupModeration key={selected.id} group={selected} defaultGroupId={list.find((g) => g.isDefault)?.id} /> : null}
    </Space>
  );
}
