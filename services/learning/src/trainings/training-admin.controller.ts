import { Controller, Delete, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ApiShape, type AuthUser, type CrudResourceService, CurrentUser, ImageUploadService, RequirePermission, SignedIn, UuidParam, ValidBody, ValidQuery,
} from '@olymp/server-kit';
import { Trainings, boardOf } from './trainings.service';
import { TrainingAdmin } from './training-admin.service';
import { TrainingReports } from './training-reports.service';
import type { TrainingChapter } from '../floor/training.entities';
import { createChapterBody, heartsBody, publishBody, subscriptionsQuery, tryNumberBody } from './training.dto';
import { Participations } from '../boards/participations.service';
import { BoardResults } from '../results/board-results.service';
import { resultsQuery } from '../results/results.dto';
import { assertSelfOrStaff, holdsAny } from '../floor/access';
import { cancelledInvoicesReply, chapterListReply, chapterRecord, quizResultsReply, quizStatisticsReply, resultFilterOptionsReply, studentResultsReply, trainingImageReply, trainingPupilReply, trainingRecord, trainingStatisticsReply, trainingSubscriptionsReply } from '@olymp/proto';

export const CHAPTERS_CRUD = 'CrudResourceService:training-chapters';

/**
 * Staff's screens of a training (spec section 2, admin trainings): chapters, subscriptions, a pupil's progress,
 * publish, image, tries, hearts, unpaid invoices, test results and statistics. Every write is audited.
 */
@Controller()
export class TrainingAdminController {
  constructor(
    private readonly trainings: Trainings,
    private readonly admin: TrainingAdmin,
    private readonly reports: TrainingReports,
    private readonly results: BoardResults,
    private readonly participations: Participations,
    private readonly images: ImageUploadService,
    @Inject(CHAPTERS_CRUD) private readonly chapterCrud: CrudResourceService<TrainingChapter>,
  ) {}

  @Get('trainings/:training/chapters')
  @ApiShape({ response: chapterListReply })
  @RequirePermission('training:chapter_tab')
  async chapters(@UuidParam('training') id: string) {
    return { data: await this.trainings.chapters(await this.trainings.existing(id), null, true) };
  }

  @Post('trainings/:training/chapters')
  @ApiShape({ response: chapterRecord })
  @RequirePermission('training:chapter_create')
  async addChapter(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @ValidBody(createChapterBody) body: z.output<typeof createChapterBody>) {
    await this.trainings.existing(id);
    return this.chapterCrud.store({ ...body, trainingId: id }, user);
  }

  @Post('trainings/:training/publish')
  @ApiShape({ response: trainingRecord })
  @RequirePermission('training:update')
  @HttpCode(200)
  publish(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @ValidBody(publishBody) body: z.output<typeof publishBody>) {
    return this.admin.set(user, id, 'publish', { published: body.published });
  }

  @Post('trainings/:training/update-try-number')
  @ApiShape({ response: trainingRecord })
  @RequirePermission('training:update')
  @HttpCode(200)
  tryNumber(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @ValidBody(tryNumberBody) body: z.output<typeof tryNumberBody>) {
    return this.admin.set(user, id, 'update-try-number', { tryNumber: body.tryNumber });
  }

  @Post('trainings/:training/update-heart-reset-interval')
  @ApiShape({ response: trainingRecord })
  @RequirePermission('training:update')
  @HttpCode(200)
  hearts(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @ValidBody(heartsBody) body: z.output<typeof heartsBody>) {
    return this.admin.setHearts(user, id, body);
  }

  @Post('trainings/:training/images')
  @ApiShape({ response: trainingImageReply, bodyType: 'multipart/form-data', summary: 'Upload the training image' })
  @RequirePermission('training:update')
  @HttpCode(200)
  async image(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @Req() req: FastifyRequest) {
    await this.trainings.existing(id);
    const image = await this.images.store(user, req);
    return { ...(await this.admin.set(user, id, 'images', { imageUrl: image.url })), image };
  }

  @Post('trainings/:training/delete-unpaid-invoices')
  @ApiShape({ response: cancelledInvoicesReply })
  @RequirePermission('training:invoices_tab', 'training:update')
  @HttpCode(200)
  async cancelUnpaidPost(@CurrentUser() user: AuthUser, @UuidParam('training') id: string) {
    return { data: await this.admin.cancelUnpaid(user, id) };
  }

  @Delete('trainings/:training/delete-unpaid-invoices')
  @ApiShape({ response: cancelledInvoicesReply })
  @RequirePermission('training:invoices_tab', 'training:update')
  async cancelUnpaid(@CurrentUser() user: AuthUser, @UuidParam('training') id: string) {
    return { data: await this.admin.cancelUnpaid(user, id) };
  }

  @Get('trainings/:training/subscriptions')
  @ApiShape({ response: trainingSubscriptionsReply })
  @RequirePermission('training:subscriptions_tab')
  async subscriptions(@UuidParam('training') id: string, @ValidQuery(subscriptionsQuery) q: z.output<typeof subscriptionsQuery>) {
    await this.trainings.existing(id);
    return this.reports.subscriptions(id, q);
  }

  @Get('trainings/:training/statistics')
  @ApiShape({ response: trainingStatisticsReply })
  @RequirePermission('training:statistics_tab')
  async statistics(@UuidParam('training') id: string) {
    await this.trainings.existing(id);
    return { data: await this.reports.summary(id) };
  }

  /** Per test: score distribution and each question's correct rate (the test statistics tab). */
  @Get('trainings/:training/quiz-statistics')
  @ApiShape({ response: quizStatisticsReply })
  @RequirePermission('training:test_statistics_tab')
  async quizStatistics(@UuidParam('training') id: string) {
    await this.trainings.existing(id);
    return { data: await this.results.statistics(boardOf(id)) };
  }

  @Get('trainings/:training/quiz-results')
  @ApiShape({ response: quizResultsReply })
  @RequirePermission('training:test_results_tab')
  async quizResults(@UuidParam('training') id: string, @ValidQuery(resultsQuery) q: z.output<typeof resultsQuery>) {
    await this.trainings.existing(id);
    return this.results.results(boardOf(id), q, q.page, q.perPage);
  }

  @Get('trainings/:training/quiz-results-filter-options')
  @ApiShape({ response: resultFilterOptionsReply })
  @RequirePermission('training:test_results_tab')
  async filterOptions(@UuidParam('training') id: string) {
    await this.trainings.existing(id);
    return { data: await this.results.filterOptions(boardOf(id)) };
  }

  /** Every answer of one pupil's best attempt at each test, with the right answers. */
  @Get('trainings/:training/students/:user/results')
  @ApiShape({ response: studentResultsReply })
  @RequirePermission('training:test_results_tab')
  async studentResults(@UuidParam('training') id: string, @UuidParam('user') userId: string) {
    await this.trainings.existing(id);
    return { data: await this.results.ofStudent(boardOf(id), userId, true) };
  }

  /** One pupil's progress in the training (spec `trainings/{training}/{user}`): staff, or the pupil themself. */
  @Get('trainings/:training/:user')
  @ApiShape({ response: trainingPupilReply })
  @SignedIn()
  async pupil(@CurrentUser() user: AuthUser, @UuidParam('training') id: string, @UuidParam('user') userId: string) {
    assertSelfOrStaff(user, userId, 'training:subscriptions_tab', 'training:test_results_tab');
    const staff = holdsAny(user, 'training:subscriptions_tab', 'training:test_results_tab');
    const t = staff ? await this.trainings.existing(id) : await this.trainings.visible(id);
    const p = await this.participations.find(boardOf(t.id), userId);
    return {
      data: {
        userId, training: this.trainings.summary(t), joined: p !== null, participation: p && this.trainings.participationView(p, t),
        chapters: await this.trainings.chapters(t, userId, true),
      },
    };
  }
}
