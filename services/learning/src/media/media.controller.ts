import { Controller, Delete, Get, Header, HttpCode, Patch, Post, Put, StreamableFile } from '@nestjs/common';
import type { Locale } from '@olymp/proto';
import { materialRecordsReply, materialRemovedReply, materialReply, materialViewsReply, message } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequestLocale, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { createMaterial, type CreateMaterial, ownerQuery, type OwnerQuery, reorderMaterials, type ReorderMaterials, updateMaterial, type UpdateMaterial } from './media.dto';
import { Materials } from './materials.service';

/**
 * Materials of an owner (`?ownerKind=lesson|training-subchapter|library-chapter|event&ownerId=`). Staff routes check
 * the owner's keys (owners.ts OWNER_KEYS; a lesson's teachers too); `media` and `links` are for anyone who may see
 * the owner. Signed-in at the guard, the owner decides the rest (403/404).
 */
@Controller('materials')
export class MaterialsController {
  constructor(private readonly materials: Materials) {}

  @Get()
  @ApiShape({ response: materialRecordsReply, query: ownerQuery, summary: 'An owner\'s materials for staff (the owner\'s read key)' })
  @SignedIn()
  async list(@CurrentUser() user: AuthUser, @ValidQuery(ownerQuery) q: OwnerQuery) {
    return { data: await this.materials.staffList(user, q) };
  }

  @Get('media')
  @ApiShape({ response: materialViewsReply, query: ownerQuery, summary: 'Files and videos of an owner, for who may see it' })
  @SignedIn()
  async media(@CurrentUser() user: AuthUser, @ValidQuery(ownerQuery) q: OwnerQuery) {
    return { data: await this.materials.readerList(user, q, 'media') };
  }

  @Get('links')
  @ApiShape({ response: materialViewsReply, query: ownerQuery, summary: 'Links of an owner, for who may see it' })
  @SignedIn()
  async links(@CurrentUser() user: AuthUser, @ValidQuery(ownerQuery) q: OwnerQuery) {
    return { data: await this.materials.readerList(user, q, 'links') };
  }

  @Post('reorder')
  @ApiShape({ response: materialRecordsReply, body: reorderMaterials, summary: 'Put an owner\'s materials in a new order (the owner\'s write key)' })
  @SignedIn()
  @HttpCode(200)
  async reorder(@CurrentUser() user: AuthUser, @ValidBody(reorderMaterials) body: ReorderMaterials) {
    return { data: await this.materials.reorder(user, body) };
  }

  @Post()
  @ApiShape({ response: materialReply, body: createMaterial, summary: 'Attach a file, a video (a stored chunked upload) or a link' })
  @SignedIn()
  async create(@CurrentUser() user: AuthUser, @ValidBody(createMaterial) body: CreateMaterial) {
    return { data: await this.materials.create(user, body) };
  }

  /**
   * A file or video material's bytes for who may see its owner (a pupil's recording only within its window); the
   * kit's public file address answers 404 to anyone but the uploader. The UI fetches it with the token.
   */
  @Get(':id/file')
  @ApiShape({ summary: 'A material\'s file, for who may see its owner (videos also play through /api/videos/{id}/play)' })
  @SignedIn()
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async file(@CurrentUser() user: AuthUser, @UuidParam('id') id: string) {
    const file = await this.materials.file(user, id);
    return new StreamableFile(file.stream, { type: file.mime, length: file.size, disposition: `attachment; filename="${file.filename}"` });
  }

  @Get(':id')
  @ApiShape({ response: materialReply })
  @SignedIn()
  async show(@CurrentUser() user: AuthUser, @UuidParam('id') id: string) {
    return { data: await this.materials.show(user, id) };
  }

  @Put(':id')
  @ApiShape({ response: materialReply, body: updateMaterial })
  @SignedIn()
  async put(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(updateMaterial) body: UpdateMaterial) {
    return { data: await this.materials.update(user, id, body) };
  }

  @Patch(':id')
  @ApiShape({ response: materialReply, body: updateMaterial })
  @SignedIn()
  async patch(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(updateMaterial) body: UpdateMaterial) {
    return { data: await this.materials.update(user, id, body) };
  }

  @Delete(':id')
  @ApiShape({ response: materialRemovedReply })
  @SignedIn()
  async remove(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @RequestLocale() locale: Locale) {
    await this.materials.remove(user, id);
    return { data: { id }, message: message('MATERIAL_REMOVED', locale) };
  }
}
