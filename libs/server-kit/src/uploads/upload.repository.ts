import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type UploadPart, UploadRecord } from './upload.entity';
import type { UploadKind } from './upload.types';

/** An upload row held under a row lock until the surrounding transaction ends. */
export interface LockedUpload {
  row: UploadRecord;
  update(changes: Partial<Pick<UploadRecord, 'status' | 'received' | 'filename' | 'mime' | 's3UploadId' | 'parts'>>): Promise<void>;
  remove(): Promise<void>;
}

export interface StaleSession {
  id: string;
  received: number;
  s3UploadId: string | null;
  parts: UploadPart[];
}

/** The only place that touches the `upload` table. */
@Injectable()
export class UploadRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(row: Omit<UploadRecord, 'createdAt' | 'updatedAt'>): Promise<void> {
    await this.ds.getRepository(UploadRecord).insert(row);
  }

  findOne(id: string, kind: UploadKind): Promise<UploadRecord | null> {
    return this.ds.getRepository(UploadRecord).findOneBy({ id, kind });
  }

  /** The stored upload of this kind with this generated name, or null (other services' files have no row here). */
  findStored(filename: string, kind: UploadKind): Promise<UploadRecord | null> {
    return this.ds.getRepository(UploadRecord).findOneBy({ filename, kind, status: 'stored' });
  }

  /**
   * Runs `fn` in a transaction with the row locked (SELECT ... FOR UPDATE), so two requests for the same upload,
   * on any replica, take turns; `fn` gets null when there is no such row of that kind. Whatever `fn` throws rolls
   * its changes back.
   */
  withLocked<T>(id: string, kind: UploadKind, fn: (locked: LockedUpload | null) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (m) => {
      const row = await m.findOne(UploadRecord, { where: { id, kind }, lock: { mode: 'pessimistic_write' } });
      if (!row) return fn(null);
      return fn({
        row,
        update: async (changes) => {
          await m.update(UploadRecord, { id }, changes);
          Object.assign(row, changes, { updatedAt: new Date() });
        },
        remove: async () => {
          await m.delete(UploadRecord, { id });
        },
      });
    });
  }

  /**
   * Deletes chunked uploads that received nothing since the cutoff and returns them, so their data can be removed.
   * A chunk being written holds the row lock; the delete waits for it and then sees the fresh `updated_at`.
   */
  async deleteStale(cutoff: Date): Promise<StaleSession[]> {
    const [rows] = (await this.ds.query(
      `DELETE FROM upload WHERE status = 'receiving' AND updated_at < $1
       RETURNING id, received, s3_upload_id, parts`,
      [cutoff],
    )) as [{ id: string; received: string; s3_upload_id: string | null; parts: UploadPart[] }[], number];
    return rows.map((r) => ({ id: r.id, received: Number(r.received), s3UploadId: r.s3_upload_id, parts: r.parts }));
  }
}
