import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { toMb } from '@olymp/server-kit';
import type { BodyLimits } from './config';
import { GatewayError } from './errors';
import { isMultipart } from './method-override';
import { API_PREFIX } from './routes';

/**
 * Request bodies at the edge: each body's limit (a multipart form may carry a file; any other body is small), the
 * 413 that refuses a larger one before anything is proxied, and `Expect: 100-continue`.
 *
 * A refused body is not read, so the 413 says `Connection: close`: the client learns at once that the connection
 * ends, instead of waiting on a connection whose unread bytes the server would have to swallow first.
 */

/** The limit of a request's body, by its type (the services read it the same way: kit's http/body-limits.ts). */
export function bodyLimitOf(headers: IncomingHttpHeaders, limits: BodyLimits): number {
  return isMultipart(headers['content-type']) ? limits.multipart : limits.other;
}

/** The 413 for a body over `limit`, with the limit in the message. */
export function bodyTooLarge(limit: number): GatewayError {
  return new GatewayError('REQUEST_TOO_LARGE', { limitMb: toMb(limit), limit }, { connection: 'close' });
}

/** The 413 for a request whose Content-Length is over its limit (checked before reading a byte), or undefined. */
export function declaredTooLarge(headers: IncomingHttpHeaders, limits: BodyLimits): GatewayError | undefined {
  const limit = bodyLimitOf(headers, limits);
  const declared = Number(headers['content-length']);
  return Number.isFinite(declared) && declared > limit ? bodyTooLarge(limit) : undefined;
}

/**
 * Reads a whole body into memory, failing with the 413 past `limit`. Bytes after the limit are read and dropped
 * (not left in the socket), so the 413 is the last thing the client gets before the connection closes.
 */
export function readBody(source: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let seen = 0;
    let failed = false;
    source.on('data', (chunk: Buffer) => {
      if (failed) return;
      seen += chunk.length;
      if (seen > limit) {
        failed = true;
        chunks.length = 0;
        reject(bodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    source.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks, seen));
    });
    source.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

function isProxiedApiPath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0];
  return path !== '/api/health' && (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`));
}

/**
 * `Expect: 100-continue` (curl sends it for bodies over 1 MiB): the client waits for `100 Continue` before sending
 * the body. Node answers it on its own unless the server listens to 'checkContinue'; here an /api request whose
 * declared body is over its limit gets no `100 Continue`, only the final 413 (apiProxy's onRequest), so its body is
 * never sent at all. The header itself never goes upstream (upstream.ts): the body has already been asked for.
 */
export function honourExpectContinue(server: Server, limits: BodyLimits): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!(isProxiedApiPath(req.url) && declaredTooLarge(req.headers, limits))) res.writeContinue();
    server.emit('request', req, res);
  });
}
