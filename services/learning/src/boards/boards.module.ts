import { Module } from '@nestjs/common';
import { Participations } from './participations.service';
import { Leaderboards } from './leaderboard.service';
import { BoardsRpcController } from './boards.rpc.controller';
import { InvoicePaidConsumer } from './invoice-paid.consumer';

/**
 * Boards: who takes part in a challenge or a training (joining, paid access through `invoice.paid`), their standings
 * and the leaderboards, and the RPCs the live boards (notifications) rebuild from. Uses the floor only.
 */
@Module({
  controllers: [BoardsRpcController],
  providers: [Participations, Leaderboards, InvoicePaidConsumer],
  exports: [Participations, Leaderboards],
})
export class BoardsModule {}
