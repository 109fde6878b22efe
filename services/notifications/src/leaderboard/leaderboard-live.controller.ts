import { Controller, Get, Inject } from '@nestjs/common';
import { z } from 'zod';
import { liveBoardReply } from '@olymp/proto';
import { ApiShape, Public, UuidParam, ValidQuery, currentLocale } from '@olymp/server-kit';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { BoardRegistry } from './board-registry';
import { BoardViews } from './board-views';

const liveQuery = z.strictObject({ kind: z.enum(['challenge', 'training']).default('challenge') });

/**
 * `GET /api/leaderboard-live/{id}` (spec section 2): the board of a display screen, no sign-in. Public fields
 * only: name (first name and last initial), school, region, points and time. The screen then subscribes over
 * socket.io for live updates (or polls this).
 */
@Controller('leaderboard-live')
export class LeaderboardLiveController {
  constructor(
    private readonly registry: BoardRegistry,
    private readonly views: BoardViews,
    @Inject(NOTIFICATIONS_CONFIG) private readonly settings: NotificationsConfig,
  ) {}

  @Get(':id')
  @ApiShape({ response: liveBoardReply })
  @Public()
  async show(@UuidParam('id') id: string, @ValidQuery(liveQuery) q: z.output<typeof liveQuery>) {
    const board = await this.registry.load({ kind: q.kind, id });
    const top = board.ranking.top(this.settings.LEADERBOARD_TOP_N);
    const at = this.views.snapshot(board);
    await this.views.prepare(board, top);
    return { data: this.views.view(board, top, 'public', currentLocale(), at) };
  }
}
