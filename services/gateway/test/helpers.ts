import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startGateway, type RunningGateway } from '../src/app';
import { UPSTREAM_SERVICES, type UpstreamService } from '../src/routes';

/** What a fake service saw of one request. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

/**
 * A tiny real HTTP server standing in for a service: records every request and answers
 * `{ service, method, url }` unless a handler was set for the path.
 */
export class FakeService {
  readonly seen: Seen[] = [];
  readonly handlers = new Map<string, Handler>();
  ready = true;
  private constructor(
    readonly name: string,
    readonly server: http.Server,
  ) {}

  static async start(name: string): Promise<FakeService> {
    const server = http.createServer();
    const fake = new FakeService(name, server);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const url = req.url ?? '';
        if (url === '/health/ready') {
          res.writeHead(fake.ready ? 200 : 503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: fake.ready ? 'up' : 'down' }));
          return;
        }
        fake.seen.push({ method: req.method ?? '', url, headers: req.headers, body });
        const handler = fake.handlers.get(url.split('?')[0]);
        if (handler) {
          handler(req, res, body);
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ service: name, method: req.method, url }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  last(): Seen {
    const seen = this.seen.at(-1);
    if (!seen) throw new Error(`${this.name} received no request`);
    return seen;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export type Fakes = Record<UpstreamService, FakeService>;

export async function startFakes(): Promise<Fakes> {
  const entries = await Promise.all(UPSTREAM_SERVICES.map(async (s) => [s, await FakeService.start(s)] as const));
  return Object.fromEntries(entries) as Fakes;
}

export async function closeFakes(fakes: Partial<Fakes>): Promise<void> {
  await Promise.all(Object.values(fakes).map((f) => f?.close()));
}

/** A URL on which nothing listens (connection refused). */
export async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export function upstreamEnv(fakes: Partial<Record<UpstreamService, { url: string } | string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [service, target] of Object.entries(fakes)) {
    env[`${service.toUpperCase()}_URL`] = typeof target === 'string' ? target : target.url;
  }
  return env;
}

/** Temporary UI builds: <root>/admin and <root>/student with index.html and a hashed asset each. */
export function makeUiDirs(): { root: string; admin: string; student: string; cleanup(): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gateway-ui-'));
  const admin = path.join(root, 'admin');
  const student = path.join(root, 'student');
  for (const [dir, name] of [
    [admin, 'ADMIN'],
    [student, 'STUDENT'],
  ] as const) {
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${name} INDEX</title>`);
    writeFileSync(path.join(dir, 'assets', `${name.toLowerCase()}-abc123.js`), `console.log('${name}');`);
  }
  writeFileSync(path.join(student, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { root, admin, student, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function gatewayEnv(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Client, gateway, fake services and jest share one event loop in a test, so its utilisation is always near 1
    // and its delay spikes when jest compiles a module: neither says anything about the gateway. The overload
    // test turns event-loop shedding on explicitly.
    MAX_EVENT_LOOP_UTILIZATION: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...extra,
  };
}

export function start(extra: Record<string, string>): Promise<RunningGateway> {
  return startGateway(gatewayEnv(extra));
}

/** A raw HTTP request, so the path goes on the wire exactly as written (supertest may re-encode it). */
export function rawRequest(
  base: string,
  options: { method?: string; path: string; headers?: Record<string, string | number>; body?: Buffer | string; chunks?: Buffer[] },
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request(
      { host: url.hostname, port: url.port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

/** Polls until check() returns a value (not undefined) or the deadline passes. No fixed sleeps. */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export { multipart } from './multipart';
