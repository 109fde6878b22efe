import { Injectable, Module } from '@nestjs/common';
import { type CrudHooks, type CrudWriteContext, CrudResource, DomainError } from '@olymp/server-kit';
import { Challenge, Checkpoint } from '../floor/challenge.entities';
import { createChallenge, createCheckpoint, updateChallenge, updateCheckpoint } from './challenge.dto';
import { Participation } from '../floor/participation.entity';
import { Attempt } from '../floor/attempt.entities';
import { Treasure, TreasureClaim } from '../floor/treasure.entities';
import { createTreasure, updateTreasure } from '../treasures/treasure.dto';
import { AUDIENCE_LABELS, BOARD_KIND_LABELS, RESULTS_BEFORE_CLOSE_LABELS } from '../floor/display';

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

/** Challenges and checkpoints as standard resources for staff (pupils use challenges-all and their own routes). */
@Module({
  imports: [
    CrudResource.register({
      path: 'challenges', entity: Challenge, create: createChallenge, update: updateChallenge,
      access: { read: 'sidebar:challenge_index', store: 'challenge:create', update: 'challenge:update', destroy: 'challenge:delete' },
      searchable: ['titleKk', 'titleRu', 'titleEn'], hooks: ChallengeHooks,
      label: ['title'],
      fields: { audience: { enumLabels: AUDIENCE_LABELS }, resultsBeforeClose: { enumLabels: RESULTS_BEFORE_CLOSE_LABELS }, accessCode: { hiddenInList: true }, priceTenge: { unit: 'tenge' }, imageUrl: { hiddenInList: true } },
      defaultSort: [{ field: 'position', order: 'ASC' }, { field: 'startsAt', order: 'DESC' }],
    }),
    CrudResource.register({
      path: 'checkpoints', entity: Checkpoint, create: createCheckpoint, update: updateCheckpoint,
      access: { read: 'checkpoint:view', store: 'challenge:update', update: 'checkpoint:update', destroy: 'challenge:update' },
      searchable: ['titleKk', 'titleRu', 'titleEn'], relations: { challenge: {} }, hooks: CheckpointHooks,
      label: ['title'],
      defaultSort: [{ field: 'day', order: 'ASC' }, { field: 'opensAt', order: 'ASC' }],
    }),
    CrudResource.register({
      path: 'treasures', entity: Treasure, create: createTreasure, update: updateTreasure, scope: { boardKind: 'challenge' },
      access: { read: 'signed-in', store: 'challenge:update', update: 'challenge:update', destroy: 'challenge:update' },
      searchable: ['titleKk', 'titleRu', 'titleEn'], hooks: TreasureHooks,
      label: ['title'], fields: { boardKind: { enumLabels: BOARD_KIND_LABELS, hiddenInList: true } },
      defaultSort: [{ field: 'position', order: 'ASC' }, { field: 'createdAt', order: 'DESC' }],
    }),
  ],
  providers: [ChallengeHooks, CheckpointHooks, TreasureHooks],
})
export class ChallengeResourcesModule {}
