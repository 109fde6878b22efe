/**
 * Proof of the foundation through the single origin: a request through the gateway makes one service write a
 * row and an outbox event, another service consumes it exactly once; bad input is refused with a localized
 * message and nothing written; the dev SMS inbox and the gateway's view of every service.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { startGateway } from '@olymp/gateway';
import { ROLE } from '@olymp/proto';
import { EventOutbox, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

describe('through the gateway', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let notifications: RunningService;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let pg: Client;
  let admin: string;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    notifications = await startNotifications(ns.envFor('notifications'));
    gateway = await startGateway({
      NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent',
      AUTH_URL: auth.url, NOTIFICATIONS_URL: notifications.url,
      // Not started in this file: the gateway must say they are down, not hang.
      LEARNING_URL: 'http://127.0.0.1:9', SHOP_URL: 'http://127.0.0.1:9', FINANCE_URL: 'http://127.0.0.1:9',
    });
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = await testToken({ roleId: ROLE.admin });
  });

  afterAll(async () => {
    await pg?.end();
    await gateway?.close();
    await notifications?.close();
    await auth?.close();
    await ns.cleanup();
  });

  const count = async (service: 'auth' | 'notifications', table: string) =>
    (await pg.query(`SELECT count(*)::int AS n FROM "${ns.schemaOf(service)}".${table}`)).rows[0].n as number;

  it('a request to auth writes a row and an event that notifications consumes exactly once', async () => {
    const sent = await request(gateway.url).post('/api/system/probes').set('authorization', `Bearer ${admin}`).send({ note: 'via gateway' });
    expect(sent.status).toBe(201);
    expect(sent.headers['x-request-id']).toBeTruthy();
    const probeId = sent.body.data.id as string;
    const outbox = await pg.query(`SELECT subject FROM "${ns.schemaOf('auth')}".outbox WHERE id = $1`, [sent.body.data.eventId]);
    expect(outbox.rows).toEqual([{ subject: 'system.probe.sent' }]);
    const receipt = await waitFor(async () => {
      const r = await request(gateway.url).get(`/api/system/probe-receipts/${probeId}`).set('authorization', `Bearer ${admin}`);
      return r.status === 200 ? r.body.data : undefined;
    }, { what: 'receipt through the gateway' });
    expect(receipt).toMatchObject({ probeId, origin: 'auth', receivedBy: 'notifications', times: 1 });
  });

  it('refuses a bad body, an unknown field and a bad uuid with localized 400s, writing nothing', async () => {
    const before = { probes: await count('auth', 'system_probe'), outbox: await count('auth', 'outbox') };
    const bad = await request(gateway.url).post('/api/system/probes').set('authorization', `Bearer ${admin}`).set('x-locale', 'ru').send({ note: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.message).toMatch(/^Некоторые поля заполнены неверно: note: /);
    const unknown = await request(gateway.url).post('/api/system/probes').set('authorization', `Bearer ${admin}`).send({ note: 'x', role: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'UNKNOWN_FIELD', message: 'Белгісіз өріс «role»: оны сұраныстан алып тастаңыз.' });
    const badId = await request(gateway.url).get('/api/system/probe-receipts/not-a-uuid').set('authorization', `Bearer ${admin}`).set('x-locale', 'en');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ code: 'INVALID_ID', message: '"not-a-uuid" is not a valid id: a UUID is expected.' });
    expect({ probes: await count('auth', 'system_probe'), outbox: await count('auth', 'outbox') }).toEqual(before);
  });

  it('shows an SMS in the development inbox, newest first, by any spelling of the phone', async () => {
    const ds = auth.app.get(DataSource);
    const outbox = auth.app.get(EventOutbox);
    for (const code of ['111111', '222222']) {
      await ds.transaction((m) => outbox.add(m, 'sms.requested', {
        smsId: randomUUID(), to: '+77000000105', text: `Altyn Saqa: ${code}`, purpose: 'otp', code, requestedAt: new Date().toISOString(),
      }));
    }
    const inbox = await waitFor(async () => {
      const r = await request(gateway.url).get('/api/dev/sms').query({ to: '8 (700) 000-01-05' });
      return r.status === 200 && r.body.data.length === 2 ? r.body.data : undefined;
    }, { what: 'two SMS in the dev inbox' });
    expect(inbox.map((s: { code: string }) => s.code)).toEqual(['222222', '111111']);
    expect(Object.keys(inbox[0]).sort()).toEqual(['code', 'sentAt', 'text', 'to']);
    const badPhone = await request(gateway.url).get('/api/dev/sms').query({ to: 'abc' });
    expect(badPhone.status).toBe(400);
  });

  it('reports each service in /api/health, naming the ones that are down', async () => {
    const res = await request(gateway.url).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.services.gateway.status).toBe('up');
    expect(res.body.services.auth.status).toBe('up');
    expect(res.body.services.notifications.status).toBe('up');
    expect(res.body.services.learning.status).toBe('down');
  });
});
