import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import httpProxy from '@fastify/http-proxy';
import type { GatewayConfig } from './config';
import { GatewayError, pathOf, routeNotFound } from './errors';
import { LOCALE_HEADER, type Metrics, REQUEST_ID_HEADER } from '@olymp/server-kit';
import { findMethodOverride, isMultipart } from './method-override';
import { bodyLimitOf, declaredTooLarge, readBody } from './bodies';
import { API_PREFIX, routeMatcher, type RouteMatcher, type UpstreamService } from './routes';
import { upstreamPool } from './balancer';
import { LightProxy, takesLight } from './light';
import { AnswerSaveCoalescer } from './coalesce';
import {
  isUnreachable,
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
    /** The route table's prefix a proxied request matched (`/api/quizzes`), for the metrics. */
    routePrefix: string | null;
    /** The replica a proxied request went to, rested by its pool when it cannot be reached. */
    upstreamBase: string | null;
  }
}

/** A path with a `..` segment, plain or percent-encoded, that could step out of the owning service's prefix. */
function climbsOut(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded === '..' || decoded.includes('/..') || decoded.includes('../');
}

const PROXIED_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** reply-from's hooks, the same for /api and /socket.io: headers both ways, error mapping, retry policy. */
function replyHooks(config: GatewayConfig): FastifyReplyFromHooks {
  return {
    rewriteRequestHeaders: (request, headers) =>
      upstreamRequestHeaders(request as FastifyRequest, headers as IncomingHttpHeaders, config),
    rewriteHeaders: (headers, request) =>
      request ? (upstreamResponseHeaders(headers, request as FastifyRequest) as IncomingHttpHeaders) : headers,
    onError: (reply, { error }) => {
      const request = (reply as FastifyReply).request;
      if (isUnreachable(error) && request.upstreamService && request.upstreamBase) {
        upstreamPool(config, request.upstreamService as UpstreamService).markDown(request.upstreamBase);
      }
      replyUpstreamFailure(reply as FastifyReply, error);
    },
    retryDelay,
  };
}

export interface ApiProxyOptions {
  config: GatewayConfig;
  matcher?: RouteMatcher;
  metrics?: Metrics;
}

/**
 * `/api/*`: each request goes to the service that owns its path (see routes.ts), with its path and query string
 * byte for byte, its headers (X-Locale, Authorization...) and its body as a stream. Unknown paths get 404
 * ROUTE_NOT_FOUND; a full gateway (MAX_IN_FLIGHT proxied requests) answers 503 OVERLOADED at once.
 */
export async function apiProxy(fastify: FastifyInstance, opts: ApiProxyOptions): Promise<void> {
  const { config } = opts;
  const matcher = opts.matcher ?? routeMatcher;
  const limits = config.BODY_LIMITS;

  // Bodies are not parsed. One with a Content-Length (checked against its limit in onRequest, and Node reads no
  // byte past it) is streamed to the service. A multipart POST is read whole first (for `_method`), and so is a
  // chunked body (no length to check up front), so one over its limit is refused before a byte goes upstream.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (request, payload, done) => {
    const multipartPost = request.method === 'POST' && isMultipart(request.headers['content-type']);
    if (!multipartPost && request.headers['content-length'] !== undefined) {
      done(null, payload);
      return;
    }
    readBody(payload, bodyLimitOf(request.headers, limits)).then(
      (body) => done(null, multipartPost ? body : new PassThrough().end(body)),
      (err: Error) => done(err),
    );
  });

  await fastify.register(replyFrom, {
    undici: undiciOptions(config),
    disableRequestLogging: true,
    retryMethods: ['GET', 'HEAD'],
  });

  let inFlight = 0;
  fastify.addHook('onRequest', (request, reply, done) => {
    const tooLarge = declaredTooLarge(request.headers, limits);
    if (tooLarge) {
      done(tooLarge);
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
  const light = new LightProxy(config);
  fastify.addHook('onClose', async () => light.close());
  const coalescer = config.SAVE_COALESCING ? new AnswerSaveCoalescer(config, light, opts.metrics) : null;
  if (coalescer) fastify.addHook('onClose', async () => coalescer.close());

  async function proxy(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const rule = matcher.match(request.url);
    if (!rule || climbsOut(pathOf(request))) throw routeNotFound(request);
    request.upstreamService = rule.service;
    request.routePrefix = `${API_PREFIX}/${rule.prefix}`;
    // A pupil's answer save joins the turn's other saves (coalesce.ts), which pick their replica together.
    if (rule.service === 'learning' && coalescer?.takes(request)) return coalescer.forward(request, reply);
    request.upstreamBase = upstreamPool(config, rule.service).pick();
    const target = request.upstreamBase + pathOf(request);
    if (Buffer.isBuffer(request.body)) {
      // A buffered multipart POST: same bytes, same Content-Type (with its boundary), maybe another method.
      const contentType = request.headers['content-type'] as string;
      const method = await findMethodOverride(request.body, contentType);
      return reply.from(target, { ...common, body: request.body, contentType, ...(method ? { method } : {}) });
    }
    if (takesLight(request, config.LIGHT_PROXY_MAX_BODY)) return light.forward(request, reply, rule.service, request.upstreamBase);
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
    // Empty: every request and websocket asks getUpstream (below) for a replica.
    upstream: '',
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
    // Each long-polling request and each websocket goes to a notifications replica in turn. Socket.IO needs a
    // session's polling requests on one node, so clients use the websocket transport only (student-ui does).
    replyOptions: {
      ...replyHooks(config),
      getUpstream: (request) => {
        const base = upstreamPool(config, 'notifications').pick();
        (request as FastifyRequest).upstreamBase = base;
        return base;
      },
    },
    // http-proxy reads rewriteRequestHeaders from here for the upstream websocket (not in its typings).
    wsClientOptions: { rewriteRequestHeaders: wsHeaders } as object,
  });
}
