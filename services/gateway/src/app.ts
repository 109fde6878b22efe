import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LogController } from 'fastify';
import type { Logger } from 'pino';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLogger, Metrics, PinoNestLogger, startMetricsServer } from '@olymp/server-kit';
import { loadGatewayConfig, type GatewayConfig } from './config';
import { edgePlugin } from './edge';
import { GATEWAY_CONFIG, GATEWAY_STATE, GatewayModule, type GatewayState } from './health';
import { httpBasicsPlugin, requestIdOf } from './http';
import { honourExpectContinue } from './bodies';

export type { GatewayConfig } from './config';
export { loadGatewayConfig } from './config';
export { ROUTES, compileRoutes, routeMatcher, findShadowedRules, type RouteRule, type UpstreamService } from './routes';
export { mergeDocuments } from './docs';
export type { PlatformHealth, ServiceHealth } from './health';

export interface GatewayOptions {
  /** A pino logger to use instead of the kit's stdout logger (tests read the log lines through it). */
  logger?: Logger;
  /** Where request durations go; startGateway passes the one its metrics endpoint serves. */
  metrics?: Metrics;
}

/**
 * The gateway: the platform's single origin. /api/* is proxied to the owning service (routes.ts), /socket.io to
 * notifications, /admin and / serve the two UIs, /health, /health/ready and /api/health report health.
 * Returns the initialised (not yet listening) Nest application.
 */
export async function createGatewayApp(
  env: Record<string, string | undefined> = process.env,
  options: GatewayOptions = {},
): Promise<NestFastifyApplication> {
  const config = loadGatewayConfig(env);
  const logger = options.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const state: GatewayState = { draining: false };

  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Fastify's own per-request lines are off: http.ts writes one access line per request.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    // The proxy enforces each body's own limit (proxy.ts); this is only the outer bound.
    bodyLimit: Math.max(config.BODY_LIMITS.multipart, config.BODY_LIMITS.other),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Keep-alive longer than a typical client's, so clients do not reuse a connection the gateway is closing.
    keepAliveTimeout: 72_000,
    // Idle keep-alive connections are closed at shutdown; requests arriving while closing get a 503.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    skipMiddie: true,
    multipart: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config, state), adapter, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
    abortOnError: false,
  });
  honourExpectContinue(app.getHttpServer() as Server, config.BODY_LIMITS);
  try {
    const metrics = options.metrics ?? new Metrics('gateway');
    await app.register(httpBasicsPlugin, { config, metrics });
    await app.register(edgePlugin, { config, metrics });
    await app.init();
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

/** A hop count becomes Fastify's "trust the first N hops" function (the adapter's typings take no number). */
function trustProxyOption(value: GatewayConfig['TRUST_PROXY']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export interface RunningGateway {
  app: NestFastifyApplication;
  config: GatewayConfig;
  /** The gateway's base URL, e.g. http://127.0.0.1:8080 (the real port when PORT was 0). */
  url: string;
  /** GET /metrics of the gateway process, on its own port (METRICS_PORT), when set; never under the public origin. */
  metricsUrl: string | undefined;
  /** Graceful stop: readiness goes down, no new connections, in-flight requests finish, then resources close. */
  close(): Promise<void>;
}

function formatHost(host: string): string {
  if (host === '0.0.0.0' || host === '' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Creates the gateway and listens on HOST:PORT (PORT 0 picks a free port). */
export async function startGateway(
  env: Record<string, string | undefined> = process.env,
  options: GatewayOptions = {},
): Promise<RunningGateway> {
  const metrics = options.metrics ?? new Metrics('gateway');
  const app = await createGatewayApp(env, { ...options, metrics });
  const config = app.get<GatewayConfig>(GATEWAY_CONFIG);
  const state = app.get<GatewayState>(GATEWAY_STATE);
  let endpoint: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  try {
    await app.listen({ host: config.HOST, port: config.PORT });
    if (config.METRICS_PORT !== undefined) {
      endpoint = await startMetricsServer(metrics, { host: config.METRICS_HOST ?? config.HOST, port: config.METRICS_PORT });
    }
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  const address = app.getHttpServer().address() as AddressInfo;
  const url = `http://${formatHost(config.HOST)}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    app,
    config,
    url,
    metricsUrl: endpoint?.url,
    close() {
      closing ??= (async () => {
        state.draining = true;
        await app.close();
        await endpoint?.close();
      })();
      return closing;
    },
  };
}
