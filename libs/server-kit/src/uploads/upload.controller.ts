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

  /** Public like images: lesson materials are linked from pages; the name is an unguessable uuid. */
  @Get('files/:filename')
  @Public()
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @Header('X-Content-Type-Options', 'nosniff')
  async read(@Param('filename') filename: string) {
    const file = await this.uploads.read(filename);
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
