import { randomUUID } from 'node:crypto';
import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  applyDecorators,
  UseInterceptors,
} from '@nestjs/common';
import { MessagePattern, NatsContext, Payload, ServerNats, type NatsOptions } from '@nestjs/microservices';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/nats-core';
import { type Observable, finalize } from 'rxjs';
import { type RpcPattern, type RpcReply, type RpcRequest, RPC, isErrorCode, resolveLocale } from '@olymp/proto';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER } from '../tokens';
import type { KitConfig } from '../config/config';
import { DomainError } from '../errors/domain-error';
import { LOCALE_HEADER, REQUEST_ID_HEADER, currentContext, runWithContext } from '../logging/context';
import { ZodPipe } from '../validation/pipes';
import { NatsService } from './nats.service';
import { Metrics } from '../metrics/metrics';
import { SpanKind, extractFromNats, inSpan, injectTraceHeaders, otelContext, startChildSpan } from '../tracing/tracing';

/**
 * Request/reply between services: Nest's NATS transport (core NATS, queue group per service) on the serving
 * side, typed by proto/ on both sides. Requests and replies are validated; a DomainError travels back as its code
 * and is thrown again at the caller, so a 404 stays a 404 across a hop.
 */

/**
 * Nest's NATS server with every subscription under the kit's namespace prefix, and a stop that waits for the
 * requests it is answering rather than for a fixed time. Nest's own graceful stop unsubscribes and then always sleeps
 * its whole grace period (1 s here) before closing the connection, which every service's stop paid in full, also with
 * nothing in flight (~2 s of each test file that starts two services). Here a stop unsubscribes (no new requests reach
 * this node; the queue group sends them to another replica), waits until every request taken has had its last reply
 * published, at most `gracePeriod`, and then closes. A request still unanswered past that gets no reply: its caller's
 * timeout turns it into 504/503 as for any node that went away.
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly grace: number;
  private unanswered = 0;
  private idle?: () => void;
  private readonly tickets = new WeakMap<NatsMsgLike, { replying: boolean; done(): void }>();

  constructor(
    private readonly natsOptions: NonNullable<NatsOptions['options']>,
    private readonly prefix: string,
  ) {
    // Nest's own graceful stop (a fixed sleep) is off: close() below does it by counting.
    super({ ...natsOptions, gracefulShutdown: false });
    this.grace = natsOptions.gracefulShutdown ? (natsOptions.gracePeriod ?? 1_000) : 0;
  }

  /**
   * Ready only once the NATS server has the subscriptions (a flush round-trip): before that, a request another
   * process sends (a health check said this service is up) would find "no responders".
   */
  override start(callback: (err?: unknown) => void): void {
    const client = (this as unknown as { natsClient: NatsConnection }).natsClient;
    this.bindEvents(client);
    client.flush().then(() => callback(), callback);
  }

  override bindEvents(client: NatsConnection): void {
    const queue = this.natsOptions.queue;
    const subs = (this as unknown as { subscriptions: { unsubscribe(): void }[] }).subscriptions;
    for (const channel of this.messageHandlers.keys()) {
      subs.push(
        client.subscribe(`${this.prefix}${channel}`, {
          queue,
          callback: this.getMessageHandler(channel).bind(this),
        }),
      );
    }
  }

  /**
   * Counts a request from the moment it is taken until the packet that ends its reply is published (`isDisposed`, or
   * an error packet), or until its handling fails before any reply (Nest then only logs): a request never stays
   * counted, so a later stop never waits for one that is gone.
   */
  override async handleMessage(channel: string, natsMsg: NatsMsgLike): Promise<void> {
    let open = true;
    const ticket = {
      replying: false,
      done: () => {
        if (!open) return;
        open = false;
        this.unanswered -= 1;
        if (this.unanswered === 0) this.idle?.();
      },
    };
    this.unanswered += 1;
    this.tickets.set(natsMsg, ticket);
    try {
      await super.handleMessage(channel, natsMsg as never);
      if (!ticket.replying) ticket.done();
    } catch (err) {
      ticket.done();
      throw err;
    }
  }

  override getPublisher(natsMsg: NatsMsgLike, id: string, ctx: NatsContext): (response: { isDisposed?: boolean; err?: unknown }) => unknown {
    const publish = super.getPublisher(natsMsg as never, id, ctx) as (response: unknown) => unknown;
    const ticket = this.tickets.get(natsMsg);
    if (!ticket || !natsMsg.reply) return publish;
    ticket.replying = true;
    return (response) => {
      try {
        return publish(response);
      } finally {
        if (response.isDisposed || response.err !== undefined) ticket.done();
      }
    };
  }

  override async close(): Promise<void> {
    const subs = (this as unknown as { subscriptions: { unsubscribe(): void }[] }).subscriptions;
    if (this.grace > 0) {
      subs.forEach((sub) => sub.unsubscribe());
      if (this.unanswered > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.grace);
          this.idle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
    await super.close();
  }
}

type NatsMsgLike = { reply?: string; subject?: string };

/** Runs an RPC handler inside the caller's request context (request id, locale from NATS headers) and trace. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  constructor(@Inject(KIT_CONFIG) private readonly config: KitConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const ctx = context.switchToRpc().getContext<NatsContext>();
    const h = ctx.getHeaders?.();
    const requestId = h?.get(REQUEST_ID_HEADER) || undefined;
    const locale = resolveLocale(h?.get(LOCALE_HEADER));
    const { span, context: traced } = startChildSpan(this.config.SERVICE, `rpc ${ctx.getSubject()}`, SpanKind.SERVER, extractFromNats(h), requestId);
    return otelContext.with(traced, () => runWithContext({ requestId, locale }, () => next.handle())).pipe(finalize(() => span.end()));
  }
}

/** `@RpcHandler('auth.role.permissions')` on a controller method; pair with `@RpcPayloadOf(pattern)`. */
export function RpcHandler(pattern: RpcPattern) {
  return applyDecorators(MessagePattern(pattern), UseInterceptors(RpcContextInterceptor));
}

export const RpcPayloadOf = (pattern: RpcPattern) => Payload(new ZodPipe(RPC[pattern].request));

@Injectable()
export class RpcClient {
  constructor(
    private readonly nats: NatsService,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
    private readonly metrics: Metrics,
  ) {}

  /** Asks the service that answers `pattern`, inside a CLIENT span whose context travels in the message headers. */
  request<P extends RpcPattern>(pattern: P, data: RpcRequest<P>, timeoutMs = this.config.RPC_TIMEOUT_MS): Promise<RpcReply<P>> {
    const requestId = currentContext()?.requestId;
    return inSpan(this.config.SERVICE, `rpc ${pattern}`, SpanKind.CLIENT, otelContext.active(), requestId, () => this.send(pattern, data, timeoutMs));
  }

  private async send<P extends RpcPattern>(pattern: P, data: RpcRequest<P>, timeoutMs: number): Promise<RpcReply<P>> {
    const request = RPC[pattern].request.parse(data);
    const h = natsHeaders();
    const ctx = currentContext();
    if (ctx) {
      h.set(REQUEST_ID_HEADER, ctx.requestId);
      h.set(LOCALE_HEADER, ctx.locale);
    }
    for (const [key, value] of Object.entries(injectTraceHeaders({}))) h.set(key, value);
    let raw: { response?: unknown; err?: unknown };
    const timer = this.metrics.rpcDuration.startTimer({ pattern });
    try {
      const msg = await this.nats.nc.request(
        this.nats.subject(pattern),
        JSON.stringify({ pattern, data: request, id: randomUUID() }),
        { timeout: timeoutMs, headers: h },
      );
      raw = msg.json();
    } catch (err) {
      const text = String((err as Error)?.message ?? err);
      timer({ outcome: /timeout/i.test(text) ? 'timeout' : 'unavailable' });
      this.logger.warn({ pattern, err: text }, 'rpc request failed');
      throw new DomainError(/timeout/i.test(text) ? 'UPSTREAM_TIMEOUT' : 'SERVICE_UNAVAILABLE');
    }
    timer({ outcome: raw.err !== undefined && raw.err !== null ? 'error' : 'ok' });
    if (raw.err !== undefined && raw.err !== null) {
      const e = raw.err as { code?: unknown; params?: Record<string, unknown> };
      throw new DomainError(isErrorCode(e.code) ? e.code : 'INTERNAL', e.params ?? {});
    }
    return RPC[pattern].reply.parse(raw.response) as RpcReply<P>;
  }
}

