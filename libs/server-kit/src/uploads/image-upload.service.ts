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
import { IMAGE_TYPES, allowedLabels, generatedName, matchDetected, parseGeneratedName, storageKey } from './upload.types';
import { UPLOAD_STORAGE, type StoredObject, type UploadStorage } from './storage/storage.port';

export const IMAGE_FIELD = 'image';

/**
 * POST /api/upload-image and DELETE /api/upload-image/{filename}: one request, one image. The bytes decide the
 * type (JPEG, PNG, WebP, GIF; SVG and everything else refused), the server names the file, and nothing reaches the
 * storage before both checks pass.
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
    try {
      if (file.size === 0) throw new DomainError('UPLOAD_EMPTY');
      const type = matchDetected(await detectFileType(file.path), IMAGE_TYPES);
      if (!type) throw new DomainError('UPLOAD_TYPE_NOT_ALLOWED', { allowed: allowedLabels(IMAGE_TYPES) });
      const id = randomUUID();
      const filename = generatedName(id, type);
      const key = storageKey('image', filename);
      await this.storage.put(key, file.path, type.mime);
      try {
        await this.uploads.insert({
          id, kind: 'image', status: 'stored', ownerId: user.sub, originalName: file.clientName.slice(0, 255) || filename,
          declaredType: file.clientType.slice(0, 100) || null, size: file.size, received: file.size, filename,
          mime: type.mime, s3UploadId: null, parts: [],
        });
      } catch (err) {
        await this.storage.delete(key);
        throw err;
      }
      return { filename, url: this.urls.of('image', filename), size: file.size, mime: type.mime };
    } finally {
      await discardTempFile(file.path);
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

  /** The stored image for GET /api/upload-image/{filename}. */
  async read(filename: string): Promise<StoredObject & { mime: string }> {
    const parsed = parseGeneratedName(filename, IMAGE_TYPES);
    if (!parsed) throw new DomainError('UPLOAD_INVALID_NAME', { value: filename.slice(0, 80) });
    const found = await this.storage.get(storageKey('image', filename));
    if (!found) throw notFound();
    return { ...found, mime: parsed.type.mime };
  }
}
