import 'reflect-metadata';
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import qs from 'qs';
import type { Logger } from 'pino';
import { resolveLocale } from '@olymp/proto';
import { type KitConfig, type ServiceName, loadConfig } from './config/config';
import { createLogger, PinoNestLogger } from './logging/logger';
import { LOCALE_HEADER, REQUEST_ID_HEADER, acceptRequestId, runWithContext } from './logging/context';
import { KitModule } from './kit.module';
import type { DatabaseDefinition } from './database/database';
import type { PermissionSource } from './auth/permission-cache';
import { PrefixedNatsServer } from './messaging/rpc';
import { natsCredentials } from './messaging/nats.service';
import { multipartPluginOptions } from './uploads/multipart';
import { JSON_BODY_LIMIT_BYTES } from './http/body-limits';
import { serializeReply } from './http/json-once';
import { Metrics } from './metrics/metrics';
import { KitMetrics } from './metrics/kit-metrics';
import { type Span } from '@opentelemetry/api';
import { endRequestSpan, initTracing, otelContext, startRequestSpan } from './tracing/tracing';

/**
 * Boots one service as a hybrid Nest app: HTTP on Fastify (routes under /api, health outside it) plus the NATS
 * transport for RPC. Order matters: `app.init()` (migrations, NATS, consumers) before the microservice starts
 * listening, and both before HTTP accepts traffic.
 */
export interface ServiceDefinition extends DatabaseDefinition {
  service: ServiceName;
  /** The service's own feature modules (a function when they depend on config, e.g. dev-only routes). */
  imports: (Type | DynamicModule)[] | ((config: KitConfig) => (Type | DynamicModule)[]);
  permissionSource?: Type<PermissionSource>;
  /**
   * Routes served outside `/api` (e.g. `internal/answer-saves`): the gateway forwards only `/api/*`, so no client
   * reaches them through it; only the platform's own processes call them.
   */
  internalRoutes?: string[];
}

export interface RunningService {
  app: NestFastifyApplication;
  config: KitConfig;
  logger: Logger;
  url: string;
  /** GET /metrics of this process, when METRICS_PORT is set. */
  metricsUrl: string | undefined;
  close(): Promise<void>;
  /**
   * What the process is still doing: HTTP requests in flight (method and path) and the shutdown hooks that have not
   * returned. A close that takes long names its cause with it (closeStack in the tests, the shutdown log in a pod).
   */
  busy(): string[];
}

/** A Fastify instance's open connections and the requests it is answering (`GET /api/...`), for `busy`. */
const httpOf = new WeakMap<object, { sockets: Set<Socket>; inFlight: Map<FastifyRequest, string> }>();

/**
 * How long a closing service waits for the requests it is answering before it cuts their connections. A connection
 * with no request in progress is cut at once: Node's `server.close()` keeps one that has begun a request it has not
 * finished reading (a client that connected and stalled, a request half-sent when its sender went away) until the
 * 60 s headers timeout, which held test stacks' stops for up to a minute and a pod's for as long.
 */
const HTTP_CLOSE_GRACE_MS = 10_000;
/** How often a closing service looks for connections no request is using any more. */
const HTTP_CLOSE_SWEEP_MS = 100;

/**
 * From Fastify's `preClose` on (no new connections): cuts every connection that carries no request in flight, again
 * every HTTP_CLOSE_SWEEP_MS as requests finish, and all that are left after HTTP_CLOSE_GRACE_MS.
 */
function cutConnectionsOnClose(fastify: FastifyInstance, sockets: Set<Socket>, inFlight: Map<FastifyRequest, string>): void {
  fastify.addHook('preClose', (done: () => void) => {
    const started = Date.now();
    const sweep = () => {
      const used = new Set<Socket>([...inFlight.keys()].map((req) => req.raw.socket));
      const late = Date.now() - started >= HTTP_CLOSE_GRACE_MS;
      for (const socket of sockets) if (late || !used.has(socket)) socket.destroy();
      if (sockets.size === 0) clearInterval(timer);
    };
    const timer = setInterval(sweep, HTTP_CLOSE_SWEEP_MS);
    timer.unref();
    fastify.server.once('close', () => clearInterval(timer));
    sweep();
    done();
  });
}

/** The lifecycle hooks Nest awaits on close, in its order. */
const SHUTDOWN_HOOKS = ['onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown'] as const;

/**
 * Wraps every provider's shutdown hooks so `pending` holds the ones that have started and not returned
 * (`CertWorker.onApplicationShutdown`). Nest calls the instance's own method, so wrapping the instance is enough.
 */
function trackShutdownHooks(app: NestFastifyApplication, pending: Set<string>): void {
  const container = (app as unknown as { container?: { getModules(): Map<string, { providers: Map<unknown, { instance: unknown }> }> } }).container;
  for (const mod of container?.getModules().values() ?? []) {
    for (const wrapper of mod.providers.values()) {
      const instance = wrapper.instance as Record<string, unknown> | null | undefined;
      if (!instance || typeof instance !== 'object') continue;
      for (const hook of SHUTDOWN_HOOKS) {
        const original = instance[hook];
        if (typeof original !== 'function') continue;
        const name = `${instance.constructor?.name ?? 'provider'}.${hook}`;
        instance[hook] = async (...args: unknown[]) => {
          pending.add(name);
          try {
            return await (original as (...a: unknown[]) => unknown).apply(instance, args);
          } finally {
            pending.delete(name);
          }
        };
      }
    }
  }
}

/** node-postgres pools behind the app's TypeORM data sources (for `busy`). */
function poolsOf(app: NestFastifyApplication): { totalCount: number; idleCount: number; waitingCount: number }[] {
  const container = (app as unknown as { container?: { getModules(): Map<string, { providers: Map<unknown, { instance: unknown }> }> } }).container;
  const pools = new Set<{ totalCount: number; idleCount: number; waitingCount: number }>();
  for (const mod of container?.getModules().values() ?? []) {
    for (const wrapper of mod.providers.values()) {
      const instance = wrapper.instance as { driver?: { master?: unknown } } | null | undefined;
      const pool = instance && typeof instance === 'object' ? (instance.driver?.master as { totalCount?: number } | undefined) : undefined;
      if (pool && typeof pool.totalCount === 'number') pools.add(pool as { totalCount: number; idleCount: number; waitingCount: number });
    }
  }
  return [...pools];
}

export function buildFastifyAdapter(config: KitConfig, logger: Logger, metrics?: Metrics): FastifyAdapter {
  const adapter = new FastifyAdapter({
    // Refine's nestjsx-crud sends nested params (`filter[0]=...`, `sort[0]=...`); the default parser drops them.
    routerOptions: { querystringParser: (s: string) => qs.parse(s, { depth: 5, arrayLimit: 200 }) },
    // Non-multipart bodies; the gateway refuses larger ones before they reach a service (http/body-limits.ts).
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => acceptRequestId(req.headers[REQUEST_ID_HEADER]),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // --- uploads (uploads/multipart.ts): @fastify/multipart for every service, registered once at init, with the
    // outer limits of any multipart request (one file of at most UPLOAD_MAX_BYTES); routes narrow them further.
    multipart: multipartPluginOptions(config),
    // --- end uploads
  });
  const fastify = adapter.getInstance();
  // JSON routes read JSON only. Fastify's own application/json parser stays (the one Nest would add is the same
  // parser); its text/plain one goes, and Nest's urlencoded one is never added (bodyParser: false in NestFactory.create
  // below): a form or a text body would otherwise reach a JSON route's validation as if it were JSON, so a
  // form-encoded login signed in. Such a body is now 415 UNSUPPORTED_MEDIA_TYPE before any handler runs. Uploads are
  // multipart/form-data (their own parser, uploads/multipart.ts). A route that must take a form (a payment provider's
  // callback that posts one) would register its own parser in its own encapsulated context.
  fastify.removeContentTypeParser('text/plain');
  // Before any route is registered (each route copies the default): shared rows are serialized once (http/json-once.ts).
  fastify.setReplySerializer(serializeReply);
  const spans = new WeakMap<FastifyRequest, Span>();
  const inFlight = new Map<FastifyRequest, string>();
  const sockets = new Set<Socket>();
  httpOf.set(adapter, { sockets, inFlight });
  fastify.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  cutConnectionsOnClose(fastify, sockets, inFlight);
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    inFlight.set(req, `${req.method} ${req.url.split('?')[0]}`);
    void reply.header(REQUEST_ID_HEADER, req.id);
    const enter = () => runWithContext({ requestId: String(req.id), locale: resolveLocale(req.headers[LOCALE_HEADER]) }, done);
    if (req.url.startsWith('/health')) return enter();
    // The request's span: a child of the gateway's (traceparent), or a trace of its own named by the request id.
    const { span, context } = startRequestSpan(config.SERVICE, req.method, String(req.id), req.headers);
    spans.set(req, span);
    otelContext.with(context, enter);
  });
  // A response ends (onResponse) or its client goes away first (onRequestAbort).
  fastify.addHook('onRequestAbort', (req: FastifyRequest, done: () => void) => {
    inFlight.delete(req);
    done();
  });
  fastify.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    inFlight.delete(req);
    const span = spans.get(req);
    if (span) endRequestSpan(span, req.method, reply.statusCode, req.routeOptions.url);
    // The route template keeps the series few (`/api/quizzes/:id`); a path no route matched is one series.
    metrics?.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (!req.url.startsWith('/health')) {
      logger.info({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });
  // Errors Fastify raises before a handler runs (unreadable JSON, body too large) reach Nest's error handler,
  // which hands them to the global KitExceptionFilter like any other error.
  return adapter;
}

export async function createService(def: ServiceDefinition, env: Record<string, string | undefined> = process.env): Promise<RunningService> {
  const config = loadConfig(def.service, env);
  const logger = createLogger(def.service, config.LOG_LEVEL);
  const metrics = new Metrics(def.service);

  @Module({
    imports: [
      KitModule.forService({ config, logger, entities: def.entities, migrations: def.migrations, permissionSource: def.permissionSource, metrics }),
      ...(typeof def.imports === 'function' ? def.imports(config) : def.imports),
    ],
  })
  class ServiceRootModule {}

  const adapter = buildFastifyAdapter(config, logger, metrics);
  const app = await NestFactory.create<NestFastifyApplication>(ServiceRootModule, adapter, {
    logger: new PinoNestLogger(logger),
    // No urlencoded parser; JSON is Fastify's own (buildFastifyAdapter).
    bodyParser: false,
    abortOnError: false,
  });
  app.setGlobalPrefix('api', { exclude: ['health', 'health/ready', ...(def.internalRoutes ?? [])] });
  app.enableShutdownHooks();
  app.connectMicroservice(
    {
      strategy: new PrefixedNatsServer(
        { servers: config.NATS_URL, ...natsCredentials(config), queue: `${config.NATS_PREFIX}${config.SERVICE}`, gracefulShutdown: true, gracePeriod: 1000 },
        config.NATS_PREFIX,
      ),
    },
    { inheritAppConfig: true },
  );
  try {
    await app.init();
    await app.startAllMicroservices();
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    // A start that fails half-way (a seeder, a port) must not leave NATS and database connections open behind it.
    await app.close().catch((closeErr: unknown) => logger.warn({ err: closeErr }, 'closing after a failed start failed too'));
    throw err;
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;
  logger.info({ url, schema: config.DB_SCHEMA, prefix: config.NATS_PREFIX || undefined }, `${def.service} ready`);
  const hooksPending = new Set<string>();
  trackShutdownHooks(app, hooksPending);
  const pools = poolsOf(app);
  const busy = () => {
    const http = httpOf.get(adapter);
    const out = [...(http?.inFlight.values() ?? []), ...hooksPending];
    if (http?.sockets.size) out.push(`${http.sockets.size} HTTP connections open`);
    for (const pool of pools) {
      const checkedOut = pool.totalCount - pool.idleCount;
      if (checkedOut > 0 || pool.waitingCount > 0) out.push(`${checkedOut} database clients checked out, ${pool.waitingCount} waiting`);
    }
    return out;
  };

  return { app, config, logger, url, metricsUrl: app.get(KitMetrics).url, close: () => app.close(), busy };
}

/** Entry point of a service process: start, and on a config error print one clear line and exit 1. */
export function runService(def: ServiceDefinition): void {
  initTracing(def.service).then(() => createService(def)).catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${def.service} failed to start: ${message}\n`);
    process.exit(1);
  });
}
