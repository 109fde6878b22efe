/**
 * Create and edit screens of any standard resource, generated from its request body schema (the server's zod
 * schema as JSON schema): one input per field by type, relation pickers that narrow each other (a school's district
 * by province; a person's district by their province and school by district), dates with hours in Asia/Almaty.
 * The server validates; its field messages (in the interface language, X-Locale) appear under the fields.
 */
import { DEFAULT_LOCALE, isLocale } from '@olymp/web-common';
import { Create, Edit, useForm } from '@refinedev/antd';
import type { BaseKey, BaseRecord, HttpError } from '@refinedev/core';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlmatyDateHour } from '../components/AlmatyDateHour';
import { usePageTitle } from '../hooks/usePageTitle';
import { entryFor } from '../meta/catalogue';
import { useMeta, useResourceMeta } from '../meta/MetaContext';
import type { FieldMeta, ResourceMeta } from '../meta/openapi';
import { fieldLabel } from './labels';
import { RelationSelect } from './RelationSelect';
import { narrowingOf, storedPerShown, toBody, toShown, toStored, type Narrowing } from './form-logic';
import { enumText } from './values';

/** The control of one field; antd's Form.Item hands it `id`, `value`/`checked` and `onChange`, passed on as they are. */
function FieldInput({ field, resource, form, narrowing, ...control }: { field: FieldMeta; resource: string; form: FormInstance; narrowing?: Narrowing; id?: string; value?: unknown; checked?: boolean; onChange?: (value: unknown) => void }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const parentValue = Form.useWatch(narrowing?.formField ?? '__none__', form) as unknown;
  const pass = control as Record<string, unknown>;
  if (field.relation) {
    return (
      <RelationSelect
        {...pass}
        resource={field.relation.resource}
        scope={narrowing ? { field: narrowing.targetField, value: parentValue } : undefined}
        placeholder={fieldLabel(t, resource, field.name)}
      />
    );
  }
  switch (field.kind) {
    case 'boolean':
      return <Switch {...pass} />;
    case 'integer':
    case 'number': {
      // In the unit people read (minutes), the limits too; the form item converts to and from the stored one.
      const per = storedPerShown(field);
      return (
        <InputNumber
          {...pass}
          style={{ width: 200 }}
          min={field.minimum === undefined ? undefined : field.minimum / per}
          max={field.maximum === undefined ? undefined : field.maximum / per}
          precision={field.kind === 'integer' && per === 1 ? 0 : undefined}
        />
      );
    }
    case 'enum':
      return <Select {...pass} allowClear style={{ maxWidth: 320 }} options={(field.enum ?? []).map((e) => ({ value: e, label: enumText(field, e, t, locale) }))} />;
    case 'datetime':
      return <AlmatyDateHour {...(pass as { id?: string; value?: string; onChange?: (v: string | null) => void })} />;
    case 'json':
      return <Input.TextArea {...pass} rows={4} style={{ fontFamily: 'monospace' }} />;
    case 'text':
      return <Input.TextArea {...pass} rows={3} maxLength={field.maxLength} />;
    case 'date':
    case 'decimal':
    case 'string':
    case 'uuid':
      return <Input {...pass} maxLength={field.maxLength} />;
  }
}

export function GeneratedFormFields({ meta, fields, form, required }: { meta: ResourceMeta; fields: FieldMeta[]; form: FormInstance; required: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const { byName } = useMeta();
  return (
    <>
      {fields.map((f) => {
        const narrowing = narrowingOf(f, fields, byName);
        const label = fieldLabel(t, meta.name, f.name);
        return (
          <div key={f.name}>
            {narrowing?.extra ? (
              <Form.Item name={narrowing.formField} label={fieldLabel(t, meta.name, narrowing.targetField)}>
                <RelationSelect resource={narrowing.parentResource} placeholder={fieldLabel(t, meta.name, narrowing.targetField)} />
              </Form.Item>
            ) : null}
            <Form.Item
              name={f.name}
              label={label}
              valuePropName={f.kind === 'boolean' ? 'checked' : 'value'}
              rules={required.has(f.name) && f.kind !== 'boolean' ? [{ required: true, message: t('validation.required', { field: label }) }] : []}
              getValueProps={
                f.kind === 'json'
                  ? (v: unknown) => ({ value: v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2) })
                  : storedPerShown(f) !== 1
                    ? (v: unknown) => ({ value: toShown(f, v) })
                    : undefined
              }
              // The form holds the stored unit (seconds): what is typed in minutes is converted as it is typed.
              normalize={storedPerShown(f) !== 1 ? (v: unknown) => toStored(f, v) : undefined}
              dependencies={narrowing ? [narrowing.formField] : undefined}
            >
              <FieldInput field={f} resource={meta.name} form={form} narrowing={narrowing} />
            </Form.Item>
          </div>
        );
      })}
    </>
  );
}

export interface GeneratedFormProps {
  resource: string;
  action: 'create' | 'edit';
  id?: BaseKey;
  /** Values a parent page fixes (a checkpoint's challenge). */
  fixed?: Record<string, unknown>;
  redirect?: 'list' | 'show' | 'edit' | false;
  onSaved?: (record: BaseRecord) => void;
}

export function GeneratedForm({ resource, action, id, fixed, redirect = 'list', onSaved }: GeneratedFormProps) {
  const { t, i18n } = useTranslation();
  void (isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE);
  const meta = useResourceMeta(resource);
  const entry = entryFor(resource);
  const fields = useMemo(
    () => ((action === 'create' ? meta?.create : meta?.update) ?? []).filter((f) => !(fixed && f.name in fixed)),
    [meta, action, fixed],
  );
  const title = `${t(entry.label, { defaultValue: resource })}: ${t(action === 'create' ? 'actions.create' : 'actions.edit')}`;
  usePageTitle(title);
  const { formProps, saveButtonProps, form, onFinish } = useForm<BaseRecord, HttpError, Record<string, unknown>>({
    resource,
    action,
    id,
    redirect,
    meta: { join: [] },
    onMutationSuccess: (data) => onSaved?.(data.data),
  });
  if (!meta) return null;
  const defaults = Object.fromEntries(fields.filter((f) => f.default !== undefined && f.kind !== 'json').map((f) => [f.name, f.default]));
  const Wrapper = action === 'create' ? Create : Edit;
  return (
    <Wrapper
      resource={resource}
      recordItemId={id}
      title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{title}</h1>}
      saveButtonProps={saveButtonProps}
    >
      <Form
        {...formProps}
        layout="vertical"
        initialValues={action === 'create' ? { ...defaults, ...formProps.initialValues } : formProps.initialValues}
        onFinish={(values) => {
          // A refusal is shown by Refine (toast and field messages); nothing else is to be done with it here.
          onFinish({ ...toBody(values as Record<string, unknown>, fields), ...(fixed ?? {}) }).catch(() => undefined);
        }}
      >
        <GeneratedFormFields meta={meta} fields={fields} form={form} required={action === 'create' ? meta.requiredOnCreate : new Set()} />
      </Form>
    </Wrapper>
  );
}
