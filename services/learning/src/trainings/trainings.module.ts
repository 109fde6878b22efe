import { Module } from '@nestjs/common';
import { LearningModule } from '../learning.module';

/**
 * Trainings (spec sections 2, 3, 7): CRUD of trainings, chapters, subchapters and training treasures; joining,
 * subscriptions and invoices; hearts and tries; leaderboard, statistics and quiz results for staff.
 */
@Module({ imports: [LearningModule] })
export class TrainingsModule {}
