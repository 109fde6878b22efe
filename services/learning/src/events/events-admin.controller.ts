import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { eventImageReply, eventRecord } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, ImageUploadService, RequirePermission, UuidParam, notFound } from '@olymp/server-kit';
import { EventsAdmin } from './events-admin.service';

/** Staff's actions on an event beyond its CRUD: publish, unpublish (pupils see it only while published), its image. */
@Controller()
export class EventsAdminController {
  constructor(private readonly admin: EventsAdmin, private readonly images: ImageUploadService) {}

  @Post('events/:event/publish')
  @ApiShape({ response: eventRecord, summary: 'Publish an event (pupils of its audience see it)' })
  @RequirePermission('event:publish')
  @HttpCode(200)
  publish(@CurrentUser() user: AuthUser, @UuidParam('event') id: string) {
    return this.admin.setPublished(user, id, true);
  }

  @Post('events/:event/unpublish')
  @ApiShape({ response: eventRecord, summary: 'Unpublish an event (pupils no longer see it)' })
  @RequirePermission('event:publish')
  @HttpCode(200)
  unpublish(@CurrentUser() user: AuthUser, @UuidParam('event') id: string) {
    return this.admin.setPublished(user, id, false);
  }

  @Post('events/:event/images')
  @ApiShape({ response: eventImageReply, bodyType: 'multipart/form-data', summary: 'Upload the event image' })
  @RequirePermission('event:update')
  @HttpCode(200)
  async image(@CurrentUser() user: AuthUser, @UuidParam('event') id: string, @Req() req: FastifyRequest) {
    if (!(await this.admin.exists(id))) throw notFound();
    const image = await this.images.store(user, req);
    return { ...(await this.admin.setImage(user, id, image.url)), image };
  }
}
