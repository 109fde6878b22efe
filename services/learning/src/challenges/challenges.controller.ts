import { Controller, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { boardInvoiceReply, certificateTemplateReply, challengeCheckReply, challengeCopyReply, challengeImageReply, challengeImportReply, challengeListReply, challengePageReply, challengePrivacyReply, challengeRecord, checkpointQuizzesReply, joinChallengeReply, leaderboardReply, leaveReply, type Locale, message } from '@olymp/proto';
import {
  ApiShape, AuditLog, type AuthUser, CurrentUser, ImageUploadService, Public, RequestLocale, RequirePermission, SignedIn, UuidParam, ValidBody, ValidQuery, notFound,
} from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { Challenges } from './challenges.service';
import { ChallengeAdmin } from './challenge-admin.service';
import { Leaderboards } from '../boards/leaderboard.service';
import { maxPointsOf } from '../boards/max-points';
import { assertSelf, assertSelfOrStaff, boardViewer } from '../floor/access';
import {
  archiveBody, certificateTemplateBody, challengeListQuery, checkpointQuizzesBody, importBody, joinBody, leaderboardQuery,
  privateBody, publishBody, reorderBody, rewardBody,
} from './challenge.dto';
import { Challenge } from '../floor/challenge.entities';

/** Challenges for pupils (list, page, join, leave, invoice, leaderboard) and staff's actions on a challenge. */
@Controller()
export class ChallengesController {
  constructor(
    private readonly challenges: Challenges,
    private readonly admin: ChallengeAdmin,
    private readonly boards: Leaderboards,
    private readonly images: ImageUploadService,
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
  ) {}

  @Get('challenges-all')
  @Public()
  @ApiShape({ response: challengeListReply, summary: 'Published challenges' })
  async all(@ValidQuery(challengeListQuery) q: z.output<typeof challengeListQuery>, @CurrentUser() user?: AuthUser) {
    return { data: await this.challenges.list(q, user?.sub) };
  }

  @Get('challenges-all/:challenge')
  @Public()
  @ApiShape({ response: challengePageReply, summary: 'A challenge page: days, tests and the caller\'s progress' })
  async page(@UuidParam('challenge') id: string, @CurrentUser() user?: AuthUser) {
    return { data: await this.challenges.page(id, user?.sub) };
  }

  @Get('users/:user/challenges/:challenge')
  @ApiShape({ response: challengeCheckReply })
  @SignedIn()
  async check(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('challenge') id: string) {
    assertSelfOrStaff(user, userId, 'challenge:access_tab');
    const page = await this.challenges.page(id, userId);
    return { data: { joined: page.participation !== null, participation: page.participation } };
  }

  @Post('users/:user/challenges/:challenge')
  @SignedIn()
  @ApiShape({ response: joinChallengeReply, summary: 'Join a free challenge' })
  async join(
    @CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('challenge') id: string,
    @ValidBody(joinBody) body: z.output<typeof joinBody>, @RequestLocale() locale: Locale,
  ) {
    assertSelf(user, userId);
    const { participation, created } = await this.challenges.join(userId, id, body.code);
    return { data: { joined: true as const, created, joinedAt: participation.joinedAt.toISOString(), via: participation.via }, message: message('JOINED', locale) };
  }

  @Delete('users/:user/challenges/:challenge')
  @ApiShape({ response: leaveReply })
  @SignedIn()
  async leave(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('challenge') id: string, @RequestLocale() locale: Locale) {
    assertSelf(user, userId);
    await this.challenges.leave(userId, id);
    return { data: { joined: false }, message: message('LEFT', locale) };
  }

  @Get('users/:user/active-challenges')
  @SignedIn()
  @ApiShape({ response: challengeListReply, summary: 'The challenges a pupil joined that are not over' })
  async active(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string) {
    assertSelfOrStaff(user, userId, 'challenge:access_tab');
    return { data: await this.challenges.active(userId) };
  }

  @Get('users/:user/challenges/:challenge/invoice')
  @SignedIn()
  @ApiShape({ response: boardInvoiceReply })
  async invoice(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('challenge') id: string) {
    assertSelf(user, userId);
    return { data: await this.challenges.invoice(userId, id) };
  }

  /**
   * The ranking of a published challenge: anyone sees it as the live board's public rows ("Aigerim S.", school,
   * region, points, time), a signed-in pupil as its member rows plus their own full row, staff with the leaderboard
   * tab in full (docs/learning.md, Leaderboards). Never phones.
   */
  @Get('challenges/:challenge/leaderboard')
  @ApiShape({ response: leaderboardReply })
  @Public()
  async leaderboard(
    @UuidParam('challenge') id: string, @ValidQuery(leaderboardQuery) q: z.output<typeof leaderboardQuery>, @RequestLocale() locale: Locale, @CurrentUser() user?: AuthUser,
  ) {
    const c = await this.challenges.visibleCached(id);
    const board = { kind: 'challenge' as const, id: c.id };
    const maxPoints = await maxPointsOf(this.ds.manager, board);
    return this.boards.page(board, q, q.page, q.perPage, maxPoints, boardViewer(user, locale, 'challenge:leaderboard_tab'));
  }

  @Post('challenges/:challenge/publish')
  @ApiShape({ response: challengeRecord })
  @RequirePermission('challenge:update')
  @HttpCode(200)
  publish(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string, @ValidBody(publishBody) body: z.output<typeof publishBody>) {
    return this.admin.set(user, id, 'publish', { published: body.published });
  }

  @Post('challenges/:challenge/archive')
  @ApiShape({ response: challengeRecord })
  @RequirePermission('challenge:update')
  @HttpCode(200)
  archive(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string, @ValidBody(archiveBody) body: z.output<typeof archiveBody>) {
    return this.admin.set(user, id, 'archive', { archived: body.archived });
  }

  @Post('challenges/:challenge/reward')
  @ApiShape({ response: challengeRecord })
  @RequirePermission('challenge:update')
  @HttpCode(200)
  reward(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string, @ValidBody(rewardBody) body: z.output<typeof rewardBody>) {
    return this.admin.set(user, id, 'reward', body);
  }

  @Post('challenges/:challenge/private')
  @ApiShape({ response: challengePrivacyReply })
  @RequirePermission('challenge:update')
  @HttpCode(200)
  private(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string, @ValidBody(privateBody) body: z.output<typeof privateBody>) {
    return this.admin.setPrivacy(user, id, body);
  }

  @Post('challenges/:challenge/reorder')
  @ApiShape({ response: challengeRecord })
  @RequirePermission('challenge:update')
  @HttpCode(200)
  reorder(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string, @ValidBody(reorderBody) body: z.output<typeof reorderBody>) {
    return this.admin.set(user, id, 'reorder', { position: body.position });
  }

  @Post('challenges/:challenge/import')
  @ApiShape({ response: challengeImportReply })
  @RequirePermission('challenge:update')
  @HttpCode(200)
  async import(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string, @ValidBody(importBody) body: z.output<typeof importBody>) {
    return { data: await this.admin.import(user, id, body) };
  }

  @Post('challenges/:challenge/duplicate')
  @ApiShape({ response: challengeCopyReply })
  @RequirePermission('challenge:create')
  async duplicate(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string) {
    return { data: await this.admin.duplicate(user, id) };
  }

  @Post('challenges/:challenge/images')
  @ApiShape({ response: challengeImageReply, bodyType: 'multipart/form-data', summary: 'Upload the challenge image' })
  @RequirePermission('challenge:update')
  @HttpCode(200)
  async image(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string, @Req() req: FastifyRequest) {
    if (!(await this.ds.getRepository(Challenge).existsBy({ id }))) throw notFound();
    const image = await this.images.store(user, req);
    return { ...(await this.admin.set(user, id, 'images', { imageUrl: image.url })), image };
  }

  @Get('challenges/:challenge/certificate-template')
  @ApiShape({ response: certificateTemplateReply })
  @RequirePermission('challenge:certificate_tab')
  async certificate(@UuidParam('challenge') id: string) {
    const c = await this.ds.getRepository(Challenge).findOneBy({ id });
    if (!c) throw notFound();
    return { data: c.certificateTemplate };
  }

  @Put('challenges/:challenge/certificate-template')
  @ApiShape({ response: challengeRecord })
  @RequirePermission('challenge:certificate_tab', 'challenge:update')
  async setCertificate(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string, @ValidBody(certificateTemplateBody) body: z.output<typeof certificateTemplateBody>) {
    return this.admin.set(user, id, 'certificate-template', { certificateTemplate: body });
  }

  @Put('checkpoints/:checkpoint/quizzes')
  @ApiShape({ response: checkpointQuizzesReply })
  @RequirePermission('checkpoint:update')
  async checkpointQuizzes(@CurrentUser() user: AuthUser, @UuidParam('checkpoint') id: string, @ValidBody(checkpointQuizzesBody) body: z.output<typeof checkpointQuizzesBody>) {
    return { data: await this.admin.setCheckpointQuizzes(user, id, body.quizIds) };
  }
}
