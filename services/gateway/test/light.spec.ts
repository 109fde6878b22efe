/**
 * The light path of /api (light.ts) against the streaming one (reply-from): the same requests through two gateways
 * over the same fake services, one with the light path (the default) and one with it off (LIGHT_PROXY_MAX_BODY=0),
 * must reach the service alike and come back alike. Only what is per request by nature differs: the request id and
 * trace headers, the date, each gateway's rate-limit window.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { RunningGateway } from '../src/app';
import { closeFakes, deadUrl, rawRequest, start, startFakes, upstreamEnv, type Fakes } from './helpers';

let fakes: Fakes;
let light: RunningGateway;
let streaming: RunningGateway;

// Per request or per moment by nature: ids, trace, the date, and each gateway's own rate-limit window (its seconds
// left can tick between the two requests, CI saw 60 and 59; its count restarts at a different moment in each).
const PER_REQUEST = new Set(['x-request-id', 'traceparent', 'tracestate', 'date', 'x-forwarded-port', 'x-ratelimit-reset', 'x-ratelimit-remaining']);
const comparable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name)).sort(([a], [b]) => a.localeCompare(b)));

beforeAll(async () => {
  fakes = await startFakes();
  // Answer saves are coalesced by default (coalesce.ts, tested against the real learning in coalesced-saves.spec.ts);
  // here they are one of the light path's exchanges.
  const env = { ...upstreamEnv(fakes), RATE_LIMIT_MAX: '100000', SAVE_COALESCING: 'false' };
  light = await start(env);
  streaming = await start({ ...env, LIGHT_PROXY_MAX_BODY: '0' });
  const big = Buffer.alloc(300 * 1024, 'a');
  fakes.learning.handlers.set('/api/user-answer/big', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': big.length });
    res.end(big);
  });
  fakes.learning.handlers.set('/api/user-answer/chunked', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.write('part one, ');
    res.end('part two');
  });
  fakes.learning.handlers.set('/api/user-answer/cookies', (_req, res) => {
    res.writeHead(201, [
      ['content-type', 'application/json'],
      ['set-cookie', 'a=1; Path=/'],
      ['set-cookie', 'b=2; Path=/'],
      ['access-control-allow-origin', '*'],
      ['x-custom', 'kept'],
    ]);
    res.end('{"made":true}');
  });
  fakes.learning.handlers.set('/api/user-answer/nothing', (_req, res) => {
    res.writeHead(204);
    res.end();
  });
  fakes.learning.handlers.set('/api/user-answer/refused', (_req, res) => {
    res.writeHead(422, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{"code":"VALIDATION_FAILED"}');
  });
});

afterAll(async () => {
  await light?.close();
  await streaming?.close();
  await closeFakes(fakes ?? {});
});

type Case = { method?: string; path: string; headers?: Record<string, string | number>; body?: Buffer | string };
const json = (value: unknown) => JSON.stringify(value);

const CASES: [string, Case][] = [
  ['a GET with a query string', { path: '/api/user-answer?x=1&y=%20z' }],
  ['an answer save', { method: 'POST', path: '/api/user-answer', headers: { 'content-type': 'application/json', authorization: 'Bearer t', 'x-locale': 'kk' }, body: json({ seq: 3, answer: 'Қазақстан' }) }],
  ['a body of exactly the light limit', { method: 'PUT', path: '/api/user-answer', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(16 * 1024, 'b') }],
  ['a body one byte over it (streamed)', { method: 'PATCH', path: '/api/user-answer', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(16 * 1024 + 1, 'c') }],
  ['a DELETE without a body', { method: 'DELETE', path: '/api/user-answer/5' }],
  ['hop headers, and one the client named in Connection', { path: '/api/user-answer', headers: { connection: 'keep-alive, x-hop-only', 'x-hop-only': 'secret', 'keep-alive': 'timeout=5', 'x-kept': 'yes' } }],
  ['an answer over the read-whole size', { path: '/api/user-answer/big' }],
  ['an answer of no declared length', { path: '/api/user-answer/chunked' }],
  ['an answer with two cookies and its own CORS header', { method: 'POST', path: '/api/user-answer/cookies', headers: { 'content-type': 'application/json' }, body: '{}' }],
  ['an empty 204', { method: 'DELETE', path: '/api/user-answer/nothing' }],
  ['a refusal', { method: 'POST', path: '/api/user-answer/refused', headers: { 'content-type': 'application/json' }, body: '{"bad":true}' }],
];

describe('the light path of /api answers as the streaming path does', () => {
  it.each(CASES)('%s', async (_name, c) => {
    const send = async (gateway: RunningGateway) => {
      // One Host for both gateways (they listen on different ports), so X-Forwarded-Host is alike too.
      const headers = { host: 'olymp.test', ...c.headers };
      const answer = await rawRequest(gateway.url, { method: c.method ?? 'GET', path: c.path, headers, body: c.body });
      const seen = fakes.learning.last();
      return {
        answer: { status: answer.status, headers: comparable(answer.headers), body: answer.body.toString('base64') },
        upstream: { method: seen.method, url: seen.url, headers: comparable(seen.headers), body: seen.body.toString('base64') },
      };
    };
    const viaLight = await send(light);
    const viaStreaming = await send(streaming);
    expect(viaLight).toEqual(viaStreaming);
    expect(viaLight.answer.status).toBeLessThan(500);
    expect(viaLight.upstream.headers).not.toHaveProperty('x-hop-only');
    expect(viaLight.answer.headers).not.toHaveProperty('access-control-allow-origin');
  });

  it('an unreachable service: the same 503 from both, in the asked language', async () => {
    const env = { ...upstreamEnv(fakes), LEARNING_URL: await deadUrl(), RATE_LIMIT_MAX: '100000' };
    const down = [await start(env), await start({ ...env, LIGHT_PROXY_MAX_BODY: '0' })];
    try {
      const answers = await Promise.all(
        down.map((g) => rawRequest(g.url, { method: 'POST', path: '/api/user-answer', headers: { 'content-type': 'application/json', 'x-locale': 'ru' }, body: '{"seq":1}' })),
      );
      const [viaLight, viaStreaming] = answers.map((a) => {
        const { requestId: _perRequest, ...body } = JSON.parse(a.body.toString()) as Record<string, unknown>;
        return { status: a.status, body };
      });
      expect(viaLight).toEqual(viaStreaming);
      expect(viaLight).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/[а-я]/) } });
    } finally {
      await Promise.all(down.map((g) => g.close()));
    }
  });
});
