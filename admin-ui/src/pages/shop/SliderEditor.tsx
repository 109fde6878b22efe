/**
 * A slide of the shop home (create and edit): titles in kk/ru/en, one picture uploaded through POST /api/upload-image,
 * where it leads (a path inside the site), its place and whether it shows. The generated form would ask for the
 * image's stored name as text.
 */
import { UploadOutlined } from '@ant-design/icons';
import { useGo } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Image, Input, InputNumber, Row, Space, Switch, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageReply } from '@olymp/proto';
import { API_URL, http, toApiError } from '../../api/http';
import { apiSend, useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import type { PageProps } from '../registry';

interface SliderForm {
  titleKk: string;
  titleRu: string;
  titleEn: string;
  link?: string | null;
  position?: number;
  active?: boolean;
}

const LANGS = ['Kk', 'Ru', 'En'] as const;

export default function SliderEditor({ id }: PageProps) {
  const { t } = useTranslation(['shop', 'common']);
  const go = useGo();
  const send = useSend();
  const editing = Boolean(id);
  const [form] = Form.useForm<SliderForm>();
  const slider = useApi<SliderForm & { image: string }>(`sliders/${id}`, {}, editing);
  const [image, setImage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(editing ? t('slider.editTitle') : t('slider.createTitle'));

  useEffect(() => {
    if (!slider.data) return;
    form.setFieldsValue(slider.data);
    setImage(slider.data.image);
  }, [slider.data, form]);

  const upload = async (file: Blob) => {
    setUploading(true);
    setError(null);
    try {
      const body = new FormData();
      body.append('image', file);
      setImage((await http.post<ImageReply>(`${API_URL}/upload-image`, body)).data.data.filename);
    } catch (e) {
      setError(toApiError(e).message);
    } finally {
      setUploading(false);
    }
  };

  const save = async (v: SliderForm) => {
    if (!image) {
      setError(t('slider.imageRequired'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const body = { titleKk: v.titleKk, titleRu: v.titleRu, titleEn: v.titleEn, image, link: v.link?.trim() ? v.link.trim() : null, position: v.position ?? 0, active: v.active ?? true };
      await send(() => (editing ? apiSend('put', `sliders/${id}`, body) : apiSend('post', 'sliders', body)), t('slider.saved'));
      go({ to: '/shop/sliders' });
    } catch (e) {
      const failure = toApiError(e);
      if (failure.errors) form.setFields(Object.entries(failure.errors).map(([name, errors]) => ({ name: name as keyof SliderForm, errors: errors as string[] })));
      setError(failure.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => go({ to: '/shop/sliders' })}>{t('common:buttons.back')}</Button>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {editing ? t('slider.editTitle') : t('slider.createTitle')}
      </Typography.Title>
      <Form<SliderForm> form={form} layout="vertical" onFinish={(v) => void save(v)} initialValues={{ active: true, position: 0 }}>
        <Card size="small">
          <Row gutter={16}>
            {LANGS.map((l) => (
              <Col xs={24} md={8} key={l}>
                <Form.Item name={`title${l}`} label={t('slider.title', { lang: t(`common:languages.${l.toLowerCase()}`) })} rules={[{ required: true, whitespace: true, message: t('product.required') }]}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="link" label={t('slider.link')} extra={t('slider.linkHint')}>
                <Input maxLength={300} placeholder="/student/shop/products" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="position" label={t('slider.position')}>
                <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="active" label={t('product.active')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Space direction="vertical">
            <Typography.Text strong>{t('slider.image')}</Typography.Text>
            {image ? <Image src={image.startsWith('/') ? image : `${API_URL}/upload-image/${image}`} width={320} style={{ aspectRatio: '16 / 7', objectFit: 'cover' }} alt="" /> : null}
            <Upload accept="image/jpeg,image/png,image/webp,image/gif" showUploadList={false} customRequest={({ file, onSuccess }) => void upload(file as Blob).then(() => onSuccess?.({}))}>
              <Button icon={<UploadOutlined />} loading={uploading}>
                {image ? t('slider.replaceImage') : t('slider.chooseImage')}
              </Button>
            </Upload>
          </Space>
        </Card>
        {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 16 }} /> : null}
        <Button type="primary" htmlType="submit" loading={saving} disabled={uploading} style={{ marginTop: 16 }}>
          {t('common:buttons.save')}
        </Button>
      </Form>
    </Space>
  );
}
