import { useCreate, useInvalidate } from '@refinedev/core';
import { Button, Card, Form, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlmatyDateHour } from '../../components/AlmatyDateHour';

/** A new checkpoint of a challenge: day, titles, and the opening as an Asia/Almaty date and hour. */
export function CheckpointCreate({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const { mutate, mutation } = useCreate();
  const invalidate = useInvalidate();
  if (!open) {
    return (
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setOpen(true)}>
        {t('challenge.addCheckpoint')}
      </Button>
    );
  }
  return (
    <Card size="small" title={t('challenge.addCheckpoint')} style={{ marginBottom: 16 }}>
      <Form
        form={form}
        name="newCheckpoint"
        layout="vertical"
        initialValues={{ day: 1 }}
        onFinish={(values: Record<string, unknown>) =>
          mutate(
            { resource: 'checkpoints', values: { ...values, challengeId } },
            {
              onSuccess: () => {
                form.resetFields();
                setOpen(false);
                void invalidate({ resource: 'checkpoints', invalidates: ['list'] });
              },
              onError: (error) => form.setFields(Object.entries(error.errors ?? {}).map(([name, errors]) => ({ name, errors: ([] as string[]).concat(errors as string | string[]) }))),
            },
          )
        }
      >
        <Form.Item name="day" label={t('fields.day')} rules={[{ required: true }]}>
          <InputNumber min={1} max={366} />
        </Form.Item>
        {(['Kk', 'Ru', 'En'] as const).map((l) => (
          <Form.Item key={l} name={`title${l}`} label={`${t('fields.title')} (${t(`languages.${l.toLowerCase()}`)})`} rules={[{ required: true, message: t('validation.required', { field: t('fields.title') }) }]}>
            <Input />
          </Form.Item>
        ))}
        <Form.Item name="opensAt" label={t('fields.opensAt')} rules={[{ required: true, message: t('validation.required', { field: t('fields.opensAt') }) }]}>
          <AlmatyDateHour />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('buttons.save')}
          </Button>
          <Button onClick={() => setOpen(false)}>{t('buttons.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
