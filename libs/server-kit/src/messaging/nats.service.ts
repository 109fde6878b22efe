import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { nanos } from '@nats-io/nats-core';
import {
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { EVENT_SUBJECTS } from '@olymp/proto';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER } from '../tokens';
import type { KitConfig } from '../config/config';
import { settleWithin } from './settle';

/**
 * The service's one NATS connection, its JetStream handles and the naming of subjects, streams and durable
 * consumers. `NATS_PREFIX` namespaces all of them, so test files (and, if wanted, environments) sharing one NATS
 * server never see each other's traffic.
 */
@Injectable()
export class NatsService implements OnModuleInit, OnApplicationShutdown {
  private connection?: NatsConnection;
  private jsClient?: JetStreamClient;
  private jsManager?: JetStreamManager;

  constructor(
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  /** The service this connection belongs to. */
  get service(): string {
    return this.config.SERVICE;
  }

  get prefix(): string {
    return this.config.NATS_PREFIX;
  }

  /** The stream that holds every domain event of this namespace. */
  get streamName(): string {
    return `${this.prefix.replace(/\W/g, '_').toUpperCase()}EVENTS`;
  }

  subject(name: string): string {
    return `${this.prefix}${name}`;
  }

  durableName(service: string, subject: string): string {
    return `${this.prefix}${service}__${subject}`.replace(/[.\s*>]/g, '_');
  }

  get nc(): NatsConnection {
    if (!this.connection) throw new Error('NATS is not connected yet');
    return this.connection;
  }

  get js(): JetStreamClient {
    if (!this.jsClient) throw new Error('NATS is not connected yet');
    return this.jsClient;
  }

  get jsm(): JetStreamManager {
    if (!this.jsManager) throw new Error('NATS is not connected yet');
    return this.jsManager;
  }

  isConnected(): boolean {
    return !!this.connection && !this.connection.isClosed();
  }

  onModuleInit(): Promise<void> {
    return this.connect();
  }

  async connect(): Promise<void> {
    if (this.connection) return;
    this.connection = await connect({
      servers: this.config.NATS_URL,
      ...natsCredentials(this.config),
      name: `${this.config.SERVICE}:${process.pid}`,
      maxReconnectAttempts: -1,
    });
    this.jsClient = jetstream(this.connection);
    this.jsManager = await jetstreamManager(this.connection);
    await this.ensureStream();
    this.logger.info({ url: this.config.NATS_URL, stream: this.streamName }, 'connected to NATS');
  }

  /** Creates or updates the events stream; every service calls it at boot, so it must be idempotent. */
  private async ensureStream(): Promise<void> {
    const subjects = EVENT_SUBJECTS.map((s) => this.subject(s));
    const config = {
      name: this.streamName,
      subjects,
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      // Publishing the same outbox row twice (relay crash after publish, before marking) is dropped here.
      duplicate_window: nanos(10 * 60_000),
      max_age: nanos(14 * 24 * 3600_000),
      // On a JetStream cluster, the stream survives the loss of a server (NATS_STREAM_REPLICAS=3).
      num_replicas: this.config.NATS_STREAM_REPLICAS,
    };
    try {
      const info = await this.jsm.streams.info(this.streamName);
      const missing = subjects.filter((s) => !info.config.subjects?.includes(s));
      if (missing.length || info.config.num_replicas !== config.num_replicas) {
        await this.jsm.streams.update(this.streamName, {
          ...info.config,
          subjects: [...new Set([...(info.config.subjects ?? []), ...subjects])],
          num_replicas: config.num_replicas,
        });
      }
    } catch (err) {
      if (!isNotFound(err)) throw err;
      try {
        await this.jsm.streams.add(config);
      } catch (addErr) {
        // Another service created it between our info and add.
        if (!/already in use|exists/i.test(String(addErr))) throw addErr;
      }
    }
  }

  /**
   * Drains the connection (subscriptions finish what they hold, publishes are flushed), for at most
   * NATS_DRAIN_WAIT_MS: a subscription whose drain never ends (an ordered consumer resetting itself under load) would
   * otherwise hold the whole process's stop. Past the bound the connection is closed and the wait is logged.
   */
  async onApplicationShutdown(): Promise<void> {
    const c = this.connection;
    this.connection = undefined;
    if (!c || c.isClosed()) return;
    if (!(await settleWithin(c.drain().catch(() => c.close()), NATS_DRAIN_WAIT_MS))) {
      this.logger.warn({ waitedMs: NATS_DRAIN_WAIT_MS }, 'NATS connection did not drain in time; closed');
      await c.close().catch(() => undefined);
    }
  }
}

/** How long a stopping process waits for its NATS connection to drain before closing it. */
const NATS_DRAIN_WAIT_MS = 10_000;

function isNotFound(err: unknown): boolean {
  return /not found/i.test(String((err as Error)?.message ?? err));
}

/** The connect options that authenticate to NATS (user and password), or none when NATS_USER is unset. */
export function natsCredentials(config: Pick<KitConfig, 'NATS_USER' | 'NATS_PASSWORD'>): { user?: string; pass?: string } {
  return config.NATS_USER ? { user: config.NATS_USER, pass: config.NATS_PASSWORD } : {};
}
