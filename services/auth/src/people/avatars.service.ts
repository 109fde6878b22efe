import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  type AuditActor, AuditLog, DomainError, UPLOAD_STORAGE, UploadSpool, type UploadStorage, discardTempFile, notFound,
  readMultipartForm, reencodeImage, storageKey,
} from '@olymp/server-kit';
import { PeopleService } from './people.service';

export const AVATAR_FIELD = 'avatar';
/** Largest avatar file accepted, before re-encoding. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Longest side of a stored avatar. */
export const AVATAR_MAX_SIDE = 512;
const AVATAR_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

/** The address an avatar is served at (auth's own public read route). */
export const avatarUrl = (userId: string, filename: string) => `/api/users/${userId}/avatars/${filename}`;

interface AvatarRow {
  id: string;
  filename: string;
  size: number;
  width: number;
  height: number;
  source_mime: string;
  current: boolean;
  created_at: Date;
  removed_at: Date | null;
}

/**
 * Avatars (spec section 7, profile "avatars, avatar"). The bytes decide the type (JPEG, PNG, WebP; GIF, SVG and
 * everything else refused), at most 2 MB; the picture then goes the kit's one way (`reencodeImage`): decoded with
 * a 40-megapixel bound, RE-ENCODED to WebP of at most 512x512, metadata (EXIF, GPS, ICC comments) dropped and
 * whatever else the file carried (a polyglot's script, trailing data) gone.
 * Only the re-encoded bytes reach the kit's storage (`images/<uuid>.webp`). The newest upload is current; the
 * older ones stay in the history; DELETE removes the current one (row kept as history, bytes gone).
 */
@Injectable()
export class AvatarsService {
  constructor(
    private readonly ds: DataSource,
    private readonly people: PeopleService,
    private readonly audit: AuditLog,
    private readonly spool: UploadSpool,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
  ) {}

  private view(userId: string, a: AvatarRow) {
    return {
      id: a.id,
      url: a.removed_at ? null : avatarUrl(userId, a.filename),
      mime: 'image/webp' as const,
      size: a.size,
      width: a.width,
      height: a.height,
      current: a.current,
      createdAt: a.created_at,
      removedAt: a.removed_at,
    };
  }

  async store(actor: AuditActor, userId: string, req: FastifyRequest) {
    await this.people.person(userId);
    const form = await readMultipartForm(req, {
      spool: this.spool,
      file: { field: AVATAR_FIELD, maxBytes: AVATAR_MAX_BYTES, tooLarge: () => new DomainError('UPLOAD_TOO_LARGE', { limitMb: '2', limit: AVATAR_MAX_BYTES }) },
      schema: z.strictObject({}),
    });
    const file = form.file;
    if (!file) throw new DomainError('UPLOAD_FORM_INVALID', { field: AVATAR_FIELD });
    let encodedPath: string | undefined;
    try {
      if (file.size === 0) throw new DomainError('UPLOAD_EMPTY');
      const encoded = await reencodeImage(this.spool, file.path, {
        maxSide: AVATAR_MAX_SIDE, formats: ['jpeg', 'png', 'webp'], unreadable: 'AVATAR_UNREADABLE',
      });
      encodedPath = encoded.path;
      const sourceMime = encoded.sourceMime;
      const id = randomUUID();
      const filename = `${id}.webp`;
      const key = storageKey('image', filename);
      await this.storage.put(key, encodedPath, 'image/webp');
      encodedPath = undefined; // the storage has taken the file
      try {
        return await this.ds.transaction(async (m) => {
          await this.people.person(userId, m, true);
          const [before] = (await m.query('SELECT id FROM user_avatars WHERE user_id = $1 AND current', [userId])) as { id: string }[];
          await m.query('UPDATE user_avatars SET current = false WHERE user_id = $1 AND current', [userId]);
          await m.query(
            `INSERT INTO user_avatars (id, user_id, filename, size, width, height, source_mime, current, uploaded_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8)`,
            [id, userId, filename, encoded.size, encoded.width, encoded.height, sourceMime, actor.sub],
          );
          const [row] = (await m.query(`SELECT * FROM user_avatars WHERE id = $1`, [id])) as AvatarRow[];
          const after = this.view(userId, row);
          await this.audit.record(m, { actor, action: 'avatar.upload', resource: 'users/avatar', resourceId: userId, before: before ? { id: before.id } : null, after });
          return after;
        });
      } catch (err) {
        await this.storage.delete(key);
        throw err;
      }
    } finally {
      await discardTempFile(file.path);
      await discardTempFile(encodedPath);
    }
  }

  /** Every avatar the person had, newest first. */
  async history(userId: string) {
    await this.people.person(userId);
    const rows = (await this.ds.query('SELECT * FROM user_avatars WHERE user_id = $1 ORDER BY created_at DESC, id DESC', [userId])) as AvatarRow[];
    return rows.map((r) => this.view(userId, r));
  }

  /** Removes the current avatar: its bytes go (storage first, so a failure leaves the row for a retry). */
  async remove(actor: AuditActor, userId: string) {
    return this.ds.transaction(async (m) => {
      await this.people.person(userId, m, true);
      const [row] = (await m.query('SELECT * FROM user_avatars WHERE user_id = $1 AND current', [userId])) as AvatarRow[];
      if (!row) throw notFound();
      await this.storage.delete(storageKey('image', row.filename));
      await m.query('UPDATE user_avatars SET current = false, removed_at = now() WHERE id = $1', [row.id]);
      await this.audit.record(m, { actor, action: 'avatar.delete', resource: 'users/avatar', resourceId: userId, before: this.view(userId, row) });
      return { id: row.id, deleted: true as const };
    });
  }

  /** The bytes of one of the person's avatars that has not been removed. */
  async read(userId: string, filename: string) {
    if (!AVATAR_NAME.test(filename)) throw notFound();
    const [row] = (await this.ds.query(
      'SELECT id FROM user_avatars WHERE user_id = $1 AND filename = $2 AND removed_at IS NULL',
      [userId, filename],
    )) as { id: string }[];
    if (!row) throw notFound();
    const found = await this.storage.get(storageKey('image', filename));
    if (!found) throw notFound();
    return found;
  }
}
