import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { KIT_LOGGER, PeriodicPass } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { Clock } from '../clock';

/**
 * Deletes the per-address code counts of past hours (ISSUE_CODE only reads the current hour's row): one row per client
 * address and hour would otherwise pile up for every address that ever asked for a code. Safe in every replica at
 * once (a plain DELETE of rows no request touches any more).
 */
@Injectable()
export class OtpAddressHoursSweeper extends PeriodicPass<number> {
  static readonly INTERVAL_MS = 10 * 60_000;

  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    @Inject(KIT_LOGGER) logger: Logger,
  ) {
    super({ intervalMs: OtpAddressHoursSweeper.INTERVAL_MS, what: 'per-address code count sweep' }, logger);
  }

  /** Answers how many rows of past hours it deleted. */
  protected async pass(): Promise<number> {
    const [, deleted] = (await this.ds.query('DELETE FROM otp_address_hours WHERE hour < $1', [hourOf(this.clock.now())])) as [unknown, number];
    return deleted;
  }
}

/** The clock hour (UTC) `at` falls in: the per-address cap's window. */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}
