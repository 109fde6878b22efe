import type { Metrics } from '@olymp/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { GatewayConfig } from './config';
import { GatewayError, pathOf, sendError, toGatewayError } from './errors';
import { apiProxy, socketIoProxy } from './proxy';
import { API_PREFIX, type RouteMatcher } from './routes';
import { uiPlugin } from './ui';

/**
 * Everything but the health routes, in one encapsulated context with the gateway's error handler (ErrorBody in the
 * caller's locale). Load shedding and rate limiting apply to /api and /socket.io only: the UI's files and the
 * health routes stay reachable, so a shed user still gets the page that tells them to come back later.
 */
export interface EdgeOptions {
  config: GatewayConfig;
  matcher?: RouteMatcher;
  metrics?: Metrics;
}

function isGuarded(request: FastifyRequest): boolean {
  const path = pathOf(request);
  if (path === '/api/health') return false;
  return (
    path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path === '/socket.io' || path.startsWith('/socket.io/')
  );
}

export async function edgePlugin(fastify: FastifyInstance, { config, matcher, metrics }: EdgeOptions): Promise<void> {
  fastify.setErrorHandler((error, request, reply) => {
    const failure = toGatewayError(error, request);
    if (failure.code === 'INTERNAL') request.log.error({ err: error }, 'unexpected error');
    if (failure.code === 'PAYLOAD_TOO_LARGE') reply.header('connection', 'close');
    return sendError(request, reply, failure.code, failure.params, failure.headers);
  });

  // Shed early when the event loop is saturated: a fast 503 instead of requests queueing into timeouts.
  await fastify.register(underPressure, {
    maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.MAX_EVENT_LOOP_UTILIZATION,
    // Utilisation over the last sample interval, not averaged since boot.
    eventLoopUtilizationMode: 'interval',
    sampleInterval: config.PRESSURE_SAMPLE_MS,
    retryAfter: config.RETRY_AFTER_S,
    pressureHandler: async (request, _reply, type, value) => {
      if (!isGuarded(request)) return;
      request.log.debug({ type, value }, 'shedding: under pressure');
      throw new GatewayError('OVERLOADED', {}, { 'retry-after': config.RETRY_AFTER_S });
    },
  });

  if (config.RATE_LIMIT_MAX > 0) {
    await fastify.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      cache: 20_000,
      allowList: (request) => !isGuarded(request),
      errorResponseBuilder: () => new GatewayError('HIGH_TRAFFIC'),
    });
  }

  await fastify.register(apiProxy, { config, matcher, metrics });
  await fastify.register(socketIoProxy, { config });
  await fastify.register(uiPlugin, { config });
}
