/**
 * Anonymous sockets cannot make learning do unbounded work: `board:subscribe` attempts are limited per socket and
 * per client address (the address the gateway puts in X-Forwarded-For), a socket that keeps flooding is
 * disconnected, and "learning does not know this board" is remembered and shared. RPCs to learning are counted
 * with a plain NATS subscription on the request subject (it sees every request; the real learning service answers).
 * The handshake is refused whole when any field is invalid, never downgraded to anonymous.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startLearning } from '@olymp/learning';
import { startNotifications } from '@olymp/notifications';
import { ROLE, errorMessage } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { clientAddress, compileTrust } from '../src/realtime/subscribe-limits';
import { Viewer, publish, quizFinished } from './helpers';

const HOUR = 3_600_000;
/** The defaults' bursts, with refills slowed to almost nothing so that the bounds below do not depend on time. */
const SOCKET_BURST = 20;
const ADDRESS_BURST = 300;
const STRIKES = 20;

describe('board:subscribe limits', () => {
  const ns = createTestNamespace();
  let learning: RunningService;
  let node: RunningService;
  let nc: NatsConnection;
  let lookups = 0;
  const viewers: Viewer[] = [];
  let addressSeq = 0;
  /** A fresh client address, as the gateway would forward it (the test connects from loopback, a trusted proxy). */
  const address = () => `203.0.113.${++addressSeq}`;
  const open = async (from: string, auth: Record<string, unknown> = {}) => {
    const v = await Viewer.connect(node.url, auth, { 'x-forwarded-for': `198.51.100.250, ${from}` });
    viewers.push(v);
    return v;
  };

  beforeAll(async () => {
    learning = await startLearning(ns.envFor('learning'));
    node = await startNotifications(
      ns.envFor('notifications', {
        SOCKET_SUBSCRIBE_BURST: String(SOCKET_BURST),
        SOCKET_SUBSCRIBE_PER_SECOND: '0.01',
        ADDRESS_SUBSCRIBE_BURST: String(ADDRESS_BURST),
        ADDRESS_SUBSCRIBE_PER_SECOND: '0.01',
        SOCKET_SUBSCRIBE_STRIKES: String(STRIKES),
      }),
    );
    nc = await connect({ servers: ns.natsUrl });
    const sub = nc.subscribe(`${ns.natsPrefix}learning.board.standings`);
    void (async () => {
      for await (const _ of sub) lookups++;
    })();
    await nc.flush();
  });

  afterAll(async () => {
    for (const v of viewers) v.close();
    await nc?.drain();
    await node?.close();
    await learning?.close();
    await ns.cleanup();
  });

  it('a flood of subscriptions to random ids from many sockets asks learning a bounded number of times', async () => {
    const addresses = [address(), address()];
    const socketsPerAddress = 20;
    const attemptsPerSocket = 100;
    const flooders = await Promise.all(addresses.flatMap((a) => Array.from({ length: socketsPerAddress }, () => open(a))));
    const before = lookups;
    const acks: { ok: boolean; code?: string }[] = [];
    for (const v of flooders) {
      for (let i = 0; i < attemptsPerSocket; i++) {
        v.socket.emit('board:subscribe', { kind: 'challenge', id: randomUUID() }, (ack) => acks.push(ack));
      }
    }
    // Every flooding socket is disconnected once it has been refused STRIKES times more.
    await waitFor(() => flooders.every((v) => v.disconnectReason === 'io server disconnect'), { what: 'every flooder disconnected', timeoutMs: 30_000 });
    const made = lookups - before;
    process.stdout.write(`[subscribe-limits] ${acks.length} answered of ${flooders.length * attemptsPerSocket} attempts, ${made} lookups at learning\n`);
    // 2 addresses x 20 sockets x 100 attempts = 4,000 attempts; per address at most its burst gets through.
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThanOrEqual(addresses.length * ADDRESS_BURST + 2);
    const limited = acks.filter((a) => a.code === 'SOCKET_SUBSCRIBE_RATE_LIMITED');
    expect(limited.length).toBeGreaterThanOrEqual(flooders.length * STRIKES);
    expect(acks.filter((a) => a.ok)).toEqual([]);
  });

  it('refuses over-limit attempts of one socket in its language, before any lookup', async () => {
    const v = await open(address(), { locale: 'ru' });
    const answers = [];
    for (let i = 0; i < SOCKET_BURST; i++) answers.push(await v.subscribe({ kind: 'training', id: randomUUID() }));
    expect(answers.every((a) => a.ok === false && a.code === 'NOT_FOUND')).toBe(true);
    const before = lookups;
    const refused = await v.subscribe({ kind: 'training', id: randomUUID() });
    expect(refused).toMatchObject({ ok: false, code: 'SOCKET_SUBSCRIBE_RATE_LIMITED' });
    expect(refused.ok === false && refused.message).toMatch(/^Слишком много подписок на рейтинги за короткое время\. Подождите \d+ с/);
    // An invalid payload counts too (it is an attempt), and costs no lookup.
    expect(await v.subscribe({ kind: 'olympiad', id: 'x' })).toMatchObject({ ok: false, code: 'SOCKET_SUBSCRIBE_RATE_LIMITED' });
    expect(lookups).toBe(before);
    expect(v.socket.connected).toBe(true);
  });

  it('asks learning once about an unknown board, however often and however concurrently it is asked', async () => {
    const unknown = { kind: 'challenge' as const, id: randomUUID() };
    const before = lookups;
    const many = await Promise.all(Array.from({ length: 10 }, () => open(address())));
    const together = await Promise.all(many.map((v) => v.subscribe(unknown)));
    expect(together.every((a) => a.ok === false && a.code === 'NOT_FOUND')).toBe(true);
    const one = await open(address(), { locale: 'en' });
    for (let i = 0; i < 5; i++) expect(await one.subscribe(unknown)).toMatchObject({ ok: false, code: 'NOT_FOUND', message: errorMessage('NOT_FOUND', 'en') });
    const http = await request(node.url).get(`/api/leaderboard-live/${unknown.id}`);
    expect(http.status).toBe(404);
    await nc.flush();
    expect(lookups - before).toBe(1);
  });

  it('legitimate subscriptions still work after a flood', async () => {
    const now = Date.now();
    const admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    const created = await request(learning.url).post('/api/challenges').set('Authorization', admin).send({
      titleKk: 'Челлендж', titleRu: 'Челлендж', titleEn: 'Challenge', grade: 5,
      startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + 100 * HOUR).toISOString(), priceTenge: 0, priceZp: 0,
    });
    expect(created.status).toBe(201);
    const board = { kind: 'challenge' as const, id: created.body.id as string };
    const pupil = await open(address(), { token: await testToken() });
    expect(await pupil.subscribe(board)).toEqual({ ok: true });
    const view = await waitFor(() => pupil.latest(board.id), { what: 'the board at subscribe' });
    expect(view).toMatchObject({ participants: 0, top: [] });
    const screen = await open(address(), { boards: [board] });
    await waitFor(() => screen.latest(board.id), { what: 'the board subscribed at connect' });
  });

  it('a school behind one address subscribes to a board the node holds more often than the address limit allows lookups', async () => {
    const now = Date.now();
    const admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    const created = await request(learning.url).post('/api/challenges').set('Authorization', admin).send({
      titleKk: 'Челлендж', titleRu: 'Челлендж', titleEn: 'Challenge', grade: 6,
      startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + 100 * HOUR).toISOString(), priceTenge: 0, priceZp: 0,
    });
    expect(created.status).toBe(201);
    const board = { kind: 'challenge' as const, id: created.body.id as string };
    await publish(node, 'quiz.finished', [quizFinished(board, { userId: randomUUID(), points: 10, timeSpentMs: 5000, version: 1 })]);
    const first = await open(address());
    await waitFor(async () => (await first.subscribe(board)).ok && first.latest(board.id)?.participants === 1, { what: 'the board held by the node' });
    const school = address();
    const pupils = await Promise.all(Array.from({ length: 20 }, () => open(school)));
    const before = lookups;
    const answers = await Promise.all(pupils.flatMap((v) => Array.from({ length: SOCKET_BURST - 4 }, () => v.subscribe(board))));
    expect(answers.length).toBeGreaterThan(ADDRESS_BURST);
    expect(answers.filter((a) => !a.ok)).toEqual([]);
    expect(lookups).toBe(before);
  });
});

describe('the socket handshake', () => {
  const ns = createTestNamespace();
  let node: RunningService;
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    node = await startNotifications(ns.envFor('notifications'));
  });

  afterAll(async () => {
    for (const v of viewers) v.close();
    await node?.close();
    await ns.cleanup();
  });

  const refusal = async (auth: Record<string, unknown>) => {
    const err = (await Viewer.connect(node.url, auth).then(
      (v) => {
        viewers.push(v);
        throw new Error('connected');
      },
      (e: unknown) => e,
    )) as Error & { data?: { code: string; message: string } };
    return { message: err.message, data: err.data };
  };

  it('refuses a valid token with an invalid other field instead of connecting it as anonymous', async () => {
    const token = await testToken();
    expect(await refusal({ token, locale: 'en', boards: [{ kind: 'olympiad', id: 'x' }] })).toEqual({
      message: 'SOCKET_HANDSHAKE_INVALID',
      data: { code: 'SOCKET_HANDSHAKE_INVALID', message: errorMessage('SOCKET_HANDSHAKE_INVALID', 'en') },
    });
    expect(await refusal({ token, locale: 'kk', boards: Array.from({ length: 11 }, () => ({ kind: 'challenge', id: randomUUID() })) })).toMatchObject({
      data: { code: 'SOCKET_HANDSHAKE_INVALID', message: errorMessage('SOCKET_HANDSHAKE_INVALID', 'kk') },
    });
    expect(await refusal({ token, locale: 'a much too long locale' })).toMatchObject({ data: { code: 'SOCKET_HANDSHAKE_INVALID' } });
    // A bad token is refused with its own code, in the handshake's language.
    expect(await refusal({ token: 'not.a.token', locale: 'ru' })).toEqual({
      message: 'UNAUTHENTICATED',
      data: { code: 'UNAUTHENTICATED', message: errorMessage('UNAUTHENTICATED', 'ru') },
    });
    // The same token with valid fields connects as the signed-in user.
    const ok = await Viewer.connect(node.url, { token, locale: 'en', boards: [] });
    viewers.push(ok);
    expect(ok.socket.connected).toBe(true);
  });
});

describe('the client address of a socket', () => {
  const gateway = compileTrust(['loopback']);

  it('is the connecting peer when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.1', gateway)).toBe('198.51.100.7');
    expect(clientAddress('198.51.100.7', undefined, gateway)).toBe('198.51.100.7');
  });

  it('is the rightmost untrusted X-Forwarded-For entry behind the gateway (what the gateway appended)', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.1', gateway)).toBe('203.0.113.1');
    expect(clientAddress('::ffff:127.0.0.1', '6.6.6.6, 203.0.113.1', gateway)).toBe('203.0.113.1');
    expect(clientAddress('127.0.0.1', undefined, gateway)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'not-an-ip', gateway)).toBe('127.0.0.1');
  });

  it('walks through every trusted proxy (a load balancer in front of the gateway)', () => {
    const both = compileTrust(['loopback', '10.0.0.0/8']);
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.1, 10.1.2.3', both)).toBe('203.0.113.1');
  });
});
