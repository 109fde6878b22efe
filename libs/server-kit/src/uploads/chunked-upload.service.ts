import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { KIT_CONFIG } from '../tokens';
import type { KitConfig } from '../config/config';
import type { AuthUser } from '../auth/decorators';
import { DomainError, notFound } from '../errors/domain-error';
import { parseInput } from '../validation/zod-validation';
import { type ReceivedFile, isMultipartRequest, readMultipartForm } from './multipart';
import { UploadSpool, discardTempFile } from './spool';
import { detectUploadType } from './sniff';
import { type LockedUpload, UploadRepository } from './upload.repository';
import type { UploadRecord } from './upload.entity';
import { UploadUrls } from './upload-urls';
import { UploadOffsetError } from './upload-offset.error';
import { assertMayManage, assertOwner, managesAllUploads } from './upload.access';
import { S3_MIN_PART_BYTES, toMb } from './upload.config';
import { type ChunkFields, type StartUploadBody, type UploadView, anyFields, chunkFields, startUploadBody } from './upload.dto';
import { FILE_TYPES, IMAGE_TYPES, STORED_IMAGE_TYPE, allowedLabels, generatedName, matchDeclared, matchDetected, parseGeneratedName, storageKey } from './upload.types';
import { type AssembledFile, UPLOAD_STORAGE, type StoredObject, type UploadStorage } from './storage/storage.port';
import { IMAGE_MAX_SIDE, type ReencodedImage, reencodeImage } from './image-reencode';

export const CHUNK_FIELD = 'chunk';

/** What a call to POST /api/upload did: started an upload (201) or took a chunk (200). */
export interface UploadPostResult {
  created: boolean;
  view: UploadView;
}

/**
 * A route's own bound on the whole file, below the kit's `UPLOAD_FILE_MAX_BYTES` (a pupil's homework file): checked
 * against the declared size when an upload starts (nothing is stored) and again for every chunk, so an upload
 * started elsewhere cannot be continued through the route. `error` is the route's own message.
 */
export interface UploadFileLimit {
  maxBytes: number;
  error: () => DomainError;
}

/** What happened to the last chunk's upload: stored, or refused by type (the session is gone either way). */
type Finish = { ok: true; view: UploadView } | { ok: false; error: DomainError };

/**
 * Resumable chunked uploads (POST /api/upload, GET and DELETE /api/upload/{id}); the protocol is described in
 * uploads.module.ts. The upload row is the session: each chunk is written at the row's `received` offset under a
 * row lock, so a chunk at any other offset is refused with the offset to resume from, a retried chunk never
 * duplicates bytes, and the session survives restarts and works across replicas. When the last byte is in, the
 * type is decided from the assembled file's first bytes, and the file is moved under a server-made name.
 */
@Injectable()
export class ChunkedUploadService {
  constructor(
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    private readonly spool: UploadSpool,
    private readonly uploads: UploadRepository,
    private readonly urls: UploadUrls,
  ) {}

  /** POST /api/upload: JSON or a multipart form without a file starts an upload; a form with `chunk` continues one. */
  async post(user: AuthUser, req: FastifyRequest, fileLimit?: UploadFileLimit): Promise<UploadPostResult> {
    if (!isMultipartRequest(req)) return { created: true, view: await this.start(user, parseInput(startUploadBody, req.body ?? {}), fileLimit) };
    const limit = this.config.UPLOAD_MAX_BYTES;
    const form = await readMultipartForm(req, {
      spool: this.spool,
      file: { field: CHUNK_FIELD, maxBytes: limit, tooLarge: () => new DomainError('UPLOAD_CHUNK_TOO_LARGE', { limitMb: toMb(limit), limit }) },
      schema: anyFields,
    });
    if (!form.file) return { created: true, view: await this.start(user, parseInput(startUploadBody, form.fields), fileLimit) };
    const file = form.file;
    try {
      return { created: false, view: await this.receive(user, parseInput(chunkFields, form.fields), file, fileLimit) };
    } finally {
      await discardTempFile(file.path);
    }
  }

  async start(user: AuthUser, body: StartUploadBody, fileLimit?: UploadFileLimit): Promise<UploadView> {
    if (fileLimit && body.size > fileLimit.maxBytes) throw fileLimit.error();
    const limit = this.config.UPLOAD_FILE_MAX_BYTES;
    if (body.size > limit) throw new DomainError('UPLOAD_TOO_LARGE', { limitMb: toMb(limit), limit });
    const declared = matchDeclared(body.type, FILE_TYPES);
    if (declared === null) throw new DomainError('UPLOAD_TYPE_NOT_ALLOWED', { allowed: allowedLabels(FILE_TYPES) });
    const id = randomUUID();
    const { s3UploadId } = await this.storage.startChunked(id);
    const row = {
      id, kind: 'file' as const, status: 'receiving' as const, ownerId: user.sub, originalName: body.name,
      declaredType: body.type || null, size: body.size, received: 0, filename: null, mime: null, s3UploadId, parts: [],
    };
    try {
      await this.uploads.insert({ ...row });
    } catch (err) {
      await this.storage.abortChunked({ id, received: 0, s3UploadId, parts: [] });
      throw err;
    }
    return this.view({ ...row, updatedAt: new Date() });
  }

  private async receive(user: AuthUser, fields: ChunkFields, chunk: ReceivedFile, fileLimit?: UploadFileLimit): Promise<UploadView> {
    if (chunk.size === 0) throw new DomainError('UPLOAD_EMPTY');
    const finish = await this.uploads.withLocked(fields.id, 'file', async (locked): Promise<Finish> => {
      if (!locked) throw notFound();
      const row = locked.row;
      assertOwner(user, row.ownerId);
      if (row.status === 'stored') throw new DomainError('UPLOAD_ALREADY_COMPLETE');
      if (fileLimit && row.size > fileLimit.maxBytes) throw fileLimit.error();
      if (fields.offset !== row.received) throw new UploadOffsetError(fields.offset, row.received);
      const end = row.received + chunk.size;
      if (end > row.size) throw new DomainError('UPLOAD_SIZE_EXCEEDED', { size: row.size, remaining: row.size - row.received });
      if (this.storage.kind === 's3' && end < row.size && chunk.size < S3_MIN_PART_BYTES) {
        throw new DomainError('UPLOAD_CHUNK_TOO_SMALL', { minMb: toMb(S3_MIN_PART_BYTES) });
      }
      const part = await this.storage.writeChunk(row, chunk.path, chunk.size);
      await locked.update({ received: end, parts: part ? [...row.parts, part] : row.parts });
      if (end < row.size) return { ok: true, view: this.view(row) };
      return this.finish(locked);
    });
    if (!finish.ok) throw finish.error;
    return finish.view;
  }

  /** The last byte is in: check the type from the assembled bytes, then store under a server-made name or refuse. */
  private async finish(locked: LockedUpload): Promise<Finish> {
    const row = locked.row;
    const assembled = await this.storage.assemble(row);
    const type = matchDetected(await detectUploadType(() => assembled.open()), FILE_TYPES);
    if (!type) {
      // Refused: the bytes and the session go (committed), and the client hears why.
      await assembled.discard();
      await locked.remove();
      return { ok: false, error: new DomainError('UPLOAD_TYPE_NOT_ALLOWED', { allowed: allowedLabels(FILE_TYPES) }) };
    }
    if (IMAGE_TYPES.includes(type)) return this.finishImage(locked, assembled);
    const filename = generatedName(row.id, type);
    await assembled.storeAs(storageKey('file', filename), type.mime);
    await locked.update({ status: 'stored', filename, mime: type.mime, s3UploadId: null, parts: [] });
    return { ok: true, view: this.view(row) };
  }

  /**
   * A picture sent in chunks goes the way every uploaded picture goes (image-reencode.ts): decoded, scaled down,
   * re-encoded to WebP without its metadata; only that is stored. Bytes that do not decode are refused like a
   * type that is not allowed (the bytes and the session go).
   */
  private async finishImage(locked: LockedUpload, assembled: AssembledFile): Promise<Finish> {
    const source = await this.spool.write(await assembled.open());
    let image: ReencodedImage;
    try {
      image = await reencodeImage(this.spool, source.path, { maxSide: IMAGE_MAX_SIDE, formats: ['jpeg', 'png', 'webp', 'gif'] });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      await assembled.discard();
      await locked.remove();
      return { ok: false, error: err };
    } finally {
      await discardTempFile(source.path);
    }
    const filename = generatedName(locked.row.id, STORED_IMAGE_TYPE);
    try {
      await this.storage.put(storageKey('file', filename), image.path, image.mime);
    } finally {
      await discardTempFile(image.path);
    }
    await assembled.discard();
    await locked.update({ status: 'stored', filename, mime: image.mime, s3UploadId: null, parts: [] });
    return { ok: true, view: this.view(locked.row) };
  }

  /** GET /api/upload/{id}: where an upload stands (to resume after the client lost track). */
  async status(user: AuthUser, id: string): Promise<UploadView> {
    const row = await this.uploads.findOne(id, 'file');
    if (!row) throw notFound();
    assertMayManage(user, row.ownerId);
    return this.view(row);
  }

  /** DELETE /api/upload/{id}: aborts an upload in progress (its temporary data goes) or deletes a stored file. */
  async remove(user: AuthUser, id: string): Promise<{ id: string; status: 'aborted' | 'deleted' }> {
    return this.uploads.withLocked(id, 'file', async (locked) => {
      if (!locked) throw notFound();
      const row = locked.row;
      assertMayManage(user, row.ownerId);
      // Storage first: if it fails, the row stays and a retry can finish the job.
      if (row.status === 'receiving') await this.storage.abortChunked(row);
      else if (row.filename) await this.storage.delete(storageKey('file', row.filename));
      await locked.remove();
      return { id, status: row.status === 'receiving' ? ('aborted' as const) : ('deleted' as const) };
    });
  }

  /**
   * The stored file for GET /api/upload/files/{filename}, for its uploader (or who manages all uploads) only:
   * files are lesson recordings, materials and certificates, private to who may see their owner, so they are read
   * through their owners' access-checked routes (videos' play, materials' file). Anyone else gets 404, the same as
   * for a name that does not exist, so the answer never confirms that a file exists.
   */
  async read(filename: string, user: AuthUser | undefined): Promise<StoredObject & { mime: string }> {
    const parsed = parseGeneratedName(filename, FILE_TYPES);
    if (!parsed) throw new DomainError('UPLOAD_INVALID_NAME', { value: filename.slice(0, 80) });
    const row = user ? await this.uploads.findStored(filename, 'file') : null;
    if (!row || !user || (row.ownerId !== user.sub && !managesAllUploads(user))) throw notFound();
    const found = await this.storage.get(storageKey('file', filename));
    if (!found) throw notFound();
    return { ...found, mime: parsed.type.mime };
  }

  private view(row: Pick<UploadRecord, 'id' | 'status' | 'originalName' | 'size' | 'received' | 'filename' | 'mime' | 'updatedAt'>): UploadView {
    const base = { id: row.id, status: row.status, name: row.originalName, size: row.size, offset: row.received };
    if (row.status === 'stored' && row.filename && row.mime) {
      return { ...base, filename: row.filename, url: this.urls.of('file', row.filename), mime: row.mime };
    }
    const ttlMs = this.config.UPLOAD_SESSION_TTL_HOURS * 3600_000;
    return {
      ...base,
      chunkSize: this.config.UPLOAD_CHUNK_BYTES,
      maxChunkBytes: this.config.UPLOAD_MAX_BYTES,
      expiresAt: new Date(row.updatedAt.getTime() + ttlMs).toISOString(),
    };
  }
}
