import path from 'node:path';
import { JSON_BODY_LIMIT_BYTES, multipartBodyLimit } from '@olymp/server-kit';
import { loadGatewayConfig } from '../src/config';
import { findMethodOverride, isMultipart } from '../src/method-override';
import { retryDelay, upstreamFailure, upstreamResponseHeaders } from '../src/upstream';
import { multipart } from './multipart';

describe('findMethodOverride', () => {
  it.each([
    ['patch', 'PATCH'],
    ['PATCH', 'PATCH'],
    [' put ', 'PUT'],
    ['delete', 'DELETE'],
    ['get', undefined],
    ['post', undefined],
    ['', undefined],
  ])('_method=%j -> %s', async (value, expected) => {
    const { body, contentType } = multipart([
      { name: 'file', filename: 'x.bin', type: 'application/octet-stream', data: Buffer.alloc(1000, 7) },
      { name: '_method', value },
    ]);
    expect(await findMethodOverride(body, contentType)).toBe(expected);
  });

  it('ignores a file part named _method and bodies that are not multipart', async () => {
    const { body, contentType } = multipart([{ name: '_method', filename: 'm.txt', type: 'text/plain', data: Buffer.from('patch') }]);
    expect(await findMethodOverride(body, contentType)).toBeUndefined();
    expect(await findMethodOverride(Buffer.from('garbage'), 'multipart/form-data; boundary=zzz')).toBeUndefined();
    expect(await findMethodOverride(Buffer.from('{}'), 'multipart/form-data')).toBeUndefined();
  });

  it('recognises multipart content types', () => {
    expect(isMultipart('multipart/form-data; boundary=x')).toBe(true);
    expect(isMultipart('Multipart/Form-Data;boundary=x')).toBe(true);
    expect(isMultipart('application/json')).toBe(false);
    expect(isMultipart('multipart/form-datax')).toBe(false);
    expect(isMultipart(undefined)).toBe(false);
  });
});

describe('upstream failures', () => {
  const wrapped = (code: string) => Object.assign(new Error('wrapped'), { code: 'FST_REPLY_FROM_INTERNAL_SERVER_ERROR', cause: Object.assign(new Error('x'), { code }) });

  it.each([
    ['ECONNREFUSED', 'SERVICE_UNAVAILABLE'],
    ['ENOTFOUND', 'SERVICE_UNAVAILABLE'],
    ['UND_ERR_CONNECT_TIMEOUT', 'SERVICE_UNAVAILABLE'],
    ['UND_ERR_SOCKET', 'SERVICE_UNAVAILABLE'],
    ['UND_ERR_HEADERS_TIMEOUT', 'UPSTREAM_TIMEOUT'],
    ['FST_REPLY_FROM_GATEWAY_TIMEOUT', 'UPSTREAM_TIMEOUT'],
    ['SOMETHING_ELSE', 'INTERNAL'],
  ])('%s -> %s', (code, expected) => {
    expect(upstreamFailure(wrapped(code)).code).toBe(expected);
  });

  it('retries once, only a GET/HEAD whose pooled connection was closed under it', () => {
    const socket = Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' });
    expect(retryDelay({ err: socket, req: { method: 'GET' }, attempt: 0 })).toBe(1);
    expect(retryDelay({ err: socket, req: { method: 'GET' }, attempt: 1 })).toBeNull();
    expect(retryDelay({ err: socket, req: { method: 'POST' }, attempt: 0 })).toBeNull();
    expect(retryDelay({ err: undefined, req: { method: 'GET' }, attempt: 0 })).toBeNull();
  });

  it('drops CORS and hop-by-hop headers from the answer and pins the request id', () => {
    const headers = upstreamResponseHeaders(
      { 'content-type': 'a/b', 'Access-Control-Allow-Origin': '*', connection: 'keep-alive', 'keep-alive': 'timeout=5', 'x-request-id': 'other' },
      { id: 'mine-000001' } as never,
    );
    expect(headers).toEqual({ 'content-type': 'a/b', 'x-request-id': 'mine-000001' });
  });
});

describe('gateway config', () => {
  it('has working defaults', () => {
    const c = loadGatewayConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.upstreams).toEqual({
      auth: 'http://127.0.0.1:8081',
      learning: 'http://127.0.0.1:8082',
      shop: 'http://127.0.0.1:8083',
      finance: 'http://127.0.0.1:8084',
      notifications: 'http://127.0.0.1:8085',
    });
    expect(c.ADMIN_UI_DIR).toBe(path.resolve(__dirname, '../../../admin-ui/dist'));
    expect(c.STUDENT_UI_DIR).toBe(path.resolve(__dirname, '../../../student-ui/dist'));
    // What the services read: the kit's bodyLimit for any body but a form, the multipart plugin's bounds for a form.
    expect(c.BODY_LIMITS).toEqual({ other: JSON_BODY_LIMIT_BYTES, multipart: multipartBodyLimit(c) });
    expect(c.BODY_LIMITS.other).toBe(1024 * 1024);
    expect(c.BODY_LIMITS.multipart).toBeGreaterThan(c.UPLOAD_MAX_BYTES);
    expect(c.RATE_LIMIT_MAX).toBe(600);
    expect(c.CORS_ORIGINS).toEqual(expect.arrayContaining(['http://localhost:8080', 'http://localhost:5173', 'http://localhost:5174']));
    expect(c.TRUST_PROXY).toBe(false);
  });

  it('reads overrides', () => {
    const c = loadGatewayConfig({
      AUTH_URL: 'http://auth.internal:9000/',
      CORS_ORIGINS: 'https://a.kz, https://b.kz',
      PUBLIC_URL: 'https://olymp.kz/app',
      TRUST_PROXY: '2',
      RATE_LIMIT_MAX: '0',
      UPLOAD_MAX_BYTES: '1000',
      UPLOAD_IMAGE_MAX_BYTES: '1000',
      UPLOAD_CHUNK_BYTES: '1000',
    });
    expect(c.upstreams.auth).toBe('http://auth.internal:9000');
    expect(c.CORS_ORIGINS).toEqual(['https://a.kz', 'https://b.kz', 'https://olymp.kz']);
    expect(c.TRUST_PROXY).toBe(2);
    expect(c.RATE_LIMIT_MAX).toBe(0);
    expect(c.BODY_LIMITS.multipart).toBe(multipartBodyLimit({ UPLOAD_MAX_BYTES: 1000 }));
  });

  it('sheds by event loop load outside tests only, unless a test asks for it', () => {
    expect(loadGatewayConfig({})).toMatchObject({ MAX_EVENT_LOOP_DELAY_MS: 500, MAX_EVENT_LOOP_UTILIZATION: 0.98 });
    expect(loadGatewayConfig({ NODE_ENV: 'test' })).toMatchObject({ MAX_EVENT_LOOP_DELAY_MS: 0, MAX_EVENT_LOOP_UTILIZATION: 0 });
    expect(loadGatewayConfig({ NODE_ENV: 'test', MAX_EVENT_LOOP_DELAY_MS: '5' })).toMatchObject({ MAX_EVENT_LOOP_DELAY_MS: 5, MAX_EVENT_LOOP_UTILIZATION: 0 });
  });

  it('lists every invalid setting', () => {
    expect(() => loadGatewayConfig({ LEARNING_URL: 'nats://x', MAX_IN_FLIGHT: '0', MAX_EVENT_LOOP_UTILIZATION: '2' })).toThrow(
      /LEARNING_URL[\s\S]*MAX_IN_FLIGHT[\s\S]*MAX_EVENT_LOOP_UTILIZATION/,
    );
  });
});
