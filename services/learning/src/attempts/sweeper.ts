import { Inject, Injectable } from '@nestjs/common';
import { KIT_LOGGER, PeriodicPass } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { Attempts } from './attempts.service';

/**
 * Finishes every attempt whose deadline (plus the answer grace) has passed, so a pupil who closed the tab is
 * scored "automatically when time runs out" (spec section 4). Runs every second in every replica; two replicas,
 * or the sweeper and the pupil, never finish one attempt twice (the finish takes the row lock and checks status;
 * the sweeper skips rows someone else holds).
 */
@Injectable()
export class AttemptSweeper extends PeriodicPass<number> {
  static readonly INTERVAL_MS = 1_000;
  static readonly PARALLEL = 4;

  constructor(
    private readonly attempts: Attempts,
    @Inject(KIT_LOGGER) logger: Logger,
  ) {
    super({ intervalMs: AttemptSweeper.INTERVAL_MS, what: 'attempt sweep' }, logger);
  }

  protected async pass(): Promise<number> {
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
