/**
 * Tries per test and the hearts bar of a training. They change only through their own actions
 * (`trainings/{id}/update-try-number`, `update-heart-reset-interval`: the latter also adjusts the pupils' bars),
 * never through the plain edit form; only what changed is sent.
 */
import type { BaseRecord } from '@refinedev/core';
import { Button, Card, Form, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiSend } from '../../hooks/useApi';
import { NAMESPACES, useAction } from './shared';

interface Values {
  tryNumber: number | null;
  heartsMax: number;
  heartResetMinutes: number;
}

export function TrainingSettings({ record, onSaved }: { record: BaseRecord; onSaved: () => void }) {
  const { t } = useTranslation(NAMESPACES);
  const act = useAction();
  const [open, setOpen] = useState(false);
  const id = String(record.id);
  if (!open) return <Button onClick={() => setOpen(true)}>{t('settings.title')}</Button>;
  const initial: Values = { tryNumber: (record.tryNumber as number | null) ?? null, heartsMax: record.heartsMax as number, heartResetMinutes: record.heartResetMinutes as number };
  const save = async (v: Values) => {
    const tryNumber = v.tryNumber ?? null;
    if (tryNumber !== initial.tryNumber) await apiSend('post', `trainings/${id}/update-try-number`, { tryNumber });
    if (v.heartsMax !== initial.heartsMax || v.heartResetMinutes !== initial.heartResetMinutes) {
      await apiSend('post', `trainings/${id}/update-heart-reset-interval`, { heartResetMinutes: v.heartResetMinutes, heartsMax: v.heartsMax });
    }
  };
  return (
    <Card size="small" title={t('settings.title')} style={{ marginBottom: 16 }}>
      <Form<Values>
        name="trainingSettings"
        layout="inline"
        style={{ rowGap: 8 }}
        initialValues={initial}
        onFinish={(v) =>
          void act(
            () => save(v),
            () => {
              setOpen(false);
              onSaved();
            },
          )
        }
      >
        <Form.Item name="tryNumber" label={t('common:fields.tryNumber')} extra={t('settings.emptyUnlimited')}>
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item name="heartsMax" label={t('common:fields.heartsMax')} rules={[{ required: true, message: t('common:validation.required', { field: t('common:fields.heartsMax') }) }]}>
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item name="heartResetMinutes" label={t('common:fields.heartResetMinutes')} rules={[{ required: true, message: t('common:validation.required', { field: t('common:fields.heartResetMinutes') }) }]}>
          <InputNumber min={1} max={7 * 24 * 60} precision={0} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:buttons.save')}
          </Button>
          <Button onClick={() => setOpen(false)}>{t('common:buttons.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
