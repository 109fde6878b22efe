import { Inject, Injectable } from '@nestjs/common';
import { KIT_LOGGER, PeriodicPass } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { Enrolments } from './enrolments.service';

/**
 * Every minute, in every replica: opens the renewal invoices that are due (RENEWAL_LEAD_DAYS before a period ends)
 * and takes pupils whose access ended unpaid out of their groups. Access itself ends at `accessUntil` to the
 * millisecond whatever this pass does (group-access reads the enrolment); the pass frees the seat and tells chat.
 * Rows another replica holds are skipped.
 */
@Injectable()
export class RenewalSweeper extends PeriodicPass<{ renewals: number; lapses: number }> {
  static readonly INTERVAL_MS = 60_000;

  constructor(
    private readonly enrolments: Enrolments,
    @Inject(KIT_LOGGER) logger: Logger,
  ) {
    super({ intervalMs: RenewalSweeper.INTERVAL_MS, what: 'enrolment sweep' }, logger);
  }

  protected async pass() {
    let renewals = 0;
    let lapses = 0;
    for (const id of await this.enrolments.renewalsDue(200)) {
      try {
        if (await this.enrolments.openRenewal(id)) renewals += 1;
      } catch (err) {
        this.logger.warn({ err, enrolmentId: id }, 'renewal invoice not opened; the next pass tries again');
      }
    }
    for (const id of await this.enrolments.lapsesDue(200)) if (await this.enrolments.lapse(id)) lapses += 1;
    return { renewals, lapses };
  }
}
