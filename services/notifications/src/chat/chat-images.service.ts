import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { CHAT_IMAGE_FIELD, CHAT_IMAGE_NAME, CHAT_LIMITS, type ChatImageView } from '@olymp/proto';
import {
  Clock, DomainError, UPLOAD_STORAGE, UploadSpool, type UploadStorage, discardTempFile, readMultipartForm, reencodeImage, storageKey, toMb,
} from '@olymp/server-kit';
import { type ChatCaller, ChatService, chatImageUrl } from './chat.service';
import { ChatImage } from './chat.entities';

/**
 * Pictures in chat (docs/chat.md): a member (or a moderator) uploads one to a group; the kit's `reencodeImage`
 * decodes it (JPEG, PNG, WebP, GIF by the bytes, never the declared type) and re-encodes it to WebP of at most
 * CHAT_LIMITS.imageMaxSide px without metadata; only those bytes reach the storage, named by the server. The access
 * check comes before a byte of the body is read, so a non-member (or a guessed group id) stores nothing.
 * A message then names the picture (its uploader, in that group only), and members read it through the group.
 */
@Injectable()
export class ChatImagesService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly chat: ChatService,
    private readonly spool: UploadSpool,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
  ) {}

  async store(caller: ChatCaller, groupId: string, req: FastifyRequest): Promise<ChatImageView> {
    const { member, group } = await this.chat.access(caller, groupId);
    const moderator = this.chat.isModerator(caller);
    if (!member && !moderator) throw new DomainError('NOT_FOUND');
    if (group.closedAt) throw new DomainError('CHAT_GROUP_CLOSED');
    const now = this.clock.now();
    if (member?.mutedUntil && member.mutedUntil > now && !moderator) {
      throw new DomainError('CHAT_MUTED', { until: member.mutedUntil.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' });
    }
    if (!moderator) await this.checkRate(caller.sub, now);
    const limit = CHAT_LIMITS.imageMaxBytes;
    const form = await readMultipartForm(req, {
      spool: this.spool,
      file: { field: CHAT_IMAGE_FIELD, maxBytes: limit, tooLarge: () => new DomainError('UPLOAD_TOO_LARGE', { limitMb: toMb(limit), limit }) },
      schema: z.strictObject({}),
    });
    const file = form.file;
    if (!file) throw new DomainError('UPLOAD_FORM_INVALID', { field: CHAT_IMAGE_FIELD });
    let encodedPath: string | undefined;
    try {
      if (file.size === 0) throw new DomainError('UPLOAD_EMPTY');
      const encoded = await reencodeImage(this.spool, file.path, { maxSide: CHAT_LIMITS.imageMaxSide, formats: ['jpeg', 'png', 'webp', 'gif'] });
      encodedPath = encoded.path;
      const id = randomUUID();
      const filename = `${id}.webp`;
      const key = storageKey('image', filename);
      await this.storage.put(key, encoded.path, encoded.mime);
      encodedPath = undefined; // the storage has taken the file
      try {
        await this.ds.getRepository(ChatImage).insert({
          id, groupId, ownerId: caller.sub, filename, size: encoded.size, width: encoded.width, height: encoded.height,
          sourceMime: encoded.sourceMime.slice(0, 40), createdAt: this.clock.now(),
        });
      } catch (err) {
        await this.storage.delete(key);
        throw err;
      }
      return { image: filename, url: chatImageUrl(groupId, filename), size: encoded.size, width: encoded.width, height: encoded.height, mime: 'image/webp' };
    } finally {
      await discardTempFile(file.path);
      await discardTempFile(encodedPath);
    }
  }

  /** At most CHAT_LIMITS.imagesPerMinute uploads a minute per member (re-encoding costs CPU). */
  private async checkRate(userId: string, now: Date): Promise<void> {
    const rows = (await this.ds.query(
      'SELECT created_at FROM chat_images WHERE owner_id = $1 AND created_at > $2 ORDER BY created_at DESC LIMIT $3',
      [userId, new Date(now.getTime() - 60_000), CHAT_LIMITS.imagesPerMinute],
    )) as { created_at: Date }[];
    if (rows.length < CHAT_LIMITS.imagesPerMinute) return;
    const waitMs = rows[CHAT_LIMITS.imagesPerMinute - 1].created_at.getTime() + 60_000 - now.getTime();
    throw new DomainError('CHAT_RATE_LIMITED', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
  }

  /**
   * The bytes for a reader of the group: staff with the key read any of its pictures; a member reads the ones in
   * visible messages and their own. Anything else (a non-member, another group's picture, a hidden message's) is 404.
   */
  async read(caller: ChatCaller, groupId: string, filename: string) {
    if (!CHAT_IMAGE_NAME.test(filename)) throw new DomainError('NOT_FOUND');
    const { staff, member } = await this.chat.access(caller, groupId);
    const image = await this.ds.getRepository(ChatImage).findOneBy({ groupId, filename });
    if (!image) throw new DomainError('NOT_FOUND');
    if (!staff && image.ownerId !== caller.sub) {
      const visible = (await this.ds.query(
        'SELECT 1 FROM chat_messages WHERE group_id = $1 AND image = $2 AND deleted_at IS NULL AND hidden_at IS NULL LIMIT 1',
        [groupId, filename],
      )) as unknown[];
      if (!member || !visible.length) throw new DomainError('NOT_FOUND');
    }
    const found = await this.storage.get(storageKey('image', filename));
    if (!found) throw new DomainError('NOT_FOUND');
    return found;
  }
}
