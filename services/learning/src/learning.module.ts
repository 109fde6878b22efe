import { LearningStatsController } from './stats/stats.controller';
import { Module } from '@nestjs/common';
import { AuditModule, UploadsModule } from '@olymp/server-kit';
import { BoardsModule } from './boards/boards.module';
import { TreasuresModule } from './treasures/treasures.module';
import { AttemptsModule } from './attempts/attempts.module';
import { Challenges } from './challenges/challenges.service';
import { ChallengeAdmin } from './challenges/challenge-admin.service';
import { ChallengesController } from './challenges/challenges.controller';
import { DemoSeeder } from './seed/demo-seeder';
import { ContentSeeder } from './content/content.seeder';
import { BoardResults } from './results/board-results.service';
import { ChallengeResultsController } from './results/results.controller';

/** Learning: challenges, checkpoints, trainings, quizzes and attempts, scoring, leaderboards, achievements. */
@Module({
  imports: [AuditModule, UploadsModule, BoardsModule, TreasuresModule, AttemptsModule],
  controllers: [ChallengesController, ChallengeResultsController, LearningStatsController],
  providers: [Challenges, ChallengeAdmin, ContentSeeder, DemoSeeder, BoardResults],
  exports: [BoardsModule, AttemptsModule, ChallengeAdmin, BoardResults],
})
export class LearningModule {}
