import { Module } from '@nestjs/common';
import { AuditModule, CrudResource, UploadsModule } from '@olymp/server-kit';
import { BoardsModule } from '../boards/boards.module';
import { AttemptsModule } from '../attempts/attempts.module';
import { ResultsModule } from '../results/results.module';
import { Training, TrainingChapter, TrainingSubchapter } from '../floor/training.entities';
import { Treasure } from '../floor/treasure.entities';
import { BOARD_KIND_LABELS } from '../floor/display';
import {
  createChapter, createSubchapter, createTraining, createTrainingTreasure, updateChapter, updateSubchapter, updateTraining, updateTrainingTreasure,
} from './training.dto';
import { ChapterHooks, SubchapterHooks, TrainingHooks, TrainingTreasureHooks } from './training.hooks';
import { Trainings } from './trainings.service';
import { TrainingAdmin } from './training-admin.service';
import { TrainingReports } from './training-reports.service';
import { TrainingsController } from './trainings.controller';
import { TrainingAdminController } from './training-admin.controller';

const titles = ['titleKk', 'titleRu', 'titleEn'] as const;
const label = ['title'] as const;

/**
 * Trainings (spec sections 2, 3, 7): CRUD of trainings, chapters, subchapters and training treasures; joining,
 * subscriptions and invoices; hearts and tries (enforced where attempts start, attempts/); leaderboard, statistics
 * and quiz results for staff.
 */
@Module({
  imports: [
    BoardsModule,
    AttemptsModule,
    ResultsModule,
    AuditModule,
    UploadsModule,
    CrudResource.register({
      path: 'trainings', entity: Training, create: createTraining, update: updateTraining,
      access: { read: 'sidebar:training_index', store: 'training:create', update: 'training:update', destroy: 'training:delete' },
      searchable: titles, hooks: TrainingHooks, label,
      fields: { heartResetMinutes: { unit: 'minutes' }, priceTenge: { unit: 'tenge' }, imageUrl: { hiddenInList: true } },
      defaultSort: [{ field: 'position', order: 'ASC' }, { field: 'createdAt', order: 'DESC' }],
    }),
    CrudResource.register({
      path: 'training-chapters', entity: TrainingChapter, create: createChapter, update: updateChapter,
      access: { read: 'training:chapter_tab', store: 'training:chapter_create', update: 'training:update', destroy: 'training:update' },
      searchable: titles, relations: { training: {} }, hooks: ChapterHooks, label,
      defaultSort: [{ field: 'position', order: 'ASC' }],
    }),
    CrudResource.register({
      path: 'training-subchapters', entity: TrainingSubchapter, create: createSubchapter, update: updateSubchapter,
      access: { read: 'training:chapter_tab', store: 'training:chapter_create', update: 'training:subchapter_update', destroy: 'training:update' },
      searchable: titles, relations: { chapter: {}, quiz: {} }, hooks: SubchapterHooks, label,
      defaultSort: [{ field: 'position', order: 'ASC' }],
    }),
    CrudResource.register({
      path: 'training-treasures', entity: Treasure, create: createTrainingTreasure, update: updateTrainingTreasure, scope: { boardKind: 'training' },
      access: { read: 'signed-in', store: 'training:update', update: 'training:update', destroy: 'training:update' },
      searchable: titles, hooks: TrainingTreasureHooks, label,
      fields: { boardKind: { enumLabels: BOARD_KIND_LABELS, hiddenInList: true } },
      defaultSort: [{ field: 'position', order: 'ASC' }, { field: 'createdAt', order: 'DESC' }],
    }),
  ],
  controllers: [TrainingsController, TrainingAdminController],
  providers: [Trainings, TrainingAdmin, TrainingReports],
})
export class TrainingsModule {}
