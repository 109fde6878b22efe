import { Controller, Get } from '@nestjs/common';
import { learningTodayReply } from '@olymp/proto';
import { ApiShape, Clock, RequirePermission } from '@olymp/server-kit';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { Attempt } from '../floor/attempt.entities';
import { Participation } from '../floor/participation.entity';
import { Challenge } from '../floor/challenge.entities';
import { ZONE } from '../floor/time';

/**
 * Today's figures for the staff home page: pupils active today (those who started a test since midnight in Almaty,
 * each counted once), tests started and finished since then, and the challenges
 * live now (published, not archived, between their start and end) with how many pupils have joined them. Staff who
 * may open the challenges section (`sidebar:challenge_index`) see them.
 */
@Controller()
export class LearningStatsController {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  @Get('stats/learning')
  @ApiShape({ response: learningTodayReply })
  @RequirePermission('sidebar:challenge_index')
  async today() {
    const now = this.clock.now();
    const midnight = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day');
    const from = midnight.toJSDate();
    const attempts = this.ds.getRepository(Attempt).createQueryBuilder('a').where('a.startedAt >= :from AND a.startedAt <= :now', { from, now });
    const [pupilsActive, testsStarted, testsFinished] = await Promise.all([
      attempts.clone().select('COUNT(DISTINCT a.userId)::int', 'n').getRawOne<{ n: number }>().then((r) => r?.n ?? 0),
      attempts.clone().getCount(),
      this.ds.getRepository(Attempt).createQueryBuilder('a').where('a.finishedAt >= :from AND a.finishedAt <= :now', { from, now }).getCount(),
    ]);
    const live = await this.ds
      .getRepository(Challenge)
      .createQueryBuilder('c')
      .select('c.id', 'id')
      .where('c.published AND NOT c.archived AND c.startsAt <= :now AND c.endsAt > :now', { now })
      .getRawMany<{ id: string }>();
    const participants = live.length
      ? await this.ds.getRepository(Participation).createQueryBuilder('p').where("p.boardKind = 'challenge' AND p.boardId IN (:...ids)", { ids: live.map((c) => c.id) }).getCount()
      : 0;
    return { data: { date: midnight.toISODate(), pupilsActive, testsStarted, testsFinished, liveChallenges: live.length, participants } };
  }
}
