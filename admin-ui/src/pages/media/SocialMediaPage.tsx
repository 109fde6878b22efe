/**
 * Settings > social media (`/admin/settings/social-media`): the links behind the site footer's four icons (GET and
 * PUT /api/social-media, learning's media/; saving needs `setting:update`). An empty field hides nothing: the icon
 * then leads to the network's home page.
 */
import type { SocialMediaReply } from '@olymp/proto';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiSend, useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';

const NS = ['media', 'common'] as const;
const NETWORKS = [['instagram', 'Instagram'], ['telegram', 'Telegram'], ['youtube', 'YouTube'], ['tiktok', 'TikTok']] as const;
type Links = Record<(typeof NETWORKS)[number][0], string>;

export default function SocialMediaPage() {
  const { t } = useTranslation(NS);
  usePageTitle(t('social.title'));
  const send = useSend();
  const current = useApi<SocialMediaReply>('social-media');
  const [form] = Form.useForm<Links>();
  useEffect(() => {
    const d = current.data?.data;
    // What staff already typed stays: the saved links fill only untouched fields.
    if (d && !form.isFieldsTouched()) form.setFieldsValue({ instagram: d.instagram ?? '', telegram: d.telegram ?? '', youtube: d.youtube ?? '', tiktok: d.tiktok ?? '' });
  }, [current.data, form]);
  const save = async (values: Links) => {
    const body = Object.fromEntries(NETWORKS.map(([key]) => [key, values[key]?.trim() ? values[key].trim() : null]));
    await send(() => apiSend('put', 'social-media', body), t('social.saved'), () => void current.refetch()).catch(() => undefined);
  };
  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{t('social.title')}</Typography.Title>} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('social.help')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        {NETWORKS.map(([key, name]) => (
          <Form.Item key={key} name={key} label={name}>
            <Input type="url" placeholder="https://" />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit">{t('common:buttons.save')}</Button>
      </Form>
    </Card>
  );
}
