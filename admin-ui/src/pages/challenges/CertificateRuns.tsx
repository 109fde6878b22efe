/**
 * Certificates in bulk on a challenge's certificate tab (docs/learning.md, "Certificates"): generate for every
 * finisher, the top N or chosen pupils in one language, a progress bar that polls every second while a run is
 * going, the ZIP of a finished run, and clear.
 */
import { useNotification } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Popconfirm, Progress, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertsProgressReply } from '@olymp/proto';
import { API_URL, http } from '../../api/http';
import { useAccess } from '../../hooks/useAccess';
import { apiSend } from '../../hooks/useApi';

type Scope = 'all' | 'top' | 'chosen';
interface Options { scope: Scope; top?: number; userIds?: string[]; locale: 'kk' | 'ru' | 'en' }

export function CertificateRuns({ id }: { id: string }) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { has } = useAccess();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Options>();
  const scope = Form.useWatch('scope', form);
  const progress = useQuery({
    queryKey: ['api', `challenges/${id}/certs/progress`],
    queryFn: async () => (await http.get<CertsProgressReply>(`${API_URL}/challenges/${id}/certs/progress`)).data,
    refetchInterval: (q) => (q.state.data?.data?.status === 'running' ? 1000 : false),
  });
  const run = progress.data?.data ?? null;
  const fail = (e: { message?: string }) => open?.({ type: 'error', message: e.message ?? t('errors.unknown') });
  const act = async (what: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await what();
      await progress.refetch();
    } catch (e) {
      fail(e as { message?: string });
    } finally {
      setBusy(false);
    }
  };

  const download = () => act(async () => {
    const res = await http.get<Blob>(`${API_URL}/challenges/${id}/certs/zip`, { responseType: 'blob' });
    const url = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = `certificates-${id}.zip`;
    a.click();
    URL.revokeObjectURL(url);
  });

  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 24 }} data-testid="cert-runs">
      <Typography.Title level={5}>{t('certs.title')}</Typography.Title>
      {run ? (
        <>
          <Progress percent={run.total ? Math.floor((run.done / run.total) * 100) : 0} status={run.status === 'done' ? 'success' : 'active'} data-testid="cert-progress" />
          <Typography.Text data-testid="cert-count">
            {t('certs.count', { done: run.done, total: run.total })}
            {run.status === 'running' && run.etaSeconds !== null ? ` · ${t('certs.eta', { seconds: run.etaSeconds })}` : ''}
          </Typography.Text>
          <Space wrap>
            {has('certs:zip') && (
              <Button type="primary" disabled={run.status !== 'done'} loading={busy} onClick={() => void download()}>{t('certs.zip')}</Button>
            )}
            {has('certs:clear') && (
              <Popconfirm title={t('certs.clearConfirm')} okText={t('certs.clear')} cancelText={t('buttons.cancel')} onConfirm={() => act(() => apiSend('delete', `challenges/${id}/certs`))}>
                <Button danger loading={busy}>{t('certs.clear')}</Button>
              </Popconfirm>
            )}
          </Space>
        </>
      ) : has('certs:generate') ? (
        <Form<Options>
          form={form}
          layout="vertical"
          initialValues={{ scope: 'all', locale: 'kk' }}
          style={{ maxWidth: 480 }}
          onFinish={(v) => act(() => apiSend('post', `challenges/${id}/certs/generate`, {
            scope: v.scope, locale: v.locale,
            ...(v.scope === 'top' ? { top: v.top } : {}),
            ...(v.scope === 'chosen' ? { userIds: v.userIds } : {}),
          }))}
        >
          <Form.Item name="scope" label={t('certs.scope')}>
            <Select options={(['all', 'top', 'chosen'] as const).map((s) => ({ value: s, label: t(`certs.scopes.${s}`) }))} />
          </Form.Item>
          {scope === 'top' && (
            <Form.Item name="top" label={t('certs.top')} rules={[{ required: true }]}>
              <InputNumber min={1} max={100000} style={{ width: '100%' }} />
            </Form.Item>
          )}
          {scope === 'chosen' && (
            <Form.Item name="userIds" label={t('certs.userIds')} rules={[{ required: true }]}>
              <Select mode="tags" tokenSeparators={[',', ' ']} />
            </Form.Item>
          )}
          <Form.Item name="locale" label={t('certs.locale')}>
            <Select options={(['kk', 'ru', 'en'] as const).map((l) => ({ value: l, label: t(`languages.${l}`) }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>{t('certs.generate')}</Button>
        </Form>
      ) : (
        <Typography.Text type="secondary">{t('certs.none')}</Typography.Text>
      )}
    </Space>
  );
}
