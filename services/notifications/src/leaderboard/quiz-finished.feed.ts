import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DeliverPolicy, type ConsumerMessages } from '@nats-io/jetstream';
import { EVENT_VERSION, parseEvent } from '@olymp/proto';
import { EVENT_VERSION_HEADER, KIT_LOGGER, NatsService } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { BoardRegistry } from './board-registry';

/**
 * Every node needs every `quiz.finished` to keep its boards whole, so the feed is not the kit's shared durable
 * consumer (which splits messages between replicas) but one ordered consumer per node, like the kit's
 * SessionRevocations. It replays the last LEADERBOARD_REPLAY_MINUTES at start; learning's standings fill in the
 * rest. Idempotency is the standing's version: a repeated, late or replayed event changes nothing.
 */
@Injectable()
export class QuizFinishedFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private rebuild?: { timer?: NodeJS.Timeout; stopped: boolean };

  constructor(
    private readonly nats: NatsService,
    private readonly boards: BoardRegistry,
    @Inject(NOTIFICATIONS_CONFIG) private readonly settings: NotificationsConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const since = new Date(Date.now() - this.settings.LEADERBOARD_REPLAY_MINUTES * 60_000);
    const consumer = await this.nats.js.consumers.get(this.nats.streamName, {
      filter_subjects: this.nats.subject('quiz.finished'),
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
    });
    this.messages = await consumer.consume();
    this.loop = this.pump(this.messages);
    this.rebuild = { stopped: false };
    this.rebuildLive(1);
  }

  private async pump(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      try {
        const version = Number(msg.headers?.get(EVENT_VERSION_HEADER) || EVENT_VERSION['quiz.finished']);
        const e = parseEvent('quiz.finished', msg.json(), version);
        if (!e.standing || e.context.kind === 'standalone') continue;
        const ref = e.context.kind === 'challenge' ? { kind: 'challenge' as const, id: e.context.challengeId } : { kind: 'training' as const, id: e.context.trainingId };
        this.boards.apply(ref, [{ userId: e.userId, ...e.standing }]);
      } catch (err) {
        this.logger.error({ err, seq: msg.seq }, 'quiz.finished rejected by its contract; skipped');
      }
    }
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
    await this.messages?.close().catch(() => undefined);
    await this.loop?.catch(() => undefined);
  }
}
