import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { VideoInfo } from '@olymp/proto';
import {
  type AuthUser, type ByteRange, Clock, DomainError, type StoredObject, UPLOAD_STORAGE, type UploadStorage, notFound, storageKey, unauthenticated,
} from '@olymp/server-kit';
import rangeParser from 'range-parser';
import { DataSource, LessThan } from 'typeorm';
import { Lesson } from '../floor/course.entities';
import { localized } from '../floor/localized';
import { Material, PLAY_TICKET_HOURS, VideoTicket } from '../floor/media.entities';
import { Materials, playUrlOf } from './materials.service';
import { MediaOwners, type OwnerViewer } from './owners';

/** What `play` sends: the whole file (200) or one range of it (206). */
export interface PlayBody {
  status: 200 | 206;
  mime: string;
  size: number;
  range: ByteRange | null;
  stream: StoredObject['stream'];
}

/** A Range header that names no byte of the file: 416 with `Content-Range: bytes *\/size`. */
export class RangeNotSatisfiable extends DomainError {
  constructor(readonly size: number) {
    super('RANGE_NOT_SATISFIABLE', { size });
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Videos (issue 16) and lesson recordings (issue 15): `info` (length, size, frame, poster, a play address with a
 * ticket) and `play` with HTTP range requests, streamed from storage (a range is read from disk or S3 as asked,
 * never the whole file into memory). Only who may see the owner plays; a pupil's recording only within its window.
 */
@Injectable()
export class Videos {
  constructor(
    private readonly ds: DataSource,
    private readonly owners: MediaOwners,
    private readonly materials: Materials,
    private readonly clock: Clock,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
  ) {}

  async info(user: AuthUser, id: string): Promise<VideoInfo> {
    const m = await this.video(id);
    const viewer = await this.owners.viewer(user, m.ownerKind, m.ownerId);
    const until = this.owners.assertRecordingOpen(viewer, m);
    return this.infoOf(m, viewer, user, until);
  }

  /** A lesson's recording as its reader sees it (`GET /api/lessons/{lesson}/recording`); 404 when there is none. */
  async recordingOf(user: AuthUser, lessonId: string): Promise<VideoInfo> {
    const viewer = await this.owners.viewer(user, 'lesson', lessonId);
    const m = await this.ds.getRepository(Material).findOneBy({ ownerKind: 'lesson', ownerId: lessonId, isRecording: true });
    if (!m) throw notFound();
    const until = this.owners.assertRecordingOpen(viewer, m);
    return this.infoOf(m, viewer, user, until);
  }

  /**
   * The bytes to send for `play`: the caller is a signed-in user (checked now) or holds a ticket from `info`. A
   * satisfiable single range gives 206; several ranges are answered with the first; a malformed header is ignored
   * (200, the whole file, as RFC 9110 allows); a range outside the file is 416.
   */
  async play(user: AuthUser | undefined, ticket: string | undefined, id: string, rangeHeader: string | undefined): Promise<PlayBody> {
    const m = await this.video(id);
    let viewer: OwnerViewer;
    if (user) {
      viewer = await this.owners.viewer(user, m.ownerKind, m.ownerId);
    } else if (ticket) {
      const row = await this.ds.getRepository(VideoTicket).findOneBy({ tokenHash: sha256(ticket), materialId: id });
      if (!row || row.expiresAt.getTime() <= this.clock.nowMs()) throw unauthenticated();
      const lesson = m.ownerKind === 'lesson' ? await this.ds.getRepository(Lesson).findOneBy({ id: m.ownerId }) : null;
      viewer = row.staff ? { kind: 'staff' } : { kind: 'reader', lesson };
    } else {
      throw unauthenticated();
    }
    this.owners.assertRecordingOpen(viewer, m);
    const size = m.size ?? 0;
    let range: ByteRange | null = null;
    if (rangeHeader) {
      const parsed = rangeParser(size, rangeHeader, { combine: true });
      if (parsed === -1) throw new RangeNotSatisfiable(size);
      if (parsed !== -2 && parsed.type === 'bytes' && parsed.length > 0) range = { start: parsed[0].start, end: parsed[0].end };
    }
    const stored = await this.storage.get(storageKey('file', m.filename ?? ''), range ?? undefined);
    if (!stored) throw notFound();
    return { status: range ? 206 : 200, mime: m.mime ?? 'application/octet-stream', size: stored.size, range, stream: stored.stream };
  }

  private async infoOf(m: Material, viewer: OwnerViewer, user: AuthUser, until: Date | null): Promise<VideoInfo> {
    const ticket = randomBytes(24).toString('base64url');
    const now = this.clock.nowMs();
    await this.ds.transaction(async (t) => {
      // Expired tickets go as new ones are given (a small table; the index keeps this cheap).
      await t.delete(VideoTicket, { expiresAt: LessThan(new Date(now)) });
      await t.insert(VideoTicket, {
        tokenHash: sha256(ticket), materialId: m.id, userId: user.sub, staff: viewer.kind === 'staff',
        expiresAt: new Date(Math.min(now + PLAY_TICKET_HOURS * 3600_000, until ? until.getTime() : Infinity)),
      });
    });
    return {
      id: m.id, title: localized(m, 'title'), mime: m.mime ?? 'application/octet-stream', size: m.size ?? 0,
      durationSeconds: m.durationSeconds, width: m.width, height: m.height, posterUrl: m.posterUrl,
      playUrl: `${playUrlOf(m.id)}?ticket=${ticket}`, availableUntil: until ? until.toISOString() : null,
    };
  }

  private async video(id: string): Promise<Material> {
    const m = await this.materials.find(id);
    if (m.kind !== 'video' || !m.filename) throw notFound();
    return m;
  }
}
