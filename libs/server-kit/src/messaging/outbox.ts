import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Client } from 'pg';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { type EventPayload, type EventSubject, EVENT_VERSION, parseEvent } from '@olymp/proto';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER } from '../tokens';
import type { KitConfig } from '../config/config';
import { REQUEST_ID_HEADER, currentRequestId } from '../logging/context';
import { NatsService } from './nats.service';
import { injectTraceHeaders } from '../tracing/tracing';
import { settleWithin } from './settle';
import { PreparedSql } from '../database/prepared';

export const EVENT_VERSION_HEADER = 'x-event-version';

/**
 * Writes domain events into the outbox inside the caller's transaction. Nothing reaches NATS until that
 * transaction commits; then the relay publishes it. Payloads are validated against proto/ here, at publish.
 */
@Injectable()
export class EventOutbox {
  constructor(@Inject(KIT_CONFIG) private readonly config: KitConfig) {}

  async add<S extends EventSubject>(manager: EntityManager, subject: S, payload: EventPayload<S>): Promise<string> {
    inTransaction(manager, subject);
    const row = this.row(subject, payload);
    // The row and its notification in one round trip; the notification is delivered at commit, so the relay wakes
    // at once instead of waiting for its next poll.
    await ADD_ROW.rows(manager, row.values);
    return row.id;
  }

  /**
   * Several events of one subject in one statement (each validated as `add` validates it), for a batch handler
   * that writes one event per event it handled. Returns their ids in order.
   */
  async addMany<S extends EventSubject>(manager: EntityManager, subject: S, payloads: EventPayload<S>[]): Promise<string[]> {
    inTransaction(manager, subject);
    if (!payloads.length) return [];
    const c = this.columns(subject, payloads);
    await ADD_ROWS.rows(manager, [c.ids, subject, EVENT_VERSION[subject], c.payloads, c.headers, this.channel]);
    return c.ids;
  }

  /**
   * The outbox row of an event, validated against proto/ as `add` validates it, for a hot path that writes its
   * event in the same statement as its business rows (that statement is then the whole transaction: one round
   * trip instead of four). `values` are the six parameters of `outboxInsertSql`, in its order.
   */
  row<S extends EventSubject>(subject: S, payload: EventPayload<S>): { id: string; values: unknown[] } {
    const { id, version, payload: json, headers } = this.fields(subject, payload);
    return { id, values: [id, subject, version, json, headers, this.channel] };
  }

  /**
   * The outbox rows of several events of one subject, validated as `row` validates one, for a statement that writes
   * each of them only if it produced the event's `key` (e.g. the id of a row it changed; see `outboxInsertManySql`,
   * whose seven parameters are `values`, in its order).
   */
  rows<S extends EventSubject>(subject: S, events: { key: string; payload: EventPayload<S> }[]): { ids: string[]; values: unknown[] } {
    const c = this.columns(subject, events.map((e) => e.payload));
    return { ids: c.ids, values: [c.ids, subject, EVENT_VERSION[subject], c.payloads, c.headers, events.map((e) => e.key), this.channel] };
  }

  /** Several events' rows as columns (ids, payloads, headers), for the statements that insert from arrays. */
  private columns<S extends EventSubject>(subject: S, payloads: EventPayload<S>[]): { ids: string[]; payloads: string[]; headers: string[] } {
    const rows = payloads.map((payload) => this.fields(subject, payload));
    return { ids: rows.map((r) => r.id), payloads: rows.map((r) => r.payload), headers: rows.map((r) => r.headers) };
  }

  /** The columns of an event's row: its payload validated against proto/, its request id and trace as headers. */
  private fields<S extends EventSubject>(subject: S, payload: EventPayload<S>): { id: string; version: number; payload: string; headers: string } {
    const version = EVENT_VERSION[subject];
    const valid = parseEvent(subject, payload, version);
    const headers: Record<string, string> = {};
    const requestId = currentRequestId();
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    // The trace goes on with the event: its consumers' spans are children of this request's.
    injectTraceHeaders(headers);
    return { id: randomUUID(), version, payload: JSON.stringify(valid), headers: JSON.stringify(headers) };
  }

  private get channel(): string {
    return outboxChannel(this.config.DB_SCHEMA);
  }
}

/** Events are written by the transaction that makes the change they announce, never on their own. */
function inTransaction(manager: EntityManager, subject: EventSubject): void {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(`event ${subject} must be written inside the business transaction`);
  }
}

/**
 * SQL for an event written by the statement that writes its business rows (see `EventOutbox.row`, whose six values
 * are this SQL's parameters from `$first` on): `cte` is a data-modifying CTE named `name` that adds the event once
 * if the query `source` gives a row (and not at all if it gives none: a refused request queues nothing); `notify`
 * is an expression for the statement's SELECT list that wakes the relay at commit (the count of events added).
 */
export function outboxInsertSql(name: string, source: string, first: number): { cte: string; notify: string } {
  const p = (i: number) => `$${first + i}`;
  return {
    cte: `${name} AS (
      INSERT INTO outbox (id, subject, version, payload, headers)
      SELECT ${p(0)}::uuid, ${p(1)}::varchar, ${p(2)}::int, ${p(3)}::jsonb, ${p(4)}::jsonb FROM (${source} LIMIT 1) AS source
      RETURNING id)`,
    notify: `(SELECT count(pg_notify(${p(5)}::text, ${name}.id::text))::int FROM ${name})`,
  };
}

/**
 * SQL for several events written by the statement that writes their business rows (see `EventOutbox.rows`, whose
 * seven values are this SQL's parameters from `$first` on): `cte` is a data-modifying CTE named `name` that adds each
 * event whose key is among the text values the query `keys` gives (none when it gives none); `notify` is as in
 * `outboxInsertSql`.
 */
export function outboxInsertManySql(name: string, keys: string, first: number): { cte: string; notify: string } {
  const p = (i: number) => `$${first + i}`;
  return {
    cte: `${name} AS (
      INSERT INTO outbox (id, subject, version, payload, headers)
      SELECT e.id, ${p(1)}::varchar, ${p(2)}::int, e.payload, e.headers
        FROM unnest(${p(0)}::uuid[], ${p(3)}::jsonb[], ${p(4)}::jsonb[], ${p(5)}::text[]) AS e(id, payload, headers, key)
       WHERE e.key IN (${keys})
      RETURNING id)`,
    notify: `(SELECT count(pg_notify(${p(6)}::text, ${name}.id::text))::int FROM ${name})`,
  };
}

/** Prepared once per connection: every event of every service is written by it. */
const ADD_ROW = new PreparedSql(
  `WITH added AS (INSERT INTO outbox (id, subject, version, payload, headers) VALUES ($1, $2, $3, $4, $5) RETURNING id)
   SELECT pg_notify($6, id::text) FROM added`,
);

/** `addMany`: the rows from arrays, one notification for all of them (the relay reads whatever is waiting). */
const ADD_ROWS = new PreparedSql(
  `WITH added AS (
     INSERT INTO outbox (id, subject, version, payload, headers)
     SELECT id, $2, $3, payload, headers FROM unnest($1::uuid[], $4::jsonb[], $5::jsonb[]) AS r(id, payload, headers)
     RETURNING id)
   SELECT pg_notify($6, min(id::text)) FROM added`,
);

export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

interface OutboxRow {
  id: string;
  subject: string;
  version: number;
  payload: unknown;
  headers: Record<string, string>;
}

/** Fault injection points for tests that prove the outbox survives crashes. */
export interface RelayHooks {
  /** Runs after the batch was published to JetStream and before the rows are marked published. */
  afterPublish?: (ids: string[]) => void | Promise<void>;
}

/**
 * Publishes committed outbox rows to JetStream with the row id as `Nats-Msg-Id`, then marks them published.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several replicas relay without publishing a row twice; if a
 * relay dies after publishing and before marking, the row is published again with the same id and JetStream's
 * duplicate window drops it (and consumers' inboxes would drop it too).
 *
 * Woken by the pg_notify every event's commit sends on the schema's channel (one LISTEN connection per relay), it
 * polls only as a safety net: every OUTBOX_LISTENING_POLL_MS while it listens, every OUTBOX_POLL_MS while that
 * connection is lost (then it connects again with a backoff, and reads what was committed while it was deaf).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  hooks: RelayHooks = {};
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** A notification came while a batch ran (no one was waiting): the next wait is skipped, so its row goes at once. */
  private notified = false;
  private listener?: Client;
  /** The next attempt at the LISTEN connection after it was lost, and how many attempts failed in a row. */
  private relisten?: NodeJS.Timeout;
  private relistenFailures = 0;
  private readonly batchSize = 200;

  constructor(
    private readonly ds: DataSource,
    private readonly nats: NatsService,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.listen().catch((err: unknown) => this.deaf(err));
    this.loop = this.run();
  }

  /** Whether a commit's notification reaches this relay now (else it polls every OUTBOX_POLL_MS). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /** Stops after the batch in flight; safe to call twice. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.relisten);
    this.relisten = undefined;
    this.wake?.();
    // The batch in flight publishes with the broker's own timeouts; bounded here too, so a stop always ends (rows it
    // had not marked sent are published again by the next relay: consumers dedupe by message id).
    if (!(await settleWithin(this.loop, STOP_WAIT_MS))) this.logger.warn({ waitedMs: STOP_WAIT_MS }, 'outbox relay did not stop in time; left behind');
    this.loop = undefined;
    const l = this.listener;
    this.listener = undefined;
    await l?.end().catch(() => undefined);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  /** The loop runs its next batch now: at once if it waits, else right after the batch in flight. */
  private nudge(): void {
    if (this.wake) this.wake();
    else this.notified = true;
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.config.DATABASE_URL, application_name: `${this.config.SERVICE}:relay` });
    // A connection cut by the server (a failover, an idle-connection killer) or the network: deaf until listening again.
    const lost = (err?: unknown) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      void client.end().catch(() => undefined);
      this.deaf(err ?? new Error('connection ended'));
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', () => this.nudge());
    try {
      await client.connect();
      await client.query(`LISTEN "${outboxChannel(this.config.DB_SCHEMA)}"`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (!this.running || this.listener) {
      await client.end().catch(() => undefined); // stopped meanwhile, or started again and listening already
      return;
    }
    this.listener = client;
    this.relistenFailures = 0;
  }

  /** Polls every OUTBOX_POLL_MS from now on, and listens again after a backoff (0.5 s doubling to 30 s). */
  private deaf(err: unknown): void {
    if (!this.running || this.relisten) return;
    const delay = Math.min(500 * 2 ** this.relistenFailures, 30_000);
    this.logger.warn({ err, retryInMs: delay }, 'outbox listener lost; polling every OUTBOX_POLL_MS until it listens again');
    this.nudge(); // the wait in progress may be the long one
    this.relisten = setTimeout(() => {
      this.relisten = undefined;
      if (!this.running) return;
      this.listen().then(
        () => {
          this.logger.info('outbox listener back');
          this.nudge(); // what was committed while it was deaf
        },
        (e: unknown) => {
          this.relistenFailures++;
          this.deaf(e);
        },
      );
    }, delay);
  }

  private async run(): Promise<void> {
    let failures = 0;
    let prunedAt = 0;
    while (this.running) {
      try {
        if (Date.now() - prunedAt > 10 * 60_000) {
          prunedAt = Date.now();
          await this.prune();
        }
        this.notified = false;
        const n = await this.relayBatch();
        failures = 0;
        if (n === this.batchSize || this.notified) continue;
      } catch (err) {
        failures++;
        this.logger.warn({ err, failures }, 'outbox relay batch failed; will retry');
      }
      if (!this.running) break; // stopped during the batch: no wait (the poll may be long)
      const delay = failures ? Math.min(200 * 2 ** failures, 10_000) : this.listening ? this.config.OUTBOX_LISTENING_POLL_MS : this.config.OUTBOX_POLL_MS;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Publishes one batch; returns how many rows it published. */
  async relayBatch(): Promise<number> {
    return this.ds.transaction(async (m) => {
      const rows: OutboxRow[] = await m.query(
        `SELECT id, subject, version, payload, headers FROM outbox
          WHERE published_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (!rows.length) return 0;
      const results = await Promise.allSettled(rows.map((r) => this.publish(r)));
      const ok = rows.filter((_, i) => results[i].status === 'fulfilled').map((r) => r.id);
      await this.hooks.afterPublish?.(ok);
      if (ok.length) {
        await m.query('UPDATE outbox SET published_at = now(), attempts = attempts + 1 WHERE id = ANY($1)', [ok]);
      }
      const failed = rows.filter((_, i) => results[i].status === 'rejected');
      for (const row of failed) {
        const reason = (results[rows.indexOf(row)] as PromiseRejectedResult).reason as Error;
        await m.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [row.id, String(reason?.message ?? reason)]);
      }
      if (failed.length) throw new Error(`${failed.length} of ${rows.length} outbox events could not be published`);
      return ok.length;
    });
  }

  private async publish(row: OutboxRow): Promise<void> {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(row.headers ?? {})) h.set(k, v);
    h.set(EVENT_VERSION_HEADER, String(row.version));
    await this.nats.js.publish(this.nats.subject(row.subject), JSON.stringify(row.payload), { msgID: row.id, headers: h });
  }

  /** Deletes rows published long ago; the stream and the consumers' inboxes keep what matters. */
  async prune(olderThanHours = 24): Promise<number> {
    const res: [unknown[], number] = await this.ds.query(
      `DELETE FROM outbox WHERE published_at < now() - make_interval(hours => $1)`,
      [olderThanHours],
    );
    return res[1] ?? 0;
  }
}

/** How long stopping the relay waits for its batch in flight. */
const STOP_WAIT_MS = 10_000;
