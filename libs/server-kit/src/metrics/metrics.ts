import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';

export type { Counter, Gauge, Histogram } from 'prom-client';

/**
 * Prometheus metrics of one process (prom-client). Each service instance owns its registry, so several services in
 * one test process never share a series; `service` is a default label on every series. The kit fills the series every
 * service has (HTTP, RPC, events, pool, outbox, consumers: metrics/kit-metrics.ts); a feature adds its own with
 * `counter`/`gauge`/`histogram` (get-or-create, so two providers may name the same series). Series are only read by
 * the metrics endpoint (METRICS_PORT), a port of its own that the gateway never proxies.
 */

/** Latency buckets in seconds: fine below 100 ms, where a save or an RPC should be, coarse up to 10 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  /** `http_request_duration_seconds{method,route,status}`: route is the template (`/api/quizzes/:id`), never the URL. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** `rpc_client_duration_seconds{pattern,outcome}`: NATS request/reply as the caller sees it. */
  readonly rpcDuration: Histogram<'pattern' | 'outcome'>;
  private processMetrics = false;

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service });
    this.httpDuration = this.histogram('http_request_duration_seconds', 'HTTP requests by route template and status', ['method', 'route', 'status']);
    this.rpcDuration = this.histogram('rpc_client_duration_seconds', 'NATS RPC requests by pattern and outcome (ok, error, timeout, unavailable)', ['pattern', 'outcome']);
  }

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    const found = this.registry.getSingleMetric(name);
    if (found) return found as Counter<L>;
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge; `collect` runs at every scrape (an async read of a pool, a table, a consumer). */
  gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = [], collect?: (gauge: Gauge<L>) => void | Promise<void>): Gauge<L> {
    const found = this.registry.getSingleMetric(name);
    if (found) return found as Gauge<L>;
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      ...(collect ? { collect(this: Gauge<L>) { return collect(this); } } : {}),
    });
  }

  histogram<L extends string = never>(name: string, help: string, labelNames: readonly L[] = [], buckets = LATENCY_BUCKETS): Histogram<L> {
    const found = this.registry.getSingleMetric(name);
    if (found) return found as Histogram<L>;
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /**
   * The process's own series (CPU, memory, GC, and the event-loop lag as `nodejs_eventloop_lag_p99_seconds`...).
   * Only with an endpoint: each call samples the event loop, which dozens of in-process test services need not do.
   */
  enableProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
  }

  /** The exposition text; a failing collector loses its own series, never the scrape. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

export interface MetricsEndpointHandle {
  /** http://host:port/metrics */
  url: string;
  close(): Promise<void>;
}

/** GET /metrics (anything else 404) on its own port; never behind the gateway. */
export async function startMetricsServer(metrics: Metrics, options: { host: string; port: number; logger?: Logger }): Promise<MetricsEndpointHandle> {
  metrics.enableProcessMetrics();
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (err: unknown) => {
        options.logger?.warn({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' || options.host === '' ? '127.0.0.1' : options.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`;
  options.logger?.info({ url }, 'metrics endpoint listening');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Seconds since `start` (a `process.hrtime.bigint()`), for histograms. */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
