import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type Broadcast, BroadcastConsumers, KIT_LOGGER } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { BoardRegistry } from './board-registry';

/**
 * Every node needs every `quiz.finished` to keep its boards whole, so the feed is not the kit's shared durable
 * consumer (which splits messages between replicas) but a broadcast (the kit's BroadcastConsumers: one ordered
 * consumer per node, payloads validated in the version they were written in), like SessionRevocations. It replays the last LEADERBOARD_REPLAY_MINUTES at start; learning's standings fill in the
 * rest. Idempotency is the standing's version: a repeated, late or replayed event changes nothing.
 */
@Injectable()
export class QuizFinishedFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private feed?: Broadcast;
  private rebuild?: { timer?: NodeJS.Timeout; stopped: boolean };

  constructor(
    private readonly broadcasts: BroadcastConsumers,
    private readonly boards: BoardRegistry,
    @Inject(NOTIFICATIONS_CONFIG) private readonly settings: NotificationsConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.feed = await this.broadcasts.consume('quiz.finished', { from: { sinceMs: this.settings.LEADERBOARD_REPLAY_MINUTES * 60_000 } }, (e) => this.apply(e));
    this.rebuild = { stopped: false };
    this.rebuildLive(1);
  }

  private apply(e: EventPayload<'quiz.finished'>): void {
    if (!e.standing || e.context.kind === 'standalone') return;
    const ref = e.context.kind === 'challenge' ? { kind: 'challenge' as const, id: e.context.challengeId } : { kind: 'training' as const, id: e.context.trainingId };
    this.boards.apply(ref, [{ userId: e.userId, ...e.standing }]);
  }

  /** Rebuilds learning's live boards; if learning is not there yet, tries again later (30 s at most apart). */
  private rebuildLive(attempt: number): void {
    const state = this.rebuild;
    if (!state || state.stopped) return;
    this.boards.rebuildLive().then(
      (n) => this.logger.info({ boards: n }, 'live boards rebuilt from learning'),
      (err: unknown) => {
        if (state.stopped) return;
        const delay = Math.min(1000 * 2 ** attempt, 30_000);
        // Learning starting after this node is the normal order of a cold start: only a long wait is worth a warning.
        const level = attempt >= 4 ? 'warn' : 'info';
        this.logger[level]({ err: err instanceof Error ? err.message : err, retryInMs: delay }, 'live boards not rebuilt yet; trying again');
        state.timer = setTimeout(() => this.rebuildLive(attempt + 1), delay);
      },
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.rebuild) {
      this.rebuild.stopped = true;
      clearTimeout(this.rebuild.timer);
    }
    await this.feed?.stop();
  }
}
