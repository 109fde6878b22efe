import { Controller, Delete, Get, Header, Param, Post, Req, StreamableFile } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { imageRemovedReply, imageReply } from '@olymp/proto';
import { type AuthUser, CurrentUser, Public, RequirePermission } from '../auth/decorators';
import { ApiShape } from '../http/api-shape';
import { ImageUploadService } from './image-upload.service';

/** Images for challenges, products and the like: store one, read it, delete it by its generated name. */
@Controller('upload-image')
export class UploadImageController {
  constructor(private readonly images: ImageUploadService) {}

  @Post()
  @ApiShape({ response: imageReply, bodyType: 'multipart/form-data', summary: 'Upload an image (re-encoded)' })
  @RequirePermission('upload:create')
  async store(@Req() req: FastifyRequest, @CurrentUser() user: AuthUser) {
    return { data: await this.images.store(user, req) };
  }

  /** Public: images appear on public pages; the name is an unguessable uuid. */
  @Get(':filename')
  @Public()
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @Header('X-Content-Type-Options', 'nosniff')
  async read(@Param('filename') filename: string) {
    const file = await this.images.read(filename);
    return new StreamableFile(file.stream, { type: file.mime, length: file.size });
  }

  @Delete(':filename')
  @ApiShape({ response: imageRemovedReply })
  @RequirePermission('upload:delete')
  async remove(@Param('filename') filename: string, @CurrentUser() user: AuthUser) {
    return { data: await this.images.remove(user, filename) };
  }
}
