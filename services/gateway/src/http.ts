import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import type { GatewayConfig } from './config';
import { pathOf } from './errors';
import { acceptRequestId, endRequestSpan, type Metrics, REQUEST_ID_HEADER, startRequestSpan } from '@olymp/server-kit';
import { requestTraces } from './trace';

/**
 * What applies to every request the gateway answers, its own routes (health) included: the request id, CORS and
 * one access log line.
 */

/** Fastify's genReqId: a valid incoming X-Request-Id is kept, anything else replaced by a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  return acceptRequestId(raw.headers[REQUEST_ID_HEADER]);
}

function isHealthPath(request: FastifyRequest): boolean {
  const path = pathOf(request);
  return path === '/health' || path.startsWith('/health/') || path === '/api/health';
}

async function httpBasics(fastify: FastifyInstance, { config, metrics }: { config: GatewayConfig; metrics: Metrics }): Promise<void> {
  fastify.decorateRequest('upstreamService', null);
  fastify.decorateRequest('routePrefix', null);
  fastify.decorateRequest('upstreamBase', null);

  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // Where a request's trace starts, its id the request id's (a client's own traceparent is not trusted at the edge).
    // Tracing is off unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
    if (!isHealthPath(request)) requestTraces.set(request, startRequestSpan('gateway', request.method, request.id, {}));
    done();
  });

  // One line per request, with the request id (the request logger's binding), never the query string.
  fastify.addHook('onResponse', (request, reply, done) => {
    // Proxied requests by the route table's prefix (`/api/quizzes`), the gateway's own by their route.
    const trace = requestTraces.get(request);
    if (trace) endRequestSpan(trace.span, request.method, reply.statusCode, request.routePrefix ?? request.routeOptions.url);
    metrics.httpDuration.observe(
      { method: request.method, route: request.routePrefix ?? request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    const line = {
      method: request.method,
      path: pathOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.upstreamService ? { service: request.upstreamService } : {}),
    };
    // A 503 from the health routes is an answer ("not ready yet"), not a failure: load balancers and the local
    // launcher poll them while services start.
    if (reply.statusCode >= 500 && !isHealthPath(request)) request.log.warn(line, 'request failed');
    else if (isHealthPath(request)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
    done();
  });

  await fastify.register(cors, {
    origin: config.CORS_ORIGINS,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposedHeaders: [REQUEST_ID_HEADER, 'retry-after', 'content-disposition', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
    maxAge: 600,
  });
}

export const httpBasicsPlugin = fp(httpBasics, { name: 'gateway-http-basics', fastify: '5.x' });
