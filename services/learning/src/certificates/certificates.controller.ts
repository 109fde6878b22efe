import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Locale } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, DomainError, KIT_CONFIG, type KitConfig, Public, RequestLocale, SignedIn, ValidQuery, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { Achievement } from '../floor/treasure.entities';
import { assertSelfOrStaff } from '../floor/access';
import { renderCertificatePdf } from './certificate-pdf';
import { factsFor } from './certificate-facts';

const downloadQuery = z.strictObject({ userId: z.uuid(), challengeId: z.uuid() });
const codeOf = (raw: string) => {
  const code = raw.toUpperCase();
  if (!/^[23456789A-HJKMNP-Z]{10}$/.test(code)) throw notFound();
  return code;
};

/** One certificate as a PDF: opened to print (by code), downloaded by code, or by pupil and challenge. */
@Controller()
export class CertificatesController {
  constructor(
    private readonly ds: DataSource,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
  ) {}

  @Get('achievements/:code/print')
  @ApiShape({ responseType: 'application/pdf', summary: 'A certificate to print, by its code' })
  @Public()
  async print(@Param('code') code: string, @RequestLocale() locale: Locale, @Res() reply: FastifyReply) {
    const a = await this.ds.getRepository(Achievement).findOneBy({ certificateCode: codeOf(code) });
    if (!a) throw notFound();
    return this.send(reply, a, locale, false);
  }

  @Get('achievements/:code/download')
  @ApiShape({ responseType: 'application/pdf', summary: 'A certificate to download, by its code' })
  @Public()
  async download(@Param('code') code: string, @RequestLocale() locale: Locale, @Res() reply: FastifyReply) {
    const a = await this.ds.getRepository(Achievement).findOneBy({ certificateCode: codeOf(code) });
    if (!a) throw notFound();
    return this.send(reply, a, locale, true);
  }

  @Get('certificates/download')
  @ApiShape({ responseType: 'application/pdf', summary: "A pupil's certificate of a challenge" })
  @SignedIn()
  async downloadFor(@CurrentUser() user: AuthUser, @ValidQuery(downloadQuery) q: z.output<typeof downloadQuery>, @RequestLocale() locale: Locale, @Res() reply: FastifyReply) {
    assertSelfOrStaff(user, q.userId, 'challenge:certificate_tab');
    const a = await this.ds.getRepository(Achievement).findOneBy({ userId: q.userId, challengeId: q.challengeId, code: 'challenge-finisher' });
    if (!a) throw new DomainError('NO_TEST_RESULTS');
    return this.send(reply, a, locale, true);
  }

  private async send(reply: FastifyReply, a: Achievement, locale: Locale, attachment: boolean) {
    const pdf = await renderCertificatePdf(await factsFor(this.ds.manager, a, locale, this.config.SITE_URL));
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `${attachment ? 'attachment' : 'inline'}; filename="certificate-${a.certificateCode}.pdf"`);
    return reply.send(Buffer.from(pdf));
  }
}
