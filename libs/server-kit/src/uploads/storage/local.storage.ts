import { copyFile, mkdir, open, rename, rm, stat, truncate } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../../errors/domain-error';
import { SESSION_ID, STORAGE_KEY } from '../upload.types';
import { sweepDir } from '../spool';
import type { AssembledFile, ByteRange, ChunkTarget, StoredObject, UploadStorage } from './storage.port';

/**
 * Files on local disk under UPLOAD_DIR: `images/`, `files/`, and `.partial/<session id>` for chunked uploads in
 * progress (one file, each chunk written at its offset). Several replicas need UPLOAD_DIR on a shared volume;
 * a replica that cannot see a session's partial file answers UPLOAD_DATA_LOST instead of storing a broken file.
 */
export class LocalStorage implements UploadStorage {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly partialDir: string;

  constructor(uploadDir: string) {
    this.root = resolve(uploadDir);
    this.partialDir = join(this.root, '.partial');
  }

  async init(): Promise<void> {
    for (const dir of ['images', 'files', '.partial']) await mkdir(join(this.root, dir), { recursive: true });
  }

  /** The path of a key; throws for anything that is not a server-built key (no traversal, no absolute paths). */
  pathOf(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`refusing storage key ${JSON.stringify(key)}`);
    const path = join(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`refusing storage key ${JSON.stringify(key)}`);
    return path;
  }

  partialPathOf(id: string): string {
    if (!SESSION_ID.test(id)) throw new Error(`refusing session id ${JSON.stringify(id)}`);
    return join(this.partialDir, id);
  }

  async put(key: string, localPath: string): Promise<void> {
    await moveAtomically(localPath, this.pathOf(key));
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    const st = await stat(path).catch(() => null);
    if (!st?.isFile()) return null;
    return { stream: createReadStream(path, range ? { start: range.start, end: range.end } : {}), size: st.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async startChunked(id: string): Promise<{ s3UploadId: null }> {
    const handle = await open(this.partialPathOf(id), 'wx');
    await handle.close();
    return { s3UploadId: null };
  }

  async writeChunk(target: ChunkTarget, localPath: string, size: number): Promise<null> {
    const partial = this.partialPathOf(target.id);
    const st = await stat(partial).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new DomainError('UPLOAD_DATA_LOST');
      throw err;
    });
    // Shorter than the database says: bytes were lost (or this replica does not share UPLOAD_DIR).
    if (st.size < target.received) throw new DomainError('UPLOAD_DATA_LOST');
    await pipeline(createReadStream(localPath), createWriteStream(partial, { flags: 'r+', start: target.received }));
    // Bytes past this chunk are from an attempt whose commit never happened: drop them.
    await truncate(partial, target.received + size);
    const handle = await open(partial, 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rm(localPath, { force: true });
    return null;
  }

  async assemble(target: ChunkTarget): Promise<AssembledFile> {
    const partial = this.partialPathOf(target.id);
    return {
      open: async () => createReadStream(partial),
      storeAs: (key) => moveAtomically(partial, this.pathOf(key)),
      discard: () => rm(partial, { force: true }),
    };
  }

  async abortChunked(target: ChunkTarget): Promise<void> {
    await rm(this.partialPathOf(target.id), { force: true });
  }

  sweep(olderThan: Date): Promise<number> {
    return sweepDir(this.partialDir, olderThan);
  }
}

/** rename() is atomic on one file system; across file systems, copy to a temp name beside the target, then rename. */
async function moveAtomically(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    const temp = `${to}.${randomUUID()}.tmp`;
    try {
      await copyFile(from, temp);
      await rename(temp, to);
    } finally {
      await rm(temp, { force: true });
    }
    await rm(from, { force: true });
  }
}
