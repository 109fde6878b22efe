import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventPayload } from '@olymp/proto';
import { type EventContext, OnEvent, stableUuid } from '@olymp/server-kit';
import type { PrizeRuleSource } from './prize.entities';

/** A rule's prize for one pupil has one id, so granting it again (a redelivery, a second event) finds it there. */
export const grantedPrizeId = (ruleId: string, userId: string) => stableUuid(`olymp.shop.prize-rule:${ruleId}:${userId}`);

/**
 * Prizes pupils win, from learning's events: a claimed treasure (`treasure.claimed`), a finished challenge and an
 * achievement (`achievement.earned`, whose `challengeId` names the finished challenge). Each active rule that matches
 * gives the pupil its product as a prize to claim, once per rule and pupil: the prize's id is derived from both and
 * inserted with ON CONFLICT DO NOTHING, in the kit's inbox transaction (a redelivered message is dropped before it;
 * the same fact under another message id inserts nothing). The claim is the usual zero-price order (`my-prizes`).
 * Rules apply to events that arrive while they are active; an earlier win is granted by staff (`prizes`).
 */
@Injectable()
export class PrizeGrants {
  @OnEvent('treasure.claimed', { durable: 'shop.prizes.treasure-claimed', concurrency: 4 })
  async treasure(e: EventPayload<'treasure.claimed'>, ctx: EventContext): Promise<void> {
    await this.grant(ctx.manager, e.userId, [['treasure', e.treasureId]]);
  }

  @OnEvent('achievement.earned', { durable: 'shop.prizes.achievement-earned', concurrency: 4 })
  async achievement(e: EventPayload<'achievement.earned'>, ctx: EventContext): Promise<void> {
    await this.grant(ctx.manager, e.userId, [['achievement', e.code], ...(e.challengeId ? [['challenge', e.challengeId] as const] : [])]);
  }

  private async grant(m: EntityManager, userId: string, matches: (readonly [PrizeRuleSource, string])[]): Promise<void> {
    const rules: { id: string; source: PrizeRuleSource; product_id: string; note: string }[] = await m.query(
      `SELECT r.id, r.source, r.product_id, r.note FROM prize_rules r
        JOIN unnest($1::text[], $2::text[]) AS x(source, match) ON r.source = x.source AND r.match = x.match
       WHERE r.active ORDER BY r.id`,
      [matches.map(([s]) => s), matches.map(([, v]) => v)],
    );
    for (const r of rules) {
      await m.query('INSERT INTO prizes (id, user_id, product_id, source, note) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING', [
        grantedPrizeId(r.id, userId), userId, r.product_id, r.source, r.note,
      ]);
    }
  }
}
