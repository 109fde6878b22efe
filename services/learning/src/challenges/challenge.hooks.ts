import { Injectable } from '@nestjs/common';
import { type CrudHooks, type CrudWriteContext, DomainError } from '@olymp/server-kit';
import { Challenge, Checkpoint } from '../floor/challenge.entities';
import { Participation } from '../floor/participation.entity';
import { Attempt } from '../floor/attempt.entities';
import { Treasure, TreasureClaim } from '../floor/treasure.entities';

/** A challenge pupils have joined is archived, not deleted; a day with attempts cannot be removed. */
@Injectable()
export class ChallengeHooks implements CrudHooks<Challenge> {
  async beforeDestroy(row: Challenge, ctx: CrudWriteContext) {
    if (await ctx.manager.existsBy(Participation, { boardKind: 'challenge', boardId: row.id })) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
  }
}

@Injectable()
export class CheckpointHooks implements CrudHooks<Checkpoint> {
  async beforeDestroy(row: Checkpoint, ctx: CrudWriteContext) {
    if (await ctx.manager.existsBy(Attempt, { checkpointId: row.id })) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
  }
}

/** A claimed treasure stays (its reward was paid); a challenge treasure must point at its challenge. */
@Injectable()
export class TreasureHooks implements CrudHooks<Treasure> {
  async beforeStore(input: Partial<Treasure>, ctx: CrudWriteContext) {
    if (!(await ctx.manager.existsBy(Challenge, { id: input.boardId as string }))) throw new DomainError('RELATED_NOT_FOUND', { field: 'boardId' });
    if (input.checkpointId && !(await ctx.manager.existsBy(Checkpoint, { id: input.checkpointId, challengeId: input.boardId as string }))) {
      throw new DomainError('RELATED_NOT_FOUND', { field: 'checkpointId' });
    }
  }

  async beforeDestroy(row: Treasure, ctx: CrudWriteContext) {
    if (await ctx.manager.existsBy(TreasureClaim, { treasureId: row.id })) throw new DomainError('RECORD_IN_USE');
  }
}
