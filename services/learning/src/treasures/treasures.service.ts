import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, DomainError, EventOutbox, notFound } from '@olymp/server-kit';
import { Treasure, TreasureClaim } from '../floor/treasure.entities';
import { Participations } from '../boards/participations.service';

/** Claiming a treasure: once per pupil, after the tests it guards; finance credits the reward from the event. */
@Injectable()
export class Treasures {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly participations: Participations,
    private readonly outbox: EventOutbox,
  ) {}

  async claim(userId: string, treasureId: string) {
    return this.ds.transaction(async (m) => {
      const t = await m.findOneBy(Treasure, { id: treasureId });
      if (!t) throw notFound();
      const board = { kind: t.boardKind, id: t.boardId };
      if (!(await this.participations.lock(m, board, userId))) throw new DomainError('NOT_A_PARTICIPANT');
      if (await m.existsBy(TreasureClaim, { treasureId, userId })) throw new DomainError('TREASURE_ALREADY_CLAIMED');
      const guarded = t.checkpointId
        ? ((await m.query('SELECT quiz_id FROM checkpoint_quizzes WHERE checkpoint_id = $1', [t.checkpointId])) as { quiz_id: string }[])
        : t.subchapterId
          ? ((await m.query('SELECT quiz_id FROM training_subchapters WHERE id = $1 AND quiz_id IS NOT NULL', [t.subchapterId])) as { quiz_id: string }[])
          : [];
      if (guarded.length) {
        const [{ done }] = (await m.query(
          `SELECT COUNT(DISTINCT quiz_id)::int AS done FROM attempts
            WHERE user_id = $1 AND board_kind = $2 AND board_id = $3 AND status = 'finished' AND quiz_id = ANY($4::uuid[])`,
          [userId, t.boardKind, t.boardId, guarded.map((g) => g.quiz_id)],
        )) as { done: number }[];
        if (done < guarded.length) throw new DomainError('TREASURE_LOCKED');
      }
      const claim = { id: randomUUID(), treasureId, userId, claimedAt: this.clock.now() };
      await m.insert(TreasureClaim, claim);
      await this.outbox.add(m, 'treasure.claimed', {
        claimId: claim.id,
        userId,
        treasureId,
        context: t.boardKind === 'challenge' ? { kind: 'challenge', challengeId: t.boardId } : { kind: 'training', trainingId: t.boardId },
        reward: { xp: t.rewardXp, zp: t.rewardZp, altynSaqa: t.rewardAltynSaqa },
        claimedAt: claim.claimedAt.toISOString(),
      });
      return { claimId: claim.id, treasureId, reward: { xp: t.rewardXp, zp: t.rewardZp, altynSaqa: t.rewardAltynSaqa }, claimedAt: claim.claimedAt.toISOString() };
    });
  }
}
