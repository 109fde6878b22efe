/**
 * One-time code rules (OWASP ASVS V6, NIST 800-63B): attempts, resend window, expiry, hourly caps (also under
 * simultaneous requests), storage.
 * Codes are read from the `sms.requested` events auth writes, so this file needs only the auth service.
 */
import request from 'supertest';
import { Client } from 'pg';
import { Clock, OTP_POLICY, OtpAddressHoursSweeper, startAuth } from '@olymp/auth';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { ROLE } from '@olymp/proto';

describe('one-time codes', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  const device = { device_id: 'otp-test-device', device_info: {} };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth', { SEED_DEMO: 'true' }));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  const clock = () => auth.app.get(Clock);
  const schema = () => ns.schemaOf('auth');
  /** The code of the newest SMS written for a phone. */
  const lastCode = async (phone: string) =>
    (await pg.query(
      `SELECT payload->>'code' AS code FROM "${schema()}".outbox WHERE subject = 'sms.requested' AND payload->>'to' = $1 ORDER BY created_at DESC LIMIT 1`,
      [phone],
    )).rows[0]?.code as string;
  const send = (phone: string, ip = '10.1.1.1', purpose = 'login') =>
    request(auth.url).post('/api/send-otp').set('x-real-ip', ip).set('x-locale', 'en').send({ phone, purpose, role: 1 });
  const login = (phone: string, otp: string) => request(auth.url).post('/api/login').set('x-locale', 'en').send({ phone, otp, ...device });
  const wrongOf = (code: string) => (code === '999999' ? '999998' : String(Number(code) + 1).padStart(6, '0'));

  it('refuses a resend inside 60 s and says how many seconds are left', async () => {
    clock().advance(3600_000);
    expect((await send('+77000000105')).status).toBe(200);
    clock().advance(15_000);
    const again = await send('+77000000105');
    expect(again.status).toBe(429);
    expect(again.body.details.seconds).toBe(45);
    expect(again.body.message).toBe('A new code can be requested in 45 s.');
    clock().advance(45_000);
    expect((await send('+77000000105')).status).toBe(200);
  });

  it('lets one of many requests of a phone at once through: one code, one SMS, the others told to wait', async () => {
    clock().advance(3600_000);
    const phone = '+77029990001'; // a registration: no other test here sends to this number
    const count = async () => (await pg.query(
      `SELECT (SELECT count(*) FROM "${schema()}".otp_codes WHERE phone = $1)::int AS codes,
              (SELECT count(*) FROM "${schema()}".otp_codes WHERE phone = $1 AND consumed_at IS NULL AND superseded_at IS NULL)::int AS live,
              (SELECT count(*) FROM "${schema()}".outbox WHERE subject = 'sms.requested' AND payload->>'to' = $1)::int AS sms`,
      [phone],
    )).rows[0] as { codes: number; live: number; sms: number };
    const before = await count();
    const replies = await Promise.all(Array.from({ length: 12 }, () => send(phone, '10.1.1.1', 'register').then((r) => r)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array<number>(11).fill(429)]);
    for (const refused of replies.filter((r) => r.status === 429)) {
      expect(refused.body.code).toBe('OTP_RESEND_TOO_SOON');
      expect(refused.body.details.seconds).toBeGreaterThan(0);
    }
    const after = await count();
    expect(after).toEqual({ codes: before.codes + 1, live: 1, sms: before.sms + 1 });
    // The one code sent is the live one.
    const verified = await request(auth.url).post('/api/verify-otp').send({ phone, otp: await lastCode(phone), purpose: 'register' });
    expect(verified.status).toBe(200);
  });

  it('stores only a keyed hash of the code', async () => {
    clock().advance(3600_000);
    expect((await send('+77000000106')).status).toBe(200);
    const code = await lastCode('+77000000106');
    const row = (await pg.query(`SELECT * FROM "${schema()}".otp_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`, ['+77000000106'])).rows[0];
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses the right code after five wrong guesses', async () => {
    clock().advance(3600_000);
    await send('+77000000107');
    const code = await lastCode('+77000000107');
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await login('+77000000107', wrongOf(code))).body.code);
    expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_ATTEMPTS_EXCEEDED']);
    const sixth = await login('+77000000107', code);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many wrong codes. Request a new code.');
  });

  it('counts 50 parallel wrong guesses one by one', async () => {
    clock().advance(3600_000);
    await send('+77000000003');
    const code = await lastCode('+77000000003');
    const results = await Promise.all(Array.from({ length: 50 }, () => login('+77000000003', wrongOf(code))));
    expect(results.filter((r) => r.body.code === 'OTP_INVALID')).toHaveLength(4);
    expect(results.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    const attempts = await pg.query(`SELECT attempts FROM "${schema()}".otp_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`, ['+77000000003']);
    expect(attempts.rows[0].attempts).toBe(5);
    expect((await login('+77000000003', code)).status).toBe(429);
  });

  it('refuses an expired code, and a resend replaces the old code', async () => {
    clock().advance(3600_000);
    await send('+77000000010');
    const first = await lastCode('+77000000010');
    expect(first).toMatch(/^\d{6}$/);
    clock().advance(301_000);
    const expired = await login('+77000000010', first);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This code is no longer valid. Request a new code.');
    await send('+77000000010');
    const second = await lastCode('+77000000010');
    const rows = await pg.query(`SELECT superseded_at IS NOT NULL AS replaced FROM "${schema()}".otp_codes WHERE phone = $1 ORDER BY created_at`, ['+77000000010']);
    expect(rows.rows.map((r) => r.replaced)).toEqual([true, false]);
    expect((await login('+77000000010', second)).status).toBe(200);
  });

  it('checks a code with verify-otp without spending it', async () => {
    clock().advance(3600_000);
    await send('+77000000001');
    const code = await lastCode('+77000000001');
    const verified = await request(auth.url).post('/api/verify-otp').send({ phone: '+77000000001', otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ valid: true });
    expect((await login('+77000000001', code)).status).toBe(200);
  });

  it('caps codes per phone per hour', async () => {
    clock().advance(3600_000);
    for (let i = 0; i < 5; i++) {
      expect((await send('+77000000105', `10.2.0.${i}`)).status).toBe(200);
      clock().advance(61_000);
    }
    const sixth = await send('+77000000105', '10.2.0.9');
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('OTP_TOO_MANY_REQUESTS');
    clock().advance(3600_000);
    expect((await send('+77000000105', '10.2.0.9')).status).toBe(200);
  });

  /** The clock hour `at` is in: the per-address cap counts per client address and clock hour. */
  const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
  const addressCount = async (ip: string) =>
    (await pg.query(`SELECT issued FROM "${schema()}".otp_address_hours WHERE client_ip = $1 AND hour = $2`, [ip, hourOf(clock().now())])).rows[0]?.issued as number | undefined;
  /** Codes and queued SMS written for requests from `ip`. */
  const writtenFor = async (ip: string) => (await pg.query(
    `SELECT (SELECT count(*) FROM "${schema()}".otp_codes WHERE client_ip = $1)::int AS codes,
            (SELECT count(*) FROM "${schema()}".outbox o JOIN "${schema()}".otp_codes c ON c.sms_id = (o.payload->>'smsId')::uuid
              WHERE o.subject = 'sms.requested' AND c.client_ip = $1)::int AS sms`,
    [ip],
  )).rows[0] as { codes: number; sms: number };

  it('caps codes per client address per clock hour (SMS pumping to many numbers)', async () => {
    clock().advance(3600_000);
    // The address has already had all but one of this hour's codes (its count written directly: a thousand sends
    // would only make the test slow), then asks once more through the API, then once too many.
    await pg.query(`INSERT INTO "${schema()}".otp_address_hours (client_ip, hour, issued) VALUES ('10.9.9.9', $1, $2)`, [hourOf(clock().now()), OTP_POLICY.perIpPerHour - 1]);
    expect((await send('+77029999998', '10.9.9.9', 'register')).status).toBe(200);
    const pumped = await send('+77029999999', '10.9.9.9', 'register');
    expect(pumped.status).toBe(429);
    expect(pumped.body.code).toBe('OTP_TOO_MANY_REQUESTS');
    expect(pumped.body.message).toBe('Too many codes were requested. Try again in an hour or contact support.');
    expect(await addressCount('10.9.9.9')).toBe(OTP_POLICY.perIpPerHour);
    // The refusal wrote nothing: one code and one SMS for the one request let through.
    expect(await writtenFor('10.9.9.9')).toEqual({ codes: 1, sms: 1 });
    // Another address is not held back, and the next clock hour starts a new count (the old one swept).
    expect((await send('+77029999999', '10.9.9.10', 'register')).status).toBe(200);
    clock().advance(3600_000);
    expect((await send('+77029999997', '10.9.9.9', 'register')).status).toBe(200);
    expect(await addressCount('10.9.9.9')).toBe(1);
    expect(await auth.app.get(OtpAddressHoursSweeper).sweep()).toBeGreaterThanOrEqual(2);
    expect((await pg.query(`SELECT count(*)::int AS n FROM "${schema()}".otp_address_hours WHERE hour < $1`, [hourOf(clock().now())])).rows[0].n).toBe(0);
    expect(await addressCount('10.9.9.9')).toBe(1);
  });

  it('lets simultaneous requests of one address take only the places left under its cap, writing nothing for the others', async () => {
    clock().advance(3600_000);
    const ip = '10.9.8.7';
    await pg.query(`INSERT INTO "${schema()}".otp_address_hours (client_ip, hour, issued) VALUES ($1, $2, $3)`, [ip, hourOf(clock().now()), OTP_POLICY.perIpPerHour - 3]);
    // 24 different numbers from one address at once (more than auth's database connections, so they overlap there).
    const phones = Array.from({ length: 24 }, (_, i) => `+7702888${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(phones.map((phone) => send(phone, ip, 'register')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(3).fill(200), ...Array(21).fill(429)]);
    expect(new Set(answers.filter((r) => r.status === 429).map((r) => r.body.code))).toEqual(new Set(['OTP_TOO_MANY_REQUESTS']));
    expect(await addressCount(ip)).toBe(OTP_POLICY.perIpPerHour);
    expect(await writtenFor(ip)).toEqual({ codes: 3, sms: 3 });
  });

  it('shows staff the delivery log with statuses and attempts, never the codes', async () => {
    const anonymous = await request(auth.url).get('/api/otp');
    expect(anonymous.status).toBe(401);
    const pupil = await request(auth.url).get('/api/otp').set('authorization', `Bearer ${await testToken({ roleId: ROLE.student })}`);
    expect(pupil.status).toBe(403);
    const manager = `Bearer ${await testToken({ roleId: ROLE.manager })}`;
    const log = await request(auth.url).get('/api/otp').query({ phone: '8 700 000 01 07', limit: 5 }).set('authorization', manager);
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(1);
    expect(log.body.data[0]).toMatchObject({ phone: '+77000000107', purpose: 'login', status: 'blocked', attempts: 5 });
    // Notifications keeps what became of the SMS; it is not running here, so the log still lists the code, its
    // delivery unknown (sms-delivery.spec reads it with notifications up).
    expect(log.body.data[0].delivery).toEqual({ status: 'unknown', provider: null, attempts: null, error: null, reportedAt: null });
    const codes = (await pg.query(`SELECT payload->>'code' AS code FROM "${schema()}".outbox WHERE subject = 'sms.requested'`)).rows.map((r) => r.code as string);
    const all = await request(auth.url).get('/api/otp').query({ limit: 100 }).set('authorization', manager);
    expect(all.body.data.length).toBeGreaterThan(10);
    for (const code of codes) expect(JSON.stringify(all.body)).not.toContain(`"${code}"`);
    expect(new Set(all.body.data.map((r: { status: string }) => r.status))).toEqual(new Set(['used', 'blocked', 'replaced', 'pending', 'expired']));
  });
});
