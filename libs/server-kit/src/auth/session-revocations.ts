import { Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { type Broadcast, BroadcastConsumers } from '../messaging/broadcast';

/** Access tokens live at most this long, so a revocation older than this no longer matters. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * Revoked sessions, known to every process of every service: each process reads `auth.session.revoked` as a
 * broadcast (its own ordered consumer, BroadcastConsumers), starting one token lifetime back, so a node that
 * starts late still knows the revocations of tokens that are alive. A revoked token then gets 401 everywhere.
 */
@Injectable()
export class SessionRevocations implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly revoked = new Map<string, number>();
  private feed?: Broadcast;

  constructor(private readonly broadcasts: BroadcastConsumers) {}

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
    this.feed = await this.broadcasts.consume('auth.session.revoked', { from: { sinceMs: ACCESS_TOKEN_TTL_SECONDS * 1000 } }, (e) =>
      this.add(e.sessionId, Date.parse(e.revokedAt)),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.feed?.stop();
  }
}
