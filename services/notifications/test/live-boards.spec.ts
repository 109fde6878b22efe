/**
 * Live leaderboards over socket.io against a real notifications service, PostgreSQL and NATS: quiz.finished
 * events (published through the outbox and JetStream, as learning publishes them) reach subscribed sockets as
 * coalesced pushes in spec section 9's order; repeats change nothing; the public board shows public fields only;
 * a restarted node serves the same board.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startNotifications } from '@olymp/notifications';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { Viewer, publish, quizFinished } from './helpers';

const PUBLIC_ROW_KEYS = ['name', 'points', 'rank', 'region', 'school', 'timeSpentMs'];

describe('live leaderboards', () => {
  const ns = createTestNamespace();
  let node: RunningService;
  const viewers: Viewer[] = [];
  const env = () => ns.envFor('notifications', { LEADERBOARD_PUSH_MS: '250', LEADERBOARD_ME_PUSH_MS: '200' });
  const connect = async (auth: Record<string, unknown> = {}, url = node.url) => {
    const v = await Viewer.connect(url, auth);
    viewers.push(v);
    return v;
  };

  beforeAll(async () => {
    node = await startNotifications(env());
  });

  afterAll(async () => {
    for (const v of viewers) v.close();
    await node?.close();
    await ns.cleanup();
  });

  it('pushes the new ranking to a subscribed socket, ordered by points then time', async () => {
    const board = { kind: 'challenge' as const, id: randomUUID() };
    const viewer = await connect();
    expect(await viewer.subscribe(board)).toEqual({ ok: true });
    const first = await waitFor(() => viewer.latest(board.id), { what: 'the board at subscribe' });
    expect(first).toMatchObject({ participants: 0, top: [] });

    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const publishedAt = Date.now();
    await publish(node, 'quiz.finished', [
      quizFinished(board, { userId: a, points: 40, timeSpentMs: 90_000, version: 1 }),
      quizFinished(board, { userId: b, points: 50, timeSpentMs: 120_000, version: 1 }),
      quizFinished(board, { userId: c, points: 40, timeSpentMs: 60_000, version: 1 }),
      quizFinished(board, { userId: d, points: 40, timeSpentMs: 90_000, version: 1 }),
    ]);
    const view = await waitFor(() => viewer.latest(board.id)?.participants === 4 && viewer.latest(board.id), {
      what: 'the ranking after four finishes',
      timeoutMs: 1000, // the bound: within a second of the events being published
    });
    const latencyMs = Date.now() - publishedAt;
    // Points descending, then time ascending; equal points and time share a rank.
    expect(view.top.map((r) => [r.rank, r.points, r.timeSpentMs])).toEqual([
      [1, 50, 120_000],
      [2, 40, 60_000],
      [3, 40, 90_000],
      [3, 40, 90_000],
    ]);
    for (const row of view.top) expect(Object.keys(row).sort()).toEqual(PUBLIC_ROW_KEYS);
    process.stdout.write(`[live-boards] commit to push: ${latencyMs} ms\n`);
  });

  it('coalesces a burst of 100 finishes into a handful of pushes', async () => {
    const board = { kind: 'training' as const, id: randomUUID() };
    const viewer = await connect();
    expect(await viewer.subscribe(board)).toEqual({ ok: true });
    await waitFor(() => viewer.latest(board.id), { what: 'the board at subscribe' });
    const before = viewer.boards.length;
    const finishes = Array.from({ length: 100 }, (_, i) => ({ userId: randomUUID(), points: (i % 10) * 10, timeSpentMs: 1000 + ((i * 37) % 100) * 1000, version: 1 }));
    await publish(node, 'quiz.finished', finishes.map((f) => quizFinished(board, f)));
    const view = await waitFor(() => viewer.latest(board.id)?.participants === 100 && viewer.latest(board.id), { what: '100 participants' });
    const pushes = viewer.boards.length - before;
    expect(pushes).toBeGreaterThanOrEqual(1);
    expect(pushes).toBeLessThanOrEqual(8);
    const expected = [...finishes].sort((x, y) => y.points - x.points || x.timeSpentMs - y.timeSpentMs).slice(0, 50);
    expect(view.top.map((r) => [r.points, r.timeSpentMs])).toEqual(expected.map((f) => [f.points, f.timeSpentMs]));
    process.stdout.write(`[live-boards] 100 finishes -> ${pushes} pushes\n`);
  });

  it('a repeated or older standing does not change the board', async () => {
    const board = { kind: 'challenge' as const, id: randomUUID() };
    const user = randomUUID();
    const other = randomUUID();
    await publish(node, 'quiz.finished', [quizFinished(board, { userId: user, points: 30, timeSpentMs: 5000, version: 2 })]);
    // The same standing again (a redelivery from learning's side, another message id), then an older one.
    await publish(node, 'quiz.finished', [quizFinished(board, { userId: user, points: 30, timeSpentMs: 5000, version: 2 })]);
    await publish(node, 'quiz.finished', [quizFinished(board, { userId: user, points: 10, timeSpentMs: 1000, version: 1 })]);
    // A later event on the same board proves the ones before it were consumed.
    await publish(node, 'quiz.finished', [quizFinished(board, { userId: other, points: 5, timeSpentMs: 100, version: 1 })]);
    const res = await waitFor(async () => {
      const r = await request(node.url).get(`/api/leaderboard-live/${board.id}`).set('x-locale', 'en');
      return r.status === 200 && r.body.data.participants === 2 && r.body.data;
    }, { what: 'both pupils on the public board' });
    expect(res.top.map((r: { points: number; timeSpentMs: number }) => [r.points, r.timeSpentMs])).toEqual([
      [30, 5000],
      [5, 100],
    ]);
  });

  it('a signed-in participant also gets its own rank and points; the public board hides private fields', async () => {
    const board = { kind: 'challenge' as const, id: randomUUID() };
    const me = randomUUID();
    await publish(node, 'quiz.finished', [
      quizFinished(board, { userId: randomUUID(), points: 90, timeSpentMs: 1000, version: 1 }),
      quizFinished(board, { userId: me, points: 70, timeSpentMs: 1000, version: 1, correctCount: 7 }),
    ]);
    await waitFor(async () => (await request(node.url).get(`/api/leaderboard-live/${board.id}`)).body.data?.participants === 2, { what: 'the board' });
    const viewer = await connect({ token: await testToken({ userId: me }), locale: 'ru' });
    expect(await viewer.subscribe(board)).toEqual({ ok: true });
    const mine = await waitFor(() => viewer.me.find((m) => m.board.id === board.id), { what: 'my standing' });
    expect(mine).toMatchObject({ rank: 2, points: 70, participants: 2, correctCount: 7 });
    const memberView = await waitFor(() => viewer.latest(board.id), { what: 'the member view' });
    expect(Object.keys(memberView.top[0]).sort()).toEqual([...PUBLIC_ROW_KEYS, 'correctCount', 'district', 'percent'].sort());

    // I improve: my rank follows.
    await publish(node, 'quiz.finished', [quizFinished(board, { userId: me, points: 120, timeSpentMs: 2000, version: 2 })]);
    await waitFor(() => viewer.me.at(-1)?.rank === 1, { what: 'rank 1 pushed' });

    const pub = await request(node.url).get(`/api/leaderboard-live/${board.id}`).set('x-locale', 'kk');
    expect(pub.status).toBe(200);
    expect(Object.keys(pub.body.data).sort()).toEqual(['at', 'board', 'maxPoints', 'participants', 'top', 'version']);
    for (const row of pub.body.data.top) expect(Object.keys(row).sort()).toEqual(PUBLIC_ROW_KEYS);
    expect(JSON.stringify(pub.body)).not.toContain(me);
  });

  it('a socket that reconnects gets the current board at once', async () => {
    const board = { kind: 'challenge' as const, id: randomUUID() };
    await publish(node, 'quiz.finished', [quizFinished(board, { userId: randomUUID(), points: 10, timeSpentMs: 10, version: 1 })]);
    await waitFor(async () => (await request(node.url).get(`/api/leaderboard-live/${board.id}`)).body.data?.participants === 1, { what: 'the board' });
    // Subscribed at connect through the handshake, as a reconnecting client does (it resends the same auth).
    const viewer = await connect({ boards: [board] });
    const view = await waitFor(() => viewer.latest(board.id), { what: 'the board at connect' });
    expect(view.participants).toBe(1);
  });

  it('refuses bad input on the socket and over HTTP, in the caller language', async () => {
    const viewer = await connect({ locale: 'en' });
    const bad = await viewer.subscribe({ kind: 'olympiad', id: 'x' });
    expect(bad).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    const http = await request(node.url).get('/api/leaderboard-live/not-a-uuid').set('x-locale', 'ru');
    expect(http.status).toBe(400);
    expect(http.body.code).toBe('INVALID_ID');
    expect(http.body.message).toMatch(/идентификатор/);
    const kind = await request(node.url).get(`/api/leaderboard-live/${randomUUID()}`).query({ kind: 'olympiad' }).set('x-locale', 'kk');
    expect(kind.status).toBe(400);
    expect(kind.body.code).toBe('VALIDATION_FAILED');
    // A forged token is refused at connect, not silently treated as anonymous.
    await expect(Viewer.connect(node.url, { token: 'not.a.token' })).rejects.toThrow(/UNAUTHENTICATED/);
  });

  it('a restarted node serves the same board', async () => {
    const board = { kind: 'challenge' as const, id: randomUUID() };
    await publish(node, 'quiz.finished', [
      quizFinished(board, { userId: randomUUID(), points: 70, timeSpentMs: 3000, version: 1 }),
      quizFinished(board, { userId: randomUUID(), points: 80, timeSpentMs: 9000, version: 1 }),
    ]);
    const before = await waitFor(async () => {
      const r = await request(node.url).get(`/api/leaderboard-live/${board.id}`);
      return r.body.data?.participants === 2 && r.body.data;
    }, { what: 'the board before the restart' });
    await node.close();
    node = await startNotifications(env());
    const after = await waitFor(async () => {
      const r = await request(node.url).get(`/api/leaderboard-live/${board.id}`);
      return r.body.data?.participants === 2 && r.body.data;
    }, { what: 'the board after the restart' });
    expect(after.top).toEqual(before.top);
  });
});
