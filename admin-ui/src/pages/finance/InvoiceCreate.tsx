/**
 * Opening an invoice by hand (POST /api/finance/invoices, `finance:invoice_create`): the person, the product, its
 * title in kk/ru/en and the amounts; the server's field messages appear under the fields.
 */
import { useGo, useNotification } from '@refinedev/core';
import { Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../hooks/useAccess';
import { apiSend } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import UnauthorizedPage from '../UnauthorizedPage';
import { invoiceBody, invoiceFieldOf, type InvoiceForm } from './logic';

export default function InvoiceCreate() {
  const { t } = useTranslation();
  const { has } = useAccess();
  const go = useGo();
  const { open } = useNotification();
  const [form] = Form.useForm<InvoiceForm>();
  const [saving, setSaving] = useState(false);
  const title = `${t('sidebar.invoices')}: ${t('actions.create')}`;
  usePageTitle(title);
  if (!has('finance:invoice_create')) return <UnauthorizedPage />;
  const required = (field: string) => [{ required: true, message: t('validation.required', { field }) }];

  const submit = async (v: InvoiceForm) => {
    setSaving(true);
    try {
      const created = await apiSend<{ data: { id: string }; message?: string }>('post', 'finance/invoices', invoiceBody(v));
      open?.({ type: 'success', message: t('notifications.success'), description: created.message });
      go({ to: `/finance/invoices/${created.data.id}` });
    } catch (e) {
      const error = e as { message?: string; errors?: Record<string, string | string[]> };
      const fields = Object.entries(error.errors ?? {}).flatMap(([name, errors]) => {
        const field = invoiceFieldOf(name);
        return field ? [{ name: field, errors: ([] as string[]).concat(errors) }] : [];
      });
      form.setFields(fields);
      open?.({ type: 'error', message: error.message ?? t('errors.unknown') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={<h1 style={{ margin: 0, fontSize: 20 }}>{title}</h1>}>
      <Form form={form} name="newInvoice" layout="vertical" style={{ maxWidth: 560 }} initialValues={{ kind: 'challenge', amountTenge: 0, amountZp: 0 }} onFinish={(v) => void submit(v)}>
        <Form.Item name="userId" label={t('fields.userId')} rules={required(t('fields.userId'))}>
          <Input placeholder="00000000-0000-0000-0000-000000000000" />
        </Form.Item>
        <Form.Item name="kind" label={t('finance.kind')} rules={required(t('finance.kind'))}>
          <Select options={['challenge', 'training', 'course'].map((k) => ({ value: k, label: t(`enums.${k}`, { defaultValue: k }) }))} />
        </Form.Item>
        <Form.Item name="productId" label={t('finance.productId')} rules={required(t('finance.productId'))}>
          <Input />
        </Form.Item>
        {(['Kk', 'Ru', 'En'] as const).map((l) => (
          <Form.Item key={l} name={`title${l}`} label={`${t('fields.title')} (${t(`languages.${l.toLowerCase()}`)})`} rules={required(t('fields.title'))}>
            <Input />
          </Form.Item>
        ))}
        <Form.Item name="amountTenge" label={t('finance.tenge')} rules={required(t('finance.tenge'))}>
          <InputNumber min={0} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="amountZp" label="ZP" rules={required('ZP')}>
          <InputNumber min={0} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('buttons.save')}
          </Button>
          <Button onClick={() => go({ to: '/finance/invoices' })}>{t('buttons.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
