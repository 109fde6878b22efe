import { Module } from '@nestjs/common';
import { Participations } from './participations.service';
import { Leaderboards } from './leaderboard.service';
import { BoardsRpcController } from './boards.rpc.controller';
import { InvoicePaidConsumer } from './invoice-paid.consumer';
import { OwnRanks } from './own-ranks';

/**
 * Boards: who takes part in a challenge or a training (joining, paid access through `invoice.paid`), their standings
 * and the leaderboards, and the RPCs the live boards (notifications) rebuild from. Uses the floor only.
 */
@Module({
  controllers: [BoardsRpcController],
  providers: [Participations, Leaderboards, OwnRanks, InvoicePaidConsumer],
  exports: [Participations, Leaderboards, OwnRanks],
})
export class BoardsModule {}
