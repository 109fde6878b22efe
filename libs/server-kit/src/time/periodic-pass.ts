import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * A pass that runs every `intervalMs` in every replica (sweepers, reminders): started when the application has
 * booted, stopped on shutdown after the pass in flight ends. Passes of one process never overlap: `sweep()` while a
 * pass runs answers that pass. A failed pass is logged as `<what> failed` and the next tick tries again, so the pass
 * itself must be safe to repeat and to run in two replicas at once (row locks, SKIP LOCKED, unique rows). Tests call
 * `sweep()` directly, after moving the kit's Clock.
 */
export abstract class PeriodicPass<T> implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  protected constructor(
    private readonly schedule: { intervalMs: number; what: string },
    protected readonly logger: Logger,
  ) {}

  /** One pass, the work itself. */
  protected abstract pass(): Promise<T>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(
      () => void this.sweep().catch((err: unknown) => this.logger.error({ err }, `${this.schedule.what} failed`)),
      this.schedule.intervalMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Runs one pass now, or joins the one running; answers what the pass reports. */
  sweep(): Promise<T> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }
}
