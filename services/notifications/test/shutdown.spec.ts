/**
 * Graceful shutdown drains in-flight work: a consumer handling a message when the service is asked to stop
 * finishes it, commits and acks before the process lets go of NATS and PostgreSQL; nothing is redelivered later.
 */
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { ROLE } from '@olymp/proto';
import { EventConsumers, NatsService, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

describe('graceful shutdown', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  it('finishes and acks the message in flight before closing', async () => {
    const notifications = await startNotifications(ns.envFor('notifications'));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered = false;
    notifications.app.get(EventConsumers).hooks.afterHandle = async () => {
      entered = true;
      await gate;
    };
    const admin = await testToken({ roleId: ROLE.admin });
    const sent = await request(auth.url).post('/api/system/probes').set('authorization', `Bearer ${admin}`).send({ note: 'drain' });
    expect(sent.status).toBe(201);
    await waitFor(() => entered, { what: 'handler in flight' });

    let closed = false;
    const closing = notifications.close().then(() => (closed = true));
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false); // still waiting for the handler
    release();
    await closing;

    const receipt = await pg.query(`SELECT times FROM "${ns.schemaOf('notifications')}".system_probe_receipt WHERE probe_id = $1`, [sent.body.data.id]);
    expect(receipt.rows).toEqual([{ times: 1 }]);

    // Nothing is left unacked for the next start to redo.
    const nats = auth.app.get(NatsService);
    const durables: { num_pending: number; num_ack_pending: number; name: string }[] = [];
    for await (const c of nats.jsm.consumers.list(nats.streamName)) {
      if (c.name.includes('notifications__system_probe_sent')) durables.push(c);
    }
    expect(durables).toHaveLength(1);
    expect(durables[0].num_ack_pending).toBe(0);
    expect(durables[0].num_pending).toBe(0);
  });
});
