import { Injectable } from '@nestjs/common';
import type { MaterialRecord } from '@olymp/proto';
import { AuditLog, type AuthUser, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { Lesson } from '../floor/course.entities';
import { Material } from '../floor/media.entities';
import type { RecordingBody } from './media.dto';
import { Materials, recordOf } from './materials.service';

/**
 * A lesson's recording (issue 15): a teacher of the group (or staff with group:update) attaches a video sent in
 * chunks through the kit's uploads; it replaces the lesson's previous recording. Pupils of the group play it for
 * RECORDING_DAYS after the lesson's start (owners.ts), through the videos routes.
 */
@Injectable()
export class Recordings {
  constructor(
    private readonly ds: DataSource,
    private readonly materials: Materials,
    private readonly audit: AuditLog,
  ) {}

  async attach(user: AuthUser, lessonId: string, body: RecordingBody): Promise<MaterialRecord> {
    const lesson = await this.ds.getRepository(Lesson).findOneBy({ id: lessonId });
    if (!lesson) throw notFound();
    return this.ds.transaction(async (m) => {
      const previous = await m.findOne(Material, { where: { ownerKind: 'lesson', ownerId: lessonId, isRecording: true }, lock: { mode: 'pessimistic_write' } });
      if (previous) {
        await m.delete(Material, { id: previous.id });
        await this.audit.record(m, { actor: user, action: 'destroy', resource: 'materials', resourceId: previous.id, before: recordOf(previous) });
      }
      return this.materials.create(user, {
        ownerKind: 'lesson', ownerId: lessonId, kind: 'video', linkUrl: null, uploadId: body.uploadId, posterUrl: null,
        titleKk: body.titleKk ?? lesson.titleKk, titleRu: body.titleRu ?? lesson.titleRu, titleEn: body.titleEn ?? lesson.titleEn,
      }, { isRecording: true }, m);
    });
  }

  async detach(user: AuthUser, lessonId: string): Promise<{ id: string }> {
    const found = await this.ds.getRepository(Material).findOneBy({ ownerKind: 'lesson', ownerId: lessonId, isRecording: true });
    if (!found) throw notFound();
    await this.materials.remove(user, found.id);
    return { id: found.id };
  }
}
