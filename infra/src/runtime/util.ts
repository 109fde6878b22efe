/**
 * Small helpers the runtime shares: deadlines instead of blind sleeps, port probing, PATH lookup, the repository
 * root, and a bounded HTTP GET for health checks.
 */
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';

/** A line of progress for the terminal; the runtime never prints directly. */
export type LogLine = (line: string) => void;

export const silent: LogLine = () => undefined;

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(signal: AbortSignal | undefined): Error {
  return signal?.reason instanceof Error ? signal.reason : new Error('aborted');
}

/**
 * Polls `check` every `intervalMs` until it returns a value other than undefined. Throws `onTimeout()` when the
 * deadline passes; `check` may throw to stop early (for example when the process it waits for has exited).
 */
export async function pollUntil<T>(options: {
  check: () => Promise<T | undefined>;
  timeoutMs: number;
  intervalMs?: number;
  onTimeout: () => Error;
  signal?: AbortSignal;
}): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await options.check();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) throw options.onTimeout();
    await sleep(Math.min(options.intervalMs ?? 100, Math.max(deadline - Date.now(), 1)), options.signal);
  }
}

/** True when something accepts a TCP connection at host:port within `timeoutMs`. */
export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when nothing listens on 127.0.0.1:port (we can bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the kernel reports free right now (another process may still take it before we use it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not read the port the kernel gave'))));
    });
  });
}

/** `preferred` when it is free, else any free port. */
export async function preferredOrFreePort(preferred: number): Promise<number> {
  return (await isPortFree(preferred)) ? preferred : freePort();
}

/** The full path of an executable found on `pathVariable` (a PATH value), or undefined. */
export function findOnPath(command: string, pathVariable: string | undefined): string | undefined {
  for (const dir of (pathVariable ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}

let cachedRoot: string | undefined;

/** The monorepo root: the nearest directory above this file whose package.json declares workspaces. */
export function repoRoot(): string {
  if (cachedRoot) return cachedRoot;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed) return (cachedRoot = dir);
    }
    if (dirname(dir) === dir) throw new Error(`no workspace root above ${__dirname}`);
  }
}

export interface HttpResult {
  status: number;
  body: string;
}

/**
 * GET with a hard timeout and no keep-alive (so polling leaves no sockets open behind it). Resolves undefined
 * when nothing answers.
 */
export function httpGet(url: string, timeoutMs = 1000): Promise<HttpResult | undefined> {
  return new Promise((resolve) => {
    const request = get(url, { agent: false, timeout: timeoutMs, headers: { connection: 'close' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', () => resolve(undefined));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/** "1.2 s" */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
