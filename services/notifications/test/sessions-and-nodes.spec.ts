/**
 * Several notifications nodes behind one gateway: each holds every board (its own quiz.finished feed), notices
 * produced on one node reach sockets on another through @socket.io/postgres-adapter, and a revoked session's
 * sockets are closed at once on every node.
 */
import { randomUUID } from 'node:crypto';
import { startNotifications } from '@olymp/notifications';
import { EventConsumers, type RunningService, SessionRevocations } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { Viewer, publish, quizFinished } from './helpers';

describe('two notifications nodes', () => {
  const ns = createTestNamespace();
  let a: RunningService;
  let b: RunningService;
  const viewers: Viewer[] = [];
  const connect = async (url: string, auth: Record<string, unknown> = {}) => {
    const v = await Viewer.connect(url, auth);
    viewers.push(v);
    return v;
  };

  beforeAll(async () => {
    a = await startNotifications(ns.envFor('notifications'));
    b = await startNotifications(ns.envFor('notifications'));
  });

  afterAll(async () => {
    for (const v of viewers) v.close();
    await a?.close();
    await b?.close();
    await ns.cleanup();
  });

  it('a board changed by events reaches viewers on both nodes', async () => {
    const board = { kind: 'challenge' as const, id: randomUUID() };
    const onA = await connect(a.url);
    const onB = await connect(b.url);
    expect(await onA.subscribe(board)).toEqual({ ok: true });
    expect(await onB.subscribe(board)).toEqual({ ok: true });
    await publish(b, 'quiz.finished', [quizFinished(board, { userId: randomUUID(), points: 25, timeSpentMs: 700, version: 1 })]);
    for (const v of [onA, onB]) {
      const view = await waitFor(() => v.latest(board.id)?.participants === 1 && v.latest(board.id), { what: 'the pushed board' });
      expect(view.top[0]).toMatchObject({ rank: 1, points: 25, timeSpentMs: 700 });
    }
  });

  it('a notice produced on node B reaches the user socket on node A through the adapter', async () => {
    const userId = randomUUID();
    const onA = await connect(a.url, { token: await testToken({ userId }), locale: 'en' });
    // Node A stops consuming, so the event can only be handled by node B.
    await a.app.get(EventConsumers).beforeApplicationShutdown();
    const invoiceId = randomUUID();
    await publish(b, 'invoice.paid', [
      { invoiceId, userId, product: { kind: 'challenge', id: randomUUID() }, amountTenge: 10500, amountZp: 0, method: 'provider', paidAt: new Date().toISOString() },
    ]);
    const notice = await waitFor(() => onA.notices.find((n) => n.data.invoiceId === invoiceId), { what: 'the notice on node A' });
    expect(notice).toMatchObject({ kind: 'invoice.paid', toast: 'success', title: 'Payment received', readAt: null });
    expect(notice.text).toContain('10');
  });

  it('closes a revoked session\'s sockets on every node at once, and refuses its token afterwards', async () => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    const token = await testToken({ userId, sessionId });
    const onA = await connect(a.url, { token });
    const onB = await connect(b.url, { token });
    const other = await connect(a.url, { token: await testToken({ userId }) }); // another session of the same user
    await publish(a, 'auth.session.revoked', [{ sessionId, userId, deviceId: 'd1', reason: 'new_device', revokedAt: new Date().toISOString() }]);
    await waitFor(() => onA.disconnectReason, { what: 'node A closing the socket' });
    await waitFor(() => onB.disconnectReason, { what: 'node B closing the socket' });
    expect(onA.disconnectReason).toBe('io server disconnect');
    expect(onB.disconnectReason).toBe('io server disconnect');
    expect(other.socket.connected).toBe(true);
    await waitFor(() => b.app.get(SessionRevocations).isRevoked(sessionId), { what: 'the revocation known to the kit' });
    await expect(Viewer.connect(b.url, { token })).rejects.toThrow(/UNAUTHENTICATED/);
  });
});
