import { Module } from '@nestjs/common';
import { BoardsModule } from '../boards/boards.module';
import { TreasuresModule } from '../treasures/treasures.module';
import { Sheets } from './sheet';
import { Reveals } from './reveal';
import { QuizContexts } from './contexts';
import { Attempts } from './attempts.service';
import { AttemptsController } from './attempts.controller';
import { AnswerSavesController } from './answer-saves.controller';
import { AttemptSweeper } from './sweeper';

/**
 * Attempts: a pupil's tests wherever they are played (a challenge's checkpoint, a training's subchapter, a staff
 * preview): start, save, finish on time, the sweeper that finishes what time ran out on, scoring and the reveal
 * rule. Others read a quiz's sheet (`Sheets`) to show results.
 */
@Module({
  imports: [BoardsModule, TreasuresModule],
  controllers: [AttemptsController, AnswerSavesController],
  providers: [Sheets, Reveals, QuizContexts, Attempts, AttemptSweeper],
  exports: [Sheets],
})
export class AttemptsModule {}
