/**
 * A pupil's profile tab: personal info, grade, place (province, district, school in the interface language), avatar
 * and postal addresses, each edited through the people routes of auth (services/auth/src/people): staff need
 * `user:update` there, so the editing forms show only with it.
 */
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Popconfirm, Row, Space, Typography, Upload } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { API_URL, http } from '../../api/http';
import { RelationSelect } from '../../crud/RelationSelect';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { formatInstant } from '../../lib/time';
import { nameOf, useLocale, useSend } from './shared';
import type { AddressReply } from '@olymp/proto';
import type { AvatarListReply } from '@olymp/proto';

export interface StudentRecord {
  id: string;
  phone: string;
  email: string | null;
  firstName: string;
  lastName: string;
  grade: number | null;
  parentPhone: string | null;
  provinceId: number | null;
  districtId: number | null;
  schoolId: number | null;
  province?: unknown;
  district?: unknown;
  school?: unknown;
  createdAt: string;
}

export function useAvatar(userId: string, enabled = true) {
  return useApi<AvatarListReply>(`users/${userId}/avatars`, {}, enabled);
}

function AvatarEditor({ userId }: { userId: string }) {
  const { t } = useTranslation(['students', 'common']);
  const send = useSend();
  const avatars = useAvatar(userId);
  const current = avatars.data?.data.find((a) => a.current && a.url);
  return (
    <Space>
      <Avatar size={64} src={current?.url ?? undefined}>
        {current ? null : '?'}
      </Avatar>
      <Upload
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          const body = new FormData();
          body.append('avatar', file as Blob);
          send(() => http.post(`${API_URL}/users/${userId}/avatar`, body), t('profile.avatarSaved'), () => void avatars.refetch()).then(
            (r) => onSuccess?.(r.data),
            (e: Error) => onError?.(e),
          );
        }}
      >
        <Button>{t('profile.uploadAvatar')}</Button>
      </Upload>
      {current ? (
        <Popconfirm title={t('common:buttons.confirm')} onConfirm={() => send(() => apiSend('delete', `users/${userId}/avatar`), t('profile.avatarRemoved'), () => void avatars.refetch()).catch(() => undefined)}>
          <Button danger>{t('profile.removeAvatar')}</Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}

function PersonalInfoForm({ record, onSaved }: { record: StudentRecord; onSaved: () => void }) {
  const { t } = useTranslation(['students', 'common']);
  const send = useSend();
  const [form] = Form.useForm();
  useEffect(() => form.setFieldsValue({ firstName: record.firstName, lastName: record.lastName, parentPhone: record.parentPhone ?? '' }), [form, record]);
  return (
    <Card size="small" title={t('profile.personalInfo')}>
      <Form
        form={form}
        name="personal-info"
        layout="vertical"
        onFinish={(v: { firstName: string; lastName: string; parentPhone: string }) =>
          send(() => apiSend('put', `students/${record.id}/update-personal-info`, v), t('profile.personalInfoSaved'), onSaved).catch(() => undefined)
        }
      >
        <Form.Item name="firstName" label={t('common:fields.firstName')} rules={[{ required: true, message: t('profile.required') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="lastName" label={t('common:fields.lastName')} rules={[{ required: true, message: t('profile.required') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="parentPhone" label={t('common:fields.parentPhone')} rules={[{ required: true, message: t('profile.required') }]}>
          <Input placeholder="+7 700 000 00 00" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common:buttons.save')}
        </Button>
      </Form>
    </Card>
  );
}

function SchoolForm({ record, onSaved }: { record: StudentRecord; onSaved: () => void }) {
  const { t } = useTranslation(['students', 'common']);
  const send = useSend();
  const [form] = Form.useForm();
  const province = Form.useWatch('province', form) as number | undefined;
  const district = Form.useWatch('district', form) as number | undefined;
  return (
    <Card size="small" title={t('profile.school')}>
      <Form
        form={form}
        name="school"
        layout="vertical"
        initialValues={{ province: record.provinceId ?? undefined, district: record.districtId ?? undefined, school: record.schoolId ?? undefined }}
        onValuesChange={(changed: Record<string, unknown>) => {
          if ('province' in changed) form.setFieldsValue({ district: undefined, school: undefined });
          if ('district' in changed) form.setFieldsValue({ school: undefined });
        }}
        onFinish={(v: { province: number; district: number; school: number }) =>
          send(() => apiSend('put', `students/${record.id}/update-school`, v), t('profile.schoolSaved'), onSaved).catch(() => undefined)
        }
      >
        <Form.Item name="province" label={t('common:fields.provinceId')} rules={[{ required: true, message: t('profile.required') }]}>
          <RelationSelect resource="provinces" />
        </Form.Item>
        <Form.Item name="district" label={t('common:fields.districtId')} rules={[{ required: true, message: t('profile.required') }]}>
          <RelationSelect key={`d${province ?? ''}`} resource="districts" scope={{ field: 'provinceId', value: province }} />
        </Form.Item>
        <Form.Item name="school" label={t('common:fields.schoolId')} rules={[{ required: true, message: t('profile.required') }]}>
          <RelationSelect key={`s${district ?? ''}`} resource="schools" scope={{ field: 'districtId', value: district }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common:buttons.save')}
        </Button>
      </Form>
    </Card>
  );
}

function AddressForm({ userId, kind, editable }: { userId: string; kind: 'home' | 'school'; editable: boolean }) {
  const { t } = useTranslation(['students', 'common']);
  const send = useSend();
  const [form] = Form.useForm();
  const address = useApi<AddressReply>(`users/${userId}/${kind}-address`);
  const saved = address.data?.data ?? null;
  useEffect(() => form.setFieldsValue(saved ?? {}), [form, saved]);
  const fields = ['region', 'city', 'street', 'house', 'apartment', 'postalCode'] as const;
  const required = new Set(['city', 'street', 'house']);
  return (
    <Card size="small" title={t(`profile.${kind}Address`)}>
      {editable ? (
        <Form
          form={form}
          name={`${kind}-address`}
          layout="vertical"
          onFinish={(v: Record<string, string | undefined>) => {
            const body = Object.fromEntries(fields.map((f) => [f, v[f] ? v[f] : null]));
            send(() => apiSend('put', `users/${userId}/${kind}-address`, body), t('profile.addressSaved'), () => void address.refetch()).catch(() => undefined);
          }}
        >
          <Row gutter={8}>
            {fields.map((f) => (
              <Col key={f} xs={24} md={12}>
                <Form.Item name={f} label={t(`profile.address.${f}`)} rules={required.has(f) ? [{ required: true, message: t('profile.required') }] : []}>
                  <Input />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit">
            {t('common:buttons.save')}
          </Button>
        </Form>
      ) : (
        <Typography.Text>{saved ? fields.map((f) => saved[f]).filter(Boolean).join(', ') : '—'}</Typography.Text>
      )}
    </Card>
  );
}

export function StudentProfile({ record, onSaved }: { record: StudentRecord; onSaved: () => void }) {
  const { t } = useTranslation(['students', 'common']);
  const locale = useLocale();
  const { has } = useAccess();
  const editable = has('user:update');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {editable ? <AvatarEditor userId={record.id} /> : null}
      <Descriptions bordered column={{ xs: 1, md: 2 }} size="small" data-testid="student-profile">
        <Descriptions.Item label={t('common:fields.lastName')}>{record.lastName}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.firstName')}>{record.firstName}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.phone')}>{record.phone}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.email')}>{record.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.grade')}>{record.grade ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.parentPhone')}>{record.parentPhone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.provinceId')}>{nameOf(record.province, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.districtId')}>{nameOf(record.district, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.schoolId')}>{nameOf(record.school, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.createdAt')}>{formatInstant(record.createdAt)}</Descriptions.Item>
      </Descriptions>
      {editable ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <PersonalInfoForm record={record} onSaved={onSaved} />
          </Col>
          <Col xs={24} lg={12}>
            <SchoolForm record={record} onSaved={onSaved} />
          </Col>
          <Col xs={24} lg={12}>
            <AddressForm userId={record.id} kind="home" editable />
          </Col>
          <Col xs={24} lg={12}>
            <AddressForm userId={record.id} kind="school" editable />
          </Col>
        </Row>
      ) : null}
    </Space>
  );
}
