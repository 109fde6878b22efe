/**
 * The kit's batched consumers (`@OnEvents`) through their first user, auth's SMS delivery reports, against real
 * NATS JetStream and PostgreSQL: a burst is recorded in fewer transactions than events, a batch with one event that
 * keeps failing records the others and redelivers that one alone, a payload that breaks its contract is terminated
 * alone, and within one batch the later attempt's report wins whatever the order. Events are published to the stream
 * directly (as notifications' outbox relay publishes them), to control ids and timing.
 */
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import type { EventPayload } from '@olymp/proto';
import { EVENT_VERSION_HEADER, EventConsumers, NatsService, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, waitFor } from '@olymp/server-kit/testing';

type Report = EventPayload<'sms.delivery.reported'>;

describe('SMS delivery reports, recorded in batches', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let nats: NatsService;
  let pg: Client;
  const table = () => `"${ns.schemaOf('auth')}".otp_codes`;
  const inbox = () => `"${ns.schemaOf('auth')}".inbox`;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    nats = auth.app.get(NatsService);
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  afterEach(() => {
    auth.app.get(EventConsumers).hooks = {};
  });

  /** Phones used so far: each code goes to a number of its own (one live code per phone). */
  let phonesUsed = 0;

  /** OTP log rows waiting for their SMS reports (as a code request leaves them). */
  async function codes(n: number): Promise<string[]> {
    const smsIds = Array.from({ length: n }, () => randomUUID());
    await pg.query(
      `INSERT INTO ${table()} (id, phone, purpose, code_hash, client_ip, created_at, expires_at, sms_id)
       SELECT gen_random_uuid(), '+7700' || lpad(((i + $2) % 10000000)::text, 7, '0'), 'login', repeat('0', 64), '10.0.0.1', now(), now() + interval '5 minutes', s
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(s, i)`,
      [smsIds, phonesUsed],
    );
    phonesUsed += n;
    return smsIds;
  }

  const report = (smsId: string, over: Partial<Report> = {}): Report => ({
    smsId, status: 'delivered', provider: 'http', attempts: 1, error: null, reportedAt: new Date().toISOString(), ...over,
  });

  async function publish(payload: unknown, msgID: string = randomUUID()): Promise<string> {
    const h = natsHeaders();
    h.set(EVENT_VERSION_HEADER, '1');
    await nats.js.publish(nats.subject('sms.delivery.reported'), JSON.stringify(payload), { msgID, headers: h });
    return msgID;
  }

  const recorded = async (smsIds: string[]) =>
    (await pg.query(`SELECT sms_id, sms_status, sms_attempts, sms_error FROM ${table()} WHERE sms_id = ANY($1) AND sms_status IS NOT NULL`, [smsIds])).rows as {
      sms_id: string; sms_status: string; sms_attempts: number; sms_error: string | null;
    }[];

  it('records a burst of reports, several to a transaction', async () => {
    const smsIds = await codes(300);
    const messageIds = await Promise.all(smsIds.map((id) => publish(report(id))));
    await waitFor(async () => (await recorded(smsIds)).length === 300, { what: '300 reports recorded', timeoutMs: 30_000 });
    // Inbox rows of one transaction share its start time (now()): fewer distinct times than events means batches.
    const { rows } = await pg.query(`SELECT count(*)::int AS events, count(DISTINCT processed_at)::int AS transactions FROM ${inbox()} WHERE message_id = ANY($1)`, [messageIds]);
    expect(rows[0].events).toBe(300);
    expect(rows[0].transactions).toBeLessThan(300);
    expect(new Set((await recorded(smsIds)).map((r) => r.sms_status))).toEqual(new Set(['delivered']));
  });

  it('keeps recording the rest of a batch while one event fails, and redelivers that one alone', async () => {
    const smsIds = await codes(40);
    const poisonSms = smsIds[17];
    let poisonId = '';
    let failures = 0;
    auth.app.get(EventConsumers).hooks = {
      afterHandle: (_subject, messageId) => {
        if (messageId === poisonId) {
          failures += 1;
          throw new Error('this event fails for now');
        }
      },
    };
    poisonId = randomUUID();
    await Promise.all(smsIds.map((id) => publish(report(id), id === poisonSms ? poisonId : randomUUID())));
    await waitFor(async () => (await recorded(smsIds)).length === 39, { what: 'every report but the failing one', timeoutMs: 30_000 });
    expect((await recorded([poisonSms])).length).toBe(0);
    expect(failures).toBeGreaterThanOrEqual(1);
    // Once it stops failing, its redelivery is recorded too.
    auth.app.get(EventConsumers).hooks = {};
    await waitFor(async () => (await recorded([poisonSms])).length === 1, { what: 'the redelivered report', timeoutMs: 30_000 });
  });

  it('terminates a payload that breaks its contract alone, and records the others', async () => {
    const smsIds = await codes(3);
    await publish(report(smsIds[0]));
    await publish({ ...report(smsIds[1]), status: 'lost-in-space' });
    await publish(report(smsIds[2]));
    await waitFor(async () => (await recorded(smsIds)).length === 2, { what: 'the two valid reports' });
    expect((await recorded(smsIds)).map((r) => r.sms_id).sort()).toEqual([smsIds[0], smsIds[2]].sort());
  });

  it('lets the later attempt win within a batch and across batches, whatever the order', async () => {
    const [sms] = await codes(1);
    const t = Date.now();
    const second = report(sms, { status: 'delivered', attempts: 2, reportedAt: new Date(t).toISOString() });
    const first = report(sms, { status: 'failed', attempts: 1, error: 'timeout', reportedAt: new Date(t - 1000).toISOString() });
    // Later first, earlier after it, published together (they meet in one batch or follow each other).
    await Promise.all([publish(second), publish(first)]);
    const marker = (await codes(1))[0];
    await publish(report(marker));
    await waitFor(async () => (await recorded([marker])).length === 1, { what: 'the marker after both' });
    expect(await recorded([sms])).toEqual([{ sms_id: sms, sms_status: 'delivered', sms_attempts: 2, sms_error: null }]);
    // An earlier attempt arriving long after changes nothing either.
    await publish(report(sms, { status: 'failed', attempts: 1, error: 'late', reportedAt: new Date(t + 5000).toISOString() }));
    const marker2 = (await codes(1))[0];
    await publish(report(marker2));
    await waitFor(async () => (await recorded([marker2])).length === 1, { what: 'the second marker' });
    expect(await recorded([sms])).toEqual([{ sms_id: sms, sms_status: 'delivered', sms_attempts: 2, sms_error: null }]);
  });
});
