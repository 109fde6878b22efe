import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { KIT_LOGGER } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { Attempts } from './attempts.service';

/**
 * Finishes every attempt whose deadline (plus the answer grace) has passed, so a pupil who closed the tab is
 * scored "automatically when time runs out" (spec section 4). Runs every second in every replica; two replicas,
 * or the sweeper and the pupil, never finish one attempt twice (the finish takes the row lock and checks status;
 * the sweeper skips rows someone else holds).
 */
@Injectable()
export class AttemptSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  static readonly INTERVAL_MS = 1_000;
  static readonly PARALLEL = 4;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly attempts: Attempts,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep().catch((err: unknown) => this.logger.error({ err }, 'attempt sweep failed')), AttemptSweeper.INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass (tests call it directly); answers how many attempts it finished. Passes never overlap. */
  sweep(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<number> {
    let finished = 0;
    for (;;) {
      const due = await this.attempts.due(200);
      if (!due.length) return finished;
      // A few finishes at a time: when a whole wave of abandoned tests runs out together, one replica finishes
      // them several times faster than one by one, without taking every database connection.
      let next = 0;
      let progressed = 0;
      await Promise.all(
        Array.from({ length: AttemptSweeper.PARALLEL }, async () => {
          while (next < due.length) {
            const outcome = await this.attempts.finish(due[next++], 'timeout', { skipLocked: true });
            if (outcome?.finishedNow) progressed += 1;
          }
        }),
      );
      finished += progressed;
      if (progressed === 0) return finished;
    }
  }
}
