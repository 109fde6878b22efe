import 'reflect-metadata';
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
}

export interface RunningService {
  app: NestFastifyApplication;
  config: KitConfig;
  logger: Logger;
  url: string;
  /** GET /metrics of this process, when METRICS_PORT is set. */
  metricsUrl: string | undefined;
  close(): Promise<void>;
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
  const spans = new WeakMap<FastifyRequest, Span>();
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    const enter = () => runWithContext({ requestId: String(req.id), locale: resolveLocale(req.headers[LOCALE_HEADER]) }, done);
    if (req.url.startsWith('/health')) return enter();
    // The request's span: a child of the gateway's (traceparent), or a trace of its own named by the request id.
    const { span, context } = startRequestSpan(config.SERVICE, req.method, String(req.id), req.headers);
    spans.set(req, span);
    otelContext.with(context, enter);
  });
  fastify.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
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

  const app = await NestFactory.create<NestFastifyApplication>(ServiceRootModule, buildFastifyAdapter(config, logger, metrics), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.setGlobalPrefix('api', { exclude: ['health', 'health/ready'] });
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
  return { app, config, logger, url, metricsUrl: app.get(KitMetrics).url, close: () => app.close() };
}

/** Entry point of a service process: start, and on a config error print one clear line and exit 1. */
export function runService(def: ServiceDefinition): void {
  initTracing(def.service).then(() => createService(def)).catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${def.service} failed to start: ${message}\n`);
    process.exit(1);
  });
}
