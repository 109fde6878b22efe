import { Module } from '@nestjs/common';
import { AuditModule, CrudResource, UploadsModule } from '@olymp/server-kit';
import { Challenge, Checkpoint } from '../floor/challenge.entities';
import { Treasure } from '../floor/treasure.entities';
import { AUDIENCE_LABELS, BOARD_KIND_LABELS, RESULTS_BEFORE_CLOSE_LABELS } from '../floor/display';
import { BoardsModule } from '../boards/boards.module';
import { AttemptsModule } from '../attempts/attempts.module';
import { createTreasure, updateTreasure } from '../treasures/treasure.dto';
import { createChallenge, createCheckpoint, updateChallenge, updateCheckpoint } from './challenge.dto';
import { ChallengeHooks, CheckpointHooks, TreasureHooks } from './challenge.hooks';
import { Challenges } from './challenges.service';
import { ChallengeAdmin } from './challenge-admin.service';
import { ChallengesController } from './challenges.controller';

/**
 * Challenges (spec sections 4, 5, 7): staff CRUD of challenges, checkpoints and challenge treasures (generated
 * resources), the test builder and duplication (`ChallengeAdmin`), joining and invitations, the pupil's challenge
 * pages and its leaderboard. The resources are for staff; pupils use challenges-all and their own routes.
 */
@Module({
  imports: [
    AuditModule,
    UploadsModule,
    BoardsModule,
    AttemptsModule,
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
  controllers: [ChallengesController],
  providers: [ChallengeHooks, CheckpointHooks, TreasureHooks, Challenges, ChallengeAdmin],
  exports: [ChallengeAdmin],
})
export class ChallengesModule {}
