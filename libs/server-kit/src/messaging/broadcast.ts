import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { DeliverPolicy, type ConsumerMessages, type JsMsg, type OrderedConsumerOptions } from '@nats-io/jetstream';
import { type EventPayload, type EventSubject, EVENT_VERSION, EventContractError, isEventSubject, parseEvent } from '@olymp/proto';
import type { Logger } from 'pino';
import { KIT_LOGGER } from '../tokens';
import { REQUEST_ID_HEADER, runWithContext } from '../logging/context';
import { NatsService } from './nats.service';
import { type Counter, Metrics } from '../metrics/metrics';
import { SpanKind, extractFromNats, inSpan } from '../tracing/tracing';
import { EVENT_VERSION_HEADER } from './outbox';
import { settleWithin } from './settle';

/**
 * "Every node reads everything": a subject read by every process of a service, each with its own ordered
 * (ephemeral, unacknowledged, in stream order) JetStream consumer, with no inbox. The kit's `@OnEvent` consumers
 * are the opposite (durable, shared by replicas, each message handled once per service), which is right for
 * effects and wrong for state each process keeps in memory: revoked sessions, live boards, the sockets of a node.
 *
 * A handler therefore must be idempotent by itself (replays at start and after a reconnect repeat messages), and
 * its failure is logged and skipped, never redelivered. Payloads are validated against proto in the version the
 * producer wrote (`x-event-version`, as the durable consumer does); a payload that breaks its contract is logged
 * and skipped. When the message stream ends without `stop()` (the connection or the consumer was lost beyond what
 * the ordered consumer repairs by itself), it is opened again after the last message handled, backing off from
 * 0.5 s to 30 s. `stop()` and the application's shutdown stop reading and wait for the handler in flight.
 */

/** Where a broadcast starts: the whole stream, only what is published from now, or the last `sinceMs`. */
export type BroadcastStart = 'all' | 'new' | { sinceMs: number };

export interface BroadcastMeta {
  /** The message's stream sequence. */
  seq: number;
  /** The version the payload was written (and validated) in. */
  version: number;
}

export type BroadcastHandler<S extends EventSubject> = (payload: EventPayload<S>, meta: BroadcastMeta) => void | Promise<void>;

export interface Broadcast {
  /** Stops reading and waits for the handler in flight. */
  stop(): Promise<void>;
}

@Injectable()
export class BroadcastConsumers implements BeforeApplicationShutdown {
  private readonly running = new Set<BroadcastReader<EventSubject>>();
  private readonly handled: Counter<'subject' | 'outcome'>;

  constructor(
    private readonly nats: NatsService,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
    metrics: Metrics,
  ) {
    this.handled = metrics.counter('broadcast_events_total', 'Events read by this node\'s broadcast readers, by subject and outcome (ok, failed, rejected)', ['subject', 'outcome']);
  }

  /** Starts reading `subject` in this process; resolves once the consumer exists (a failure fails the caller's start). */
  async consume<S extends EventSubject>(subject: S, options: { from: BroadcastStart }, handler: BroadcastHandler<S>): Promise<Broadcast> {
    if (!isEventSubject(subject)) throw new Error(`broadcast of unknown subject ${String(subject)}`);
    const reader = new BroadcastReader(subject, options.from, handler, this.nats, this.logger, () => this.running.delete(reader as never), (outcome) =>
      this.handled.inc({ subject, outcome }),
    );
    await reader.start();
    this.running.add(reader as never);
    return reader;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.running].map((r) => r.stop()));
  }
}

class BroadcastReader<S extends EventSubject> implements Broadcast {
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private lastSeq = 0;
  private stopped = false;
  private wake?: { timer: NodeJS.Timeout; resolve: () => void };
  private readonly startTime?: string;

  constructor(
    private readonly subject: S,
    private readonly from: BroadcastStart,
    private readonly handler: BroadcastHandler<S>,
    private readonly nats: NatsService,
    private readonly logger: Logger,
    private readonly onStopped: () => void,
    private readonly count: (outcome: 'ok' | 'failed' | 'rejected') => void,
  ) {
    // Fixed once: a reopened reader continues after its last message, not from a moving point.
    if (typeof from === 'object') this.startTime = new Date(Date.now() - from.sinceMs).toISOString();
  }

  private options(): Partial<OrderedConsumerOptions> {
    // A single subject (not a list): Debian's nats-server 2.9 has no multi-filter consumers.
    const filter_subjects = this.nats.subject(this.subject);
    if (this.lastSeq > 0) return { filter_subjects, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: this.lastSeq + 1 };
    if (this.from === 'all') return { filter_subjects, deliver_policy: DeliverPolicy.All };
    if (this.from === 'new') return { filter_subjects, deliver_policy: DeliverPolicy.New };
    return { filter_subjects, deliver_policy: DeliverPolicy.StartTime, opt_start_time: this.startTime };
  }

  private async open(): Promise<ConsumerMessages> {
    const consumer = await this.nats.js.consumers.get(this.nats.streamName, this.options());
    return consumer.consume();
  }

  async start(): Promise<void> {
    this.messages = await this.open();
    this.loop = this.run();
    this.logger.debug({ subject: this.subject, from: this.from }, 'reading a broadcast');
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        for await (const msg of this.messages ?? []) {
          await this.handle(msg);
          failures = 0;
        }
      } catch (err) {
        this.logger.warn({ err, subject: this.subject }, 'broadcast reading failed');
      }
      if (this.stopped) break;
      const delay = Math.min(500 * 2 ** failures, 30_000);
      failures++;
      this.logger.warn({ subject: this.subject, afterSeq: this.lastSeq, retryInMs: delay }, 'broadcast ended unexpectedly; opening it again');
      await new Promise<void>((resolve) => (this.wake = { timer: setTimeout(resolve, delay), resolve }));
      if (this.stopped) break;
      this.messages = await this.open().catch((err: unknown) => {
        this.logger.warn({ err, subject: this.subject }, 'broadcast could not be opened');
        return undefined;
      });
    }
  }

  private async handle(msg: JsMsg): Promise<void> {
    this.lastSeq = msg.seq;
    const version = Number(msg.headers?.get(EVENT_VERSION_HEADER) || EVENT_VERSION[this.subject]);
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
    const parent = extractFromNats(msg.headers);
    await inSpan(this.nats.service, `${this.subject} broadcast`, SpanKind.CONSUMER, parent, requestId, () => runWithContext({ requestId }, async () => {
      let payload: EventPayload<S>;
      try {
        payload = parseEvent(this.subject, msg.json(), version);
      } catch (err) {
        this.logger.error({ err: err instanceof EventContractError ? err.message : err, subject: this.subject, seq: msg.seq }, 'broadcast rejected by its contract; skipped');
        this.count('rejected');
        return;
      }
      try {
        await this.handler(payload, { seq: msg.seq, version });
        this.count('ok');
      } catch (err) {
        this.count('failed');
        this.logger.error({ err, subject: this.subject, seq: msg.seq }, 'broadcast handler failed; skipped');
      }
    }));
  }

  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      if (this.wake) {
        clearTimeout(this.wake.timer);
        this.wake.resolve();
      }
      await settleWithin(this.messages?.close(), STOP_WAIT_MS);
      this.onStopped();
    }
    // A reader holds no acks (an ordered consumer is ephemeral): a shutdown never waits on it for long. Under heavy
    // load an ordered consumer that missed heartbeats may be resetting itself when it is closed, and its iterator
    // may not end promptly; the node must still stop.
    if (!(await settleWithin(this.loop, STOP_WAIT_MS))) {
      this.logger.warn({ subject: this.subject, waitedMs: STOP_WAIT_MS }, 'broadcast reader did not stop in time; left behind');
    }
  }
}

/** How long stopping a reader waits for its close and its handler in flight. */
const STOP_WAIT_MS = 5_000;
