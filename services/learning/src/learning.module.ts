import { LearningStatsController } from './stats/stats.controller';
import { Module } from '@nestjs/common';
import { AuditModule, UploadsModule } from '@olymp/server-kit';
import { Sheets } from './attempts/sheet';
import { Reveals } from './attempts/reveal';
import { QuizContexts } from './attempts/contexts';
import { Attempts } from './attempts/attempts.service';
import { AttemptsController } from './attempts/attempts.controller';
import { AttemptSweeper } from './attempts/sweeper';
import { Participations } from './boards/participations.service';
import { Leaderboards } from './boards/leaderboard.service';
import { BoardsRpcController } from './boards/boards.rpc.controller';
import { InvoicePaidConsumer } from './boards/invoice-paid.consumer';
import { Achievements } from './treasures/achievements.service';
import { Challenges } from './challenges/challenges.service';
import { ChallengeAdmin } from './challenges/challenge-admin.service';
import { ChallengesController } from './challenges/challenges.controller';
import { DemoSeeder } from './seed/demo-seeder';
import { ContentSeeder } from './content/content.seeder';
import { BoardResults } from './results/board-results.service';
import { ChallengeResultsController } from './results/results.controller';
import { Treasures } from './treasures/treasures.service';
import { TreasuresController } from './treasures/treasures.controller';

/** Learning: challenges, checkpoints, trainings, quizzes and attempts, scoring, leaderboards, achievements. */
@Module({
  imports: [AuditModule, UploadsModule],
  controllers: [AttemptsController, BoardsRpcController, ChallengesController, ChallengeResultsController, TreasuresController, LearningStatsController],
  providers: [
    Sheets, Reveals, QuizContexts, Attempts, AttemptSweeper, Participations, Leaderboards, InvoicePaidConsumer, Achievements,
    Challenges, ChallengeAdmin, ContentSeeder, DemoSeeder, BoardResults, Treasures,
  ],
  exports: [Attempts, Participations, Sheets, Reveals, ChallengeAdmin, AttemptSweeper, QuizContexts, Leaderboards, Achievements, BoardResults, Treasures],
})
export class LearningModule {}

