import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { achievementListReply, achievementReply, type Locale, message, treasureClaimReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, DomainError, Public, RequestLocale, SignedIn, UuidParam, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { Treasures } from './treasures.service';
import { Achievement } from '../floor/treasure.entities';
import { assertSelfOrStaff } from '../floor/access';

const codeOf = (raw: string) => {
  const code = raw.toUpperCase();
  if (!/^[23456789A-HJKMNP-Z]{10}$/.test(code)) throw notFound();
  return code;
};

/** Treasure claims and achievements (their certificates as PDFs are certificates/'s). */
@Controller()
export class TreasuresController {
  constructor(
    private readonly treasures: Treasures,
    private readonly ds: DataSource,
  ) {}

  @Post('treasures/:treasure/claim')
  @ApiShape({ response: treasureClaimReply })
  @SignedIn()
  @HttpCode(200)
  async claim(@CurrentUser() user: AuthUser, @UuidParam('treasure') id: string, @RequestLocale() locale: Locale) {
    return { data: await this.treasures.claim(user.sub, id), message: message('TREASURE_CLAIMED', locale) };
  }

  @Get('achievements')
  @ApiShape({ response: achievementListReply, query: z.object({ userId: z.uuid().optional() }) })
  @SignedIn()
  async mine(@CurrentUser() user: AuthUser, @Query('userId') userIdRaw?: string) {
    const userId = userIdRaw ?? user.sub;
    if (!z.uuid().safeParse(userId).success) throw new DomainError('INVALID_ID');
    assertSelfOrStaff(user, userId, 'challenge:certificate_tab');
    const rows = await this.ds.getRepository(Achievement).find({ where: { userId }, order: { earnedAt: 'DESC' } });
    return { data: rows.map((a) => this.view(a)) };
  }

  /** Anyone holding a certificate's code can check it (names a pupil by first name and initial only). */
  @Get('achievements/:code')
  @ApiShape({ response: achievementReply })
  @Public()
  async byCode(@Param('code') code: string) {
    const a = await this.ds.getRepository(Achievement).findOneBy({ certificateCode: codeOf(code) });
    if (!a) throw notFound();
    return { data: this.view(a) };
  }

  private view(a: Achievement) {
    return {
      id: a.id, code: a.code, certificateCode: a.certificateCode, challengeId: a.challengeId,
      title: { kk: a.titleKk, ru: a.titleRu, en: a.titleEn }, points: a.points, earnedAt: a.earnedAt.toISOString(),
    };
  }
}
