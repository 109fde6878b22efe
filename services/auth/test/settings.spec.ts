/**
 * Platform settings by key (auth settings/), on real PostgreSQL and NATS: the defaults before anything is set, the
 * public view (support contact, a live announcement and the landing pages' dates, nothing else, no sign-in), staff reads and saves with
 * `setting:index` / `setting:update`, and the endpoint checklist: 401 without a token, 403 without the key, 404 for
 * an unknown key (before the body is looked at), 400 with field messages in kk, ru and en, nothing changed by a
 * refused or rejected request, an audit entry for every save, and no pending schema change.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { ROLE, SETTING_DEFAULTS, SETTING_FIELD_MESSAGES, settingSchemas } from '@olymp/proto';
import { type RunningService, pendingSchemaChanges } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { DEMO_LANDING } from '../src/seed/reference-data';

describe('settings by key: /api/settings', () => {
  const ns = createTestNamespace();
  const schema = ns.schemaOf('auth');
  let auth: RunningService;
  let pg: Client;
  const adminId = randomUUID();
  let admin: string;
  let manager: string;
  let student: string;

  const announcement = {
    enabled: true,
    text: { kk: 'Олимпиада сағат 10:00-де басталады.', ru: 'Олимпиада начнётся в 10:00.', en: 'The olympiad starts at 10:00.' },
  };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin, userId: adminId })}`;
    manager = `Bearer ${await testToken({ roleId: ROLE.manager })}`;
    student = `Bearer ${await testToken({ roleId: ROLE.student })}`;
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  const api = () => request(auth.url);
  const put = (key: string, body: unknown, who = admin) => api().put(`/api/settings/${key}`).set('authorization', who).send(body as object);
  /** Everything a rejected request must leave alone: the stored rows and the audit log. */
  const snapshot = async () => ({
    rows: (await pg.query(`SELECT key, value, updated_at, updated_by FROM "${schema}".settings ORDER BY key`)).rows,
    audit: (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".audit_log WHERE resource = 'settings'`)).rows[0].n as number,
  });

  it('has its table from the migration and nothing pending', async () => {
    expect(await pendingSchemaChanges(auth.app.get(DataSource))).toEqual([]);
  });

  it('answers the defaults before anything is set', async () => {
    const all = await api().get('/api/settings').set('authorization', admin);
    expect([all.status, all.body.data]).toEqual([
      200,
      [
        { key: 'support.email', value: 'support@altynsaqa.kz', isDefault: true, updatedAt: null },
        { key: 'support.phone', value: null, isDefault: true, updatedAt: null },
        { key: 'announcement', value: { enabled: false, text: { kk: '', ru: '', en: '' } }, isDefault: true, updatedAt: null },
        { key: 'landing', value: { stages: { primary: [], senior: [], teachers: [] }, updatedOn: null, legalUpdatedOn: null }, isDefault: true, updatedAt: null },
      ],
    ]);
    const one = await api().get('/api/settings/support.email').set('authorization', admin);
    expect([one.status, one.body.data]).toEqual([200, { key: 'support.email', value: SETTING_DEFAULTS['support.email'], isDefault: true, updatedAt: null }]);
    const pub = await api().get('/api/settings/public');
    expect([pub.status, pub.body]).toEqual([200, { data: { support: { email: 'support@altynsaqa.kz', phone: null }, announcement: null, landing: SETTING_DEFAULTS.landing } }]);
  });

  it('refuses a visitor without a token (401) and staff without the keys (403), changing nothing', async () => {
    const before = await snapshot();
    const calls = (who?: string) => {
      const reqs = [
        api().get('/api/settings'),
        api().get('/api/settings/support.email'),
        api().get('/api/settings/no.such.key'),
        api().put('/api/settings/support.email').send({ value: 'evil@example.com' }),
        api().put('/api/settings/announcement').send({ value: 'not an object' }),
      ];
      return reqs.map((r) => (who ? r.set('authorization', who) : r));
    };
    for (const res of await Promise.all(calls())) expect([res.status, res.body.code, res.body.message]).toEqual([401, 'UNAUTHENTICATED', 'Жүйеге кіру қажет.']);
    // A manager runs most of the platform but not its settings (admin only by default); a pupil never.
    for (const who of [manager, student]) {
      for (const res of await Promise.all(calls(who))) expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown key, in the caller language, before looking at the body', async () => {
    const before = await snapshot();
    const en = await api().get('/api/settings/support.fax').set('authorization', admin).set('x-locale', 'en');
    expect([en.status, en.body.code, en.body.message]).toEqual([
      404, 'SETTING_NOT_FOUND', 'There is no setting "support.fax". Known settings: support.email, support.phone, announcement, landing.',
    ]);
    const ru = await put('theme', { nonsense: true }).set('x-locale', 'ru');
    expect([ru.status, ru.body.message]).toEqual([404, 'Настройки «theme» нет. Известные настройки: support.email, support.phone, announcement, landing.']);
    const kk = await put('theme', { value: 'dark' });
    expect([kk.status, kk.body.message]).toEqual([404, '«theme» баптауы жоқ. Белгілі баптаулар: support.email, support.phone, announcement, landing.']);
    expect(await snapshot()).toEqual(before);
  });

  it('rejects bad values with 400 and field messages in kk, ru and en, changing nothing', async () => {
    const before = await snapshot();
    for (const locale of ['kk', 'ru', 'en'] as const) {
      const email = await put('support.email', { value: 'support-at-altynsaqa' }).set('x-locale', locale);
      expect([email.status, email.body.code, email.body.errors]).toEqual([400, 'VALIDATION_FAILED', { value: SETTING_FIELD_MESSAGES.email[locale] }]);
      const phone = await put('support.phone', { value: '+1 212 555 0100' }).set('x-locale', locale);
      expect([phone.status, phone.body.errors]).toEqual([400, { value: SETTING_FIELD_MESSAGES.phone[locale] }]);
      const text = await put('announcement', { value: { enabled: true, text: { ...announcement.text, ru: '  ' } } }).set('x-locale', locale);
      expect([text.status, text.body.errors]).toEqual([400, { 'value.text.ru': SETTING_FIELD_MESSAGES.announcementText[locale] }]);
    }
    // The whole message is localized too, not only the fields.
    const kk = await put('support.email', { value: 'nobody' });
    expect(kk.body.message).toBe(`Кейбір өрістер қате толтырылған: value: ${SETTING_FIELD_MESSAGES.email.kk}. Түзетіп, қайта жіберіңіз.`);
    const ru = await put('support.email', { value: 'nobody' }).set('x-locale', 'ru');
    expect(ru.body.message).toBe(`Некоторые поля заполнены неверно: value: ${SETTING_FIELD_MESSAGES.email.ru}. Исправьте их и попробуйте снова.`);

    const tooLong = await put('announcement', { value: { enabled: false, text: { ...announcement.text, en: 'x'.repeat(281) } } }).set('x-locale', 'en');
    expect([tooLong.status, Object.keys(tooLong.body.errors)]).toEqual([400, ['value.text.en']]);
    expect(tooLong.body.errors['value.text.en']).toMatch(/280/);
    const missing = await put('support.email', {}).set('x-locale', 'en');
    expect([missing.status, Object.keys(missing.body.errors)]).toEqual([400, ['value']]);
    const noLanguage = await put('announcement', { value: { enabled: true, text: { kk: 'Сәлем', ru: 'Привет' } } }).set('x-locale', 'ru');
    expect([noLanguage.status, Object.keys(noLanguage.body.errors)]).toEqual([400, ['value.text.en']]);
    const unknown = await put('support.email', { value: 'a@b.kz', note: 'x' }).set('x-locale', 'en');
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([400, 'UNKNOWN_FIELD', 'Unknown field "note": remove it from the request.']);
    const nested = await put('announcement', { value: { ...announcement, color: 'red' } }).set('x-locale', 'en');
    expect([nested.status, nested.body.code]).toEqual([400, 'UNKNOWN_FIELD']);
    const wrongType = await put('announcement', { value: { enabled: 'yes', text: announcement.text } }).set('x-locale', 'en');
    expect([wrongType.status, Object.keys(wrongType.body.errors)]).toEqual([400, ['value.enabled']]);
    expect(await snapshot()).toEqual(before);
  });

  it('saves each key normalized, records who changed what, and shows the public values', async () => {
    const email = await put('support.email', { value: '  Help@AltynSaqa.KZ ' }).set('x-locale', 'en');
    expect([email.status, email.body.message, email.body.data]).toEqual([
      200, 'Saved.', { key: 'support.email', value: 'help@altynsaqa.kz', isDefault: false, updatedAt: expect.any(String) },
    ]);
    const phone = await put('support.phone', { value: '8 (700) 123-45-67' });
    expect([phone.status, phone.body.data.value]).toEqual([200, '+77001234567']);
    const banner = await put('announcement', { value: announcement });
    expect([banner.status, banner.body.data.value]).toEqual([200, announcement]);

    const one = await api().get('/api/settings/announcement').set('authorization', admin);
    expect(one.body.data).toEqual({ key: 'announcement', value: announcement, isDefault: false, updatedAt: expect.any(String) });
    const pub = await api().get('/api/settings/public');
    expect(pub.body).toEqual({ data: { support: { email: 'help@altynsaqa.kz', phone: '+77001234567' }, announcement: { text: announcement.text }, landing: SETTING_DEFAULTS.landing } });

    const entries = (await pg.query(
      `SELECT actor_id, action, resource, resource_id, before, after FROM "${schema}".audit_log WHERE resource = 'settings' ORDER BY at`,
    )).rows;
    expect(entries).toEqual([
      { actor_id: adminId, action: 'update', resource: 'settings', resource_id: 'support.email', before: 'support@altynsaqa.kz', after: 'help@altynsaqa.kz' },
      { actor_id: adminId, action: 'update', resource: 'settings', resource_id: 'support.phone', before: null, after: '+77001234567' },
      { actor_id: adminId, action: 'update', resource: 'settings', resource_id: 'announcement', before: SETTING_DEFAULTS.announcement, after: announcement },
    ]);
    const logs = await api().get('/api/logs').query({ 'filter[0]': 'resource||$eq||settings' }).set('authorization', admin);
    expect(logs.body.map((e: { resourceId: string }) => e.resourceId)).toEqual(['announcement', 'support.phone', 'support.email']);
  });

  it('keeps a disabled announcement draft out of the public view, and clears the phone with null', async () => {
    const draft = { enabled: false, text: { kk: 'Жоба', ru: '', en: '' } };
    expect((await put('announcement', { value: draft })).status).toBe(200);
    expect((await put('support.phone', { value: null })).status).toBe(200);
    const pub = await api().get('/api/settings/public');
    expect([pub.status, pub.headers['cache-control'], pub.body]).toEqual([
      200, 'public, max-age=30', { data: { support: { email: 'help@altynsaqa.kz', phone: null }, announcement: null, landing: SETTING_DEFAULTS.landing } },
    ]);
    expect(JSON.stringify(pub.body)).not.toContain('Жоба');
    const staff = await api().get('/api/settings/announcement').set('authorization', admin);
    expect(staff.body.data.value).toEqual(draft);
  });

  it('saves the landing pages\' stages and days, shows them publicly, and refuses a nameless stage or a bad day in the caller\'s language', async () => {
    const landing = {
      stages: {
        primary: [
          { name: { kk: ' Мектеп кезеңі ', ru: 'Школьный этап', en: 'School stage' }, date: '2026-10-01' },
          { name: { kk: 'Республикалық кезең', ru: 'Республиканский этап', en: 'Republican stage' }, date: null },
        ],
        senior: [],
        teachers: [{ name: { kk: 'Облыстық кезең', ru: 'Областной этап', en: 'Regional stage' }, date: '2026-11-27' }],
      },
      updatedOn: '2026-09-15',
      legalUpdatedOn: null,
    };
    const before = await snapshot();
    for (const locale of ['kk', 'ru', 'en'] as const) {
      const nameless = await put('landing', { value: { ...landing, stages: { ...landing.stages, senior: [{ name: { kk: 'А', ru: ' ', en: 'A' }, date: null }] } } }).set('x-locale', locale);
      expect([nameless.status, nameless.body.errors]).toEqual([400, { 'value.stages.senior.0.name.ru': SETTING_FIELD_MESSAGES.stageName[locale] }]);
      const badDay = await put('landing', { value: { ...landing, updatedOn: '2026-02-30' } }).set('x-locale', locale);
      expect([badDay.status, badDay.body.errors]).toEqual([400, { 'value.updatedOn': SETTING_FIELD_MESSAGES.day[locale] }]);
    }
    const unknownOlympiad = await put('landing', { value: { ...landing, stages: { ...landing.stages, juniors: [] } } });
    expect([unknownOlympiad.status, unknownOlympiad.body.code]).toEqual([400, 'UNKNOWN_FIELD']);
    expect(await snapshot()).toEqual(before);

    const saved = await put('landing', { value: landing });
    const trimmed = { ...landing, stages: { ...landing.stages, primary: [{ ...landing.stages.primary[0], name: { ...landing.stages.primary[0].name, kk: 'Мектеп кезеңі' } }, landing.stages.primary[1]] } };
    expect([saved.status, saved.body.data.value]).toEqual([200, trimmed]);
    const pub = await api().get('/api/settings/public');
    expect(pub.body.data.landing).toEqual(trimmed);
    // The demo's 2026-2027 stages are a value staff could have saved.
    expect(settingSchemas('en').landing.parse(DEMO_LANDING)).toEqual(DEMO_LANDING);
  });

  it('lets a role granted only setting:index read but not save', async () => {
    const observer = `Bearer ${await testToken({ roleId: ROLE.examObserver })}`;
    const current = (await api().get(`/api/roles/${ROLE.examObserver}/permissions`).set('authorization', admin)).body.data as string[];
    const grant = await api().put(`/api/roles/${ROLE.examObserver}/permissions`).set('authorization', admin).send({ permissions: [...current, 'setting:index'] });
    expect(grant.status).toBe(200);
    const read = await api().get('/api/settings').set('authorization', observer);
    expect([read.status, read.body.data.map((s: { key: string }) => s.key)]).toEqual([200, ['support.email', 'support.phone', 'announcement', 'landing']]);
    const before = await snapshot();
    const save = await put('support.email', { value: 'observer@example.kz' }, observer);
    expect([save.status, save.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await snapshot()).toEqual(before);
  });
});
