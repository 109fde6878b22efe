import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { boardInvoiceReply, joinTrainingReply, leaderboardReply, leaveReply, type Locale, message, trainingCheckReply, trainingListReply, trainingPageReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, Public, RequestLocale, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { Trainings, boardOf } from './trainings.service';
import { emptyBody, leaderboardQuery, trainingListQuery } from './training.dto';
import { Leaderboards } from '../boards/leaderboard.service';
import { maxPointsOf } from '../boards/max-points';
import { boardViewer } from '../floor/access';

/** Trainings for pupils (spec section 2, student training): the list, a training's page, joining, leaving, the invoice, the leaderboard. */
@Controller()
export class TrainingsController {
  constructor(
    private readonly trainings: Trainings,
    private readonly boards: Leaderboards,
    private readonly ds: DataSource,
  ) {}

  @Get('trainings-all')
  @Public()
  @ApiShape({ response: trainingListReply, summary: 'Published trainings' })
  async all(@ValidQuery(trainingListQuery) q: z.output<typeof trainingListQuery>, @CurrentUser() user?: AuthUser) {
    return { data: await this.trainings.list(q, user?.sub) };
  }

  @Get('trainings-all/:training')
  @Public()
  @ApiShape({ response: trainingPageReply, summary: 'A training page: chapters, lessons, tests and the caller\'s progress' })
  async page(@UuidParam('training') id: string, @CurrentUser() user?: AuthUser) {
    return { data: await this.trainings.page(id, user?.sub) };
  }

  @Post('trainings/:training/join')
  @SignedIn()
  @ApiShape({ response: joinTrainingReply, summary: 'Join a free training' })
  async join(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @ValidBody(emptyBody) _body: unknown, @RequestLocale() locale: Locale) {
    const { participation, created, training } = await this.trainings.join(user.sub, id);
    return { data: { joined: true as const, created, ...this.trainings.participationView(participation, training) }, message: message('JOINED', locale) };
  }

  @Post('trainings/:training/leave')
  @ApiShape({ response: leaveReply })
  @SignedIn()
  @HttpCode(200)
  leavePost(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @ValidBody(emptyBody) _body: unknown, @RequestLocale() locale: Locale) {
    return this.leave(user, id, locale);
  }

  @Delete('trainings/:training/leave')
  @ApiShape({ response: leaveReply })
  @SignedIn()
  async leave(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @RequestLocale() locale: Locale) {
    await this.trainings.leave(user.sub, id);
    return { data: { joined: false }, message: message('LEFT', locale) };
  }

  @Get('trainings/:training/check')
  @ApiShape({ response: trainingCheckReply })
  @SignedIn()
  async check(@CurrentUser() user: AuthUser, @UuidParam('training') id: string) {
    return { data: await this.trainings.check(user.sub, id) };
  }

  /** The pupil's invoice for a paid training: opened once by finance, the same one afterwards (GET as for challenges). */
  @Get('trainings/:training/invoice')
  @SignedIn()
  @ApiShape({ response: boardInvoiceReply })
  async invoice(@CurrentUser() user: AuthUser, @UuidParam('training') id: string) {
    return { data: await this.trainings.invoice(user.sub, id) };
  }

  @Post('trainings/:training/invoice')
  @SignedIn()
  @ApiShape({ response: boardInvoiceReply })
  @HttpCode(200)
  invoicePost(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @ValidBody(emptyBody) _body: unknown) {
    return this.invoice(user, id);
  }

  /**
   * The ranking of a published training, shaped by who asks as the challenge's is (anyone: public rows; a pupil:
   * member rows and their own full row; staff with the leaderboard tab: full rows, also of an unpublished one).
   */
  @Get('trainings/:training/leaderboard')
  @ApiShape({ response: leaderboardReply })
  @Public()
  async leaderboard(
    @UuidParam('training') id: string, @ValidQuery(leaderboardQuery) q: z.output<typeof leaderboardQuery>, @RequestLocale() locale: Locale, @CurrentUser() user?: AuthUser,
  ) {
    const viewer = boardViewer(user, locale, 'training:leaderboard_tab');
    const t = viewer.kind === 'staff' ? await this.trainings.existing(id) : await this.trainings.visible(id);
    const board = boardOf(t.id);
    const maxPoints = await maxPointsOf(this.ds.manager, board);
    return this.boards.page(board, q, q.page, q.perPage, maxPoints, viewer);
  }
}
