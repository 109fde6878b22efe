import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER } from '../tokens';
import type { KitConfig } from '../config/config';
import { NatsService } from '../messaging/nats.service';
import { EventConsumers } from '../messaging/consumer';
import { OutboxRelay } from '../messaging/outbox';
import { Metrics, startMetricsServer, type MetricsEndpointHandle } from './metrics';

/**
 * The series every service has, read at scrape time (nothing runs between scrapes): the database pool, the outbox
 * backlog and the age of its oldest unpublished row, whether the relay listens for commits, and each of the
 * service's JetStream durable consumers' pending, waiting-for-ack and redelivered counts (one consumer is shared by a
 * service's replicas, so every replica reports the same figure: aggregate with max, not sum). Then the endpoint
 * itself, when METRICS_PORT is set.
 */
interface ConsumerState {
  durable: string;
  pending: number;
  ackPending: number;
  redelivered: number;
}

/** One read for every caller within a second (one scrape), instead of one per gauge. */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > 1000) last = { at: now, value: read() };
    return last.value;
  };
}

@Injectable()
export class KitMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  private endpoint?: MetricsEndpointHandle;

  constructor(
    private readonly metrics: Metrics,
    private readonly ds: DataSource,
    private readonly nats: NatsService,
    private readonly consumers: EventConsumers,
    relay: OutboxRelay,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {
    metrics.gauge('db_pool_connections', 'PostgreSQL pool connections by state (total, idle, waiting = queued callers)', ['state'], (g) => {
      const pool = this.pool();
      if (!pool) return;
      g.set({ state: 'total' }, pool.totalCount);
      g.set({ state: 'idle' }, pool.idleCount);
      g.set({ state: 'waiting' }, pool.waitingCount);
    });
    metrics.gauge('db_pool_max', 'Largest size of the PostgreSQL pool (DB_POOL_SIZE)', [], (g) => g.set(this.config.DB_POOL_SIZE));
    // Each read is shared by the gauges that show it: a scrape collects them concurrently.
    const outbox = shared(() => this.outboxState());
    metrics.gauge('outbox_backlog', 'Outbox rows not yet published to JetStream', [], async (g) => {
      const row = await outbox();
      if (row) g.set(row.backlog);
    });
    metrics.gauge('outbox_oldest_unpublished_age_seconds', 'Age of the oldest outbox row not yet published to JetStream (0 when none)', [], async (g) => {
      const row = await outbox();
      if (row) g.set(row.oldestSeconds);
    });
    // 0 while this replica's relay has lost its LISTEN connection: it then polls every OUTBOX_POLL_MS and reconnects.
    metrics.gauge('outbox_relay_listening', 'Whether this replica\'s outbox relay listens for commits (1), or polls while its LISTEN connection is lost (0)', [], (g) => g.set(relay.listening ? 1 : 0));
    const consumerStates = shared(() => this.consumerStates());
    const consumerGauge = (name: string, help: string, read: (c: ConsumerState) => number) =>
      metrics.gauge(name, help, ['consumer'], async (g) => {
        for (const c of await consumerStates()) g.set({ consumer: c.durable }, read(c));
      });
    consumerGauge('jetstream_consumer_pending', 'Messages of the stream a durable consumer has not yet received', (c) => c.pending);
    consumerGauge('jetstream_consumer_ack_pending', 'Messages delivered to a durable consumer and not yet acknowledged', (c) => c.ackPending);
    consumerGauge('jetstream_consumer_redelivered', 'Messages of a durable consumer delivered more than once and not yet acknowledged', (c) => c.redelivered);
  }

  get url(): string | undefined {
    return this.endpoint?.url;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.METRICS_PORT === undefined) return;
    this.endpoint = await startMetricsServer(this.metrics, { host: this.config.METRICS_HOST ?? this.config.HOST, port: this.config.METRICS_PORT, logger: this.logger });
  }

  async onApplicationShutdown(): Promise<void> {
    const endpoint = this.endpoint;
    this.endpoint = undefined;
    await endpoint?.close();
  }

  private pool(): Pool | undefined {
    if (!this.ds.isInitialized) return undefined;
    return (this.ds.driver as PostgresDriver).master as Pool | undefined;
  }

  private async consumerStates(): Promise<ConsumerState[]> {
    if (!this.nats.isConnected()) return [];
    const states: ConsumerState[] = [];
    for (const durable of this.consumers.durables()) {
      try {
        const info = await this.nats.jsm.consumers.info(this.nats.streamName, durable);
        states.push({ durable, pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered });
      } catch (err) {
        this.logger.debug({ err, durable }, 'consumer info for metrics failed');
      }
    }
    return states;
  }

  private async outboxState(): Promise<{ backlog: number; oldestSeconds: number } | undefined> {
    if (!this.ds.isInitialized) return undefined;
    try {
      const rows: { backlog: number; oldest: number | null }[] = await this.ds.query(
        `SELECT count(*)::int AS backlog, extract(epoch FROM now() - min(created_at))::float8 AS oldest
           FROM outbox WHERE published_at IS NULL`,
      );
      return { backlog: rows[0]?.backlog ?? 0, oldestSeconds: Math.max(0, rows[0]?.oldest ?? 0) };
    } catch (err) {
      this.logger.debug({ err }, 'outbox state for metrics failed');
      return undefined;
    }
  }
}
