/**
 * Sign-in and registration end to end through the gateway, with codes read from the development SMS inbox, and
 * the session rules: one device per account, logout and revocation felt by another service.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { Clock, OTP_POLICY, REFRESH_REUSE_GRACE_MS, SessionsService, startAuth } from '@olymp/auth';
import type { RoleId } from '@olymp/proto';
import { startLearning } from '@olymp/learning';
import { startNotifications } from '@olymp/notifications';
import { startGateway } from '@olymp/gateway';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, waitFor } from '@olymp/server-kit/testing';

describe('sign-in through the gateway', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let learning: RunningService;
  let notifications: RunningService;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let pg: Client;
  let api: () => ReturnType<typeof request>;

  const device = (id: string) => ({
    device_id: id,
    device_info: { userAgent: 'Mozilla/5.0 (Linux; Android 12)', platform: 'Linux armv8l', language: 'kk', screenWidth: 360, screenHeight: 800, timeZone: 'Asia/Almaty', pixelRatio: 2 },
  });

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth', { SEED_DEMO: 'true' }));
    learning = await startLearning(ns.envFor('learning'));
    notifications = await startNotifications(ns.envFor('notifications'));
    gateway = await startGateway({
      NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0',
      AUTH_URL: auth.url, LEARNING_URL: learning.url, NOTIFICATIONS_URL: notifications.url,
      SHOP_URL: 'http://127.0.0.1:9', FINANCE_URL: 'http://127.0.0.1:9',
    });
    api = () => request(gateway.url);
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await gateway?.close();
    await notifications?.close();
    await learning?.close();
    await auth?.close();
    await ns.cleanup();
  });

  /** The newest code sent to a phone, from the development inbox (through the gateway, as a developer reads it). */
  const codeFor = (phone: string, after?: string) =>
    waitFor(async () => {
      const r = await api().get('/api/dev/sms').query({ to: phone });
      const sms = r.body.data?.[0] as { code: string; sentAt: string } | undefined;
      return sms && sms.sentAt !== after ? sms.code : undefined;
    }, { what: `an SMS to ${phone}` });

  const signIn = async (phone: string, deviceId: string) => {
    auth.app.get(Clock).advance(61_000); // past the resend window of the previous code to this phone
    const before = (await api().get('/api/dev/sms').query({ to: phone })).body.data[0]?.sentAt as string | undefined;
    const sent = await api().post('/api/send-otp').send({ phone, role: 1, ...device(deviceId) });
    expect(sent.status).toBe(200);
    const code = await codeFor(phone, before);
    const res = await api().post('/api/login').send({ phone, otp: code, role: 1, ...device(deviceId) });
    expect(res.status).toBe(200);
    return res.body.data as { token: string; refreshToken: string; user: { uuid: string; roleId: number } };
  };

  /** A route of another service (learning) that a manager may call: 404 means "let in", 401 "refused". */
  const onLearning = (token: string) =>
    api().get(`/api/system/probe-receipts/${randomUUID()}`).set('authorization', `Bearer ${token}`).set('x-locale', 'en');

  it('signs a manager in with a code from the SMS inbox and loads profile and permissions', async () => {
    const sent = await api().post('/api/send-otp').set('x-locale', 'en').send({ phone: '8 (700) 000-00-03', role: 1, ...device('manager-laptop-1') });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('We sent a code to +7 700 *** ** 03. It is valid for 5 minutes.');
    expect(sent.body.data).toMatchObject({ resendAfterSeconds: 60, expiresInSeconds: 300 });

    const noOtp = await api().post('/api/login').set('x-locale', 'en').send({ phone: '+77000000003', role: 1, ...device('manager-laptop-1') });
    expect(noOtp.status).toBe(400);
    expect(noOtp.body.message).toBe('Please provide otp.');

    const code = await codeFor('+77000000003');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await api().post('/api/login').set('x-locale', 'ru').send({ phone: '+77000000003', otp: wrong, ...device('manager-laptop-1') });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Неверный код. Проверьте SMS и попробуйте снова (осталось попыток: 4).');

    const res = await api().post('/api/login').send({ phone: '77000000003', otp: code, role: 1, ...device('manager-laptop-1') });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Жүйеге кірдіңіз.');
    const { token } = res.body.data;
    const profile = await api().get('/api/profile').set('authorization', `Bearer ${token}`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ roleId: 3, student: false, phone: '+77000000003', firstName: 'Марат' });
    const perms = await api().get('/api/user-permissions').set('authorization', `Bearer ${token}`);
    expect(perms.body.data).toEqual(expect.arrayContaining(['sidebar:student_index', 'challenge:leaderboard_tab']));
    expect(perms.body.data).not.toContain('sidebar:role_index');

    // The code was single use.
    const again = await api().post('/api/login').send({ phone: '+77000000003', otp: code, ...device('manager-laptop-1') });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('OTP_EXPIRED');
  });

  it('answers the spec messages for unknown accounts, missing phone and bad phones', async () => {
    const unknown = await api().post('/api/send-otp').set('x-locale', 'en').send({ phone: '+77071234567', role: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No account found, register to continue.');
    const none = await api().post('/api/send-otp').set('x-locale', 'en').send({ role: 1 });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('PHONE_OR_EMAIL_REQUIRED');
    const badPhone = await api().post('/api/send-otp').send({ phone: '12-34', role: 1 });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({ code: 'INVALID_PHONE', message: 'Қазақстандық телефон нөмірін енгізіңіз, мысалы +7 700 000 00 00.' });
    const check = await api().post('/api/check-user').send({ phone: '87000000105' });
    expect(check.body.data).toEqual({ exists: true, student: true });
  });

  it('registers a pupil, publishes user.registered, and refuses the same phone twice', async () => {
    const phone = '+77011112233';
    const [school] = (await pg.query(
      `SELECT s.id AS school, s.district_id AS district, d.province_id AS province FROM "${ns.schemaOf('auth')}".schools s
         JOIN "${ns.schemaOf('auth')}".districts d ON d.id = s.district_id ORDER BY s.id LIMIT 1`,
    )).rows as { school: number; district: number; province: number }[];
    const sent = await api().post('/api/send-otp').send({ phone, purpose: 'register', role: 7 });
    expect(sent.status).toBe(200);
    const code = await codeFor(phone);
    const form = { firstName: 'Әсел', lastName: 'Нұрланқызы', phone, grade: 5, province: school.province, district: school.district, school: school.school, parentPhone: '+77019998877', code, ...device('pupil-phone-1') };

    const mismatch = await api().post('/api/register').set('x-locale', 'en').send({ ...form, province: school.province === 1 ? 2 : 1 });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe('ADDRESS_MISMATCH');
    const sneaky = await api().post('/api/register').set('x-locale', 'en').send({ ...form, roleId: 1 });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.message).toBe('Unknown field "roleId": remove it from the request.');

    const res = await api().post('/api/register').set('x-locale', 'en').send(form);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Registration is complete. Welcome!');
    const { token, user } = res.body.data;
    expect(user).toMatchObject({ roleId: 7, student: true });
    const profile = await api().get('/api/profile').set('authorization', `Bearer ${token}`);
    // The site's language at registration becomes the profile's (bulk certificates are made in it).
    expect(profile.body.data).toMatchObject({ uuid: user.uuid, grade: 5, firstName: 'Әсел', schoolId: school.school, parentPhone: '+77019998877', locale: 'en' });
    const events = await pg.query(`SELECT payload FROM "${ns.schemaOf('auth')}".outbox WHERE subject = 'user.registered'`);
    expect(events.rows.map((r) => r.payload.userId)).toContain(user.uuid);

    const twice = await api().post('/api/send-otp').set('x-locale', 'en').send({ phone, purpose: 'register' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('The user is already registered with this phone number.');
    const users = await pg.query(`SELECT count(*)::int AS n FROM "${ns.schemaOf('auth')}".users WHERE phone = $1`, [phone]);
    expect(users.rows[0].n).toBe(1);
  });

  it('keeps one device per account: a login elsewhere ends the first session on every service', async () => {
    const first = await signIn('+77000000010', 'content-maker-phone');
    expect((await api().get('/api/profile').set('authorization', `Bearer ${first.token}`)).status).toBe(200);
    const second = await signIn('+77000000010', 'content-maker-laptop');
    const onAuth = await api().get('/api/profile').set('authorization', `Bearer ${first.token}`).set('x-locale', 'en');
    expect(onAuth.status).toBe(401);
    expect(onAuth.body.message).toBe('Unauthenticated.');
    await waitFor(async () => (await onLearning(first.token)).status === 401, { what: 'learning refusing the old device', timeoutMs: 3000 });
    expect((await api().get('/api/profile').set('authorization', `Bearer ${second.token}`)).status).toBe(200);
    const sessions = await pg.query(`SELECT device_id, revoke_reason FROM "${ns.schemaOf('auth')}".sessions WHERE user_id = $1 ORDER BY created_at`, [second.user.uuid]);
    expect(sessions.rows).toEqual([
      { device_id: 'content-maker-phone', revoke_reason: 'new_device' },
      { device_id: 'content-maker-laptop', revoke_reason: null },
    ]);
  });

  it('spends one code once when ten sign-ins bring it at once: one session, the others told the code is gone, the earlier device ended once', async () => {
    const phone = '+77000000001';
    const earlier = await signIn(phone, 'admin-desktop');
    const earlierSid = (JSON.parse(Buffer.from(earlier.token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    auth.app.get(Clock).advance(61_000);
    const before = (await api().get('/api/dev/sms').query({ to: phone })).body.data[0]?.sentAt as string;
    expect((await api().post('/api/send-otp').send({ phone, ...device('admin-tab-0') })).status).toBe(200);
    const code = await codeFor(phone, before);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api().post('/api/login').set('x-locale', 'en').send({ phone, otp: code, ...device(`admin-tab-${i}`) })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.body.code])).toEqual(Array.from({ length: 9 }, () => [400, 'OTP_EXPIRED']));
    const auth_ = ns.schemaOf('auth');
    const live = await pg.query(`SELECT device_id FROM "${auth_}".sessions WHERE user_id = $1 AND revoked_at IS NULL`, [earlier.user.uuid]);
    const winner = replies.find((r) => r.status === 200)!;
    expect(live.rows).toEqual([{ device_id: `admin-tab-${replies.indexOf(winner)}` }]);
    const ended = await pg.query(`SELECT revoke_reason FROM "${auth_}".sessions WHERE id = $1`, [earlierSid]);
    expect(ended.rows).toEqual([{ revoke_reason: 'new_device' }]);
    const events = await pg.query(`SELECT payload FROM "${auth_}".outbox WHERE subject = 'auth.session.revoked' AND payload->>'sessionId' = $1`, [earlierSid]);
    expect(events.rows.map((r) => r.payload)).toEqual([expect.objectContaining({ userId: earlier.user.uuid, deviceId: 'admin-desktop', reason: 'new_device' })]);
    expect((await api().get('/api/profile').set('authorization', `Bearer ${winner.body.data.token}`)).status).toBe(200);
  });

  it('keeps one live session per account in the database: a sign-in that did not read a session gone live meanwhile changes nothing', async () => {
    const phone = '+77000000106';
    const first = await signIn(phone, 'pupil-6-tablet');
    auth.app.get(Clock).advance(61_000);
    const before = (await api().get('/api/dev/sms').query({ to: phone })).body.data[0]?.sentAt as string;
    expect((await api().post('/api/send-otp').send({ phone, ...device('pupil-6-laptop') })).status).toBe(200);
    await codeFor(phone, before);
    const auth_ = ns.schemaOf('auth');
    const [code] = (await pg.query(`SELECT id FROM "${auth_}".otp_codes WHERE phone = $1 AND consumed_at IS NULL AND superseded_at IS NULL`, [phone])).rows as { id: string }[];
    // As if the read had happened before the tablet's session went live: the statement is told no session is live.
    const outcome = await auth.app.get(SessionsService).startSpending(
      { id: first.user.uuid, roleId: first.user.roleId as RoleId }, code!.id, OTP_POLICY.maxAttempts, [], { deviceId: 'pupil-6-laptop', deviceInfo: {}, clientIp: '10.0.0.6' },
    );
    expect(outcome).toBe('RACED');
    const codeRow = await pg.query(`SELECT consumed_at FROM "${auth_}".otp_codes WHERE id = $1`, [code!.id]);
    expect(codeRow.rows).toEqual([{ consumed_at: null }]);
    const live = await pg.query(`SELECT device_id FROM "${auth_}".sessions WHERE user_id = $1 AND revoked_at IS NULL`, [first.user.uuid]);
    expect(live.rows).toEqual([{ device_id: 'pupil-6-tablet' }]);
    expect((await api().get('/api/profile').set('authorization', `Bearer ${first.token}`)).status).toBe(200);
  });

  it('logs out everywhere within moments, and refresh tokens rotate', async () => {
    const s = await signIn('+77000000003', 'manager-tablet');
    expect((await onLearning(s.token)).status).toBe(404);
    const refreshed = await api().post('/api/refresh-token').send({ refreshToken: s.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.refreshToken).not.toBe(s.refreshToken);
    const out = await api().post('/api/logout').set('authorization', `Bearer ${refreshed.body.data.token}`);
    expect(out.status).toBe(200);
    await waitFor(async () => (await onLearning(refreshed.body.data.token)).status === 401, { what: 'logout felt by learning', timeoutMs: 3000 });
    expect((await api().post('/api/refresh-token').send({ refreshToken: refreshed.body.data.refreshToken })).status).toBe(401);
  });

  describe('refresh-token reuse (RFC 9700 4.14.2: a replayed rotated token ends the session)', () => {
    const refresh = (refreshToken: string, ip?: string) => {
      const req = request(auth.url).post('/api/refresh-token').set('x-locale', 'en');
      return (ip ? req.set('x-real-ip', ip) : req).send({ refreshToken });
    };
    const sessionRow = async (sessionId: string) =>
      (await pg.query(`SELECT revoke_reason FROM "${ns.schemaOf('auth')}".sessions WHERE id = $1`, [sessionId])).rows[0] as { revoke_reason: string | null };
    const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
    const reuseMessage = 'This sign-in had already been renewed with this token, so it may have been copied: for safety the session has ended on every device. Sign in again.';

    afterEach(() => auth.app.get(Clock).resume());

    it('keeps a normal rotation chain working', async () => {
      const s = await signIn('+77000000105', 'chain-phone');
      let current = s.refreshToken;
      const seen = new Set([current]);
      for (let i = 0; i < 4; i++) {
        auth.app.get(Clock).advance(REFRESH_REUSE_GRACE_MS + 60_000);
        const res = await api().post('/api/refresh-token').send({ refreshToken: current });
        expect(res.status).toBe(200);
        expect(seen.has(res.body.data.refreshToken)).toBe(false);
        seen.add(res.body.data.refreshToken);
        current = res.body.data.refreshToken;
        // 403, not 401: learning knows the pupil (who lacks the probe permission).
        expect((await onLearning(res.body.data.token)).status).toBe(403);
      }
      expect(await sessionRow(sidOf(s.token))).toEqual({ revoke_reason: null });
    });

    it('ends the whole session when a rotated-away token is replayed after the grace: 401 REFRESH_TOKEN_REUSED, the new tokens refused everywhere', async () => {
      const s = await signIn('+77000000003', 'victim-laptop');
      const clock = auth.app.get(Clock);
      clock.set(clock.now());
      const rotated = await refresh(s.refreshToken, '198.51.100.10');
      expect(rotated.status).toBe(200);
      expect((await onLearning(rotated.body.data.token)).status).toBe(404);
      clock.advance(REFRESH_REUSE_GRACE_MS); // the grace is over at exactly 30 s
      const replay = await refresh(s.refreshToken, '198.51.100.10');
      expect([replay.status, replay.body.code, replay.body.message]).toEqual([401, 'REFRESH_TOKEN_REUSED', reuseMessage]);
      // The session is over: replaying again is a plain 401 (nothing is left to end).
      const again = await refresh(s.refreshToken, '198.51.100.10');
      expect([again.status, again.body.code]).toEqual([401, 'UNAUTHENTICATED']);
      // The victim's (or the thief's) newer token is refused too, and so is its access token, in every service.
      const next = await refresh(rotated.body.data.refreshToken, '198.51.100.10');
      expect([next.status, next.body.code]).toEqual([401, 'UNAUTHENTICATED']);
      expect((await api().get('/api/profile').set('authorization', `Bearer ${rotated.body.data.token}`)).status).toBe(401);
      await waitFor(async () => (await onLearning(rotated.body.data.token)).status === 401, { what: 'the ended session felt by learning', timeoutMs: 3000 });
      expect(await sessionRow(sidOf(s.token))).toEqual({ revoke_reason: 'refresh_reuse' });
      const events = await pg.query(
        `SELECT payload FROM "${ns.schemaOf('auth')}".outbox WHERE subject = 'auth.session.revoked' AND payload->>'sessionId' = $1`, [sidOf(s.token)],
      );
      expect(events.rows).toEqual([{ payload: expect.objectContaining({ reason: 'refresh_reuse', deviceId: 'victim-laptop' }) }]);
    });

    it('gives two tabs refreshing at once the same new token within the grace, from the same address only', async () => {
      const clock = auth.app.get(Clock);
      const s = await signIn('+77000000106', 'two-tabs');
      clock.set(clock.now());
      const first = await refresh(s.refreshToken, '198.51.100.20');
      clock.advance(REFRESH_REUSE_GRACE_MS - 1);
      const second = await refresh(s.refreshToken, '198.51.100.20');
      expect(second.status).toBe(200);
      expect(second.body.data.refreshToken).toBe(first.body.data.refreshToken);
      expect((await onLearning(second.body.data.token)).status).toBe(403); // signed in (a pupil lacks the probe permission)
      // Both tabs now hold the current token, and the chain goes on.
      const on = await refresh(first.body.data.refreshToken, '198.51.100.20');
      expect(on.status).toBe(200);
      expect(await sessionRow(sidOf(s.token))).toEqual({ revoke_reason: null });

      // Truly at once (both requests in flight together): both get the same token.
      const [a, b] = await Promise.all([refresh(on.body.data.refreshToken, '198.51.100.20'), refresh(on.body.data.refreshToken, '198.51.100.20')]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.data.refreshToken).toBe(b.body.data.refreshToken);
      expect(await sessionRow(sidOf(s.token))).toEqual({ revoke_reason: null });

      // Within the grace but from another address: reuse.
      const other = await refresh(on.body.data.refreshToken, '203.0.113.5');
      expect([other.status, other.body.code]).toEqual([401, 'REFRESH_TOKEN_REUSED']);
      expect(await sessionRow(sidOf(s.token))).toEqual({ revoke_reason: 'refresh_reuse' });
      expect((await refresh(a.body.data.refreshToken, '198.51.100.20')).status).toBe(401);
    });

    it('gives no grace to a token whose successor has itself been rotated', async () => {
      const clock = auth.app.get(Clock);
      const s = await signIn('+77000000107', 'fast-rotations');
      clock.set(clock.now());
      const r1 = await refresh(s.refreshToken, '198.51.100.30');
      const r2 = await refresh(r1.body.data.refreshToken, '198.51.100.30');
      expect([r1.status, r2.status]).toEqual([200, 200]);
      const replay = await refresh(s.refreshToken, '198.51.100.30');
      expect([replay.status, replay.body.code]).toEqual([401, 'REFRESH_TOKEN_REUSED']);
      expect((await refresh(r2.body.data.refreshToken, '198.51.100.30')).status).toBe(401);
    });
  });

  it('lets staff see and reset a person\'s devices', async () => {
    const pupil = await signIn('+77000000106', 'pupil-6-phone');
    const manager = await signIn('+77000000003', 'manager-desk');
    const list = await api().get(`/api/users/${pupil.user.uuid}/devices`).set('authorization', `Bearer ${manager.token}`);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ deviceId: 'pupil-6-phone', active: true, deviceInfo: { platform: 'Linux armv8l', screenWidth: 360 } });
    const byPupil = await api().delete(`/api/users/${manager.user.uuid}/devices`).set('authorization', `Bearer ${pupil.token}`);
    expect(byPupil.status).toBe(403);
    const reset = await api().delete(`/api/users/${pupil.user.uuid}/devices`).set('authorization', `Bearer ${manager.token}`);
    expect(reset.body.data).toEqual({ ended: 1 });
    expect((await api().get('/api/profile').set('authorization', `Bearer ${pupil.token}`)).status).toBe(401);
  });

  it('keeps the grade fixed and lets a pupil edit only their own profile', async () => {
    const five = await signIn('+77000000105', 'pupil-5-phone');
    const seven = await signIn('+77000000107', 'pupil-7-phone');
    const before = await pg.query(`SELECT * FROM "${ns.schemaOf('auth')}".users WHERE id = $1`, [seven.user.uuid]);
    const other = await api().put(`/api/users/${seven.user.uuid}`).set('authorization', `Bearer ${five.token}`).send({ firstName: 'Hacked' });
    expect(other.status).toBe(403);
    const grade = await api().put(`/api/users/${seven.user.uuid}`).set('authorization', `Bearer ${seven.token}`).set('x-locale', 'en').send({ grade: 8 });
    expect(grade.status).toBe(409);
    expect(grade.body.message).toBe('The grade cannot be changed after registration. If it is wrong, contact support.');
    const role = await api().put(`/api/users/${seven.user.uuid}`).set('authorization', `Bearer ${seven.token}`).send({ roleId: 1 });
    expect(role.status).toBe(400);
    expect(role.body.code).toBe('UNKNOWN_FIELD');
    expect((await pg.query(`SELECT * FROM "${ns.schemaOf('auth')}".users WHERE id = $1`, [seven.user.uuid])).rows).toEqual(before.rows);
    const ok = await api().put(`/api/users/${seven.user.uuid}`).set('authorization', `Bearer ${seven.token}`).send({ lastName: 'Жетінші-Өзгерген', grade: 7 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ lastName: 'Жетінші-Өзгерген', grade: 7 });
    // The profile's language: kk/ru/en only (localized 400, nothing changed), then saved.
    const badLocale = await api().put(`/api/users/${seven.user.uuid}`).set('authorization', `Bearer ${seven.token}`).set('x-locale', 'ru').send({ locale: 'de' });
    expect([badLocale.status, badLocale.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const lang = await api().put(`/api/users/${seven.user.uuid}`).set('authorization', `Bearer ${seven.token}`).send({ locale: 'kk' });
    expect([lang.status, lang.body.data.locale, lang.body.data.lastName]).toEqual([200, 'kk', 'Жетінші-Өзгерген']);
  });
});
