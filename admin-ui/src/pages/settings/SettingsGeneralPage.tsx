/**
 * Settings > general (`/admin/settings/general`, sidebar key `sidebar:settings_general`): the platform's settings by
 * key (GET /api/settings, `setting:index`), one form per key, each saved on its own (PUT /api/settings/{key},
 * `setting:update`: without it the forms are read-only and there is no save button). The server validates; its
 * field messages (in the interface language) are shown under their fields.
 */
import { useNotification } from '@refinedev/core';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Form, Input, Space, Switch, Typography, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/http';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { usePageTitle } from '../../hooks/usePageTitle';
import { toDayjs } from '../../lib/time';
import { ANNOUNCEMENT_MAX_LENGTH, LANDING_OLYMPIADS, LANGUAGES, STAGE_NAME_MAX_LENGTH, type SettingForm, type SettingKey, type SettingValues, type SettingView, fieldErrors, phoneToSend, valueOf } from './logic';

const NAMESPACES = ['settings', 'common'] as const;

function useSave() {
  const { t } = useTranslation(NAMESPACES);
  const { open } = useNotification();
  const [saving, setSaving] = useState<SettingKey | null>(null);
  const save = async <K extends SettingKey>(key: K, value: SettingValues[K], form: FormInstance, onSaved: () => void) => {
    setSaving(key);
    // The last answer's field messages go: this answer brings its own.
    form.setFields(form.getFieldsError().map((f) => ({ name: f.name, errors: [] })));
    try {
      await apiSend('put', `settings/${key}`, { value });
      open?.({ type: 'success', message: t('saved', { setting: t(`keys.${key}.title`) }) });
      onSaved();
    } catch (e) {
      const error = e as ApiError;
      const { fields, rest } = fieldErrors(error.errors as Record<string, string[]> | undefined, (name) => form.getFieldInstance(name) !== undefined);
      form.setFields(fields);
      if (!fields.length || rest.length) open?.({ type: 'error', message: error.message || t('common:errors.unknown'), description: rest.join(' ') || undefined });
    } finally {
      setSaving(null);
    }
  };
  return { save, saving };
}

function SettingCard({ setting, children }: { setting: SettingKey; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACES);
  return (
    <Card size="small" title={t(`keys.${setting}.title`)} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t(`keys.${setting}.help`)}</Typography.Paragraph>
      {children}
    </Card>
  );
}

function SaveButton({ loading }: { loading: boolean }) {
  const { t } = useTranslation(NAMESPACES);
  return (
    <Button type="primary" htmlType="submit" loading={loading}>
      {t('common:buttons.save')}
    </Button>
  );
}

/** A calendar day as the API keeps it ('YYYY-MM-DD', or null for none); antd Form.Item hands it value and onChange. */
function DayPicker({ value, onChange, id, disabled }: { value?: string | null; onChange?: (day: string | null) => void; id?: string; disabled?: boolean }) {
  return (
    <DatePicker
      id={id}
      disabled={disabled}
      value={value ? toDayjs(value) : null}
      format="YYYY-MM-DD"
      // Enter confirms a typed date; it must not also submit the form.
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
    />
  );
}

/** The landing pages' dates: each olympiad's stages (names in kk, ru and en, a day or none yet) and two "Last updated" days. */
function LandingForm({ form, canSave, loaded, saving, onFinish }: { form: FormInstance<SettingForm<'landing'>>; canSave: boolean; loaded: boolean; saving: boolean; onFinish: (v: SettingForm<'landing'>) => void }) {
  const { t } = useTranslation(NAMESPACES);
  return (
    <Form<SettingForm<'landing'>> form={form} name="landing" layout="vertical" disabled={!canSave || !loaded} onFinish={onFinish}>
      {LANDING_OLYMPIADS.map((o) => (
        <section key={o} data-testid={`stages-${o}`} aria-labelledby={`stages-${o}-title`} style={{ marginBottom: 16 }}>
          <Typography.Title level={2} id={`stages-${o}-title`} style={{ fontSize: 15 }}>
            {t(`keys.landing.olympiads.${o}`)}
          </Typography.Title>
          <Form.List name={['value', 'stages', o]}>
            {(rows, { add, remove }) => (
              <>
                {rows.map((row, i) => (
                  <Card key={row.key} size="small" data-testid="stage" style={{ marginBottom: 8 }}
                    title={t('keys.landing.stage', { n: i + 1 })}
                    extra={canSave ? <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('keys.landing.removeStage', { n: i + 1 })} onClick={() => remove(row.name)} /> : null}
                  >
                    {LANGUAGES.map((l) => (
                      <Form.Item key={l} name={[row.name, 'name', l]} label={t('keys.landing.name', { language: t(`common:languages.${l}`) })}>
                        <Input maxLength={STAGE_NAME_MAX_LENGTH} />
                      </Form.Item>
                    ))}
                    <Form.Item name={[row.name, 'date']} label={t('keys.landing.date')} extra={t('keys.landing.dateExtra')}>
                      <DayPicker />
                    </Form.Item>
                  </Card>
                ))}
                {canSave ? (
                  <Button icon={<PlusOutlined />} onClick={() => add({ name: { kk: '', ru: '', en: '' }, date: null })}>
                    {t('keys.landing.addStage')}
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
        </section>
      ))}
      <Form.Item name={['value', 'updatedOn']} label={t('keys.landing.updatedOn')} extra={t('keys.landing.updatedOnExtra')}>
        <DayPicker />
      </Form.Item>
      <Form.Item name={['value', 'legalUpdatedOn']} label={t('keys.landing.legalUpdatedOn')} extra={t('keys.landing.updatedOnExtra')}>
        <DayPicker />
      </Form.Item>
      {canSave ? <SaveButton loading={saving} /> : null}
    </Form>
  );
}

export default function SettingsGeneralPage() {
  const { t } = useTranslation(NAMESPACES);
  usePageTitle(t('common:sidebar.settingsGeneral'));
  const { has } = useAccess();
  const canSave = has('setting:update');
  const list = useApi<{ data: SettingView[] }>('settings');
  const { save, saving } = useSave();
  const [emailForm] = Form.useForm<SettingForm<'support.email'>>();
  const [phoneForm] = Form.useForm<SettingForm<'support.phone'>>();
  const [announcementForm] = Form.useForm<SettingForm<'announcement'>>();
  const [landingForm] = Form.useForm<SettingForm<'landing'>>();
  const settings = list.data?.data;
  const enabled = Form.useWatch(['value', 'enabled'], announcementForm) ?? false;
  const refetch = () => void list.refetch();

  useEffect(() => {
    if (!settings) return;
    emailForm.setFieldsValue({ value: valueOf(settings, 'support.email') ?? '' });
    phoneForm.setFieldsValue({ value: valueOf(settings, 'support.phone') ?? '' });
    const announcement = valueOf(settings, 'announcement');
    if (announcement) announcementForm.setFieldsValue({ value: announcement });
    const landing = valueOf(settings, 'landing');
    if (landing) landingForm.setFieldsValue({ value: landing });
  }, [settings, emailForm, phoneForm, announcementForm, landingForm]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {t('common:sidebar.settingsGeneral')}
      </Typography.Title>
      {list.isError ? <Alert type="error" showIcon message={list.error.message} /> : null}
      {!canSave ? <Alert type="info" showIcon message={t('readOnly')} /> : null}

      <SettingCard setting="support.email">
        <Form<SettingForm<'support.email'>>
          form={emailForm}
          name="supportEmail"
          layout="vertical"
          disabled={!canSave || !settings}
          onFinish={(v) => void save('support.email', v.value, emailForm, refetch)}
        >
          <Form.Item name="value" label={t('keys.support.email.label')}>
            <Input inputMode="email" autoComplete="off" placeholder="support@altynsaqa.kz" style={{ maxWidth: 360 }} />
          </Form.Item>
          {canSave ? <SaveButton loading={saving === 'support.email'} /> : null}
        </Form>
      </SettingCard>

      <SettingCard setting="support.phone">
        <Form<SettingForm<'support.phone'>>
          form={phoneForm}
          name="supportPhone"
          layout="vertical"
          disabled={!canSave || !settings}
          onFinish={(v) => void save('support.phone', phoneToSend(v.value), phoneForm, refetch)}
        >
          <Form.Item name="value" label={t('keys.support.phone.label')} extra={t('keys.support.phone.extra')}>
            <Input inputMode="tel" autoComplete="off" placeholder="+7 700 000 00 00" style={{ maxWidth: 360 }} />
          </Form.Item>
          {canSave ? <SaveButton loading={saving === 'support.phone'} /> : null}
        </Form>
      </SettingCard>

      <SettingCard setting="announcement">
        <Form<SettingForm<'announcement'>>
          form={announcementForm}
          name="announcement"
          layout="vertical"
          disabled={!canSave || !settings}
          initialValues={{ value: { enabled: false, text: { kk: '', ru: '', en: '' } } }}
          onFinish={(v) => void save('announcement', v.value, announcementForm, refetch)}
        >
          <Form.Item name={['value', 'enabled']} label={t('keys.announcement.enabled')} valuePropName="checked" extra={enabled ? undefined : t('keys.announcement.draft')}>
            <Switch />
          </Form.Item>
          {LANGUAGES.map((l) => (
            <Form.Item
              key={l}
              name={['value', 'text', l]}
              label={t('keys.announcement.text', { language: t(`common:languages.${l}`) })}
            >
              <Input.TextArea rows={2} maxLength={ANNOUNCEMENT_MAX_LENGTH} showCount />
            </Form.Item>
          ))}
          {canSave ? <SaveButton loading={saving === 'announcement'} /> : null}
        </Form>
      </SettingCard>

      <SettingCard setting="landing">
        <LandingForm form={landingForm} canSave={canSave} loaded={Boolean(settings)} saving={saving === 'landing'} onFinish={(v) => void save('landing', v.value, landingForm, refetch)} />
      </SettingCard>
    </Space>
  );
}
