import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { achievementListReply, achievementReply, type Locale, message, treasureClaimReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, DomainError, Public, RequestLocale, SignedIn, UuidParam, ValidQuery, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { Treasures } from './treasures.service';
import { Achievement } from '../floor/treasure.entities';
import { Challenge } from '../floor/challenge.entities';
import { assertSelfOrStaff } from '../floor/access';
import { renderCertificate } from './certificate';

const downloadQuery = z.strictObject({ userId: z.uuid(), challengeId: z.uuid() });
const codeOf = (raw: string) => {
  const code = raw.toUpperCase();
  if (!/^[23456789A-HJKMNP-Z]{10}$/.test(code)) throw notFound();
  return code;
};

/** Treasure claims and achievements with their certificates (print and download by code, or by pupil and challenge). */
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

  @Get('achievements/:code/print')
  @Public()
  async print(@Param('code') code: string, @RequestLocale() locale: Locale, @Res() reply: FastifyReply) {
    const a = await this.ds.getRepository(Achievement).findOneBy({ certificateCode: codeOf(code) });
    if (!a) throw notFound();
    return this.sendCertificate(reply, a, locale, false);
  }

  @Get('achievements/:code/download')
  @Public()
  async download(@Param('code') code: string, @RequestLocale() locale: Locale, @Res() reply: FastifyReply) {
    const a = await this.ds.getRepository(Achievement).findOneBy({ certificateCode: codeOf(code) });
    if (!a) throw notFound();
    return this.sendCertificate(reply, a, locale, true);
  }

  @Get('certificates/download')
  @SignedIn()
  async downloadFor(@CurrentUser() user: AuthUser, @ValidQuery(downloadQuery) q: z.output<typeof downloadQuery>, @RequestLocale() locale: Locale, @Res() reply: FastifyReply) {
    assertSelfOrStaff(user, q.userId, 'challenge:certificate_tab');
    const a = await this.ds.getRepository(Achievement).findOneBy({ userId: q.userId, challengeId: q.challengeId, code: 'challenge-finisher' });
    if (!a) throw new DomainError('NO_TEST_RESULTS');
    return this.sendCertificate(reply, a, locale, true);
  }

  private view(a: Achievement) {
    return {
      id: a.id, code: a.code, certificateCode: a.certificateCode, challengeId: a.challengeId,
      title: { kk: a.titleKk, ru: a.titleRu, en: a.titleEn }, points: a.points, earnedAt: a.earnedAt.toISOString(),
    };
  }

  private async sendCertificate(reply: FastifyReply, a: Achievement, locale: Locale, attachment: boolean) {
    const challenge = a.challengeId ? await this.ds.getRepository(Challenge).findOneBy({ id: a.challengeId }) : null;
    const [p] = (await this.ds.query(
      "SELECT first_name, last_name FROM participations WHERE board_kind = 'challenge' AND board_id = $1 AND user_id = $2",
      [a.challengeId, a.userId],
    )) as { first_name: string; last_name: string }[];
    const html = renderCertificate({ achievement: a, challenge, name: p ? `${p.first_name} ${p.last_name}`.trim() : '', locale });
    reply.header('content-type', 'text/html; charset=utf-8');
    if (attachment) reply.header('content-disposition', `attachment; filename="certificate-${a.certificateCode}.html"`);
    return reply.send(html);
  }
}
