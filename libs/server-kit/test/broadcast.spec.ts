/**
 * The kit's "every node reads everything" primitive (BroadcastConsumers) against real NATS JetStream, in a booted
 * service: payloads are validated in the version their `x-event-version` header names, contract breaches and
 * handler failures are skipped, `from` picks where reading starts, and stop waits for the handler in flight.
 * Messages are published to the stream directly (as the outbox relay publishes them), to control the headers.
 */
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { startShop } from '@olymp/shop';
import type { EventPayload } from '@olymp/proto';
import { type BroadcastMeta, BroadcastConsumers, EVENT_VERSION_HEADER, NatsService, type RunningService, SessionRevocations } from '@olymp/server-kit';
import { createTestNamespace, waitFor } from '@olymp/server-kit/testing';

type Revoked = EventPayload<'auth.session.revoked'>;

describe('broadcast consumers', () => {
  const ns = createTestNamespace();
  let service: RunningService;
  let nats: NatsService;
  let broadcasts: BroadcastConsumers;

  beforeAll(async () => {
    service = await startShop(ns.envFor('shop'));
    nats = service.app.get(NatsService);
    broadcasts = service.app.get(BroadcastConsumers);
  });

  afterAll(async () => {
    await service?.close();
    await ns.cleanup();
  });

  const revoked = (): Revoked => ({
    sessionId: randomUUID(), userId: randomUUID(), deviceId: 'phone', reason: 'logout', revokedAt: new Date().toISOString(),
  });

  async function send(payload: unknown, version?: string): Promise<void> {
    const h = natsHeaders();
    if (version !== undefined) h.set(EVENT_VERSION_HEADER, version);
    await nats.js.publish(nats.subject('auth.session.revoked'), JSON.stringify(payload), { headers: h });
  }

  it('validates each payload in the version its header names, and skips what breaks the contract', async () => {
    const seen: { id: string; meta: BroadcastMeta }[] = [];
    const reader = await broadcasts.consume('auth.session.revoked', { from: 'new' }, (e, meta) => {
      seen.push({ id: e.sessionId, meta });
    });
    const v1 = revoked();
    const unknownVersion = revoked();
    const noHeader = revoked();
    const marker = revoked();
    await send(v1, '1');
    await send(unknownVersion, '2'); // no v2 of this subject: refused, though the payload is a valid v1
    await send({ ...revoked(), reason: 'stolen' }, '1'); // breaks v1
    await send(noHeader); // no header: the subject's current version
    await send(marker, '1');
    await waitFor(() => seen.some((s) => s.id === marker.sessionId), { what: 'the last message' });
    expect(seen.map((s) => [s.id, s.meta.version])).toEqual([
      [v1.sessionId, 1],
      [noHeader.sessionId, 1],
      [marker.sessionId, 1],
    ]);
    expect(seen.every((s, i) => i === 0 || s.meta.seq > seen[i - 1].meta.seq)).toBe(true);
    // The kit's own session revocations read the same subject through the same primitive.
    const revocations = service.app.get(SessionRevocations);
    await waitFor(() => revocations.isRevoked(marker.sessionId), { what: 'the revocation known to the kit' });
    expect(revocations.isRevoked(unknownVersion.sessionId)).toBe(false);
    await reader.stop();
  });

  it('starts where asked: the whole stream, a while back, or only new messages; a failing handler is skipped', async () => {
    const before = revoked();
    await send(before, '1');
    const fromAll: string[] = [];
    const since: string[] = [];
    const fresh: string[] = [];
    const readers = [
      await broadcasts.consume('auth.session.revoked', { from: 'all' }, (e) => {
        fromAll.push(e.sessionId);
      }),
      await broadcasts.consume('auth.session.revoked', { from: { sinceMs: 60_000 } }, (e) => {
        if (e.sessionId === before.sessionId) throw new Error('handler failure');
        since.push(e.sessionId);
      }),
      await broadcasts.consume('auth.session.revoked', { from: 'new' }, (e) => {
        fresh.push(e.sessionId);
      }),
    ];
    const after = revoked();
    await send(after, '1');
    await waitFor(() => [fromAll, since, fresh].every((l) => l.includes(after.sessionId)), { what: 'the new message everywhere' });
    expect(fromAll).toContain(before.sessionId);
    expect(since).not.toContain(before.sessionId); // its handler threw; the reader went on
    expect(fresh).toEqual([after.sessionId]);
    for (const r of readers) await r.stop();
  });

  it('stop waits for the handler in flight', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const reader = await broadcasts.consume('auth.session.revoked', { from: 'new' }, async () => {
      order.push('handler started');
      await gate;
      order.push('handler finished');
    });
    await send(revoked(), '1');
    await waitFor(() => order.length === 1, { what: 'the handler running' });
    const stopped = reader.stop().then(() => order.push('stopped'));
    release();
    await stopped;
    expect(order).toEqual(['handler started', 'handler finished', 'stopped']);
  });
});
