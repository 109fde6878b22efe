import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { MaterialRecord, MaterialView } from '@olymp/proto';
import {
  AuditLog, type AuthUser, DomainError, type StoredObject, UPLOAD_STORAGE, UploadRecord, type UploadStorage, notFound, storageKey,
} from '@olymp/server-kit';
import { DataSource, type EntityManager, In } from 'typeorm';
import { localized } from '../floor/localized';
import { Material } from '../floor/media.entities';
import type { CreateMaterial, OwnerQuery, ReorderMaterials, UpdateMaterial } from './media.dto';
import { MediaOwners, type OwnerViewer } from './owners';
import { probeVideo } from './video-probe';

/** Where a video is played: media's own route, which checks who asks (never the kit's public file address). */
export const playUrlOf = (id: string) => `/api/videos/${id}/play`;
/** Where a material's file is read: media's own route, which checks who asks (the kit's file address is the uploader's). */
export const fileUrlOf = (id: string) => `/api/materials/${id}/file`;

export const isPlayable = (mime: string | null) => !!mime && (mime.startsWith('video/') || mime.startsWith('audio/'));

/**
 * Materials of an owner (issue 16): staff attach files and videos (stored chunked uploads of theirs), links; reorder
 * them; pupils who may see the owner list them (`media`: files and videos, `links`). Every change is audited.
 */
@Injectable()
export class Materials {
  constructor(
    private readonly ds: DataSource,
    private readonly owners: MediaOwners,
    private readonly audit: AuditLog,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
  ) {}

  /** Staff list with the upload ids and types (`GET /api/materials`). */
  async staffList(user: AuthUser, q: OwnerQuery): Promise<MaterialRecord[]> {
    await this.owners.assertExists(q.ownerKind, q.ownerId);
    if (!(await this.owners.isStaffOf(user, q.ownerKind, q.ownerId))) throw new DomainError('FORBIDDEN');
    return (await this.rows(q)).map(recordOf);
  }

  /** What a reader sees (`media`: files and videos; `links`); a pupil sees a recording only within its window. */
  async readerList(user: AuthUser, q: OwnerQuery, which: 'media' | 'links'): Promise<MaterialView[]> {
    const viewer = await this.owners.viewer(user, q.ownerKind, q.ownerId);
    const rows = (await this.rows(q)).filter((m) => (which === 'links' ? m.kind === 'link' : m.kind !== 'link'));
    return rows.filter((m) => this.recordingOpen(viewer, m)).map((m) => this.viewOf(m));
  }

  /** `GET /api/materials/{id}/file`: the bytes of a file or video for who may see the owner (recordings in their window). */
  async file(user: AuthUser, id: string): Promise<StoredObject & { mime: string; filename: string }> {
    const m = await this.find(id);
    const viewer = await this.owners.viewer(user, m.ownerKind, m.ownerId);
    if (m.kind === 'link' || !m.filename) throw new DomainError('MATERIAL_IS_LINK');
    this.owners.assertRecordingOpen(viewer, m);
    const found = await this.storage.get(storageKey('file', m.filename));
    if (!found) throw notFound();
    return { ...found, mime: m.mime ?? 'application/octet-stream', filename: m.filename };
  }

  async show(user: AuthUser, id: string): Promise<MaterialRecord> {
    const m = await this.find(id);
    if (!(await this.owners.isStaffOf(user, m.ownerKind, m.ownerId))) throw new DomainError('FORBIDDEN');
    return recordOf(m);
  }

  async create(user: AuthUser, body: CreateMaterial, extra: { isRecording?: boolean } = {}, manager?: EntityManager): Promise<MaterialRecord> {
    await this.owners.assertMayWrite(user, body.ownerKind, body.ownerId);
    if ((body.kind === 'link') !== (body.linkUrl !== null) || (body.kind === 'link') === (body.uploadId !== null)) {
      throw new DomainError('MATERIAL_KIND_FIELDS');
    }
    const file = body.uploadId ? await this.storedUpload(user, body.uploadId) : null;
    if (body.kind === 'video' && !isPlayable(file?.mime ?? null)) throw new DomainError('MATERIAL_NOT_A_VIDEO');
    const facts = body.kind === 'video' && file ? await this.probe(file) : { durationSeconds: null, width: null, height: null };
    const run = async (m: EntityManager) => {
      const [{ next }] = (await m.query(
        'SELECT COALESCE(MAX(position) + 1, 0)::int AS next FROM materials WHERE owner_kind = $1 AND owner_id = $2',
        [body.ownerKind, body.ownerId],
      )) as { next: number }[];
      const row = m.create(Material, {
        id: randomUUID(), ownerKind: body.ownerKind, ownerId: body.ownerId, kind: body.kind,
        titleKk: body.titleKk, titleRu: body.titleRu, titleEn: body.titleEn, linkUrl: body.linkUrl,
        uploadId: file?.id ?? null, filename: file?.filename ?? null, mime: file?.mime ?? null, size: file?.size ?? null,
        ...facts, posterUrl: body.posterUrl, isRecording: extra.isRecording ?? false, position: next, createdBy: user.sub,
      });
      await m.insert(Material, row);
      const saved = await m.findOneByOrFail(Material, { id: row.id });
      await this.audit.record(m, { actor: user, action: 'store', resource: 'materials', resourceId: row.id, after: recordOf(saved) });
      return recordOf(saved);
    };
    return manager ? run(manager) : this.ds.transaction(run);
  }

  async update(user: AuthUser, id: string, body: UpdateMaterial): Promise<MaterialRecord> {
    const before = await this.find(id);
    await this.owners.assertMayWrite(user, before.ownerKind, before.ownerId);
    if (body.linkUrl !== undefined && before.kind !== 'link') throw new DomainError('MATERIAL_KIND_FIELDS');
    return this.ds.transaction(async (m) => {
      if (Object.keys(body).length) await m.update(Material, { id }, body);
      const after = await m.findOneByOrFail(Material, { id });
      await this.audit.record(m, { actor: user, action: 'update', resource: 'materials', resourceId: id, before: recordOf(before), after: recordOf(after) });
      return recordOf(after);
    });
  }

  /** Removes the material; its upload stays with its uploader (DELETE /api/upload/{id} removes the bytes). */
  async remove(user: AuthUser, id: string): Promise<void> {
    const before = await this.find(id);
    await this.owners.assertMayWrite(user, before.ownerKind, before.ownerId);
    await this.ds.transaction(async (m) => {
      await m.delete(Material, { id });
      await this.audit.record(m, { actor: user, action: 'destroy', resource: 'materials', resourceId: id, before: recordOf(before) });
    });
  }

  /** `materials reorder`: the owner's materials in the order given, which must list each of them once. */
  async reorder(user: AuthUser, body: ReorderMaterials): Promise<MaterialRecord[]> {
    await this.owners.assertMayWrite(user, body.ownerKind, body.ownerId);
    return this.ds.transaction(async (m) => {
      const rows = await m.find(Material, { where: { ownerKind: body.ownerKind, ownerId: body.ownerId }, lock: { mode: 'pessimistic_write' } });
      const have = new Set(rows.map((r) => r.id));
      if (new Set(body.ids).size !== body.ids.length || body.ids.length !== rows.length || !body.ids.every((i) => have.has(i))) {
        throw new DomainError('MATERIAL_REORDER_MISMATCH');
      }
      for (const [position, id] of body.ids.entries()) await m.update(Material, { id }, { position });
      await this.audit.record(m, {
        actor: user, action: 'materials.reorder', resource: 'materials', resourceId: body.ownerId,
        before: { ids: [...rows].sort((a, b) => a.position - b.position).map((r) => r.id) }, after: { ids: body.ids },
      });
      return (await m.find(Material, { where: { id: In(body.ids) }, order: { position: 'ASC' } })).map(recordOf);
    });
  }

  async find(id: string): Promise<Material> {
    const m = await this.ds.getRepository(Material).findOneBy({ id });
    if (!m) throw notFound();
    return m;
  }

  /** A stored chunked upload of the caller's (or any, for who manages all uploads). */
  async storedUpload(user: AuthUser, uploadId: string): Promise<UploadRecord & { filename: string; mime: string }> {
    const up = await this.ds.getRepository(UploadRecord).findOneBy({ id: uploadId, kind: 'file' });
    const mayUse = up && (up.ownerId === user.sub || user.isAdmin || user.permissions.has('upload:delete_any'));
    if (!up || !mayUse || up.status !== 'stored' || !up.filename || !up.mime) throw new DomainError('MATERIAL_UPLOAD_NOT_READY');
    return up as UploadRecord & { filename: string; mime: string };
  }

  /** Length and frame of a stored video, read by ranges (video-probe.ts). */
  probe(file: { filename: string; mime: string; size: number }) {
    const key = storageKey('file', file.filename);
    return probeVideo(async (start, end) => {
      const stored = await this.storage.get(key, { start, end });
      if (!stored) throw new DomainError('MATERIAL_UPLOAD_NOT_READY');
      const parts: Buffer[] = [];
      for await (const part of stored.stream) parts.push(part as Buffer);
      return Buffer.concat(parts);
    }, file.mime, file.size);
  }

  recordingOpen(viewer: OwnerViewer, m: Material): boolean {
    try {
      this.owners.assertRecordingOpen(viewer, m);
      return true;
    } catch (err) {
      if (err instanceof DomainError) return false;
      throw err;
    }
  }

  viewOf(m: Material): MaterialView {
    const url = m.kind === 'link' ? (m.linkUrl ?? '') : m.kind === 'video' ? playUrlOf(m.id) : fileUrlOf(m.id);
    return {
      id: m.id, kind: m.kind, title: localized(m, 'title'), url, mime: m.mime, size: m.size,
      durationSeconds: m.durationSeconds, posterUrl: m.posterUrl, position: m.position,
    };
  }

  private rows(q: OwnerQuery): Promise<Material[]> {
    return this.ds.getRepository(Material).find({ where: { ownerKind: q.ownerKind, ownerId: q.ownerId }, order: { position: 'ASC', createdAt: 'ASC' } });
  }
}

export function recordOf(m: Material): MaterialRecord {
  return {
    id: m.id, ownerKind: m.ownerKind, ownerId: m.ownerId, kind: m.kind, titleKk: m.titleKk, titleRu: m.titleRu, titleEn: m.titleEn,
    linkUrl: m.linkUrl, uploadId: m.uploadId, mime: m.mime, size: m.size, durationSeconds: m.durationSeconds, posterUrl: m.posterUrl,
    isRecording: m.isRecording, position: m.position, createdAt: m.createdAt.toISOString(), updatedAt: m.updatedAt.toISOString(),
  };
}
