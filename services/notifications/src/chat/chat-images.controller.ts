import { Controller, Get, Header, HttpCode, Param, Post, Req, StreamableFile } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { chatImageReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, SignedIn, UuidParam } from '@olymp/server-kit';
import { ChatImagesService } from './chat-images.service';

/**
 * Pictures in a chat group (docs/chat.md), members and moderators only; anyone else gets 404 as for a missing group.
 *   POST /api/chat/groups/{id}/images             multipart, file in `image` (JPEG/PNG/WebP/GIF by the bytes, 5 MB)
 *        201 { data: { image: '<uuid>.webp', url, size, width, height, mime } }: re-encoded, then sent by name
 *   GET  /api/chat/groups/{id}/images/{filename}  the picture (with the token: the UI fetches it, then shows it)
 */
@Controller('chat')
export class ChatImagesController {
  constructor(private readonly images: ChatImagesService) {}

  @Post('groups/:id/images')
  @SignedIn()
  @HttpCode(201)
  @ApiShape({ response: chatImageReply, bodyType: 'multipart/form-data', summary: 'Attach a picture to a group (multipart field `image`, re-encoded); send its name in a message' })
  async store(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @Req() req: FastifyRequest) {
    return { data: await this.images.store(user, id, req) };
  }

  /** Private (members only), so never in a shared cache; the name never changes its bytes. */
  @Get('groups/:id/images/:filename')
  @SignedIn()
  @Header('Cache-Control', 'private, max-age=86400, immutable')
  @Header('X-Content-Type-Options', 'nosniff')
  async read(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @Param('filename') filename: string) {
    const file = await this.images.read(user, id, filename);
    return new StreamableFile(file.stream, { type: 'image/webp', length: file.size });
  }
}
