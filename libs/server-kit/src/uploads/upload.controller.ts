import { Controller, Delete, Get, Header, Param, Post, Req, Res, StreamableFile, UseFilters } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uploadRemovedReply, uploadReply } from '@olymp/proto';
import { type AuthUser, CurrentUser, Public, RequirePermission } from '../auth/decorators';
import { ApiShape } from '../http/api-shape';
import { UuidParam } from '../validation/pipes';
import { ChunkedUploadService } from './chunked-upload.service';
import { UploadOffsetFilter } from './upload-offset.error';

/** Chunked, resumable uploads of larger files (protocol in uploads.module.ts). */
@Controller('upload')
@UseFilters(UploadOffsetFilter)
export class UploadController {
  constructor(private readonly uploads: ChunkedUploadService) {}

  @Post()
  @ApiShape({ response: uploadReply, summary: 'Start an upload or send its next chunk (protocol in uploads.module.ts)' })
  @RequirePermission('upload:create')
  async post(@Req() req: FastifyRequest, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.uploads.post(user, req);
    void reply.status(result.created ? 201 : 200);
    return { data: result.view };
  }

  /**
   * Open at the guard, but only the uploader (or who manages all uploads) gets the bytes; everyone else 404 (never
   * 403, which would confirm the name). Recordings, materials and certificates are served by their owners' routes.
   */
  @Get('files/:filename')
  @Public()
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async read(@Param('filename') filename: string, @CurrentUser() user: AuthUser | undefined) {
    const file = await this.uploads.read(filename, user);
    return new StreamableFile(file.stream, { type: file.mime, length: file.size });
  }

  @Get(':id')
  @ApiShape({ response: uploadReply })
  @RequirePermission('upload:create')
  async status(@UuidParam('id') id: string, @CurrentUser() user: AuthUser) {
    return { data: await this.uploads.status(user, id) };
  }

  @Delete(':id')
  @ApiShape({ response: uploadRemovedReply })
  @RequirePermission('upload:delete')
  async remove(@UuidParam('id') id: string, @CurrentUser() user: AuthUser) {
    return { data: await this.uploads.remove(user, id) };
  }
}
