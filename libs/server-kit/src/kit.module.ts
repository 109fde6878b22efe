import { type DynamicModule, Global, Module, type Provider, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TerminusModule } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER } from './tokens';
import type { KitConfig } from './config/config';
import { type DatabaseDefinition, dataSourceOptions, ensureSchema, runMigrations } from './database/database';
import { NatsService } from './messaging/nats.service';
import { EventOutbox, OutboxRelay } from './messaging/outbox';
import { EventConsumers } from './messaging/consumer';
import { BroadcastConsumers } from './messaging/broadcast';
import { RpcClient } from './messaging/rpc';
import { AuthGuard } from './auth/auth.guard';
import { Authenticator } from './auth/authenticator';
import { PERMISSION_SOURCE, PermissionCache, type PermissionSource } from './auth/permission-cache';
import { SessionRevocations } from './auth/session-revocations';
import { KitExceptionFilter } from './errors/exception.filter';
import { HealthController } from './health/health.controller';
import { ProbeController, ProbeService } from './probe/probe';
import { Clock } from './time/clock';
import { TextRuleGuard } from './validation/text';
import { CrudDocsModule } from './crud/crud.module';
import { Metrics } from './metrics/metrics';
import { KitMetrics } from './metrics/kit-metrics';
import { TracingFlush } from './tracing/tracing-flush';

export interface KitModuleOptions extends DatabaseDefinition {
  config: KitConfig;
  logger: Logger;
  /** Where role permissions come from; defaults to asking the auth service over RPC. */
  permissionSource?: Type<PermissionSource>;
  /** The process's metrics (bootstrap makes one before the HTTP adapter, which times requests into it). */
  metrics?: Metrics;
}

/** Asks the auth service which permissions a role holds. */
class RpcPermissionSource implements PermissionSource {
  constructor(private readonly rpc: RpcClient) {}
  async permissionsOf(roleId: number): Promise<string[]> {
    return (await this.rpc.request('auth.role.permissions', { roleId })).permissions;
  }
}

/**
 * Everything a service gets from the kit, as one global module: config, logger, its database (own schema,
 * migrations at start), NATS with the outbox relay, idempotent consumers and RPC client, the auth guard, the
 * error filter, health endpoints, the event probe and the metrics (metrics/).
 */
@Global()
@Module({})
export class KitModule {
  static forService(options: KitModuleOptions): DynamicModule {
    const { config, logger } = options;
    const permissionSource: Provider = options.permissionSource
      ? { provide: PERMISSION_SOURCE, useClass: options.permissionSource }
      : { provide: PERMISSION_SOURCE, useFactory: (rpc: RpcClient) => new RpcPermissionSource(rpc), inject: [RpcClient] };
    return {
      module: KitModule,
      imports: [
        DiscoveryModule,
        CrudDocsModule,
        TerminusModule.forRoot({ logger: false }),
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(config, options),
          dataSourceFactory: async (dsOptions) => {
            await ensureSchema(config.DATABASE_URL, config.DB_SCHEMA);
            const ds = await new DataSource(dsOptions!).initialize();
            const ran = await runMigrations(ds, config.DB_SCHEMA);
            if (ran.length) logger.info({ migrations: ran, schema: config.DB_SCHEMA }, 'migrations applied');
            return ds;
          },
        }),
      ],
      controllers: [HealthController, ProbeController],
      providers: [
        { provide: KIT_CONFIG, useValue: config },
        { provide: KIT_LOGGER, useValue: logger },
        { provide: Metrics, useValue: options.metrics ?? new Metrics(config.SERVICE) },
        KitMetrics,
        TracingFlush,
        NatsService,
        EventOutbox,
        OutboxRelay,
        EventConsumers,
        BroadcastConsumers,
        RpcClient,
        PermissionCache,
        SessionRevocations,
        Authenticator,
        permissionSource,
        ProbeService,
        Clock,
        // Guards run in this order: who the caller is (401/403) before what they sent (INVALID_TEXT).
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: TextRuleGuard },
        { provide: APP_FILTER, useFactory: () => new KitExceptionFilter(logger) },
      ],
      exports: [KIT_CONFIG, KIT_LOGGER, Metrics, KitMetrics, NatsService, EventOutbox, OutboxRelay, EventConsumers, BroadcastConsumers, RpcClient, PermissionCache, SessionRevocations, Authenticator, Clock],
    };
  }
}
