/**
 * A pupil's parents (`GET/POST users/{user}/parents`, `PUT/DELETE users/{user}/parents/{relative}`): one entry per
 * relative kind (mother, father, guardian, other). Staff change them with `user:update`.
 */
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { useSend } from './shared';
import type { ParentListReply, ParentView } from '@olymp/proto';

export const RELATIVES = ['mother', 'father', 'guardian', 'other'] as const satisfies readonly ParentView['relative'][];

export type Parent = ParentView;

export function StudentParents({ userId }: { userId: string }) {
  const { t } = useTranslation(['students', 'common']);
  const { has } = useAccess();
  const editable = has('user:update');
  const send = useSend();
  const parents = useApi<ParentListReply>(`users/${userId}/parents`);
  const rows = parents.data?.data ?? [];
  const free = RELATIVES.filter((r) => !rows.some((p) => p.relative === r));
  const [adding] = Form.useForm();
  const [editing, setEditing] = useState<Parent | null>(null);
  const [edit] = Form.useForm();
  const refetch = () => void parents.refetch();

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<Parent>
        rowKey="relative"
        size="small"
        data-testid="parents"
        loading={parents.isLoading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('parents.relative'), render: (_, r) => t(`parents.relatives.${r.relative}`) },
          { title: t('parents.fullName'), dataIndex: 'fullName' },
          { title: t('common:fields.phone'), dataIndex: 'phone' },
          ...(editable
            ? [
                {
                  title: t('common:table.actions'),
                  render: (_: unknown, r: Parent) => (
                    <Space>
                      <Button
                        size="small"
                        onClick={() => {
                          setEditing(r);
                          edit.setFieldsValue({ fullName: r.fullName, phone: r.phone });
                        }}
                      >
                        {t('common:buttons.edit')}
                      </Button>
                      <Popconfirm
                        title={t('parents.deleteConfirm')}
                        okText={t('common:buttons.delete')}
                        cancelText={t('common:buttons.cancel')}
                        onConfirm={() => send(() => apiSend('delete', `users/${userId}/parents/${r.relative}`), t('parents.deleted'), refetch).catch(() => undefined)}
                      >
                        <Button size="small" danger>
                          {t('common:buttons.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editable && free.length > 0 ? (
        <Card size="small" title={t('parents.add')}>
          <Form
            form={adding}
            name="parent-add"
            layout="inline"
            onFinish={(v: Parent) =>
              send(() => apiSend('post', `users/${userId}/parents`, v), t('parents.added'), () => {
                adding.resetFields();
                refetch();
              }).catch(() => undefined)
            }
          >
            <Form.Item name="relative" label={t('parents.relative')} rules={[{ required: true, message: t('profile.required') }]}>
              <Select style={{ width: 160 }} options={free.map((r) => ({ value: r, label: t(`parents.relatives.${r}`) }))} />
            </Form.Item>
            <Form.Item name="fullName" label={t('parents.fullName')} rules={[{ required: true, message: t('profile.required') }]}>
              <Input />
            </Form.Item>
            <Form.Item name="phone" label={t('common:fields.phone')} rules={[{ required: true, message: t('profile.required') }]}>
              <Input placeholder="+7 700 000 00 00" />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('common:buttons.add')}
            </Button>
          </Form>
        </Card>
      ) : null}
      <Modal
        open={editing !== null}
        title={editing ? t(`parents.relatives.${editing.relative}`) : ''}
        okText={t('common:buttons.save')}
        cancelText={t('common:buttons.cancel')}
        onCancel={() => setEditing(null)}
        onOk={() => edit.submit()}
        forceRender
      >
        <Form
          form={edit}
          name="parent-edit"
          layout="vertical"
          onFinish={(v: { fullName: string; phone: string }) =>
            editing &&
            send(() => apiSend('put', `users/${userId}/parents/${editing.relative}`, v), t('parents.updated'), () => {
              setEditing(null);
              refetch();
            }).catch(() => undefined)
          }
        >
          <Form.Item name="fullName" label={t('parents.fullName')} rules={[{ required: true, message: t('profile.required') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={t('common:fields.phone')} rules={[{ required: true, message: t('profile.required') }]}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
