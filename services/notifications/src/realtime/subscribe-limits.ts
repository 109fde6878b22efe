import { isIP } from 'node:net';
import proxyaddr from '@fastify/proxy-addr';
import { LRUCache } from 'lru-cache';

/**
 * A token bucket: holds at most `capacity` tokens, gains `perSecond` a second, and each attempt takes one. A full
 * bucket lets a burst of `capacity` through at once; after that, `perSecond` a second.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.at = now();
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }

  /** Takes a token if there is one. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until the next token. */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }
}

export interface SubscribeLimits {
  /** Per socket: burst and refill (attempts a second). */
  socketBurst: number;
  socketPerSecond: number;
  /** Per client address, across all its sockets on this node. */
  addressBurst: number;
  addressPerSecond: number;
  /** Refused attempts a socket may make (a bucket refilled at `strikesPerSecond`) before it is disconnected. */
  strikes: number;
  strikesPerSecond: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number; disconnect: boolean };

/** What a socket carries for the limiter. */
export interface LimitedSocketState {
  attempts: TokenBucket;
  strikes: TokenBucket;
  address: string;
}

/**
 * Limits `board:subscribe` attempts: every attempt (valid or not) per socket, and those that would cost a lookup
 * at learning (a board this node does not hold, an invalid payload) per client address too. A socket can send
 * thousands a second, so attempts are counted before anything else is done. Address buckets are kept in an LRU (an idle
 * address's bucket would be full again, so dropping it changes nothing).
 */
export class SubscribeLimiter {
  private readonly addresses: LRUCache<string, TokenBucket>;

  constructor(
    private readonly limits: SubscribeLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.addresses = new LRUCache({
      max: 100_000,
      ttl: Math.ceil((limits.addressBurst / limits.addressPerSecond) * 1000),
      updateAgeOnGet: true,
    });
  }

  forSocket(address: string): LimitedSocketState {
    return {
      attempts: new TokenBucket(this.limits.socketBurst, this.limits.socketPerSecond, this.now),
      strikes: new TokenBucket(this.limits.strikes, this.limits.strikesPerSecond, this.now),
      address,
    };
  }

  /**
   * Counts one attempt of a socket; over a limit, says how long to wait and whether to disconnect the socket.
   * Every attempt counts against the socket; only `costly` ones (that would ask learning) against the address too,
   * so a school behind one address, reconnecting at once to the boards the node holds, is not refused.
   */
  attempt(state: LimitedSocketState, { costly }: { costly: boolean }): Verdict {
    let address = this.addresses.get(state.address);
    if (!address) {
      address = new TokenBucket(this.limits.addressBurst, this.limits.addressPerSecond, this.now);
      this.addresses.set(state.address, address);
    }
    // The socket's own bucket first: a socket over its limit does not spend its address's tokens.
    if (state.attempts.take() && (!costly || address.take())) return { ok: true };
    const retryAfterMs = Math.max(state.attempts.waitMs(), costly ? address.waitMs() : 0, 1000);
    return { ok: false, retryAfterMs, disconnect: !state.strikes.take() };
  }
}

/**
 * The client's address of a connection. `X-Forwarded-For` is read only when the connection comes from a trusted
 * proxy (`trusted`: addresses, CIDR ranges or `loopback` / `linklocal` / `uniquelocal`), and then from the right:
 * the gateway appends the address it was connected from (`upstreamRequestHeaders`), so the rightmost entry that
 * is not itself a trusted proxy is the client. Whatever a client writes into the header itself is further left
 * and is never used (unless every proxy in between is trusted to have appended honestly).
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trust: (addr: string, i: number) => boolean): string {
  const remote = peer ?? '';
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const req = { headers: { 'x-forwarded-for': header }, socket: { remoteAddress: remote }, connection: { remoteAddress: remote } };
  const address = proxyaddr(req as never, trust);
  // A malformed entry in a trusted chain is still a string; only an IP is a key worth counting by.
  return isIP(address) ? address : remote;
}

export const compileTrust = (list: string[]): ((addr: string, i: number) => boolean) => proxyaddr.compile(list);
