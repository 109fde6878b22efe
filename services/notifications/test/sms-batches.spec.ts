/**
 * The kit's batched consumers (`@OnEvents`) through notifications' SMS delivery (`sms.requested`, the development
 * inbox provider), against real NATS JetStream and PostgreSQL: a burst is handled in fewer transactions than events,
 * a batch with one event that keeps failing handles the others and redelivers that one alone, a payload that breaks
 * its contract is terminated alone. And the outcomes an SMS gets keep its latest attempt's, whatever the order they
 * are recorded in. Events are published to the stream directly (as auth's outbox relay publishes them), to control
 * ids and timing.
 */
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { recordSmsOutcomes, startNotifications, type SmsOutcomeRecord } from '@olymp/notifications';
import type { EventPayload } from '@olymp/proto';
import { EVENT_VERSION_HEADER, EventConsumers, NatsService, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, waitFor } from '@olymp/server-kit/testing';

describe('SMS handled in batches', () => {
  const ns = createTestNamespace();
  let notifications: RunningService;
  let nats: NatsService;
  let pg: Client;
  const schema = () => `"${ns.schemaOf('notifications')}"`;

  beforeAll(async () => {
    notifications = await startNotifications(ns.envFor('notifications', { DEV_SMS_INBOX: 'true' }));
    nats = notifications.app.get(NatsService);
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await notifications?.close();
    await ns.cleanup();
  });

  afterEach(() => {
    notifications.app.get(EventConsumers).hooks = {};
  });

  /** Phones used so far: each SMS goes to a number of its own. */
  let phonesUsed = 0;
  const sms = (over: Partial<EventPayload<'sms.requested'>> = {}): EventPayload<'sms.requested'> => ({
    smsId: randomUUID(),
    to: `+7701${String(phonesUsed++).padStart(7, '0')}`,
    text: 'Altyn Saqa: 123456',
    purpose: 'otp',
    code: '123456',
    requestedAt: new Date().toISOString(),
    ...over,
  });

  async function publish(payload: unknown, msgID: string = randomUUID()): Promise<string> {
    const h = natsHeaders();
    h.set(EVENT_VERSION_HEADER, '1');
    await nats.js.publish(nats.subject('sms.requested'), JSON.stringify(payload), { msgID, headers: h });
    return msgID;
  }

  /** The SMS of these ids that reached the inbox with their outcome recorded. */
  const handled = async (smsIds: string[]) =>
    (await pg.query(
      `SELECT d.sms_id, d.status, d.attempts FROM ${schema()}.sms_deliveries d JOIN ${schema()}.dev_sms s ON s.id = d.sms_id WHERE d.sms_id = ANY($1)`,
      [smsIds],
    )).rows as { sms_id: string; status: string; attempts: number }[];

  it('handles a burst, several SMS to a transaction', async () => {
    const burst = Array.from({ length: 300 }, () => sms());
    const messageIds = await Promise.all(burst.map((s) => publish(s)));
    const ids = burst.map((s) => s.smsId);
    await waitFor(async () => (await handled(ids)).length === 300, { what: '300 SMS handled', timeoutMs: 30_000 });
    // Inbox rows of one transaction share its start time (now()): fewer distinct times than events means batches.
    const { rows } = await pg.query(`SELECT count(*)::int AS events, count(DISTINCT processed_at)::int AS transactions FROM ${schema()}.inbox WHERE message_id = ANY($1)`, [messageIds]);
    expect(rows[0].events).toBe(300);
    expect(rows[0].transactions).toBeLessThan(300);
    expect(new Set((await handled(ids)).map((r) => `${r.status}/${r.attempts}`))).toEqual(new Set(['sent/1']));
  });

  it('keeps handling the rest of a batch while one event fails, and redelivers that one alone', async () => {
    const batch = Array.from({ length: 40 }, () => sms());
    const ids = batch.map((s) => s.smsId);
    const poisonSms = ids[17];
    const poisonId = randomUUID();
    let failures = 0;
    notifications.app.get(EventConsumers).hooks = {
      afterHandle: (_subject, messageId) => {
        if (messageId === poisonId) {
          failures += 1;
          throw new Error('this event fails for now');
        }
      },
    };
    await Promise.all(batch.map((s) => publish(s, s.smsId === poisonSms ? poisonId : randomUUID())));
    await waitFor(async () => (await handled(ids)).length === 39, { what: 'every SMS but the failing one', timeoutMs: 30_000 });
    expect(await handled([poisonSms])).toEqual([]);
    expect(failures).toBeGreaterThanOrEqual(1);
    // Once it stops failing, its redelivery is handled too, and the others were not sent again.
    notifications.app.get(EventConsumers).hooks = {};
    await waitFor(async () => (await handled([poisonSms])).length === 1, { what: 'the redelivered SMS', timeoutMs: 30_000 });
    expect((await pg.query(`SELECT count(*)::int AS n FROM ${schema()}.dev_sms WHERE id = ANY($1)`, [ids])).rows[0].n).toBe(40);
  });

  it('terminates a payload that breaks its contract alone, and handles the others', async () => {
    const [a, b, c] = [sms(), sms(), sms()];
    await publish(a);
    await publish({ ...b, to: 'not a phone' });
    await publish(c);
    await waitFor(async () => (await handled([a.smsId, c.smsId])).length === 2, { what: 'the two valid SMS' });
    // The terminated one never comes back: a later SMS is handled, and it is still not there.
    const d = sms();
    await publish(d);
    await waitFor(async () => (await handled([d.smsId])).length === 1, { what: 'an SMS after it' });
    expect(await handled([b.smsId])).toEqual([]);
  });

  it('keeps the later attempt\'s outcome within one statement and across statements, whatever the order', async () => {
    const manager = notifications.app.get(DataSource).manager;
    const smsId = randomUUID();
    const t = Date.now();
    const outcome = (over: Partial<SmsOutcomeRecord>): SmsOutcomeRecord => ({
      smsId, status: 'delivered', provider: 'http', attempts: 1, error: null, reportedAt: new Date(t).toISOString(), ...over,
    });
    const second = outcome({ status: 'delivered', attempts: 2 });
    const first = outcome({ status: 'failed', attempts: 1, error: 'timeout', reportedAt: new Date(t - 1000).toISOString() });
    const row = async () => (await pg.query(`SELECT status, attempts, error FROM ${schema()}.sms_deliveries WHERE sms_id = $1`, [smsId])).rows;
    // Later first, earlier after it, in one statement.
    await recordSmsOutcomes(manager, [second, first]);
    expect(await row()).toEqual([{ status: 'delivered', attempts: 2, error: null }]);
    // An earlier attempt recorded long after changes nothing either, even with a later time.
    await recordSmsOutcomes(manager, [outcome({ status: 'failed', attempts: 1, error: 'late', reportedAt: new Date(t + 5000).toISOString() })]);
    expect(await row()).toEqual([{ status: 'delivered', attempts: 2, error: null }]);
    // A third attempt replaces it.
    await recordSmsOutcomes(manager, [outcome({ status: 'failed', attempts: 3, error: 'HTTP 400', reportedAt: new Date(t + 6000).toISOString() })]);
    expect(await row()).toEqual([{ status: 'failed', attempts: 3, error: 'HTTP 400' }]);
  });
});
