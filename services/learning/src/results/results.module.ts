import { Module } from '@nestjs/common';
import { AttemptsModule } from '../attempts/attempts.module';
import { BoardResults } from './board-results.service';
import { ChallengeResultsController } from './results.controller';

/** Results: a board's test results for staff and for the pupil who took them, question by question. */
@Module({
  imports: [AttemptsModule],
  controllers: [ChallengeResultsController],
  providers: [BoardResults],
  exports: [BoardResults],
})
export class ResultsModule {}
