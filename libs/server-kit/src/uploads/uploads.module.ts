import { Module, type Provider } from '@nestjs/common';
import { KIT_CONFIG } from '../tokens';
import type { KitConfig } from '../config/config';
import { UploadSpool } from './spool';
import { UploadRepository } from './upload.repository';
import { UploadUrls } from './upload-urls';
import { ImageUploadService } from './image-upload.service';
import { ChunkedUploadService } from './chunked-upload.service';
import { UploadSweeper } from './upload.sweeper';
import { UploadImageController } from './upload-image.controller';
import { UploadController } from './upload.controller';
import { UPLOAD_STORAGE } from './storage/storage.port';
import { createUploadStorage } from './storage/storage.factory';

/**
 * Uploads, for the service that imports this module (learning, for now: the gateway routes /api/upload* there).
 * Storage is local disk under UPLOAD_DIR or an S3-compatible bucket (UPLOAD_STORAGE); the `upload` table (a kit
 * migration every service has) records owners and chunked sessions. Every route needs a signed-in user with
 * `upload:create` (send) or `upload:delete` (delete); a file can be continued or deleted only by its owner, or by
 * holders of `upload:delete_any` and admins.
 *
 * Images (one request):
 *   POST   /api/upload-image            multipart, file in `image` (at most UPLOAD_IMAGE_MAX_BYTES)
 *          201 { data: { filename: '<uuid>.webp', url, size, mime: 'image/webp', width, height } }: re-encoded
 *          (image-reencode.ts: at most IMAGE_MAX_SIDE px a side, no metadata); 400 UPLOAD_TYPE_NOT_ALLOWED unless the
 *          bytes are JPEG/PNG/WebP/GIF; 400 IMAGE_UNREADABLE if they do not decode or exceed 40 megapixels;
 *          413 UPLOAD_TOO_LARGE
 *   GET    /api/upload-image/{filename}  public, an image stored through upload-image (a row in `upload`); any other
 *          bytes under images/ (chat pictures, avatars, which have their own routes) are 404
 *   DELETE /api/upload-image/{filename}  200 { data: { filename, deleted: true } }; 400 UPLOAD_INVALID_NAME for a
 *          name the server did not generate; 404 unknown; 403 someone else's
 *
 * Files in chunks (resumable):
 *   POST   /api/upload  JSON (or a form without a file) { name, size, type? }
 *          201 { data: { id, status: 'receiving', name, size, offset: 0, chunkSize, maxChunkBytes, expiresAt } };
 *          413 UPLOAD_TOO_LARGE over UPLOAD_FILE_MAX_BYTES; 400 UPLOAD_TYPE_NOT_ALLOWED for a declared type not allowed
 *   POST   /api/upload  multipart { id, offset } + file `chunk` (at most maxChunkBytes; offset = bytes received)
 *          200 { data: { ..., status: 'receiving', offset: <next offset> } }, and for the last chunk
 *          200 { data: { ..., status: 'stored', offset: size, filename: '<id>.<ext>', url, mime } };
 *          409 UPLOAD_OFFSET_MISMATCH with `expectedOffset` (and header Upload-Offset): nothing changed, resume there;
 *          413 UPLOAD_SIZE_EXCEEDED past the declared size; 409 UPLOAD_ALREADY_COMPLETE; 410 UPLOAD_DATA_LOST;
 *          400 UPLOAD_TYPE_NOT_ALLOWED when the assembled bytes are not an allowed type (the upload is then gone);
 *          a picture is re-encoded like upload-image's and stored as '<id>.webp' (400 IMAGE_UNREADABLE, gone, if not)
 *   GET    /api/upload/{id}            the upload as above (to find the offset to resume from)
 *   GET    /api/upload/files/{filename}  the stored file for its uploader (or upload:delete_any, admins) only; 404 for
 *          anyone else, signed in or not (files are recordings, materials, certificates: read through their owners'
 *          access-checked routes, e.g. GET /api/materials/{id}/file, GET /api/videos/{id}/play)
 *   DELETE /api/upload/{id}            200 { data: { id, status: 'aborted' | 'deleted' } }: aborts an upload in
 *          progress (its temporary data goes) or deletes the stored file
 *
 * Uploads idle for UPLOAD_SESSION_TTL_HOURS are removed by the sweeper.
 */
/**
 * The storage port (local disk or S3, by UPLOAD_STORAGE) and the temp spool, for any module that stores files
 * without serving the upload routes (auth's avatars).
 */
export const uploadStorageProviders: Provider[] = [
  {
    provide: UPLOAD_STORAGE,
    inject: [KIT_CONFIG],
    useFactory: async (config: KitConfig) => {
      const storage = await createUploadStorage(config);
      await storage.init();
      return storage;
    },
  },
  {
    provide: UploadSpool,
    inject: [KIT_CONFIG],
    useFactory: async (config: KitConfig) => {
      const spool = new UploadSpool(config.UPLOAD_DIR);
      await spool.init();
      return spool;
    },
  },
];

@Module({
  controllers: [UploadImageController, UploadController],
  providers: [
    ...uploadStorageProviders,
    UploadRepository,
    UploadUrls,
    ImageUploadService,
    ChunkedUploadService,
    UploadSweeper,
  ],
  exports: [UPLOAD_STORAGE, UploadSpool, ImageUploadService, ChunkedUploadService, UploadSweeper],
})
export class UploadsModule {}
