import { Inject, Injectable } from '@nestjs/common';
import type { EventPayload } from '@olymp/proto';
import { type BatchContext, type BatchedEvent, DomainError, type EventContext, KIT_LOGGER, OnEvent, OnEvents } from '@olymp/server-kit';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import type { Unit } from '../ledger/ledger.entities';
import { type Leg, LedgerService } from '../ledger/ledger.service';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Points pupils earn, from learning's events: XP for finished quizzes and the rewards of claimed treasures. Both
 * handlers run in the kit's inbox transaction (a redelivered message is dropped before it gets here) and post with
 * an idempotency key of their own, so an event published twice under another message id changes nothing either.
 */
@Injectable()
export class RewardsConsumer {
  constructor(
    private readonly ledger: LedgerService,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * XP for a quiz is the pupil's best points on it: an attempt credits max(0, points - XP already credited for the
   * quiz). Retaking a quiz never loses XP and never earns the same points twice. The quiz's row is locked, so two
   * attempts of one quiz processed at once are credited one after the other.
   *
   * Handled in batches (`@OnEvents`): a deadline ends thousands of attempts at once, and the per-event BEGIN, inbox row
   * and COMMIT were a quarter of a credit's round trips (docs/performance.md). Two batches run at once (and more on
   * several replicas); each takes its events in pupil and quiz order, which makes waits on the same pupil's rows
   * short and rare. A deadlock between two batches is still possible (one pupil's two quizzes in both) and harmless:
   * PostgreSQL aborts one, and the kit handles its events again one by one. The credited total does not depend on the
   * order (it is the best points per quiz).
   */
  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvents('quiz.finished', { durable: 'RewardsConsumer.quizFinished', maxBatch: 50, concurrency: 2 })
  async quizFinished(events: BatchedEvent<'quiz.finished'>[], { manager: m }: BatchContext): Promise<void> {
    const inOrder = events.map((e) => e.payload).sort((a, b) => cmp(a.userId, b.userId) || cmp(a.quizId, b.quizId));
    for (const e of inOrder) await this.creditQuiz(m, e);
  }

  private async creditQuiz(m: EntityManager, e: EventPayload<'quiz.finished'>): Promise<void> {
    const key = `quiz.finished:${e.attemptId}`;
    await m.query('INSERT INTO quiz_xp (user_id, quiz_id, credited) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [e.userId, e.quizId]);
    const [row] = (await m.query('SELECT credited FROM quiz_xp WHERE user_id = $1 AND quiz_id = $2 FOR UPDATE', [e.userId, e.quizId])) as {
      credited: number;
    }[];
    if (await this.ledger.findByKey(m, key)) return; // this attempt was credited before
    const gain = e.points - row.credited;
    if (gain <= 0) return;
    await this.ledger.post(m, {
      key,
      kind: 'quiz_xp',
      reason: { quizId: e.quizId, attemptId: e.attemptId, points: e.points, context: e.context },
      legs: [{ unit: 'XP', from: { system: 'rewards' }, to: { user: e.userId }, amount: gain }],
    });
    await m.query('UPDATE quiz_xp SET credited = $3, updated_at = now() WHERE user_id = $1 AND quiz_id = $2', [e.userId, e.quizId, e.points]);
  }

  // Durable name = the one this handler's class and method derived before names were explicit: never rename it
  // (a new name is a new consumer, which replays the stream's 14 days and runs the handler again).
  @OnEvent('treasure.claimed', { durable: 'RewardsConsumer.treasureClaimed' })
  async treasureClaimed(e: EventPayload<'treasure.claimed'>, { manager: m }: EventContext): Promise<void> {
    const amounts: [Unit, number][] = [['XP', e.reward.xp], ['ZP', e.reward.zp], ['ALTYN_SAQA', e.reward.altynSaqa]];
    const legs: Leg[] = amounts
      .filter(([, amount]) => amount > 0)
      .map(([unit, amount]) => ({ unit, from: { system: 'rewards' }, to: { user: e.userId }, amount }));
    if (!legs.length) return;
    try {
      await this.ledger.post(m, {
        key: `treasure.claimed:${e.claimId}`,
        kind: 'treasure',
        reason: { treasureId: e.treasureId, claimId: e.claimId, context: e.context },
        legs,
      });
    } catch (err) {
      // The same claim with another reward: retrying would never succeed. Keep the first credit and say so loudly.
      if (!(err instanceof DomainError && err.code === 'IDEMPOTENCY_KEY_REUSED')) throw err;
      this.logger.error({ claimId: e.claimId, reward: e.reward }, 'treasure claim seen again with another reward; first credit kept');
    }
  }
}
