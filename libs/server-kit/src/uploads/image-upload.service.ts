import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { KIT_CONFIG } from '../tokens';
import type { KitConfig } from '../config/config';
import type { AuthUser } from '../auth/decorators';
import { DomainError, notFound } from '../errors/domain-error';
import { readMultipartForm } from './multipart';
import { UploadSpool, discardTempFile } from './spool';
import { detectFileType } from './sniff';
import { UploadRepository } from './upload.repository';
import { UploadUrls } from './upload-urls';
import { assertMayManage } from './upload.access';
import { toMb } from './upload.config';
import { type ImageView, imageFields } from './upload.dto';
import { IMAGE_TYPES, STORED_IMAGE_TYPE, allowedLabels, generatedName, matchDetected, parseGeneratedName, storageKey } from './upload.types';
import { IMAGE_MAX_SIDE, reencodeImage } from './image-reencode';
import { UPLOAD_STORAGE, type StoredObject, type UploadStorage } from './storage/storage.port';

export const IMAGE_FIELD = 'image';

/**
 * POST /api/upload-image and DELETE /api/upload-image/{filename}: one request, one image. The bytes decide the
 * type (JPEG, PNG, WebP, GIF; SVG and everything else refused); the picture is decoded and re-encoded to WebP of at
 * most IMAGE_MAX_SIDE px a side without its metadata (`reencodeImage`), the server names the file, and only the
 * re-encoded bytes reach the storage. Every service's staff image upload (challenge and training images, ...)
 * goes through `store`.
 */
@Injectable()
export class ImageUploadService {
  constructor(
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    private readonly spool: UploadSpool,
    private readonly uploads: UploadRepository,
    private readonly urls: UploadUrls,
  ) {}

  async store(user: AuthUser, req: FastifyRequest): Promise<ImageView> {
    const limit = this.config.UPLOAD_IMAGE_MAX_BYTES;
    const form = await readMultipartForm(req, {
      spool: this.spool,
      file: { field: IMAGE_FIELD, maxBytes: limit, tooLarge: () => new DomainError('UPLOAD_TOO_LARGE', { limitMb: toMb(limit), limit }) },
      schema: imageFields,
    });
    const file = form.file;
    if (!file) throw new DomainError('UPLOAD_FORM_INVALID', { field: IMAGE_FIELD });
    let encodedPath: string | undefined;
    try {
      if (file.size === 0) throw new DomainError('UPLOAD_EMPTY');
      // The magic number first (cheap, and the message names the allowed types), then libvips decodes for real.
      if (!matchDetected(await detectFileType(file.path), IMAGE_TYPES)) {
        throw new DomainError('UPLOAD_TYPE_NOT_ALLOWED', { allowed: allowedLabels(IMAGE_TYPES) });
      }
      const image = await reencodeImage(this.spool, file.path, { maxSide: IMAGE_MAX_SIDE, formats: ['jpeg', 'png', 'webp', 'gif'] });
      encodedPath = image.path;
      const id = randomUUID();
      const filename = generatedName(id, STORED_IMAGE_TYPE);
      const key = storageKey('image', filename);
      await this.storage.put(key, image.path, image.mime);
      encodedPath = undefined; // the storage has taken the file
      try {
        await this.uploads.insert({
          id, kind: 'image', status: 'stored', ownerId: user.sub, originalName: file.clientName.slice(0, 255) || filename,
          declaredType: file.clientType.slice(0, 100) || null, size: image.size, received: file.size, filename,
          mime: image.mime, s3UploadId: null, parts: [],
        });
      } catch (err) {
        await this.storage.delete(key);
        throw err;
      }
      return { filename, url: this.urls.of('image', filename), size: image.size, mime: image.mime, width: image.width, height: image.height };
    } finally {
      await discardTempFile(file.path);
      await discardTempFile(encodedPath);
    }
  }

  async remove(user: AuthUser, filename: string): Promise<{ filename: string; deleted: true }> {
    const parsed = parseGeneratedName(filename, IMAGE_TYPES);
    if (!parsed) throw new DomainError('UPLOAD_INVALID_NAME', { value: filename.slice(0, 80) });
    return this.uploads.withLocked(parsed.id, 'image', async (locked) => {
      if (!locked || locked.row.filename !== filename) throw notFound();
      assertMayManage(user, locked.row.ownerId);
      // Storage first: if it fails, the row stays and a retry can finish the job.
      await this.storage.delete(storageKey('image', filename));
      await locked.remove();
      return { filename, deleted: true as const };
    });
  }

  /**
   * The stored image for GET /api/upload-image/{filename}: only images stored through `store` (a row of kind image
   * in this service's `upload` table: product, slider, challenge, event, card pictures). The storage is shared, so
   * other bytes under `images/` (chat pictures, avatars) are 404 here: they have their own access-checked routes.
   */
  async read(filename: string): Promise<StoredObject & { mime: string }> {
    const parsed = parseGeneratedName(filename, IMAGE_TYPES);
    if (!parsed) throw new DomainError('UPLOAD_INVALID_NAME', { value: filename.slice(0, 80) });
    if (!(await this.uploads.findStored(filename, 'image'))) throw notFound();
    const found = await this.storage.get(storageKey('image', filename));
    if (!found) throw notFound();
    return { ...found, mime: parsed.type.mime };
  }
}
