import { Module } from '@nestjs/common';
import { BoardsModule } from '../boards/boards.module';
import { Achievements } from './achievements.service';
import { Treasures } from './treasures.service';
import { TreasuresController } from './treasures.controller';

/**
 * Treasures and achievements: claims of a board's treasures, the achievements a finished test earns, and their
 * certificates. The staff CRUD of treasures is registered by the board that owns them (challenges/, trainings/).
 */
@Module({
  imports: [BoardsModule],
  controllers: [TreasuresController],
  providers: [Achievements, Treasures],
  exports: [Achievements],
})
export class TreasuresModule {}
