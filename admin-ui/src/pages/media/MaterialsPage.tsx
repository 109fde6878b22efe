/**
 * Materials and videos (`/admin/materials?ownerKind=&ownerId=`; learning's media/, issue 16): the materials of one
 * lesson, training subchapter, library chapter or event, in their order. Staff holding the owner's keys (or a
 * lesson's teachers) add files and videos (sent in chunks through the kit's uploads, with progress) and links, move
 * them up and down (`materials/reorder`) and remove them. The API decides who may; its messages are shown.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { MaterialKind, MaterialOwnerKind, MaterialRecord, MaterialRecordsReply } from '@olymp/proto';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Progress, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import { uploadInChunks } from './upload';

const NS = ['media', 'common'] as const;
const OWNER_KINDS: MaterialOwnerKind[] = ['lesson', 'training-subchapter', 'library-chapter', 'event', 'flex-lesson'];
/** Where each owner's list is (the CRUD resources); every one has a title in three languages. */
const OWNER_PATHS: Record<MaterialOwnerKind, string> = { lesson: 'lessons', 'training-subchapter': 'training-subchapters', 'library-chapter': 'chapters', event: 'events', 'flex-lesson': 'flex-lessons' };
const KINDS: MaterialKind[] = ['file', 'video', 'link'];
type Titled = { id: string; titleKk: string; titleRu: string; titleEn: string };
const titleOf = (row: Titled, locale: string) => (locale === 'ru' ? row.titleRu : locale === 'en' ? row.titleEn : row.titleKk);

export default function MaterialsPage() {
  const { t } = useTranslation(NS);
  usePageTitle(t('title'));
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const ownerKind = (OWNER_KINDS as string[]).includes(params.get('ownerKind') ?? '') ? (params.get('ownerKind') as MaterialOwnerKind) : 'lesson';
  const ownerId = params.get('ownerId') ?? '';
  const owners = useApi<Titled[] | { data: Titled[] }>(OWNER_PATHS[ownerKind], { limit: 200 });
  const options = (Array.isArray(owners.data) ? owners.data : (owners.data?.data ?? [])).map((o) => ({ value: o.id, label: titleOf(o, locale) }));
  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{t('title')}</Typography.Title>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('owner')}
          style={{ minWidth: 200 }}
          value={ownerKind}
          options={OWNER_KINDS.map((k) => ({ value: k, label: t(`ownerKinds.${k}`) }))}
          onChange={(k) => setParams({ ownerKind: k })}
        />
        <Select
          aria-label={t(`ownerKinds.${ownerKind}`)}
          style={{ minWidth: 260, maxWidth: '100%' }}
          showSearch
          optionFilterProp="label"
          placeholder={t('chooseOwner')}
          value={ownerId || undefined}
          options={options}
          onChange={(id) => setParams({ ownerKind, ownerId: id })}
        />
      </Space>
      {ownerId ? <Materials ownerKind={ownerKind} ownerId={ownerId} /> : <Typography.Paragraph type="secondary">{t('chooseOwner')}</Typography.Paragraph>}
    </Card>
  );
}

function Materials({ ownerKind, ownerId }: { ownerKind: MaterialOwnerKind; ownerId: string }) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const send = useSend();
  const client = useQueryClient();
  const list = useApi<MaterialRecordsReply>('materials', { ownerKind, ownerId });
  const rows = list.data?.data ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: ['api', 'materials'] });
  const move = async (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    await send(() => apiSend('post', 'materials/reorder', { ownerKind, ownerId, ids }), t('reordered'), refresh).catch(() => undefined);
  };
  const remove = async (row: MaterialRecord) => {
    await send(() => apiSend('delete', `materials/${row.id}`), t('removed'), refresh).catch(() => undefined);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Table<MaterialRecord>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isLoading}
        dataSource={rows}
        scroll={{ x: true }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('columns.title'), render: (_, r) => titleOf(r, locale) },
          { title: t('columns.kind'), render: (_, r) => t(`kinds.${r.kind}`) },
          { title: t('columns.size'), render: (_, r) => (r.size ? t('mb', { value: (r.size / 1048576).toFixed(1) }) : '') },
          { title: t('columns.duration'), render: (_, r) => (r.durationSeconds ? t('minutes', { value: Math.round(r.durationSeconds / 60) }) : '') },
          {
            title: t('columns.order'),
            render: (_, r, i) => (
              <Space>
                <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('moveUp', { title: titleOf(r, locale) })} onClick={() => void move(i, -1)} />
                <Button size="small" icon={<ArrowDownOutlined />} disabled={i === rows.length - 1} aria-label={t('moveDown', { title: titleOf(r, locale) })} onClick={() => void move(i, 1)} />
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('remove', { title: titleOf(r, locale) })} onClick={() => void remove(r)} />
              </Space>
            ),
          },
        ]}
      />
      <AddMaterial ownerKind={ownerKind} ownerId={ownerId} onAdded={refresh} />
    </Space>
  );
}

interface AddForm { kind: MaterialKind; titleKk: string; titleRu: string; titleEn: string; linkUrl?: string }

function AddMaterial({ ownerKind, ownerId, onAdded }: { ownerKind: MaterialOwnerKind; ownerId: string; onAdded: () => void }) {
  const { t } = useTranslation(NS);
  const send = useSend();
  const [form] = Form.useForm<AddForm>();
  const kind = Form.useWatch('kind', form) ?? 'file';
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const submit = async (values: AddForm) => {
    try {
      await send(async () => {
        const uploadId = values.kind === 'link' ? null : file ? await uploadInChunks(file, setPercent) : null;
        return apiSend('post', 'materials', {
          ownerKind, ownerId, kind: values.kind, titleKk: values.titleKk, titleRu: values.titleRu, titleEn: values.titleEn,
          linkUrl: values.kind === 'link' ? (values.linkUrl ?? null) : null, uploadId,
        });
      }, t('added'), () => {
        form.resetFields(['titleKk', 'titleRu', 'titleEn', 'linkUrl']);
        setFile(null);
        onAdded();
      });
    } catch {
      // The toast told why.
    } finally {
      setPercent(null);
    }
  };
  return (
    <Card size="small" title={t('add')} style={{ maxWidth: 720 }}>
      <Form form={form} layout="vertical" initialValues={{ kind: 'file' }} onFinish={(v) => void submit(v)}>
        <Form.Item name="kind" label={t('kind')}>
          <Select options={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="titleKk" label={t('titleKk')} rules={[{ required: true }]}><Input /></Form.Item>
        <Form.Item name="titleRu" label={t('titleRu')} rules={[{ required: true }]}><Input /></Form.Item>
        <Form.Item name="titleEn" label={t('titleEn')} rules={[{ required: true }]}><Input /></Form.Item>
        {kind === 'link' ? (
          <Form.Item name="linkUrl" label={t('linkUrl')} rules={[{ required: true }]}><Input type="url" /></Form.Item>
        ) : (
          <Form.Item label={t('file')} required>
            <input
              type="file"
              aria-label={t('chooseFile')}
              accept={kind === 'video' ? 'video/mp4,video/webm' : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Form.Item>
        )}
        {percent !== null ? <Progress percent={percent} aria-label={t('uploading', { percent })} /> : null}
        <Button type="primary" htmlType="submit" loading={percent !== null}>{t('save')}</Button>
      </Form>
    </Card>
  );
}
