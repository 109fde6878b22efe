import { Controller, Get } from '@nestjs/common';
import type { z } from 'zod';
import { ApiShape, type AuthUser, CurrentUser, RequirePermission, SignedIn, UuidParam, ValidQuery, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { BoardResults } from './board-results.service';
import { reportQuery, resultsQuery } from './results.dto';
import { Challenge } from '../floor/challenge.entities';
import { assertSelfOrStaff } from '../floor/access';
import { quizResultsReply, quizStatisticsReply, resultFilterOptionsReply, studentResultsReply } from '@olymp/proto';

/** Staff's view of a challenge's tests (spec: quiz-results, filter options, student results, statistics). */
@Controller()
export class ChallengeResultsController {
  constructor(
    private readonly results: BoardResults,
    private readonly ds: DataSource,
  ) {}

  private async board(id: string) {
    if (!(await this.ds.getRepository(Challenge).existsBy({ id }))) throw notFound();
    return { kind: 'challenge' as const, id };
  }

  @Get('challenges/:challenge/quiz-results')
  @ApiShape({ response: quizResultsReply })
  @RequirePermission('challenge:test_result_tab')
  async quizResults(@UuidParam('challenge') id: string, @ValidQuery(resultsQuery) q: z.output<typeof resultsQuery>) {
    return this.results.results(await this.board(id), q, q.page, q.perPage);
  }

  @Get('challenges/:challenge/quiz-results-filter-options')
  @ApiShape({ response: resultFilterOptionsReply })
  @RequirePermission('challenge:test_result_tab')
  async filterOptions(@UuidParam('challenge') id: string) {
    return { data: await this.results.filterOptions(await this.board(id)) };
  }

  /** Per-day summary of one pupil (spec: student quiz chapter results). */
  @Get('challenges/:challenge/students/:user/results')
  @ApiShape({ response: studentResultsReply })
  @RequirePermission('challenge:test_result_tab')
  async student(@UuidParam('challenge') id: string, @UuidParam('user') userId: string) {
    return { data: await this.results.ofStudent(await this.board(id), userId, false) };
  }

  /** Every answer of one pupil with the right answers (spec: detailed quiz results for a student). */
  @Get('challenges/:challenge/students/:user/detailed-results')
  @ApiShape({ response: studentResultsReply })
  @RequirePermission('challenge:test_result_tab')
  async studentDetailed(@UuidParam('challenge') id: string, @UuidParam('user') userId: string) {
    return { data: await this.results.ofStudent(await this.board(id), userId, true) };
  }

  @Get('challenges/:challenge/statistics')
  @ApiShape({ response: quizStatisticsReply })
  @RequirePermission('challenge:statistics_tab')
  async statistics(@UuidParam('challenge') id: string) {
    return { data: await this.results.statistics(await this.board(id)) };
  }

  /** A pupil's own report of a challenge (or staff's): each day's tests and results. */
  @Get('user-challenge-report')
  @ApiShape({ response: studentResultsReply })
  @SignedIn()
  async report(@CurrentUser() user: AuthUser, @ValidQuery(reportQuery) q: z.output<typeof reportQuery>) {
    assertSelfOrStaff(user, q.userId, 'challenge:test_result_tab');
    return { data: await this.results.ofStudent(await this.board(q.challengeId), q.userId, false) };
  }
}
