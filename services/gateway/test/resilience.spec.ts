import type { ServerResponse } from 'node:http';
import request from 'supertest';
import { errorMessage } from '@olymp/proto';
import type { RunningGateway } from '../src/app';
import { closeFakes, deadUrl, eventually, rawRequest, start, startFakes, upstreamEnv, type Fakes } from './helpers';

let fakes: Fakes;
const gateways: RunningGateway[] = [];

async function gateway(extra: Record<string, string>): Promise<RunningGateway> {
  const gw = await start({ ...upstreamEnv(fakes), ...extra });
  gateways.push(gw);
  return gw;
}

beforeAll(async () => {
  fakes = await startFakes();
});

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await closeFakes(fakes ?? {});
});

/** Holds requests to `path` on a fake service until released. */
function hold(service: keyof Fakes, path: string): { waiting: () => number; release: () => void } {
  const held: ServerResponse[] = [];
  fakes[service].handlers.set(path, (_req, res) => {
    held.push(res);
  });
  return {
    waiting: () => held.length,
    release: () => {
      for (const res of held.splice(0)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"released":true}');
      }
    },
  };
}

describe('rate limiting', () => {
  it('answers 429 HIGH_TRAFFIC past the per-IP limit, with Retry-After, but not for health and UI', async () => {
    const gw = await gateway({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await request(gw.url).get('/api/users')).status);
    expect(statuses).toEqual([200, 200, 200]);

    const limited = await request(gw.url).get('/api/challenges').set('x-locale', 'ru');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      code: 'HIGH_TRAFFIC',
      message: errorMessage('HIGH_TRAFFIC', 'ru'),
      requestId: limited.headers['x-request-id'],
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    expect((await request(gw.url).get('/health')).status).toBe(200);
    expect((await request(gw.url).get('/api/health')).status).toBe(200);
    expect((await request(gw.url).get('/student/x')).status).not.toBe(429);
  });
});

describe('load shedding', () => {
  it('answers 503 OVERLOADED at once past MAX_IN_FLIGHT proxied requests, and recovers', async () => {
    const gw = await gateway({ MAX_IN_FLIGHT: '2', RETRY_AFTER_S: '7' });
    const slow = hold('learning', '/api/trainings/slow');
    const pending = [request(gw.url).get('/api/trainings/slow'), request(gw.url).get('/api/trainings/slow')].map((r) =>
      r.then((res) => res),
    );
    await eventually(() => (slow.waiting() === 2 ? true : undefined));

    const shed = await request(gw.url).get('/api/users').set('x-locale', 'en');
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.body).toEqual({
      statusCode: 503,
      code: 'OVERLOADED',
      message: errorMessage('OVERLOADED', 'en'),
      requestId: shed.headers['x-request-id'],
    });
    // Health routes are never shed.
    expect((await request(gw.url).get('/health')).status).toBe(200);
    expect((await request(gw.url).get('/health/ready')).status).toBe(200);

    slow.release();
    const done = await Promise.all(pending);
    expect(done.map((r) => r.status)).toEqual([200, 200]);
    // The slots are free again.
    await eventually(async () => ((await request(gw.url).get('/api/users')).status === 200 ? true : undefined));
  });

  it('sheds /api with 503 OVERLOADED while the event loop is blocked; health stays up', async () => {
    const gw = await gateway({ MAX_EVENT_LOOP_DELAY_MS: '5', PRESSURE_SAMPLE_MS: '50', RETRY_AFTER_S: '3' });
    const shed = await eventually(async () => {
      const until = Date.now() + 60;
      while (Date.now() < until) {
        // Busy-wait on purpose: this is the overload.
      }
      const res = await request(gw.url).get('/api/users');
      return res.status === 503 ? res : undefined;
    }, 10_000);
    expect(shed.body.code).toBe('OVERLOADED');
    expect(shed.headers['retry-after']).toBe('3');
    expect((await request(gw.url).get('/health')).status).toBe(200);
  });
});

describe('upstream failures', () => {
  let gw: RunningGateway;

  beforeAll(async () => {
    gw = await gateway({ FINANCE_URL: await deadUrl(), UPSTREAM_TIMEOUT_MS: '300', HEALTH_TIMEOUT_MS: '300' });
  });

  it('503 SERVICE_UNAVAILABLE when the owning service is down', async () => {
    const res = await request(gw.url).get('/api/invoices').set('x-locale', 'en');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: errorMessage('SERVICE_UNAVAILABLE', 'en'),
      requestId: res.headers['x-request-id'],
    });
    // Other services are unaffected.
    expect((await request(gw.url).get('/api/challenges')).status).toBe(200);
  });

  it('503 for a POST with a body too', async () => {
    const res = await request(gw.url).post('/api/wallet-payment/1').send({ amount: 5 });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('504 UPSTREAM_TIMEOUT when the service does not answer in time', async () => {
    const slow = hold('learning', '/api/quizzes/never');
    const res = await request(gw.url).get('/api/quizzes/never').set('x-locale', 'kk');
    expect(res.status).toBe(504);
    expect(res.body.code).toBe('UPSTREAM_TIMEOUT');
    expect(res.body.message).toBe(errorMessage('UPSTREAM_TIMEOUT', 'kk'));
    slow.release();
  });

  it('GET /api/health: 503 naming the service that is down', async () => {
    const res = await request(gw.url).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('down');
    expect(res.body.services.gateway).toEqual({ status: 'up' });
    expect(res.body.services.finance).toMatchObject({ status: 'down', error: 'unreachable' });
    for (const s of ['auth', 'learning', 'shop', 'notifications']) {
      expect({ s, status: res.body.services[s].status }).toEqual({ s, status: 'up' });
    }
  });
});

describe('GET /api/health', () => {
  it('200 with every service up and its latency', async () => {
    const gw = await gateway({});
    const res = await request(gw.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('up');
    expect(Object.keys(res.body.services).sort()).toEqual(['auth', 'finance', 'gateway', 'learning', 'notifications', 'shop']);
    for (const s of ['auth', 'learning', 'shop', 'finance', 'notifications']) {
      expect(res.body.services[s]).toEqual({ status: 'up', latencyMs: expect.any(Number) });
    }
  });

  it('503 when a service reports not ready', async () => {
    const gw = await gateway({});
    fakes.notifications.ready = false;
    try {
      const res = await request(gw.url).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body.services.notifications).toMatchObject({ status: 'down', error: 'HTTP 503' });
    } finally {
      fakes.notifications.ready = true;
    }
  });

  it('/health and /health/ready report the gateway itself', async () => {
    const gw = await gateway({ AUTH_URL: await deadUrl() });
    expect((await request(gw.url).get('/health')).body).toEqual({ status: 'up' });
    expect((await request(gw.url).get('/health/ready')).body).toEqual({ status: 'up' });
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then stops accepting', async () => {
    const gw = await start({ ...upstreamEnv(fakes) });
    const slow = hold('learning', '/api/challenges/slow');
    const pending = rawRequest(gw.url, { path: '/api/challenges/slow' });
    await eventually(() => (slow.waiting() === 1 ? true : undefined));

    const closed = gw.close();
    slow.release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ released: true });
    await closed;
    await expect(rawRequest(gw.url, { path: '/health' })).rejects.toThrow(/ECONNREFUSED/);
  });
});
