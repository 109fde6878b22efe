import { Module } from '@nestjs/common';
import { LearningStatsController } from './stats.controller';

/** Stats: the staff home's learning figures, read straight from the floor's tables. */
@Module({ controllers: [LearningStatsController] })
export class StatsModule {}
