/**
 * A service's RPC server stops by waiting for the requests it is answering, not for a fixed time: a request taken
 * before the stop gets its reply and the connection closes only after it; with nothing in flight the stop does not
 * wait for the grace period at all (here 10 minutes, past the test's own limit); a handler that fails never leaves a
 * request counted.
 */
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { PrefixedNatsServer } from '@olymp/server-kit';
import { createTestNamespace } from '@olymp/server-kit/testing';

const TEN_MINUTES = 600_000;

describe('RPC server stop', () => {
  const ns = createTestNamespace();
  let client: NatsConnection;

  beforeAll(async () => {
    client = await connect({ servers: ns.natsUrl });
  });
  afterAll(async () => {
    await client?.close();
  });

  async function serve(handlers: Record<string, (data: unknown) => Promise<unknown>>): Promise<PrefixedNatsServer> {
    const server = new PrefixedNatsServer({ servers: ns.natsUrl, queue: `${ns.natsPrefix}probe`, gracefulShutdown: true, gracePeriod: TEN_MINUTES }, ns.natsPrefix);
    for (const [pattern, handler] of Object.entries(handlers)) server.addHandler(pattern, handler as never);
    await new Promise<void>((resolve, reject) => server.listen((err?: unknown) => (err ? reject(err) : resolve())));
    return server;
  }

  const ask = async (pattern: string, data: unknown = {}) =>
    (await client.request(`${ns.natsPrefix}${pattern}`, JSON.stringify({ pattern, data, id: randomUUID() }), { timeout: 30_000 })).json<{ response?: unknown; err?: unknown }>();

  it('answers the request in flight before it closes, then takes no more', async () => {
    let release!: () => void;
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    const gate = new Promise<void>((r) => (release = r));
    const server = await serve({
      'probe.slow': async () => {
        entered();
        await gate;
        return { answered: true };
      },
    });
    const reply = ask('probe.slow');
    await inHandler;
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    release();
    expect((await reply).response).toEqual({ answered: true });
    await closing;
    expect(closed).toBe(true);
    await expect(client.request(`${ns.natsPrefix}probe.slow`, JSON.stringify({ pattern: 'probe.slow', data: {}, id: randomUUID() }), { timeout: 2_000 })).rejects.toThrow();
  });

  it('closes at once when nothing is in flight, also after a request whose handler failed', async () => {
    const server = await serve({
      'probe.ok': async () => 'ok',
      'probe.fails': async () => {
        throw new Error('boom');
      },
    });
    expect((await ask('probe.ok')).response).toBe('ok');
    // A handler that throws outside Nest's exception filters gets no reply (Nest logs it): the caller times out.
    await expect(client.request(`${ns.natsPrefix}probe.fails`, JSON.stringify({ pattern: 'probe.fails', data: {}, id: randomUUID() }), { timeout: 1_000 })).rejects.toThrow();
    // With a request still counted this would wait the 10-minute grace and fail on the test's timeout.
    await server.close();
  }, 30_000);
});
