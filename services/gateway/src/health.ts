import { Controller, Get, Inject, Injectable, Module, Res, type DynamicModule } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import http from 'node:http';
import https from 'node:https';
import type { GatewayConfig } from './config';
import { UPSTREAM_SERVICES, type UpstreamService } from './routes';
import { CombinedDocs, DocsController } from './docs';

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const GATEWAY_STATE = Symbol('GATEWAY_STATE');

/** Shared with startGateway's close(): once draining, /health/ready says down so balancers stop sending traffic. */
export interface GatewayState {
  draining: boolean;
}

export type HealthStatus = 'up' | 'down';

export interface ServiceHealth {
  status: HealthStatus;
  latencyMs: number;
  /** Why a service is down: `timeout`, `unreachable` or `HTTP <status>`. */
  error?: string;
  /** With several replicas (*_URL lists several): how many answered ready, of how many. */
  replicasUp?: number;
  replicas?: number;
}

export interface PlatformHealth {
  status: HealthStatus;
  services: { gateway: { status: HealthStatus } } & Record<UpstreamService, ServiceHealth>;
}

/** GET <base>/health/ready with a hard deadline; up on 2xx. A fresh connection each time (no pool to go stale). */
export function probeReady(base: string, timeoutMs: number): Promise<ServiceHealth> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<ServiceHealth, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, latencyMs: elapsed() });
    };
    const url = new URL('/health/ready', base);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { agent: false, headers: { accept: 'application/json' } }, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      finish(status >= 200 && status < 300 ? { status: 'up' } : { status: 'down', error: `HTTP ${status}` });
    });
    const timer = setTimeout(() => {
      finish({ status: 'down', error: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', () => finish({ status: 'down', error: 'unreachable' }));
  });
}

@Injectable()
export class PlatformHealthService {
  private inFlight: Promise<PlatformHealth> | undefined;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Every upstream's readiness, in parallel. Concurrent callers share one round of probes. */
  check(): Promise<PlatformHealth> {
    this.inFlight ??= this.probeAll().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async probeAll(): Promise<PlatformHealth> {
    const results = await Promise.all(
      UPSTREAM_SERVICES.map(async (service) => [service, await this.probeService(service)] as const),
    );
    const services = Object.fromEntries(results) as Record<UpstreamService, ServiceHealth>;
    const allUp = results.every(([, health]) => health.status === 'up');
    return { status: allUp ? 'up' : 'down', services: { gateway: { status: 'up' }, ...services } };
  }

  /** A service with replicas is up when one of them is (the gateway balances around the others). */
  private async probeService(service: UpstreamService): Promise<ServiceHealth> {
    const urls = this.config.upstreamUrls[service];
    const probes = await Promise.all(urls.map((url) => probeReady(url, this.config.HEALTH_TIMEOUT_MS)));
    const up = probes.filter((p) => p.status === 'up');
    const best = up.length ? up.reduce((a, b) => (a.latencyMs <= b.latencyMs ? a : b)) : probes[0];
    return urls.length > 1 ? { ...best, replicasUp: up.length, replicas: urls.length } : best;
  }
}

@Controller()
export class HealthController {
  constructor(
    @Inject(PlatformHealthService) private readonly platform: PlatformHealthService,
    @Inject(GATEWAY_STATE) private readonly state: GatewayState,
  ) {}

  /** Liveness of the gateway process itself. */
  @Get('health')
  live(): { status: HealthStatus } {
    return { status: 'up' };
  }

  /** Readiness of the gateway itself (down while draining for shutdown); does not call the services. */
  @Get('health/ready')
  ready(@Res({ passthrough: true }) reply: FastifyReply): { status: HealthStatus } {
    if (this.state.draining) {
      reply.status(503);
      return { status: 'down' };
    }
    return { status: 'up' };
  }

  /** The whole platform: 200 when every service is ready, 503 (naming the ones that are not) otherwise. */
  @Get('api/health')
  async platformHealth(@Res({ passthrough: true }) reply: FastifyReply): Promise<PlatformHealth> {
    const health = await this.platform.check();
    reply.status(health.status === 'up' ? 200 : 503);
    reply.header('cache-control', 'no-store');
    return health;
  }
}

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig, state: GatewayState): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [HealthController, DocsController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: GATEWAY_STATE, useValue: state },
        PlatformHealthService,
        { provide: CombinedDocs, inject: [GATEWAY_CONFIG], useFactory: (c: GatewayConfig) => new CombinedDocs(c) },
      ],
      exports: [GATEWAY_CONFIG, GATEWAY_STATE],
    };
  }
}
