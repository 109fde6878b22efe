import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER } from '../tokens';
import type { KitConfig } from '../config/config';
import { UploadRepository } from './upload.repository';
import { UploadSpool } from './spool';
import { UPLOAD_STORAGE, type UploadStorage } from './storage/storage.port';

/**
 * Drops abandoned chunked uploads: a session that received nothing for UPLOAD_SESSION_TTL_HOURS is deleted with its
 * temporary data, and so are temp files left by requests a crash cut short. Runs at start and then periodically on
 * every replica; the row delete decides which replica cleans which session, so they never race.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    private readonly spool: UploadSpool,
    private readonly uploads: UploadRepository,
  ) {}

  onApplicationBootstrap(): void {
    const ttlMs = this.ttlMs();
    const every = Math.min(ttlMs, 3600_000);
    this.trigger();
    this.timer = setInterval(() => this.trigger(), every);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Deletes what has been idle longer than the TTL, as of `now`; returns how many sessions went. */
  async sweep(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.ttlMs());
    const stale = await this.uploads.deleteStale(cutoff);
    for (const session of stale) {
      await this.storage.abortChunked(session).catch((err: unknown) => this.logger.warn({ err, upload: session.id }, 'upload abort failed'));
    }
    const leftovers = (await this.storage.sweep(cutoff)) + (await this.spool.sweep(cutoff));
    if (stale.length || leftovers) this.logger.info({ sessions: stale.length, leftovers }, 'abandoned uploads removed');
    return stale.length;
  }

  private trigger(): void {
    this.running = this.running
      .then(() => this.sweep())
      .catch((err: unknown) => this.logger.warn({ err }, 'upload sweep failed'));
  }

  private ttlMs(): number {
    return this.config.UPLOAD_SESSION_TTL_HOURS * 3600_000;
  }
}
