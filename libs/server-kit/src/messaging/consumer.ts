import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown, SetMetadata } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DataSource, type EntityManager } from 'typeorm';
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { type EventPayload, type EventSubject, EventContractError, EVENT_VERSION, parseEvent, isEventSubject } from '@olymp/proto';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER } from '../tokens';
import type { KitConfig } from '../config/config';
import { REQUEST_ID_HEADER, runWithContext } from '../logging/context';
import { NatsService } from './nats.service';
import { EVENT_VERSION_HEADER } from './outbox';
import type { Counter, Histogram } from 'prom-client';
import { Metrics } from '../metrics/metrics';
import { SpanKind, extractFromNats, inSpan } from '../tracing/tracing';
import { settleWithin } from './settle';
import { PreparedSql } from '../database/prepared';

/**
 * Idempotent event consumers. A method decorated with `@OnEvent('quiz.finished')` receives the validated payload
 * and an EntityManager; its effect and the inbox row keyed by the message id commit in one transaction, and only
 * then is the message acked. A failure rolls both back and the message is redelivered later; a redelivery of a
 * message already processed is acked without running the handler again. Every handler names its durable
 * consumer explicitly (`@OnEvent(subject, { durable })`, see OnEventOptions).
 */
export interface EventContext {
  manager: EntityManager;
  messageId: string;
  subject: EventSubject;
  redelivered: boolean;
  deliveryCount: number;
}

export type EventHandler<S extends EventSubject> = (payload: EventPayload<S>, ctx: EventContext) => Promise<void>;

/** One event of a batch (`@OnEvents`): its validated payload and delivery facts. */
export interface BatchedEvent<S extends EventSubject = EventSubject> {
  payload: EventPayload<S>;
  messageId: string;
  redelivered: boolean;
  deliveryCount: number;
}

/** What a batch handler gets beside its events: the one transaction they all commit in. */
export interface BatchContext {
  manager: EntityManager;
  subject: EventSubject;
  /**
   * This event is to be handled again later (redelivered with the usual back-off), while the rest of the batch
   * commits: its inbox row is taken back in the batch's transaction, whatever else the handler wrote for it commits.
   * For a handler whose work for one event can fail on its own outside the database (a provider's HTTP call), so
   * one event's failure neither fails the batch nor repeats the others' calls.
   */
  retryLater(messageId: string): void;
}

export type BatchHandler<S extends EventSubject> = (events: BatchedEvent<S>[], ctx: BatchContext) => Promise<void>;

const ON_EVENT = Symbol('kit:on-event');

/** Every event a consumer handles is first recorded here (prepared once per connection). */
const INBOX_ROW = new PreparedSql(`INSERT INTO inbox (consumer, message_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING message_id`);
/** Inbox rows taken back in a batch's transaction: those events are handled again when redelivered. */
const INBOX_FORGET = new PreparedSql(`DELETE FROM inbox WHERE consumer = $1 AND message_id = ANY($2::varchar[])`);
/** A batch's inbox rows in one statement: the ids it returns are the events not handled before. */
const INBOX_ROWS = new PreparedSql<{ message_id: string }>(
  `INSERT INTO inbox (consumer, message_id, subject) SELECT $1, id, $3 FROM unnest($2::varchar[]) AS id
   ON CONFLICT DO NOTHING RETURNING message_id`,
);

export interface OnEventOptions {
  /**
   * The handler's durable name, required and never derived from code. With the subject it names the JetStream
   * durable consumer (`<service>__<subject>__<durable>`, dots and spaces as `_`) and keys the handler's inbox rows.
   * The consumer delivers from the start of the stream (`DeliverPolicy.All`) when it is created, so a new name
   * replays 14 days of the subject: renaming a class or method must not rename its consumer, and changing this
   * string is a migration (keep the old one unless a full replay is what you want). The handlers that existed
   * when names became explicit keep exactly the `Class.method` string they used to derive.
   */
  durable: string;
  /** Messages processed at once by this process (order across messages is not guaranteed above 1). */
  concurrency?: number;
}

export const OnEvent = (subject: EventSubject, options: OnEventOptions) => SetMetadata(ON_EVENT, { subject, ...options });

export interface OnEventsOptions {
  /** As OnEventOptions' (the durable consumer's name; a handler may move between @OnEvent and @OnEvents keeping it). */
  durable: string;
  /** Events handled in one transaction at most (64). */
  maxBatch?: number;
  /** Batches in flight at once in this process (1). */
  concurrency?: number;
}

/**
 * A handler of many events at once (`(events, ctx) => ...`): the events waiting when it is free (at most
 * `maxBatch`) are handled in ONE transaction with their inbox rows written by one statement, then acked. Under a
 * burst that is one BEGIN, one inbox statement and one COMMIT for the batch instead of per event; when idle a batch
 * is the one event that arrived. A failing batch is rolled back and its events are handled again one by one (each its
 * own transaction), so one bad event is redelivered alone and never holds the others back.
 *
 * A handler whose events do something outside the database (an HTTP call) must not fail the batch for one event:
 * it hands that event to `ctx.retryLater` instead (a batch that throws is handled again one by one, which would
 * repeat the others' calls).
 */
export const OnEvents = (subject: EventSubject, options: OnEventsOptions) =>
  SetMetadata(ON_EVENT, { subject, durable: options.durable, concurrency: options.concurrency ?? 1, maxBatch: Math.max(1, options.maxBatch ?? 64) });

/** A durable name: letters, digits, `.`, `_`, `-`, at most 100 characters. */
const DURABLE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Refuses (throws, so the service does not start) a handler without a durable name, with a malformed one, or two
 * handlers of one service whose consumers would share a name (they would split one subject's messages and one
 * inbox between them). `where` names each handler for the message.
 */
export function checkDurableNames(handlers: { subject: string; durable: unknown; where: string }[]): void {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const h of handlers) {
    if (typeof h.durable !== 'string' || !DURABLE_NAME.test(h.durable)) {
      problems.push(`${h.where}: @OnEvent('${h.subject}') needs an explicit durable name ({ durable: '...' }, ${DURABLE_NAME.source}), got ${JSON.stringify(h.durable)}`);
      continue;
    }
    // Compared as the consumer name NATS gets (dots become underscores), per service.
    const key = `${h.subject}__${h.durable}`.replace(/[.\s*>]/g, '_');
    const other = seen.get(key);
    if (other) problems.push(`${h.where}: durable name '${h.durable}' of '${h.subject}' is already used by ${other}`);
    else seen.set(key, h.where);
  }
  if (problems.length) throw new Error(`event consumers:\n  ${problems.join('\n  ')}`);
}

/** Fault injection points for tests that prove redelivery changes nothing. */
export interface ConsumerHooks {
  /** Runs inside the transaction after the handler; throwing rolls the effect back. */
  afterHandle?: (subject: EventSubject, messageId: string) => void | Promise<void>;
  /** Runs after the transaction committed and before the ack; throwing leaves the message unacked. */
  beforeAck?: (subject: EventSubject, messageId: string) => void | Promise<void>;
}

interface Registration {
  subject: EventSubject;
  name: string;
  concurrency: number;
  handler: (payload: unknown, ctx: EventContext) => Promise<void>;
  /** Set for `@OnEvents`: the most events of one transaction, and the handler of a batch. */
  batch?: { max: number; handler: (events: BatchedEvent[], ctx: BatchContext) => Promise<void> };
}

/** A delivered message whose payload passed its contract, waiting in a batch. */
interface Valid {
  msg: JsMsg;
  event: BatchedEvent;
}

@Injectable()
export class EventConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  hooks: ConsumerHooks = {};
  private readonly registrations: Registration[] = [];
  private readonly running: { subject: EventSubject; messages: ConsumerMessages; loop: Promise<void> }[] = [];
  private stopping = false;
  private readonly handled: Counter<'subject' | 'outcome'>;
  private readonly handleSeconds: Histogram<'subject'>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly ds: DataSource,
    private readonly nats: NatsService,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
    metrics: Metrics,
  ) {
    this.handled = metrics.counter('events_consumed_total', 'Event deliveries by subject and outcome (ok, duplicate, failed, rejected)', ['subject', 'outcome']);
    this.handleSeconds = metrics.histogram('event_handle_duration_seconds', 'Time from delivery to ack of an event, handler and inbox transaction', ['subject']);
  }

  async onApplicationBootstrap(): Promise<void> {
    const found: { subject: string; durable: unknown; where: string }[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || wrapper.isNotMetatype) continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const fn = instance[method];
        if (typeof fn !== 'function') continue;
        const meta = this.reflector.get<{ subject: EventSubject; durable?: unknown; concurrency?: number; maxBatch?: number } | undefined>(ON_EVENT, fn);
        if (!meta) continue;
        if (!isEventSubject(meta.subject)) throw new Error(`@OnEvent on unknown subject ${String(meta.subject)}`);
        found.push({ subject: meta.subject, durable: meta.durable, where: `${wrapper.name}.${method}` });
        const batch = meta.maxBatch
          ? { max: meta.maxBatch, handler: (events: BatchedEvent[], ctx: BatchContext) => (fn as BatchHandler<EventSubject>).call(instance, events as never, ctx) }
          : undefined;
        this.registrations.push({
          subject: meta.subject,
          name: String(meta.durable),
          concurrency: meta.concurrency ?? 8,
          handler: (payload, ctx) => (fn as EventHandler<EventSubject>).call(instance, payload as never, ctx),
          batch,
        });
      }
    }
    checkDurableNames(found);
    for (const reg of this.registrations) await this.start(reg);
  }

  /** The durable consumer names of this process's handlers (as NATS knows them), for checks and diagnostics. */
  durables(): string[] {
    return this.registrations.map((r) => this.consumerName(r));
  }

  /** Durable consumer name: one per (service, handler name), shared by the service's replicas. */
  private consumerName(reg: Registration): string {
    return this.nats.durableName(this.config.SERVICE, `${reg.subject}__${reg.name}`);
  }

  private async start(reg: Registration): Promise<void> {
    const durable = this.consumerName(reg);
    const stream = this.nats.streamName;
    try {
      await this.nats.jsm.consumers.info(stream, durable);
    } catch {
      await this.nats.jsm.consumers.add(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: this.nats.subject(reg.subject),
        ack_wait: nanos(30_000),
        max_ack_pending: 1000,
      });
    }
    const consumer = await this.nats.js.consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: reg.batch ? reg.batch.max * 2 : Math.max(reg.concurrency * 2, 4) });
    const loop = reg.batch ? this.pumpBatches(reg, reg.batch.max, messages) : this.pump(reg, messages);
    this.running.push({ subject: reg.subject, messages, loop });
    this.logger.info({ subject: reg.subject, durable }, 'consuming events');
  }

  private async pump(reg: Registration, messages: ConsumerMessages): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    for await (const msg of messages) {
      const p = this.handle(reg, msg).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= reg.concurrency) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }

  /**
   * Feeds `@OnEvents` handlers: messages wait in a queue while the batches in flight run, and a free slot takes up to
   * `max` of them at once (after the current turn, so the messages of one read from the server go together). The
   * reader stops pulling while a batch and a half wait, so a slow handler is not buried under its backlog.
   */
  private async pumpBatches(reg: Registration, max: number, messages: ConsumerMessages): Promise<void> {
    const queue: JsMsg[] = [];
    const inFlight = new Set<Promise<void>>();
    let scheduled = false;
    const take = () => {
      scheduled = false;
      while (queue.length && inFlight.size < reg.concurrency) {
        const p: Promise<void> = this.handleBatch(reg, queue.splice(0, max)).finally(() => {
          inFlight.delete(p);
          take();
        });
        inFlight.add(p);
      }
    };
    for await (const msg of messages) {
      queue.push(msg);
      if (!scheduled) {
        scheduled = true;
        setImmediate(take);
      }
      while (queue.length >= max * 1.5 && inFlight.size) await Promise.race(inFlight);
    }
    take();
    while (inFlight.size) await Promise.all(inFlight);
  }

  /** Validates a batch's messages one by one (what breaks its contract is terminated alone), then handles the rest. */
  private async handleBatch(reg: Registration, msgs: JsMsg[]): Promise<void> {
    const valid: Valid[] = [];
    for (const msg of msgs) {
      const messageId = msg.headers?.get('Nats-Msg-Id');
      if (!messageId) {
        this.logger.error({ subject: reg.subject, seq: msg.seq }, 'event without Nats-Msg-Id; dropped');
        this.handled.inc({ subject: reg.subject, outcome: 'rejected' });
        msg.term();
        continue;
      }
      const version = Number(msg.headers?.get(EVENT_VERSION_HEADER) || EVENT_VERSION[reg.subject]);
      try {
        const payload = parseEvent(reg.subject, msg.json(), version);
        valid.push({ msg, event: { payload, messageId, redelivered: msg.redelivered, deliveryCount: msg.info.deliveryCount } });
      } catch (err) {
        this.logger.error({ err: err instanceof EventContractError ? err.message : err, messageId }, 'event rejected by its contract');
        this.handled.inc({ subject: reg.subject, outcome: 'rejected' });
        msg.term(err instanceof Error ? err.message.slice(0, 200) : 'contract');
      }
    }
    if (!valid.length) return;
    if (await this.commitBatch(reg, valid)) return;
    // The batch failed: each event alone, so only the one that fails is redelivered.
    for (const one of valid) await this.commitBatch(reg, [one]);
  }

  /**
   * One transaction for the events: inbox rows, the handler (with the events not handled before), commit, ack.
   * Returns false when a batch of several failed (the caller handles them one by one); a single event that fails is
   * nak'd with the usual back-off.
   */
  private async commitBatch(reg: Registration, events: Valid[]): Promise<boolean> {
    const consumer = this.consumerName(reg);
    const timer = this.handleSeconds.startTimer({ subject: reg.subject });
    let fresh = new Set<string>();
    let retry = new Set<string>();
    try {
      // A batch of one goes on with its event's trace and request id, like a single handler; a larger batch starts its own.
      const only = events.length === 1 ? events[0].msg.headers : undefined;
      const requestId = only?.get(REQUEST_ID_HEADER) || undefined;
      await inSpan(this.config.SERVICE, `${reg.subject} process`, SpanKind.CONSUMER, extractFromNats(only), requestId, () => runWithContext({ requestId }, () =>
        this.ds.transaction(async (manager) => {
          const ids = events.map((e) => e.event.messageId);
          fresh = new Set((await INBOX_ROWS.rows(manager, [consumer, ids, reg.subject])).map((r) => r.message_id));
          const todo = events.filter((e) => fresh.has(e.event.messageId)).map((e) => e.event);
          const later = new Set<string>();
          const retryLater = (messageId: string) => {
            if (fresh.has(messageId)) later.add(messageId);
          };
          if (todo.length) await reg.batch!.handler(todo, { manager, subject: reg.subject, retryLater });
          if (later.size) await INBOX_FORGET.run(manager, [consumer, [...later]]);
          for (const e of todo) if (!later.has(e.messageId)) await this.hooks.afterHandle?.(reg.subject, e.messageId);
          retry = later;
        })),
      );
    } catch (err) {
      if (events.length > 1) {
        this.logger.warn({ err, subject: reg.subject, events: events.length }, 'event batch failed; handling its events one by one');
        return false;
      }
      const [{ msg, event }] = events;
      this.redeliverLater(reg, msg, event.messageId, 'event handler failed; will be redelivered', err);
      return true;
    }
    for (const { msg, event } of events) {
      if (retry.has(event.messageId)) {
        this.redeliverLater(reg, msg, event.messageId, 'event left for a later attempt; will be redelivered');
        continue;
      }
      try {
        await this.hooks.beforeAck?.(reg.subject, event.messageId);
        msg.ack();
        this.handled.inc({ subject: reg.subject, outcome: fresh.has(event.messageId) ? 'ok' : 'duplicate' });
      } catch (err) {
        // Committed but not acked: the redelivery (soon, as a failed single event's) finds its inbox row and changes nothing.
        this.redeliverLater(reg, msg, event.messageId, 'event committed but not acked; its redelivery will be a duplicate', err);
      }
    }
    timer();
    return true;
  }

  private async handle(reg: Registration, msg: JsMsg): Promise<void> {
    const messageId = msg.headers?.get('Nats-Msg-Id');
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
    const version = Number(msg.headers?.get(EVENT_VERSION_HEADER) || EVENT_VERSION[reg.subject]);
    const parent = extractFromNats(msg.headers);
    await inSpan(this.config.SERVICE, `${reg.subject} process`, SpanKind.CONSUMER, parent, requestId, () => runWithContext({ requestId }, async () => {
      if (!messageId) {
        this.logger.error({ subject: reg.subject, seq: msg.seq }, 'event without Nats-Msg-Id; dropped');
        this.handled.inc({ subject: reg.subject, outcome: 'rejected' });
        msg.term();
        return;
      }
      let payload: unknown;
      try {
        payload = parseEvent(reg.subject, msg.json(), version);
      } catch (err) {
        // A payload that breaks the contract will never become valid: stop redelivering it, and say so loudly.
        this.logger.error({ err: err instanceof EventContractError ? err.message : err, messageId }, 'event rejected by its contract');
        this.handled.inc({ subject: reg.subject, outcome: 'rejected' });
        msg.term(err instanceof Error ? err.message.slice(0, 200) : 'contract');
        return;
      }
      const timer = this.handleSeconds.startTimer({ subject: reg.subject });
      let outcome = 'ok';
      try {
        const consumer = this.consumerName(reg);
        await this.ds.transaction(async (manager) => {
          const inserted = await INBOX_ROW.rows(manager, [consumer, messageId, reg.subject]);
          if (!inserted.length) {
            outcome = 'duplicate';
            return; // processed before: a redelivery changes nothing
          }
          await reg.handler(payload, {
            manager,
            messageId,
            subject: reg.subject,
            redelivered: msg.redelivered,
            deliveryCount: msg.info.deliveryCount,
          });
          await this.hooks.afterHandle?.(reg.subject, messageId);
        });
        await this.hooks.beforeAck?.(reg.subject, messageId);
        msg.ack();
        timer();
        this.handled.inc({ subject: reg.subject, outcome });
      } catch (err) {
        this.redeliverLater(reg, msg, messageId, 'event handler failed; will be redelivered', err);
      }
    }));
  }

  /** Counts the delivery as failed, says so, and has JetStream bring it back after the back-off. */
  private redeliverLater(reg: Registration, msg: JsMsg, messageId: string, why: string, err?: unknown): void {
    this.handled.inc({ subject: reg.subject, outcome: 'failed' });
    const delay = retryDelayMs(msg);
    this.logger.warn({ err, messageId, subject: reg.subject, delivery: msg.info.deliveryCount, retryInMs: delay }, why);
    msg.nak(delay);
  }

  /**
   * Stops pulling, then waits for the messages in flight (graceful drain), all consumers at once and each for at most
   * DRAIN_WAIT_MS: under heavy load a pull consumer that missed heartbeats may be resetting itself when it is closed
   * and its iterator may not end, and a handler may wait on a service that is stopping too. A message left behind is
   * not acked and comes back (the inbox makes that harmless); the node stops and says which subjects it left.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const left = await Promise.all(
      this.running.map(async (r) => {
        const drained = (await settleWithin(r.messages.close(), DRAIN_WAIT_MS)) && (await settleWithin(r.loop, DRAIN_WAIT_MS));
        return drained ? undefined : r.subject;
      }),
    );
    const subjects = left.filter((s) => s !== undefined);
    if (subjects.length) this.logger.warn({ subjects, waitedMs: DRAIN_WAIT_MS }, 'event consumers did not drain in time; their messages in flight will be redelivered');
  }
}

/** When a failed (or committed but unacked) delivery comes back: 1 s, 2 s, 4 s ... at most a minute. */
function retryDelayMs(msg: JsMsg): number {
  return Math.min(500 * 2 ** Math.min(msg.info.deliveryCount, 7), 60_000);
}

/** How long a shutdown waits for one consumer's iterator to close and its handlers in flight to finish. */
const DRAIN_WAIT_MS = 10_000;
