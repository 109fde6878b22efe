import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import httpProxy from '@fastify/http-proxy';
import type { GatewayConfig } from './config';
import { GatewayError, pathOf, routeNotFound } from './errors';
import { LOCALE_HEADER, REQUEST_ID_HEADER } from '@olymp/server-kit';
import { findMethodOverride, isMultipart } from './method-override';
import { API_PREFIX, routeMatcher, type RouteMatcher } from './routes';
import {
  replyUpstreamFailure,
  retryDelay,
  undiciOptions,
  upstreamRequestHeaders,
  upstreamResponseHeaders,
} from './upstream';

declare module 'fastify' {
  interface FastifyRequest {
    /** The service a request was proxied to, for the access log. */
    upstreamService: string | null;
  }
}

const PROXIED_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** reply-from's hooks, the same for /api and /socket.io: headers both ways, error mapping, retry policy. */
function replyHooks(config: GatewayConfig): FastifyReplyFromHooks {
  return {
    rewriteRequestHeaders: (request, headers) =>
      upstreamRequestHeaders(request as FastifyRequest, headers as IncomingHttpHeaders, config),
    rewriteHeaders: (headers, request) =>
      request ? (upstreamResponseHeaders(headers, request as FastifyRequest) as IncomingHttpHeaders) : headers,
    onError: (reply, { error }) => replyUpstreamFailure(reply as FastifyReply, error),
    retryDelay,
  };
}

export interface ApiProxyOptions {
  config: GatewayConfig;
  matcher?: RouteMatcher;
}

/**
 * Counts the bytes of a streamed request body on its way upstream and fails it past the body limit (a chunked body
 * has no Content-Length to check up front). The client's stream is drained, not destroyed, so the 413 still
 * reaches the client.
 */
function limitBody(source: IncomingMessage, limit: number): Readable {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) {
        source.unpipe(limiter);
        source.resume();
        callback(new GatewayError('PAYLOAD_TOO_LARGE', {}, { connection: 'close' }));
        return;
      }
      callback(null, chunk);
    },
  });
  source.on('error', (err) => limiter.destroy(err));
  return source.pipe(limiter);
}

/** Reads a whole body into memory, failing past the limit. Only for multipart POSTs (the `_method` rule). */
function readBody(source: IncomingMessage, limit: number): Promise<Buffer> {
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
        reject(new GatewayError('PAYLOAD_TOO_LARGE', {}, { connection: 'close' }));
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

/**
 * `/api/*`: each request goes to the service that owns its path (see routes.ts), with its path and query string
 * byte for byte, its headers (X-Locale, Authorization...) and its body as a stream. Unknown paths get 404
 * ROUTE_NOT_FOUND; a full gateway (MAX_IN_FLIGHT proxied requests) answers 503 OVERLOADED at once.
 */
export async function apiProxy(fastify: FastifyInstance, opts: ApiProxyOptions): Promise<void> {
  const { config } = opts;
  const matcher = opts.matcher ?? routeMatcher;
  const limit = config.BODY_LIMIT_BYTES;

  // Bodies are not parsed: they are streamed to the service, except multipart POSTs (buffered for `_method`).
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (request, payload, done) => {
    if (request.method === 'POST' && isMultipart(request.headers['content-type'])) {
      readBody(payload, limit).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      );
      return;
    }
    done(null, limitBody(payload, limit));
  });

  await fastify.register(replyFrom, {
    undici: undiciOptions(config),
    disableRequestLogging: true,
    retryMethods: ['GET', 'HEAD'],
  });

  let inFlight = 0;
  fastify.addHook('onRequest', (request, reply, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      done(new GatewayError('PAYLOAD_TOO_LARGE', {}, { connection: 'close' }));
      return;
    }
    if (inFlight >= config.MAX_IN_FLIGHT) {
      request.log.debug({ inFlight }, 'shedding: too many requests in flight');
      done(new GatewayError('OVERLOADED', {}, { 'retry-after': config.RETRY_AFTER_S }));
      return;
    }
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
    });
    done();
  });

  const common = replyHooks(config);

  async function proxy(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const rule = matcher.match(request.url);
    if (!rule) throw routeNotFound(request);
    request.upstreamService = rule.service;
    const target = config.upstreams[rule.service] + pathOf(request);
    if (Buffer.isBuffer(request.body)) {
      // A buffered multipart POST: same bytes, same Content-Type (with its boundary), maybe another method.
      const contentType = request.headers['content-type'] as string;
      const method = await findMethodOverride(request.body, contentType);
      return reply.from(target, { ...common, body: request.body, contentType, ...(method ? { method } : {}) });
    }
    return reply.from(target, common);
  }

  fastify.route({ method: PROXIED_METHODS, url: API_PREFIX, handler: proxy });
  fastify.route({ method: PROXIED_METHODS, url: `${API_PREFIX}/*`, handler: proxy });
}

/**
 * `/socket.io`: Socket.IO's HTTP long-polling and its websocket upgrade, to the notifications service, with
 * @fastify/http-proxy (which proxies the upgrade with `ws`).
 */
export async function socketIoProxy(fastify: FastifyInstance, { config }: { config: GatewayConfig }): Promise<void> {
  const wsHeaders = (headers: Record<string, string>, request: FastifyRequest): Record<string, string> => {
    const forwarded: Record<string, string> = { ...headers, [REQUEST_ID_HEADER]: request.id };
    for (const name of ['cookie', 'authorization', LOCALE_HEADER, 'user-agent']) {
      const value = request.headers[name];
      if (typeof value === 'string') forwarded[name] = value;
    }
    const upstream = upstreamRequestHeaders(request, {}, config);
    for (const name of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip']) {
      const value = upstream[name];
      if (typeof value === 'string') forwarded[name] = value;
    }
    return forwarded;
  };
  await fastify.register(httpProxy, {
    upstream: config.upstreams.notifications,
    prefix: '/socket.io',
    rewritePrefix: '/socket.io',
    httpMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    websocket: true,
    undici: undiciOptions(config),
    disableRequestLogging: true,
    internalRewriteLocationHeader: false,
    preHandler: (request, _reply, done) => {
      request.upstreamService = 'notifications';
      done();
    },
    replyOptions: replyHooks(config),
    // http-proxy reads rewriteRequestHeaders from here for the upstream websocket (not in its typings).
    wsClientOptions: { rewriteRequestHeaders: wsHeaders } as object,
  });
}
