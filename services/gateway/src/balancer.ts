/**
 * Several processes of one service behind the gateway (`LEARNING_URL=http://a:8082,http://b:8082`): requests go round
 * robin, and a process that refused a connection is passed over for a short while (passive health), so a crashed or
 * restarting replica costs its in-flight requests, not every other request until it is back. In Kubernetes each
 * *_URL is one Service address and this is a list of one.
 */
export class UpstreamPool {
  private next = 0;
  private readonly downUntil = new Map<string, number>();

  constructor(
    readonly urls: readonly string[],
    private readonly cooldownMs = 2_000,
    private readonly now: () => number = Date.now,
  ) {
    if (!urls.length) throw new Error('an upstream pool needs at least one URL');
  }

  /** The next URL in turn that is not resting; when all are, the next in turn anyway (better a try than a refusal). */
  pick(): string {
    const n = this.urls.length;
    const start = this.next;
    this.next = (this.next + 1) % n;
    if (n === 1) return this.urls[0];
    const now = this.now();
    for (let i = 0; i < n; i++) {
      const url = this.urls[(start + i) % n];
      if ((this.downUntil.get(url) ?? 0) <= now) {
        this.next = (start + i + 1) % n;
        return url;
      }
    }
    return this.urls[start];
  }

  /** `url` could not be reached: rest it for the cooldown. */
  markDown(url: string): void {
    if (this.urls.includes(url)) this.downUntil.set(url, this.now() + this.cooldownMs);
  }
}

const poolsByConfig = new WeakMap<object, Map<string, UpstreamPool>>();

/** One pool per service and gateway config, shared by the /api and /socket.io proxies. */
export function upstreamPool<S extends string>(config: { upstreamUrls: Record<S, string[]> }, service: S): UpstreamPool {
  let pools = poolsByConfig.get(config);
  if (!pools) poolsByConfig.set(config, (pools = new Map()));
  let pool = pools.get(service);
  if (!pool) pools.set(service, (pool = new UpstreamPool(config.upstreamUrls[service])));
  return pool;
}
