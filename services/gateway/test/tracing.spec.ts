/**
 * One request through the gateway is one trace: a pupil's finish (its request id chosen here) gives the gateway's
 * span, learning's span as its child (traceparent over HTTP), the RPCs learning makes, and the consumers of the
 * `quiz.finished` it wrote (traceparent in the outbox row, then in the JetStream message): notifications' live
 * board and finance's XP. The trace id is the request id. Spans are kept in memory (tracing is otherwise off).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startAuth } from '@olymp/auth';
import { startFinance } from '@olymp/finance';
import { startGateway, type RunningGateway } from '@olymp/gateway';
import { startLearning } from '@olymp/learning';
import { startNotifications } from '@olymp/notifications';
import { SERVICE_ATTRIBUTE, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, recordSpans, type ReadableSpan, waitFor } from '@olymp/server-kit/testing';

const PHONE = '+77000000106';
const PRECHECKS = { charged: true, stableConnection: true, timerKeepsRunning: true };
const SERVER = 1;
const CONSUMER = 4;

describe('a trace through the gateway', () => {
  const ns = createTestNamespace();
  let recorder: Awaited<ReturnType<typeof recordSpans>>;
  const seed = { SEED_DEMO: 'true' };
  let services: RunningService[] = [];
  let gateway: RunningGateway;

  beforeAll(async () => {
    recorder = await recordSpans();
    const auth = await startAuth(ns.envFor('auth', seed));
    const [learning, finance, notifications] = await Promise.all([
      startLearning(ns.envFor('learning', seed)),
      startFinance(ns.envFor('finance', seed)),
      startNotifications(ns.envFor('notifications', { ...seed, DEV_SMS_INBOX: 'true', SOCKET_ADAPTER: 'none' })),
    ]);
    services = [auth, learning, finance, notifications];
    gateway = await startGateway({
      NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0', MAX_EVENT_LOOP_UTILIZATION: '0', MAX_EVENT_LOOP_DELAY_MS: '0',
      AUTH_URL: auth.url, LEARNING_URL: learning.url, FINANCE_URL: finance.url, NOTIFICATIONS_URL: notifications.url, SHOP_URL: 'http://127.0.0.1:9',
    });
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(services.map((s) => s.close()));
    await recorder.stop();
    await ns.cleanup();
  });

  it('spans gateway -> learning -> the quiz.finished consumers, under the request id', async () => {
    const api = request(gateway.url);
    const challenges = await api.get('/api/challenges-all?grade=6');
    const challenge = (challenges.body.data as { id: string; grade: number; title: { en: string } }[]).find((c) => c.grade === 6 && c.title.en.startsWith('5-day'));
    if (!challenge) throw new Error('the demo grade-6 challenge is missing');
    const device = 'tracing-test-device';
    expect((await api.post('/api/send-otp').send({ phone: PHONE, purpose: 'login', device_id: device })).status).toBe(200);
    const code = await waitFor(async () => {
      const inbox = await api.get('/api/dev/sms').query({ to: PHONE, limit: 1 });
      return (inbox.body.data as { code: string | null }[] | undefined)?.[0]?.code ?? undefined;
    }, { what: 'the code in the development inbox' });
    const login = await api.post('/api/login').send({ phone: PHONE, otp: code, device_id: device });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${login.body.data.token as string}` };
    const userId = login.body.data.user.uuid as string;
    expect((await api.post(`/api/users/${userId}/challenges/${challenge.id}`).set(auth).send({})).status).toBe(201);
    const page = await api.get(`/api/challenges-all/${challenge.id}`);
    const quizId = page.body.data.checkpoints[0].quizzes[0].id as string;
    const started = await api.post(`/api/users/${userId}/quizzes/${quizId}/start`).set(auth).send({ prechecks: PRECHECKS });
    expect(started.status).toBe(201);

    const requestId = randomUUID();
    const traceId = requestId.replace(/-/g, '');
    const finished = await api.post(`/api/users/${userId}/quizzes/${quizId}/finish`).set(auth).set('x-request-id', requestId)
      .set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')
      .send({ attemptId: started.body.data.attempt.id });
    expect(finished.status).toBe(200);
    expect(finished.headers['x-request-id']).toBe(requestId);

    const of = (span: ReadableSpan) => span.attributes[SERVICE_ATTRIBUTE];
    const trace = await waitFor(async () => {
      const spans = recorder.spans().filter((s) => s.spanContext().traceId === traceId);
      const consumers = spans.filter((s) => s.kind === CONSUMER);
      return consumers.some((s) => of(s) === 'notifications') && consumers.some((s) => of(s) === 'finance') ? spans : undefined;
    }, { what: 'the consumers\' spans in the request\'s trace' });

    // One tree: a single root (the gateway's, whatever traceparent the client sent), every other span's parent in it.
    const ids = new Set(trace.map((s) => s.spanContext().spanId));
    const roots = trace.filter((s) => !s.parentSpanContext);
    expect(roots).toHaveLength(1);
    const [root] = roots;
    expect({ service: of(root), kind: root.kind, name: root.name }).toEqual({ service: 'gateway', kind: SERVER, name: 'POST /api/users/{user}/quizzes' });
    expect(root.attributes['http.response.status_code']).toBe(200);
    for (const s of trace.filter((x) => x !== root)) expect(ids.has(s.parentSpanContext?.spanId ?? '')).toBe(true);
    expect(recorder.spans().some((s) => s.spanContext().traceId === '0af7651916cd43dd8448eb211c80319c')).toBe(false);

    const parentOf = (s: ReadableSpan) => trace.find((x) => x.spanContext().spanId === s.parentSpanContext?.spanId);
    const learning = trace.find((s) => of(s) === 'learning' && s.kind === SERVER);
    expect(learning?.name).toBe('POST /api/users/:user/quizzes/:quiz/finish');
    expect(learning && parentOf(learning)).toBe(root);
    for (const service of ['notifications', 'finance']) {
      const consumer = trace.find((s) => of(s) === service && s.kind === CONSUMER && s.name.startsWith('quiz.finished'));
      expect({ service, consumer: consumer?.name }).toEqual({ service, consumer: expect.stringMatching(/^quiz\.finished (broadcast|process)$/) });
      expect(consumer && parentOf(consumer)).toBe(learning);
    }
  }, 120_000);
});
