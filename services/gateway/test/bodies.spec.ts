/**
 * Request bodies at the edge, with a real HTTP client on kept-alive connections and an upstream that reads bodies
 * the way the services do (Fastify with the kit's limits): `Expect: 100-continue` is honoured on every proxied
 * route, and a body over its limit gets the gateway's 413 at once, before anything reaches a service.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorMessage, type ErrorBody } from '@olymp/proto';
import { JSON_BODY_LIMIT_BYTES, multipartBodyLimit, toMb } from '@olymp/server-kit';
import type { RunningGateway } from '../src/app';
import { UPSTREAM_SERVICES } from '../src/routes';
import { multipart, start, upstreamEnv } from './helpers';

const MIB = 1024 * 1024;

interface Received {
  method: string;
  url: string;
  body: Buffer;
}

/** A stand-in for every service: Fastify with the services' body limits, answering what it read. */
class ServiceLike {
  /** Requests that arrived, read or not (a refused body must not even start one). */
  arrived = 0;
  readonly received: Received[] = [];
  private constructor(readonly app: FastifyInstance) {}

  static async start(): Promise<ServiceLike> {
    const app = Fastify({ bodyLimit: JSON_BODY_LIMIT_BYTES });
    const service = new ServiceLike(app);
    app.addHook('onRequest', (_req, _reply, done) => {
      service.arrived++;
      done();
    });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: multipartBodyLimit({ UPLOAD_MAX_BYTES: 20 * MIB }) }, (_r, body, done) =>
      done(null, body),
    );
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_r, body, done) => done(null, body));
    app.all('/*', async (req) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      service.received.push({ method: req.method, url: req.url, body });
      return { answeredBy: 'service', method: req.method, url: req.url, bytes: body.length };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return service;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.app.server.address() as AddressInfo).port}`;
  }

  last(): Received {
    const last = this.received.at(-1);
    if (!last) throw new Error('the service received nothing');
    return last;
  }
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Whether the gateway said `100 Continue` (only asked for with expectContinue). */
  continued: boolean;
  /** Whether the request went on a connection an earlier request had used. */
  reusedSocket: boolean;
}

interface SendOptions {
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  /** Sent with its Content-Length, or, with `chunked`, in 256 KiB chunks without one. */
  body?: Buffer;
  chunked?: boolean;
  /** Sends `Expect: 100-continue` and the body only after `100 Continue`, as curl does for bodies over 1 MiB. */
  expectContinue?: boolean;
  agent: http.Agent;
}

/** One request with node:http; resolves with the whole answer (an error after it, such as EPIPE, is the client's). */
function send(base: string, o: SendOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const body = o.body ?? Buffer.alloc(0);
    const headers: Record<string, string | number> = { ...o.headers };
    if (o.chunked) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = body.length;
    if (o.expectContinue) headers.expect = '100-continue';
    let continued = false;
    let settled = false;
    const req = http.request({ host: url.hostname, port: url.port, method: o.method ?? 'POST', path: o.path, headers, agent: o.agent });
    const writeBody = () => {
      if (o.chunked) for (let at = 0; at < body.length; at += 256 * 1024) req.write(body.subarray(at, at + 256 * 1024));
      else req.write(body);
      req.end();
    };
    req.on('error', (err) => {
      if (!settled) reject(err);
    });
    req.on('continue', () => {
      continued = true;
      writeBody();
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), continued, reusedSocket: req.reusedSocket });
        // Asked to wait and never told to continue: the body is not sent, so this request cannot be finished.
        if (o.expectContinue && !continued) req.destroy();
      });
    });
    if (o.expectContinue) req.flushHeaders();
    else writeBody();
  });
}

const json = (a: Answer) => JSON.parse(a.body.toString()) as Record<string, unknown>;

let service: ServiceLike;
let gw: RunningGateway;
let agent: http.Agent;

beforeAll(async () => {
  service = await ServiceLike.start();
  gw = await start({ ...upstreamEnv(Object.fromEntries(UPSTREAM_SERVICES.map((s) => [s, service.url]))), RATE_LIMIT_MAX: '0' });
});

beforeEach(() => {
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});

afterEach(() => agent.destroy());

afterAll(async () => {
  await gw?.close();
  await service?.app.close();
});

describe('Expect: 100-continue', () => {
  const avatar = Buffer.alloc(1.4 * MIB, 0xab);

  it.each([
    ['a multipart PATCH sent as POST with _method (an avatar)', '/api/profile/avatar', [{ name: '_method', value: 'patch' }], 'PATCH'],
    ['a multipart POST', '/api/upload-image', [], 'POST'],
  ])('%s: the body reaches the service and its answer comes back', async (_name, path, fields, method) => {
    const { body, contentType } = multipart([...fields, { name: 'avatar', filename: 'me.png', type: 'image/png', data: avatar }]);
    const res = await send(gw.url, { path, headers: { 'content-type': contentType }, body, expectContinue: true, agent });
    expect({ status: res.status, continued: res.continued }).toEqual({ status: 200, continued: true });
    expect(json(res)).toEqual({ answeredBy: 'service', method, url: path, bytes: body.length });
    expect(Buffer.compare(service.last().body, body)).toBe(0);
  });

  it('a JSON PUT streamed with its Content-Length', async () => {
    const body = Buffer.from(JSON.stringify({ value: 'x'.repeat(900 * 1024) }));
    const res = await send(gw.url, {
      method: 'PUT',
      path: '/api/settings/banner',
      headers: { 'content-type': 'application/json' },
      body,
      expectContinue: true,
      agent,
    });
    expect({ status: res.status, continued: res.continued }).toEqual({ status: 200, continued: true });
    expect(json(res)).toMatchObject({ answeredBy: 'service', method: 'PUT', bytes: body.length });
    expect(Buffer.compare(service.last().body, body)).toBe(0);
  });

  it('Socket.IO long-polling POST', async () => {
    const body = Buffer.from('40{"token":"abc"}');
    const path = '/socket.io/?EIO=4&transport=polling&sid=s1';
    const res = await send(gw.url, { path, headers: { 'content-type': 'text/plain;charset=UTF-8' }, body, expectContinue: true, agent });
    expect({ status: res.status, continued: res.continued }).toEqual({ status: 200, continued: true });
    expect(json(res)).toEqual({ answeredBy: 'service', method: 'POST', url: path, bytes: body.length });
  });

  it('a body declared over its limit gets the 413 instead of 100 Continue, and is never sent', async () => {
    const before = service.arrived;
    const res = await send(gw.url, {
      path: '/api/trainings',
      headers: { 'content-type': 'application/json', 'x-locale': 'en' },
      body: Buffer.alloc(2 * MIB, 0x20),
      expectContinue: true,
      agent,
    });
    expect({ status: res.status, continued: res.continued, code: json(res).code }).toEqual({
      status: 413,
      continued: false,
      code: 'REQUEST_TOO_LARGE',
    });
    expect(service.arrived).toBe(before);
  });
});

describe('a body over its limit', () => {
  const otherMb = toMb(JSON_BODY_LIMIT_BYTES);

  it.each([
    ['2 MB of JSON with Content-Length', 'en', 2 * MIB, false],
    ['2 MB of JSON, chunked', 'ru', 2 * MIB, true],
    ['21 MB of JSON with Content-Length', 'kk', 21 * MIB, false],
    ['21 MB of JSON, chunked', 'en', 21 * MIB, true],
  ] as const)('%s: 413 at once with the limit in %s, the connection closed, nothing upstream', async (_name, locale, size, chunked) => {
    const before = service.arrived;
    const res = await send(gw.url, {
      path: '/api/trainings',
      headers: { 'content-type': 'application/json', 'x-locale': locale },
      body: Buffer.alloc(size, 0x20),
      chunked,
      agent,
    });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    const expected: ErrorBody = {
      statusCode: 413,
      code: 'REQUEST_TOO_LARGE',
      message: errorMessage('REQUEST_TOO_LARGE', locale, { limitMb: otherMb }),
      requestId: String(res.headers['x-request-id']),
    };
    expect(JSON.parse(res.body.toString())).toEqual(expected);
    expect(service.arrived).toBe(before);

    // The same kept-alive client goes on, on a new connection.
    const next = await send(gw.url, { path: '/api/trainings', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"a":1}'), agent });
    expect({ status: next.status, reusedSocket: next.reusedSocket }).toEqual({ status: 200, reusedSocket: false });
    expect(json(next)).toMatchObject({ answeredBy: 'service', bytes: 7 });
  });

  it('a body at the limit is proxied whole', async () => {
    const body = Buffer.alloc(JSON_BODY_LIMIT_BYTES, 0x20);
    for (const chunked of [false, true]) {
      const res = await send(gw.url, { path: '/api/trainings', headers: { 'content-type': 'text/plain' }, body, chunked, agent });
      expect({ chunked, status: res.status }).toEqual({ chunked, status: 200 });
      expect(service.last().body.length).toBe(body.length);
    }
  });

  it('a form may be larger than JSON: 2 MB of multipart is proxied, one over the form limit is refused', async () => {
    const small = multipart([{ name: 'file', filename: 'a.bin', type: 'application/octet-stream', data: Buffer.alloc(2 * MIB) }]);
    const ok = await send(gw.url, { path: '/api/upload', headers: { 'content-type': small.contentType }, body: small.body, agent });
    expect(ok.status).toBe(200);
    expect(service.last().body.length).toBe(small.body.length);

    const limit = gw.config.BODY_LIMITS.multipart;
    const big = multipart([{ name: 'file', filename: 'a.bin', type: 'application/octet-stream', data: Buffer.alloc(limit) }]);
    for (const [method, chunked] of [['POST', false], ['POST', true], ['PUT', false], ['PUT', true]] as const) {
      const before = service.arrived;
      const res = await send(gw.url, { method, path: '/api/upload', headers: { 'content-type': big.contentType, 'x-locale': 'en' }, body: big.body, chunked, agent });
      expect({ method, chunked, status: res.status, message: json(res).message }).toEqual({
        method,
        chunked,
        status: 413,
        message: errorMessage('REQUEST_TOO_LARGE', 'en', { limitMb: toMb(limit) }),
      });
      expect(service.arrived).toBe(before);
    }
  });
});
