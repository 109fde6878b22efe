/**
 * Input that once gave 500s, through the gateway: text PostgreSQL cannot store (NUL, a lone surrogate) in sign-up,
 * profile, parents, addresses and CRUD filters; content types no route reads; JSON that is not JSON; arrays and
 * strings where a number is expected. Each is a localized 4xx that changes and consumes nothing.
 */
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { startFinance } from '@olymp/finance';
import { startNotifications } from '@olymp/notifications';
import { startGateway } from '@olymp/gateway';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

describe('hostile input gets a 4xx, never a 500', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let notifications: RunningService;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let pg: Client;
  let admin: string;
  const api = () => request(gateway.url);

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth', { SEED_DEMO: 'true' }));
    finance = await startFinance(ns.envFor('finance'));
    notifications = await startNotifications(ns.envFor('notifications'));
    gateway = await startGateway({
      NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0',
      // One event loop for client, gateway and services: its load says nothing about the gateway (helpers.ts).
      MAX_EVENT_LOOP_UTILIZATION: '0', MAX_EVENT_LOOP_DELAY_MS: '0',
      AUTH_URL: auth.url, FINANCE_URL: finance.url, NOTIFICATIONS_URL: notifications.url,
      LEARNING_URL: 'http://127.0.0.1:9', SHOP_URL: 'http://127.0.0.1:9',
    });
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
  });

  afterAll(async () => {
    await pg?.end();
    await gateway?.close();
    await notifications?.close();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  const codeFor = (phone: string) =>
    waitFor(async () => {
      const r = await api().get('/api/dev/sms').query({ to: phone });
      return (r.body.data?.[0] as { code: string } | undefined)?.code;
    }, { what: `an SMS to ${phone}` });

  const users = async () => (await pg.query(`SELECT count(*)::int AS n FROM "${ns.schemaOf('auth')}".users`)).rows[0].n as number;

  /** A registered pupil (the real flow), for the routes that change a person. */
  let pupil: { id: string; token: string };

  it('refuses a NUL or a lone surrogate at sign-up with a localized 400, and the code still works after', async () => {
    const phone = '+77014445566';
    const [school] = (await pg.query(
      `SELECT s.id AS school, s.district_id AS district, d.province_id AS province FROM "${ns.schemaOf('auth')}".schools s
         JOIN "${ns.schemaOf('auth')}".districts d ON d.id = s.district_id ORDER BY s.id LIMIT 1`,
    )).rows as { school: number; district: number; province: number }[];
    expect((await api().post('/api/send-otp').send({ phone, purpose: 'register', role: 7 })).status).toBe(200);
    const code = await codeFor(phone);
    const form = {
      firstName: 'Әсел', lastName: 'Нұрланқызы', phone, grade: 5, province: school.province, district: school.district, school: school.school,
      parentPhone: '+77019998877', code, device_id: 'pupil-phone-hostile', device_info: { userAgent: 'Mozilla/5.0', platform: 'Linux' },
    };
    const before = await users();
    const messages = {
      en: 'The field "device_info.userAgent" contains characters that cannot be stored (a NUL character or a broken Unicode character): remove them and try again.',
      ru: 'Поле «device_info.userAgent» содержит символы, которые нельзя сохранить (символ NUL или повреждённый символ Юникода): уберите их и попробуйте снова.',
      kk: '«device_info.userAgent» өрісінде сақтауға болмайтын таңбалар бар (NUL таңбасы немесе бүлінген Юникод таңбасы): оларды алып тастап, қайта жіберіңіз.',
    };
    for (const [locale, userAgent] of [['en', 'Mozilla\u0000'], ['ru', 'Mozilla\ud800'], ['kk', '\udc00']] as const) {
      const bad = await api().post('/api/register').set('x-locale', locale).send({ ...form, device_info: { userAgent } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'INVALID_TEXT', message: messages[locale] });
    }
    // Grades, places and schools are JSON numbers: a one-element array or a numeric string is not read as one.
    for (const grade of [[5], '5', true, null]) {
      const wrong = await api().post('/api/register').set('x-locale', 'en').send({ ...form, grade });
      expect([wrong.status, wrong.body.code, Object.keys(wrong.body.errors)]).toEqual([400, 'VALIDATION_FAILED', ['grade']]);
    }
    expect(await users()).toBe(before);
    // Nothing was consumed by the refusals: the same code registers.
    const ok = await api().post('/api/register').set('x-locale', 'en').send(form);
    expect(ok.status).toBe(201);
    pupil = { id: ok.body.data.user.uuid, token: `Bearer ${ok.body.data.token}` };
  });

  it('spends no code when a registration fails after the code was checked (the spending rolls back with it)', async () => {
    const schema = `"${ns.schemaOf('auth')}"`;
    // A fault inside the registration's transaction, after the code check: the session row of one device fails.
    await pg.query(`CREATE FUNCTION ${schema}.injected_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`);
    await pg.query(`CREATE TRIGGER injected_fault BEFORE INSERT ON ${schema}.sessions FOR EACH ROW WHEN (NEW.device_id = 'faulty-device')
      EXECUTE FUNCTION ${schema}.injected_fault()`);
    const phone = '+77014445577';
    const [school] = (await pg.query(
      `SELECT s.id AS school, s.district_id AS district, d.province_id AS province FROM ${schema}.schools s
         JOIN ${schema}.districts d ON d.id = s.district_id ORDER BY s.id LIMIT 1`,
    )).rows as { school: number; district: number; province: number }[];
    expect((await api().post('/api/send-otp').send({ phone, purpose: 'register', role: 7 })).status).toBe(200);
    const code = await codeFor(phone);
    const form = { firstName: 'Дана', lastName: 'Ер', phone, grade: 6, ...school, parentPhone: '+77019998877', code, device_id: 'faulty-device' };
    const failed = await api().post('/api/register').send(form);
    expect(failed.body.code).toBe('INTERNAL');
    const ok = await api().post('/api/register').send({ ...form, device_id: 'good-device-1' });
    expect([ok.status, ok.body.data?.user?.roleId]).toEqual([201, ROLE.student]);
  });

  it('refuses such text in the profile, parents and addresses, changing nothing', async () => {
    const snapshot = async () => (await pg.query(
      `SELECT u.first_name, (SELECT count(*)::int FROM "${ns.schemaOf('auth')}".user_parents r WHERE r.user_id = u.id) AS relatives,
              (SELECT count(*)::int FROM "${ns.schemaOf('auth')}".user_addresses a WHERE a.user_id = u.id) AS addresses
         FROM "${ns.schemaOf('auth')}".users u WHERE u.id = $1`, [pupil.id])).rows[0];
    const before = await snapshot();
    const address = { city: 'Алматы', street: 'Абай', house: '1', postalCode: '050000' };
    const attempts = [
      api().put(`/api/users/${pupil.id}`).send({ firstName: 'A\u0000' }),
      api().put(`/api/users/${pupil.id}`).send({ lastName: 'B\ud800' }),
      api().post(`/api/users/${pupil.id}/parents`).send({ relative: 'mother', fullName: 'Ана\u0000', phone: '+77010000001' }),
      api().put(`/api/users/${pupil.id}/parents/mother`).send({ fullName: '\udfffАна', phone: '+77010000001' }),
      api().put(`/api/users/${pupil.id}/home-address`).send({ ...address, street: 'Абай\u0000' }),
      api().put(`/api/users/${pupil.id}/school-address`).send({ ...address, apartment: '\ud83d' }),
      api().put(`/api/students/${pupil.id}/update-personal-info`).send({ firstName: 'A', lastName: 'B\u0000', parentPhone: '+77019998877' }),
    ];
    for (const attempt of attempts) {
      const res = await attempt.set('authorization', pupil.token).set('x-locale', 'en');
      expect([res.status, res.body.code]).toEqual([400, 'INVALID_TEXT']);
    }
    expect(await snapshot()).toEqual(before);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await api().put(`/api/users/${pupil.id}`).set('authorization', pupil.token).send({ firstName: 'Әсел 🌟' });
    expect(emoji.status).toBe(200);
    // Without a token the answer is still 401, not a validation error.
    expect((await api().put(`/api/users/${pupil.id}`).send({ firstName: 'A\u0000' })).status).toBe(401);
  });

  it('refuses such text in CRUD filters without a token, and in keys', async () => {
    // Bytes that are not UTF-8 stay the literal text `%ED%A0%80` (the query parser cannot decode them): no match.
    const raw = await api().get('/api/provinces?filter=nameRu||$cont||%ED%A0%80');
    expect(raw.status).toBe(200);
    const nul = await api().get('/api/provinces?filter=nameRu||$cont||%00').set('x-locale', 'ru');
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'INVALID_TEXT', message: expect.stringMatching(/^Поле «query\.filter» содержит символы/) });
    const key = await api().post('/api/check-user').set('content-type', 'application/json').send('{"ph\\u0000one":"+77010000000"}');
    expect([key.status, key.body.code]).toEqual([400, 'INVALID_TEXT']);
  });

  it.each([
    ['application/xml', '<a>1</a>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['application/octet-stream', '{}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [';;;', '{}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['text/plain', '{"phone":"+77010000000"}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['application/x-www-form-urlencoded', 'phone=%2B77010000000', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['application/json; charset=utf-8', '{"phone":', 400, 'MALFORMED_BODY'],
    ['application/json', '{"phone":', 400, 'MALFORMED_BODY'],
    ['application/json', '', 400, 'MALFORMED_BODY'],
  ])('answers a %s body %j with %i %s, logged as a client error', async (type, body, status, code) => {
    const errors = jest.spyOn(auth.logger, 'error');
    try {
      for (const base of [auth.url, gateway.url]) {
        const res = await request(base).post('/api/check-user').set('content-type', type).set('x-locale', 'en').send(body);
        expect([res.status, res.body.code]).toEqual([status, code]);
        expect(res.body.message).not.toMatch(/went wrong/);
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('signs no one in from a form-encoded or text body, and leaves the code unspent', async () => {
    const phone = '+77000000105';
    expect((await api().post('/api/send-otp').send({ phone, device_id: 'form-probe-1' })).status).toBe(200);
    const otp = await codeFor(phone);
    const form = new URLSearchParams({ phone, otp, device_id: 'form-probe-1' }).toString();
    for (const [type, body] of [['application/x-www-form-urlencoded', form], ['text/plain', JSON.stringify({ phone, otp, device_id: 'form-probe-1' })]]) {
      const res = await api().post('/api/login').set('content-type', type).set('x-locale', 'ru').send(body);
      expect([type, res.status, res.body.code, res.body.token]).toEqual([type, 415, 'UNSUPPORTED_MEDIA_TYPE', undefined]);
      expect(res.body.message).toMatch(/^Этот тип содержимого/);
    }
    const code = await pg.query(`SELECT consumed_at, attempts FROM "${ns.schemaOf('auth')}".otp_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`, [phone]);
    expect(code.rows).toEqual([{ consumed_at: null, attempts: 0 }]);
    // The same code as JSON still signs in: nothing was consumed.
    const ok = await api().post('/api/login').send({ phone, otp, device_id: 'form-probe-1' });
    expect(ok.status).toBe(200);
  });

  it('answers 415 in the caller\'s language', async () => {
    const res = await api().post('/api/check-user').set('content-type', 'application/xml').set('x-locale', 'kk').send('<a/>');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Мұнда бұл мазмұн түрі қабылданбайды: JSON (Content-Type: application/json) немесе файл жүктеу үшін форма жіберіңіз.');
  });

  it('reads no array, object, boolean or numeric string as a number in a JSON body, and no repeated query number', async () => {
    const pupilToken = `Bearer ${await testToken({ roleId: ROLE.student })}`;
    for (const amountZp of [[10], { n: 10 }, true, '10', null]) {
      const res = await api().post('/api/zp-recharges').set('authorization', pupilToken).set('x-locale', 'en').send({ amountZp });
      expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([400, 'VALIDATION_FAILED', ['amountZp']]);
    }
    expect((await pg.query(`SELECT count(*)::int AS n FROM "${ns.schemaOf('finance')}".zp_recharges`)).rows[0].n).toBe(0);
    expect((await api().post('/api/zp-recharges').set('authorization', pupilToken).send({ amountZp: 10 })).status).toBe(201);
    // Query strings arrive as text: `limit=2` is 2, but a repeated or bracketed one is refused.
    expect((await api().get('/api/zp-recharges?limit=2').set('authorization', pupilToken)).status).toBe(200);
    for (const query of ['limit=1&limit=2', 'limit[]=1', 'limit[0]=1', 'page=', 'limit=0x10']) {
      const res = await api().get(`/api/zp-recharges?${query}`).set('authorization', pupilToken);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    // Ids of places are PostgreSQL integers: one past the largest is refused before any query (it was a 500).
    const huge = await api().put(`/api/students/${pupil.id}/update-school`).set('authorization', pupil.token).send({ province: 2 ** 31, district: 1, school: 1 });
    expect([huge.status, huge.body.code, Object.keys(huge.body.errors)]).toEqual([400, 'VALIDATION_FAILED', ['province']]);
    for (const query of ['limit=1&limit=2', 'page[]=2']) {
      const res = await api().get(`/api/otp?${query}`).set('authorization', admin);
      expect([query, res.status]).toEqual([query, 400]);
    }
  });
});
