import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { DeliverPolicy, type ConsumerMessages } from '@nats-io/jetstream';
import { parseEvent } from '@olymp/proto';
import type { Logger } from 'pino';
import { KIT_LOGGER } from '../tokens';
import { NatsService } from '../messaging/nats.service';

/** Access tokens live at most this long, so a revocation older than this no longer matters. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * Revoked sessions, known to every process of every service: each process reads `auth.session.revoked` with its
 * own ordered (non-durable) consumer, starting one token lifetime back, so a node that starts late still knows
 * the revocations of tokens that are alive. A revoked token then gets 401 everywhere.
 */
@Injectable()
export class SessionRevocations implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly revoked = new Map<string, number>();
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;

  constructor(
    private readonly nats: NatsService,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  isRevoked(sessionId: string): boolean {
    const until = this.revoked.get(sessionId);
    if (until === undefined) return false;
    if (until < Date.now()) {
      this.revoked.delete(sessionId);
      return false;
    }
    return true;
  }

  /** Marks a session revoked in this process at once (the auth service does this before the event arrives). */
  add(sessionId: string, revokedAt = Date.now()): void {
    this.revoked.set(sessionId, revokedAt + ACCESS_TOKEN_TTL_SECONDS * 1000);
  }

  async onApplicationBootstrap(): Promise<void> {
    const consumer = await this.nats.js.consumers.get(this.nats.streamName, {
      // A single subject (not a list): Debian's nats-server 2.9 has no multi-filter consumers.
      filter_subjects: this.nats.subject('auth.session.revoked'),
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(Date.now() - ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString(),
    });
    this.messages = await consumer.consume();
    this.loop = (async () => {
      for await (const msg of this.messages!) {
        try {
          const e = parseEvent('auth.session.revoked', msg.json());
          this.add(e.sessionId, Date.parse(e.revokedAt));
        } catch (err) {
          this.logger.error({ err }, 'auth.session.revoked rejected by its contract');
        }
      }
    })();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.messages?.close().catch(() => undefined);
    await this.loop?.catch(() => undefined);
  }
}
