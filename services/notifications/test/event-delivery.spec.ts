/**
 * The outbox -> JetStream -> inbox path between two real services (auth writes probes, notifications consumes
 * them), with the faults it must survive: a relay that is down or dies between publish and commit, a consumer
 * that dies before acking or fails inside its transaction, and a payload that breaks its contract.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { ROLE, EventContractError } from '@olymp/proto';
import { EventConsumers, EventOutbox, KIT_CONFIG, KIT_LOGGER, type KitConfig, NatsService, OutboxRelay, type RunningService, currentRequestId } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { DataSource } from 'typeorm';

describe('event delivery between services', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let notifications: RunningService;
  let admin: string;
  let pg: Client;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    notifications = await startNotifications(ns.envFor('notifications'));
    admin = await testToken({ roleId: ROLE.admin });
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await notifications?.close();
    await auth?.close();
    await ns.cleanup();
  });

  afterEach(() => {
    auth.app.get(OutboxRelay).hooks = {};
    notifications.app.get(EventConsumers).hooks = {};
  });

  const sendProbe = async (note = 'test') => {
    const res = await request(auth.url).post('/api/system/probes').set('authorization', `Bearer ${admin}`).send({ note });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; eventId: string };
  };
  const receipt = (id: string) =>
    request(notifications.url).get(`/api/system/probe-receipts/${id}`).set('authorization', `Bearer ${admin}`);
  const waitReceipt = (id: string) =>
    waitFor(async () => {
      const r = await receipt(id);
      return r.status === 200 ? (r.body.data as { times: number; messageId: string }) : undefined;
    }, { what: `receipt of probe ${id}` });
  const streamMessages = async () => (await auth.app.get(NatsService).jsm.streams.info(auth.app.get(NatsService).streamName)).state.messages;
  const outboxRow = async (eventId: string) =>
    (await pg.query(`SELECT published_at, attempts FROM "${ns.schemaOf('auth')}".outbox WHERE id = $1`, [eventId])).rows[0] as
      | { published_at: Date | null; attempts: number }
      | undefined;

  it('delivers a committed event exactly once', async () => {
    const probe = await sendProbe();
    const r = await waitReceipt(probe.id);
    expect(r.times).toBe(1);
    expect(r.messageId).toBe(probe.eventId);
  });

  it('prunes outbox rows published long ago and keeps the rest', async () => {
    const old = await sendProbe('old');
    await waitFor(async () => (await outboxRow(old.eventId))?.published_at ?? undefined, { what: 'published' });
    const recent = await sendProbe('recent');
    await waitFor(async () => (await outboxRow(recent.eventId))?.published_at ?? undefined, { what: 'published' });
    await pg.query(`UPDATE "${ns.schemaOf('auth')}".outbox SET published_at = now() - interval '2 days' WHERE id = $1`, [old.eventId]);
    expect(await auth.app.get(OutboxRelay).prune(24)).toBeGreaterThanOrEqual(1);
    expect(await outboxRow(old.eventId)).toBeUndefined();
    expect(await outboxRow(recent.eventId)).toBeDefined();
  });

  it('carries the request id of the HTTP request into the consumer that handles its event', async () => {
    const consumers = notifications.app.get(EventConsumers);
    const seen = new Map<string, string | undefined>();
    consumers.hooks.afterHandle = (_subject, messageId) => {
      seen.set(messageId, currentRequestId());
    };
    const res = await request(auth.url).post('/api/system/probes').set('authorization', `Bearer ${admin}`)
      .set('x-request-id', 'trace-0123456789').send({ note: 'traced' });
    expect(res.status).toBe(201);
    await waitReceipt(res.body.data.id);
    expect(seen.get(res.body.data.eventId)).toBe('trace-0123456789');
  });

  it('keeps an event committed while the relay is down and publishes it once the relay is back', async () => {
    const relay = auth.app.get(OutboxRelay);
    await relay.stop();
    const probe = await sendProbe('relay down');
    expect((await outboxRow(probe.eventId))?.published_at).toBeNull();
    expect((await receipt(probe.id)).status).toBe(404);
    await relay.start();
    expect((await waitReceipt(probe.id)).times).toBe(1);
    expect((await outboxRow(probe.eventId))?.published_at).not.toBeNull();
  });

  it('relays at once an event committed while a batch was being published (its wake-up is not lost)', async () => {
    // A relay of its own with a poll of a minute: only the commit's notification can make it publish within the wait.
    const usual = auth.app.get(OutboxRelay);
    await usual.stop();
    const relay = new OutboxRelay(auth.app.get(DataSource), auth.app.get(NatsService), { ...auth.app.get<KitConfig>(KIT_CONFIG), OUTBOX_POLL_MS: 60_000 }, auth.app.get(KIT_LOGGER));
    let during: { id: string; eventId: string } | undefined;
    relay.hooks.afterPublish = async () => {
      if (during) return;
      during = await sendProbe('committed during a batch');
      // Its notification reached the relay while no one waited for it.
      await waitFor(() => (relay as unknown as { notified: boolean }).notified, { what: 'the notification seen during the batch' });
    };
    try {
      await relay.start();
      const first = await sendProbe('first');
      await waitFor(async () => (await outboxRow(first.eventId))?.published_at ?? undefined, { what: 'the first event relayed' });
      await waitFor(async () => during && ((await outboxRow(during.eventId))?.published_at ?? undefined), { what: 'the event committed during the batch relayed' });
      expect((await waitReceipt(during!.id)).times).toBe(1);
    } finally {
      await relay.stop();
      await usual.start();
    }
  });

  it('relays on a commit’s notification while it listens (its safety poll ten minutes away), keeps relaying when its LISTEN connection is cut, and listens again', async () => {
    // A relay of its own whose safety poll is ten minutes away: while it listens, only a commit's notification can
    // make it publish within a wait.
    const usual = auth.app.get(OutboxRelay);
    await usual.stop();
    const relay = new OutboxRelay(auth.app.get(DataSource), auth.app.get(NatsService), { ...auth.app.get<KitConfig>(KIT_CONFIG), OUTBOX_POLL_MS: 200, OUTBOX_LISTENING_POLL_MS: 600_000 }, auth.app.get(KIT_LOGGER));
    const published = (eventId: string, what: string) => waitFor(async () => (await outboxRow(eventId))?.published_at ?? undefined, { what });
    // This namespace's relay only (other test files' relays run beside it): its channel is named after its schema.
    const listenerPid = async () =>
      (await pg.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'auth:relay' AND query = $1`, [`LISTEN "outbox_${ns.schemaOf('auth')}"`])).rows.map((r) => r.pid);
    try {
      await relay.start();
      const [first] = await waitFor(async () => { const pids = await listenerPid(); return pids.length === 1 ? pids : undefined; }, { what: 'the relay listening' });
      const listening = await sendProbe('listening');
      await published(listening.eventId, 'the event woken by its commit');
      // The server cuts the connection (as a failover would): an event committed now is relayed all the same (by
      // the short poll, or by the catch-up when it listens again), and the relay listens on a new connection.
      await pg.query('SELECT pg_terminate_backend($1)', [first]);
      const deaf = await sendProbe('while the listener is down');
      await published(deaf.eventId, 'the event committed while the relay was deaf');
      const [again] = await waitFor(async () => { const pids = await listenerPid(); return pids.length === 1 && pids[0] !== first ? pids : undefined; }, { what: 'the relay listening again' });
      expect(again).not.toBe(first);
      expect(relay.listening).toBe(true);
      const after = await sendProbe('listening again');
      await published(after.eventId, 'the event woken by its commit after the reconnection');
      for (const p of [listening, deaf, after]) expect((await waitReceipt(p.id)).times).toBe(1);
    } finally {
      await relay.stop();
      await usual.start();
    }
  });

  it('publishes once when the relay dies after publishing and before marking the row', async () => {
    const relay = auth.app.get(OutboxRelay);
    const before = await streamMessages();
    let crashes = 0;
    relay.hooks.afterPublish = () => {
      if (crashes++ === 0) throw new Error('simulated crash between publish and commit');
    };
    const probe = await sendProbe('relay crash');
    await waitFor(async () => (await outboxRow(probe.eventId))?.published_at ?? undefined, { what: 'row marked published' });
    expect(crashes).toBeGreaterThanOrEqual(2); // the batch was published, "crashed", and was published again
    expect(await streamMessages()).toBe(before + 1); // JetStream dropped the second copy (same Nats-Msg-Id)
    expect((await waitReceipt(probe.id)).times).toBe(1);
  });

  it('a message redelivered after its effect committed changes nothing', async () => {
    const consumers = notifications.app.get(EventConsumers);
    const seen: string[] = [];
    consumers.hooks.beforeAck = (subject, messageId) => {
      seen.push(messageId);
      if (seen.length === 1) throw new Error('simulated crash before ack');
    };
    const probe = await sendProbe('consumer crash');
    await waitFor(() => seen.filter((id) => id === probe.eventId).length >= 2, { what: 'redelivery', timeoutMs: 15_000 });
    expect((await waitReceipt(probe.id)).times).toBe(1);
    const inbox = await pg.query(`SELECT count(*)::int AS n FROM "${ns.schemaOf('notifications')}".inbox WHERE message_id = $1`, [probe.eventId]);
    expect(inbox.rows[0].n).toBe(1);
  });

  it('a handler that fails leaves no effect and succeeds on redelivery', async () => {
    const consumers = notifications.app.get(EventConsumers);
    let attempts = 0;
    consumers.hooks.afterHandle = () => {
      if (attempts++ === 0) throw new Error('simulated failure inside the transaction');
    };
    const probe = await sendProbe('handler failure');
    expect((await waitReceipt(probe.id)).times).toBe(1);
    expect(attempts).toBe(2);
  });

  it('refuses to write an event that breaks its contract, and nothing is committed', async () => {
    const ds = auth.app.get(DataSource);
    const outbox = auth.app.get(EventOutbox);
    const probeId = randomUUID();
    await expect(
      ds.transaction(async (m) => {
        await m.query('INSERT INTO system_probe (id, note, sent_at) VALUES ($1, $2, now())', [probeId, 'bad']);
        await outbox.add(m, 'system.probe.sent', { probeId: 'not-a-uuid', origin: 'auth', note: '', sentAt: 'yesterday' });
      }),
    ).rejects.toBeInstanceOf(EventContractError);
    const rows = await pg.query(`SELECT count(*)::int AS n FROM "${ns.schemaOf('auth')}".system_probe WHERE id = $1`, [probeId]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('drops a consumed payload that breaks its contract and keeps consuming', async () => {
    const nats = auth.app.get(NatsService);
    const h = natsHeaders();
    h.set('x-event-version', '1');
    const badProbeId = randomUUID();
    await nats.js.publish(nats.subject('system.probe.sent'), JSON.stringify({ probeId: badProbeId, origin: 'auth' }), {
      msgID: randomUUID(),
      headers: h,
    });
    const good = await sendProbe('after a bad one');
    expect((await waitReceipt(good.id)).times).toBe(1);
    expect((await receipt(badProbeId)).status).toBe(404);
  });
});
