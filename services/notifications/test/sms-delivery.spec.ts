/**
 * SMS through the production HTTP adapter, end to end: auth issues a code (sms.requested), notifications hands it
 * to the provider's HTTP API (a stand-in HTTP server on loopback, the one thing here that is not the real thing),
 * retries what may succeed later, gives up on refusals, and records each outcome (sms_deliveries), which auth's
 * OTP log asks for over RPC.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { ROLE } from '@olymp/proto';

interface ProviderCall {
  headers: http.IncomingHttpHeaders;
  body: { id: string; to: string; text: string; sender: string | null };
}

describe('SMS delivery through the HTTP provider adapter', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let notifications: RunningService;
  let provider: http.Server;
  let pg: Client;
  const calls: ProviderCall[] = [];
  /** What the provider answers, per phone and attempt. */
  const script: Record<string, number[]> = {
    '+77000000105': [503, 200], // down once, then accepted (and delivered)
    '+77000000106': [400], // refused: never retried
    '+77000000107': [503, 503, 503], // down for good: given up after SMS_MAX_ATTEMPTS
    '+77020000001': [503, 200], // one of a burst: down once
  };

  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as ProviderCall['body'];
        calls.push({ headers: req.headers, body });
        const n = calls.filter((c) => c.body.id === body.id).length;
        const status = script[body.to]?.[n - 1] ?? 200;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(status === 200 ? { status: 'delivered' } : { error: 'scripted' }));
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send`;
    auth = await startAuth(ns.envFor('auth', { SEED_DEMO: 'true' }));
    notifications = await startNotifications(
      ns.envFor('notifications', { SMS_PROVIDER: 'http', SMS_HTTP_URL: url, SMS_HTTP_TOKEN: 'secret-token', SMS_SENDER: 'AltynSaqa', SMS_MAX_ATTEMPTS: '2' }),
    );
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await notifications?.close();
    await auth?.close();
    await new Promise((r) => provider?.close(r));
    await ns.cleanup();
  });

  const sendCode = async (phone: string) => {
    const res = await request(auth.url).post('/api/send-otp').set('x-locale', 'en').send({ phone, purpose: 'login', role: 1 });
    expect(res.status).toBe(200);
  };
  /** The phone's latest code's SMS id (auth) and what notifications recorded about that SMS. */
  const otpRow = async (phone: string) => {
    const { sms_id } = (await pg.query(`SELECT sms_id FROM "${ns.schemaOf('auth')}".otp_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`, [phone])).rows[0] as { sms_id: string };
    const d = (await pg.query(`SELECT status, provider, attempts, error FROM "${ns.schemaOf('notifications')}".sms_deliveries WHERE sms_id = $1`, [sms_id])).rows[0] as
      { status: string; provider: string; attempts: number; error: string | null } | undefined;
    return { sms_id, sms_status: d?.status ?? null, sms_provider: d?.provider ?? null, sms_attempts: d?.attempts ?? null, sms_error: d?.error ?? null };
  };

  it('retries a provider that is down, and the OTP log shows the delivery', async () => {
    await sendCode('+77000000105');
    const row = await waitFor(async () => {
      const r = await otpRow('+77000000105');
      return r.sms_status === 'delivered' && r;
    }, { what: 'delivered on the OTP log', timeoutMs: 15_000 });
    expect(row).toMatchObject({ sms_provider: 'http', sms_attempts: 2, sms_error: null });
    const mine = calls.filter((c) => c.body.id === row.sms_id);
    expect(mine).toHaveLength(2);
    expect(mine[0].headers.authorization).toBe('Bearer secret-token');
    expect(mine[0].headers['idempotency-key']).toBe(row.sms_id);
    expect(mine[0].body).toMatchObject({ to: '+77000000105', sender: 'AltynSaqa' });
    expect(mine[0].body.text).toMatch(/\d{6}/);
    // Staff see it in the OTP log (spec: admin "otp"), never the code.
    const log = await request(auth.url).get('/api/otp').query({ phone: '+77000000105', limit: 1 })
      .set('authorization', `Bearer ${await testToken({ roleId: ROLE.manager })}`);
    expect(log.body.data[0].delivery).toMatchObject({ status: 'delivered', provider: 'http', attempts: 2, error: null });
  });

  it('sends each SMS of a burst once while one of them is tried again', async () => {
    // Registrations (the numbers have no account): eight codes at once, handled together by notifications.
    const phones = Array.from({ length: 8 }, (_, i) => `+7702000000${i + 1}`);
    await Promise.all(phones.map(async (phone) => {
      const res = await request(auth.url).post('/api/send-otp').set('x-locale', 'en').send({ phone, purpose: 'register', role: 1 });
      expect(res.status).toBe(200);
    }));
    const rows = await waitFor(async () => {
      const all = await Promise.all(phones.map(otpRow));
      return all.every((r) => r.sms_status === 'delivered') && all;
    }, { what: 'eight SMS delivered on the OTP log', timeoutMs: 15_000 });
    expect(rows.map((r) => calls.filter((c) => c.body.id === r.sms_id).length)).toEqual([2, 1, 1, 1, 1, 1, 1, 1]);
    expect(rows.map((r) => r.sms_attempts)).toEqual([2, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('does not retry a refusal, and reports it failed', async () => {
    await sendCode('+77000000106');
    const row = await waitFor(async () => {
      const r = await otpRow('+77000000106');
      return r.sms_status === 'failed' && r;
    }, { what: 'failed on the OTP log' });
    expect(row.sms_attempts).toBe(1);
    expect(row.sms_error).toMatch(/HTTP 400/);
    expect(calls.filter((c) => c.body.id === row.sms_id)).toHaveLength(1);
  });

  it('gives up after SMS_MAX_ATTEMPTS and reports the last error', async () => {
    await sendCode('+77000000107');
    const row = await waitFor(async () => {
      const r = await otpRow('+77000000107');
      return r.sms_status === 'failed' && r.sms_attempts === 2 && r;
    }, { what: 'given up on the OTP log', timeoutMs: 15_000 });
    expect(row.sms_error).toMatch(/gave up after 2 attempts: HTTP 503/);
    expect(calls.filter((c) => c.body.id === row.sms_id)).toHaveLength(2);
  });
});
