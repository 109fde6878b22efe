import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { errorMessage, type ErrorBody } from '@olymp/proto';
import { JSON_BODY_LIMIT_BYTES, toMb } from '@olymp/server-kit';
import { startGateway, type RunningGateway } from '../src/app';
import { ROUTES } from '../src/routes';
import {
  closeFakes,
  deadUrl,
  eventually,
  gatewayEnv,
  makeUiDirs,
  multipart,
  rawRequest,
  start,
  startFakes,
  upstreamEnv,
  type Fakes,
} from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The limit of a body that is not a form (the services' own, from the kit). */
const BODY_LIMIT = JSON_BODY_LIMIT_BYTES;

let fakes: Fakes;
let gw: RunningGateway;
let ui: ReturnType<typeof makeUiDirs>;

beforeAll(async () => {
  fakes = await startFakes();
  ui = makeUiDirs();
  gw = await start({
    ...upstreamEnv(fakes),
    ADMIN_UI_DIR: ui.admin,
    STUDENT_UI_DIR: ui.student,
    RATE_LIMIT_MAX: '100000',
  });
});

afterAll(async () => {
  await gw?.close();
  await closeFakes(fakes ?? {});
  ui?.cleanup();
});

describe('routing', () => {
  it('sends every route-table entry to the service that owns it', async () => {
    for (const rule of ROUTES) {
      const path = `/api/${rule.prefix.replace(/\{[^}]+\}/g, 'u-1')}/7`;
      const res = await request(gw.url).get(path);
      expect({ path, status: res.status, service: res.body.service, url: res.body.url }).toEqual({
        path,
        status: 200,
        service: rule.service,
        url: path,
      });
    }
  });

  it.each([
    ['/api/users/5/quizzes/9/start', 'learning'],
    ['/api/users/5/challenges/3', 'learning'],
    ['/api/users/5/active-challenges', 'learning'],
    ['/api/users/5', 'auth'],
    ['/api/users', 'auth'],
  ])('%s goes to %s', async (path, service) => {
    const res = await request(gw.url).get(path);
    expect(res.status).toBe(200);
    expect(res.body.service).toBe(service);
  });

  it('forwards path and query string byte for byte', async () => {
    const path = '/api/schools?sort[0]=name,DESC&filter[0]=id||$in||1,2&s=%7B%22a%22%3A1%7D&name=a%20b+c';
    const res = await rawRequest(gw.url, { path });
    expect(res.status).toBe(200);
    expect(fakes.auth.last().url).toBe(path);
  });

  it('forwards method, headers and body unchanged, and relays the answer', async () => {
    fakes.finance.handlers.set('/api/invoices', (_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-custom': 'kept', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ created: true }));
    });
    const body = JSON.stringify({ items: [{ id: 1, qty: 2 }], note: 'Сәлем' });
    const res = await request(gw.url)
      .post('/api/invoices')
      .set('content-type', 'application/json')
      .set('authorization', 'Bearer abc.def')
      .set('x-locale', 'ru')
      .send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ created: true });
    expect(res.headers['x-custom']).toBe('kept');
    // The gateway is the only CORS authority: a service's CORS headers are dropped.
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const seen = fakes.finance.last();
    expect(seen.method).toBe('POST');
    expect(seen.body.toString()).toBe(body);
    expect(seen.headers.authorization).toBe('Bearer abc.def');
    expect(seen.headers['x-locale']).toBe('ru');
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('relays a service error answer as it is, without retrying it', async () => {
    let hits = 0;
    fakes.learning.handlers.set('/api/challenges/busy', (_req, res) => {
      hits++;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ statusCode: 503, code: 'OVERLOADED', message: 'from service' }));
    });
    const res = await request(gw.url).get('/api/challenges/busy');
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('from service');
    expect(hits).toBe(1);
  });
});

describe('request ids', () => {
  it('generates one, forwards it and echoes it', async () => {
    const res = await request(gw.url).get('/api/schools');
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(fakes.auth.last().headers['x-request-id']).toBe(id);
  });

  it('keeps a valid incoming one', async () => {
    const res = await request(gw.url).get('/api/schools').set('x-request-id', 'client-req-0001');
    expect(res.headers['x-request-id']).toBe('client-req-0001');
    expect(fakes.auth.last().headers['x-request-id']).toBe('client-req-0001');
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(200), 'semi;colon;value'])('replaces the invalid one "%s"', async (bad) => {
    const res = await request(gw.url).get('/api/schools').set('x-request-id', bad);
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(fakes.auth.last().headers['x-request-id']).toBe(res.headers['x-request-id']);
  });

  it('is the one in the error body', async () => {
    const res = await request(gw.url).get('/api/nope').set('x-request-id', 'client-req-0002');
    expect(res.body.requestId).toBe('client-req-0002');
  });
});

describe('unknown /api routes', () => {
  it.each([
    [undefined, 'kk'],
    ['kk', 'kk'],
    ['ru', 'ru'],
    ['en', 'en'],
    ['de', 'kk'],
  ] as const)('X-Locale %s -> 404 ROUTE_NOT_FOUND in %s', async (header, locale) => {
    const res = await request(gw.url)
      .get('/api/nope/1?x=1')
      .set(header ? { 'x-locale': header } : {});
    expect(res.status).toBe(404);
    const body = res.body as ErrorBody;
    expect(body).toEqual({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: errorMessage('ROUTE_NOT_FOUND', locale, { method: 'GET', path: '/api/nope/1' }),
      requestId: res.headers['x-request-id'],
    });
  });

  it('the messages differ per locale', async () => {
    const messages = await Promise.all(
      ['kk', 'ru', 'en'].map(async (l) => (await request(gw.url).post('/api/nope').set('x-locale', l)).body.message),
    );
    expect(new Set(messages).size).toBe(3);
    expect(messages[2]).toBe('There is no such address: POST /api/nope.');
  });

  it.each(['/api', '/api/', '/api/usersx', '/api/health/extra', '/api/nothing-here/1'])('%s is 404 too', async (path) => {
    const res = await request(gw.url).get(path);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ROUTE_NOT_FOUND');
  });

  it('a path that climbs out with .. is 404 and reaches no service', async () => {
    const before = fakes.auth.seen.length;
    const res = await rawRequest(gw.url, { path: '/api/users/../../etc/passwd' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString()).code).toBe('ROUTE_NOT_FOUND');
    expect(fakes.auth.seen.length).toBe(before);
  });

  it('non-GET outside /api is 404 ROUTE_NOT_FOUND', async () => {
    const res = await request(gw.url).post('/somewhere').send({});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('_method override (spec section 7)', () => {
  const file = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10, 0x80]);

  it.each([
    ['patch', 'PATCH'],
    ['PUT', 'PUT'],
    ['Delete', 'DELETE'],
  ])('multipart POST with _method=%s arrives as %s with the same body', async (value, method) => {
    const { body, contentType } = multipart([
      { name: 'title', value: 'Жаңа атау' },
      { name: 'is_active', value: '1' },
      { name: 'image', filename: 'a.png', type: 'image/png', data: file },
      { name: '_method', value },
    ]);
    const res = await rawRequest(gw.url, {
      method: 'POST',
      path: '/api/challenges/7?x=1',
      headers: { 'content-type': contentType, 'content-length': body.length },
      body,
    });
    expect(res.status).toBe(200);
    const seen = fakes.learning.last();
    expect(seen.method).toBe(method);
    expect(seen.url).toBe('/api/challenges/7?x=1');
    expect(seen.headers['content-type']).toBe(contentType);
    expect(Buffer.compare(seen.body, body)).toBe(0);
  });

  it('a multipart POST without _method (or with another value) stays a POST', async () => {
    for (const parts of [[{ name: 'a', value: 'b' }], [{ name: '_method', value: 'get' }]]) {
      const { body, contentType } = multipart(parts);
      const res = await rawRequest(gw.url, { method: 'POST', path: '/api/challenges', headers: { 'content-type': contentType }, body });
      expect(res.status).toBe(200);
      expect(fakes.learning.last().method).toBe('POST');
      expect(Buffer.compare(fakes.learning.last().body, body)).toBe(0);
    }
  });

  it('a JSON POST with a _method field stays a POST', async () => {
    const res = await request(gw.url).post('/api/challenges').send({ _method: 'patch' });
    expect(res.status).toBe(200);
    expect(fakes.learning.last().method).toBe('POST');
  });
});

describe('body size', () => {
  it('413 REQUEST_TOO_LARGE for a declared length over the limit, before reaching the service', async () => {
    const before = fakes.learning.seen.length;
    const res = await request(gw.url)
      .post('/api/trainings')
      .set('content-type', 'application/json')
      .set('x-locale', 'en')
      .send(JSON.stringify({ text: 'x'.repeat(BODY_LIMIT + 10) }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('REQUEST_TOO_LARGE');
    expect(res.body.message).toBe(errorMessage('REQUEST_TOO_LARGE', 'en', { limitMb: toMb(BODY_LIMIT) }));
    expect(fakes.learning.seen.length).toBe(before);
  });

  it('413 for a chunked body that grows over the limit', async () => {
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const res = await rawRequest(gw.url, {
      method: 'PUT',
      path: '/api/trainings/1',
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      chunks: Array.from({ length: BODY_LIMIT / chunk.length + 1 }, () => chunk),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString()).code).toBe('REQUEST_TOO_LARGE');
  });

  it('413 for a chunked multipart POST over the limit', async () => {
    const { body, contentType } = multipart([{ name: 'f', filename: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(gw.config.BODY_LIMITS.multipart) }]);
    const res = await rawRequest(gw.url, {
      method: 'POST',
      path: '/api/upload',
      headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' },
      chunks: [body.subarray(0, 1000), body.subarray(1000)],
    });
    expect(res.status).toBe(413);
  });

  it('a chunked body under the limit arrives whole', async () => {
    const chunks = [Buffer.from('hello '), Buffer.from('chunked '), Buffer.from('world')];
    const res = await rawRequest(gw.url, {
      method: 'PUT',
      path: '/api/trainings/2',
      headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      chunks,
    });
    expect(res.status).toBe(200);
    expect(fakes.learning.last().body.toString()).toBe('hello chunked world');
  });
});

describe('CORS', () => {
  it('answers a preflight from a UI dev server', async () => {
    const res = await request(gw.url)
      .options('/api/users')
      .set('origin', 'http://localhost:5173')
      .set('access-control-request-method', 'PATCH')
      .set('access-control-request-headers', 'authorization,x-locale,content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
  });

  it('does not allow an unknown origin', async () => {
    const res = await request(gw.url).get('/api/users').set('origin', 'https://evil.example');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('exposes the request id to allowed origins', async () => {
    const res = await request(gw.url).get('/api/users').set('origin', 'http://localhost:5174');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5174');
    expect(res.headers['access-control-expose-headers']).toContain('x-request-id');
  });
});

describe('log lines', () => {
  it('carry the request id, for the access line and for an upstream failure', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    });
    const logger = pino({ level: 'info', base: { service: 'gateway' }, messageKey: 'msg' }, sink);
    const logged = await startGateway(gatewayEnv({ ...upstreamEnv(fakes), FINANCE_URL: await deadUrl() }), { logger });
    try {
      await request(logged.url).get('/api/users?secret=1').set('x-request-id', 'log-check-0001');
      await request(logged.url).get('/api/invoices').set('x-request-id', 'log-check-0002');
      const access = await eventually(() => lines.find((l) => l.requestId === 'log-check-0001' && l.msg === 'request'));
      expect(access).toMatchObject({ method: 'GET', path: '/api/users', status: 200, service: 'auth' });
      const failed = await eventually(() => {
        const messages = lines.filter((l) => l.requestId === 'log-check-0002').map((l) => l.msg);
        return messages.includes('request failed') ? messages : undefined;
      });
      expect(failed).toEqual(expect.arrayContaining(['response errored', 'request failed']));
      expect(JSON.stringify(lines)).not.toContain('secret=1');
    } finally {
      await logged.close();
    }
  });
});
