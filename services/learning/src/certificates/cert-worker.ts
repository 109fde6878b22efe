import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { KIT_LOGGER } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { CertRuns } from './cert-runs.service';

/**
 * Makes pending certificates in the background, one at a time per replica: woken by `generate`, at start (a run
 * cut short by a restart resumes where it stopped) and every few seconds (rows another replica left). Shutdown
 * waits for the certificate in hand; a row whose file was stored but not marked is made again under the same key.
 */
@Injectable()
export class CertWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  static readonly INTERVAL_MS = 5_000;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopping = false;

  constructor(
    private readonly runs: CertRuns,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.wake();
    this.timer = setInterval(() => this.wake(), CertWorker.INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Starts a pass unless one is going; a pass goes on until nothing is pending (or the service stops). */
  wake(): void {
    if (this.stopping || this.running) return;
    this.running = this.pass()
      .catch((err: unknown) => {
        this.logger.error({ err }, 'certificate generation failed');
        return 0;
      })
      .finally(() => (this.running = undefined));
  }

  private async pass(): Promise<number> {
    let made = 0;
    while (!this.stopping && (await this.runs.makeNext())) made += 1;
    return made;
  }
}
