import { Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { certsClearReply, certsGenerateBody, certsProgressReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequirePermission, UuidParam, ValidBody } from '@olymp/server-kit';
import { CertRuns } from './cert-runs.service';
import { CertWorker } from './cert-worker';

/** Certificates in bulk for staff: generate, progress, zip, clear. */
@Controller('challenges/:challenge/certs')
export class CertsController {
  constructor(
    private readonly runs: CertRuns,
    private readonly worker: CertWorker,
  ) {}

  @Post('generate')
  @ApiShape({ response: certsProgressReply, summary: 'Generate certificates in the background' })
  @RequirePermission('certs:generate')
  @HttpCode(202)
  async generate(@CurrentUser() user: AuthUser, @UuidParam('challenge') id: string, @ValidBody(certsGenerateBody) body: z.output<typeof certsGenerateBody>) {
    await this.runs.generate(id, body, user.sub);
    this.worker.wake();
    return { data: await this.runs.progress(id) };
  }

  @Get('progress')
  @ApiShape({ response: certsProgressReply })
  @RequirePermission('certs:progress')
  async progress(@UuidParam('challenge') id: string) {
    return { data: await this.runs.progress(id) };
  }

  @Get('zip')
  @ApiShape({ responseType: 'application/zip', summary: 'All certificates of the run as one ZIP' })
  @RequirePermission('certs:zip')
  async zip(@UuidParam('challenge') id: string, @Res() reply: FastifyReply) {
    const { stream, fileName } = await this.runs.zip(id);
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    return reply.send(stream);
  }

  @Delete()
  @ApiShape({ response: certsClearReply })
  @RequirePermission('certs:clear')
  async clear(@UuidParam('challenge') id: string) {
    return { data: { removed: await this.runs.clear(id) } };
  }
}
