/**
 * The metrics every process exposes on its own port (METRICS_PORT), after a small journey through the gateway: a
 * display screen watching a board over socket.io, a pupil signing in by code, joining the grade-5 demo challenge,
 * starting a test, saving an answer and finishing. Each named series of docs/operations.md must be there, with the
 * journey's counts; the gateway's public origin must not serve them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { startAuth } from '@olymp/auth';
import { startFinance } from '@olymp/finance';
import { startGateway, type RunningGateway } from '@olymp/gateway';
import { startLearning } from '@olymp/learning';
import { startNotifications } from '@olymp/notifications';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, waitFor } from '@olymp/server-kit/testing';

const PHONE = '+77000000105';
/** A series name in the alert rules or the dashboard: the families the platform exposes. */
const SERIES = /\b(?:http|nodejs|process|db|outbox|jetstream|rpc|socketio|learning|auth|events|broadcast|gateway)_[a-z0-9_]+\b/g;
const PRECHECKS = { charged: true, stableConnection: true, timerKeepsRunning: true };

/** One metric's samples: `name{labels} value` lines, labels as an object. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const found: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    found.push({ labels, value: Number(match[3]) });
  }
  return found;
}

const total = (text: string, name: string, labels: Record<string, string> = {}) =>
  samples(text, name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

async function scrape(url: string | undefined): Promise<string> {
  if (!url) throw new Error('no metrics endpoint: METRICS_PORT was not passed on');
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

describe('metrics endpoints after a journey', () => {
  const ns = createTestNamespace();
  const metricsOn = { SEED_DEMO: 'true', METRICS_PORT: '0' };
  let services: Record<'auth' | 'learning' | 'finance' | 'notifications', RunningService>;
  let gateway: RunningGateway;
  let screen: Socket | undefined;

  beforeAll(async () => {
    const auth = await startAuth(ns.envFor('auth', metricsOn));
    const [learning, finance, notifications] = await Promise.all([
      startLearning(ns.envFor('learning', metricsOn)),
      startFinance(ns.envFor('finance', metricsOn)),
      startNotifications(ns.envFor('notifications', { ...metricsOn, DEV_SMS_INBOX: 'true', SOCKET_ADAPTER: 'none' })),
    ]);
    services = { auth, learning, finance, notifications };
    gateway = await startGateway({
      NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', METRICS_PORT: '0',
      RATE_LIMIT_MAX: '0', MAX_EVENT_LOOP_UTILIZATION: '0', MAX_EVENT_LOOP_DELAY_MS: '0',
      AUTH_URL: auth.url, LEARNING_URL: learning.url, FINANCE_URL: finance.url, NOTIFICATIONS_URL: notifications.url,
      SHOP_URL: 'http://127.0.0.1:9',
    });
  }, 120_000);

  afterAll(async () => {
    screen?.close();
    await gateway?.close();
    await Promise.all(Object.values(services ?? {}).map((s) => s.close()));
    await ns.cleanup();
  });

  it('exposes each named series on every process, and none on the public origin', async () => {
    const api = request(gateway.url);
    const challenges = await api.get('/api/challenges-all?grade=5');
    const challenge = (challenges.body.data as { id: string; grade: number; title: { en: string } }[]).find((c) => c.grade === 5 && c.title.en.startsWith('5-day'));
    if (!challenge) throw new Error('the demo grade-5 challenge is missing');

    // A display screen on the board, through the gateway's /socket.io.
    const boards: unknown[] = [];
    screen = io(gateway.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
    screen.on('board', (view: unknown) => boards.push(view));
    await new Promise<void>((resolve, reject) => {
      screen?.once('connect', () => resolve());
      screen?.once('connect_error', reject);
    });
    expect(await screen.timeout(5000).emitWithAck('board:subscribe', { kind: 'challenge', id: challenge.id })).toMatchObject({ ok: true });

    // The pupil: a code, a sign-in, the challenge, a test, one save, the finish.
    const device = 'metrics-test-device';
    expect((await api.post('/api/send-otp').send({ phone: PHONE, purpose: 'login', device_id: device })).status).toBe(200);
    const code = await waitFor(async () => {
      const inbox = await api.get('/api/dev/sms').query({ to: PHONE, limit: 1 });
      return (inbox.body.data as { code: string | null }[] | undefined)?.[0]?.code ?? undefined;
    }, { what: 'the code in the development inbox' });
    const login = await api.post('/api/login').send({ phone: PHONE, otp: code, device_id: device });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    const userId = login.body.data.user.uuid as string;
    const auth = { authorization: `Bearer ${token}` };
    expect((await api.get('/api/my-invoices').set(auth)).status).toBe(200);
    expect((await api.post(`/api/users/${userId}/challenges/${challenge.id}`).set(auth).send({})).status).toBe(201);
    const page = await api.get(`/api/challenges-all/${challenge.id}`);
    const quizId = page.body.data.checkpoints[0].quizzes[0].id as string;
    const started = await api.post(`/api/users/${userId}/quizzes/${quizId}/start`).set(auth).send({ prechecks: PRECHECKS });
    expect(started.status).toBe(201);
    const attemptId = started.body.data.attempt.id as string;
    const question = started.body.data.questions[0] as { id: string; kind: string; options: { id: string }[] };
    const answer = question.kind === 'single' ? { optionId: question.options[0].id } : question.kind === 'multiple' ? { optionIds: [question.options[0].id] } : question.kind === 'numeric' ? { value: 42 } : { text: 'answer' };
    const saved = await api.post('/api/user-answer').set(auth).send({ attemptId, questionId: question.id, answer, seq: 1 });
    expect(saved.status).toBe(200);
    expect((await api.post(`/api/users/${userId}/quizzes/${quizId}/finish`).set(auth).send({ attemptId })).status).toBe(200);

    // The finish reaches the board (quiz.finished through the outbox and JetStream): a push to the screen.
    await waitFor(async () => (boards.length >= 2 ? true : undefined), { what: 'the board pushed after the finish' });

    const gatewayText = await scrape(gateway.metricsUrl);
    expect(total(gatewayText, 'http_request_duration_seconds_count', { route: '/api/user-answer', status: '200', method: 'POST' })).toBe(1);
    expect(total(gatewayText, 'http_request_duration_seconds_count', { route: '/api/send-otp', status: '200' })).toBe(1);
    // The save went to learning coalesced (one request of one save: nothing else was saving).
    expect(total(gatewayText, 'gateway_coalesced_saves_count')).toBe(1);
    expect(total(gatewayText, 'gateway_coalesced_saves_sum')).toBe(1);
    expect(samples(gatewayText, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    expect(samples(gatewayText, 'nodejs_eventloop_lag_p99_seconds')[0].labels).toEqual({ service: 'gateway' });

    const texts = Object.fromEntries(await Promise.all(Object.entries(services).map(async ([name, s]) => [name, await scrape(s.metricsUrl)] as const)));
    for (const [name, text] of Object.entries(texts)) {
      for (const series of ['http_request_duration_seconds_count', 'nodejs_eventloop_lag_p99_seconds', 'db_pool_connections', 'db_pool_max', 'outbox_backlog', 'outbox_oldest_unpublished_age_seconds', 'outbox_relay_listening']) {
        expect({ name, series, present: samples(text, series).length > 0 }).toEqual({ name, series, present: true });
      }
      expect(samples(text, 'db_pool_connections').map((s) => s.labels.state).sort()).toEqual(['idle', 'total', 'waiting']);
      for (const s of samples(text, 'outbox_backlog')) expect(s.labels.service).toBe(name);
      expect({ name, listening: samples(text, 'outbox_relay_listening').map((s) => s.value) }).toEqual({ name, listening: [1] });
    }
    // Route templates, never the pupil's ids.
    expect(total(texts.learning, 'http_request_duration_seconds_count', { route: '/api/users/:user/quizzes/:quiz/finish', status: '200' })).toBe(1);
    expect(texts.learning).not.toContain(userId);

    expect(total(texts.auth, 'auth_codes_sent_total', { purpose: 'login' })).toBe(1);
    expect(total(texts.learning, 'learning_answer_saves_total')).toBe(1);
    expect(total(texts.learning, 'learning_quiz_finishes_total', { by: 'user' })).toBe(1);
    expect(total(texts.notifications, 'socketio_connected')).toBe(1);
    expect(total(texts.notifications, 'socketio_connections_total')).toBe(1);
    expect(total(texts.notifications, 'socketio_pushes_total', { event: 'board' })).toBeGreaterThanOrEqual(2);

    // Events: the code's SMS through notifications' durable consumer, the finish through its board's broadcast reader;
    // every durable consumer reports its pending and redelivered counts.
    expect(total(texts.notifications, 'events_consumed_total', { subject: 'sms.requested', outcome: 'ok' })).toBe(1);
    expect(total(texts.notifications, 'broadcast_events_total', { subject: 'quiz.finished', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    const pending = samples(texts.notifications, 'jetstream_consumer_pending');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((s) => s.labels.consumer.startsWith(`${ns.natsPrefix.replace(/\./g, '_')}notifications__`))).toBe(true);
    expect(samples(texts.notifications, 'jetstream_consumer_redelivered').length).toBe(pending.length);
    expect(samples(texts.notifications, 'jetstream_consumer_ack_pending').length).toBe(pending.length);

    // NATS RPC: somebody asked somebody (the guard's role permissions, a board's rebuild, the join's checks).
    const rpcCalls = Object.values(texts).reduce((sum, text) => sum + total(text, 'rpc_client_duration_seconds_count'), 0);
    expect(rpcCalls).toBeGreaterThan(0);

    // The alert rules and the dashboard name only series that exist.
    const exposed = new Set([gatewayText, ...Object.values(texts)].flatMap((text) => [...text.matchAll(/^([a-zA-Z_:][\w:]*)[{ ]/gm)].map((m) => m[1])));
    const deploy = path.resolve(__dirname, '..', '..', '..', 'infra', 'deploy');
    for (const file of ['prometheus/alerts.yaml', 'grafana/olymp-platform.json']) {
      const named = new Set(readFileSync(path.join(deploy, file), 'utf8').match(SERIES) ?? []);
      expect(named.size).toBeGreaterThan(5);
      expect({ file, missing: [...named].filter((name) => !exposed.has(name)) }).toEqual({ file, missing: [] });
    }

    // The public origin serves none of it.
    const open = await api.get('/metrics');
    expect(open.text ?? '').not.toContain('http_request_duration_seconds');
    expect(new URL(gateway.metricsUrl ?? '').port).not.toBe(new URL(gateway.url).port);
  }, 120_000);
});
