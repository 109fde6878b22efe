import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Local temporary files for bytes arriving in a request (`<UPLOAD_DIR>/.tmp`), whatever the storage: a file is
 * written here first and handed to the storage only once it is complete and checked, so a refused or broken upload
 * never reaches the storage. Same file system as local storage, so handing over is an atomic rename.
 */
export class UploadSpool {
  readonly dir: string;

  constructor(uploadDir: string) {
    this.dir = join(resolve(uploadDir), '.tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  newPath(): string {
    return join(this.dir, randomUUID());
  }

  /** Writes a stream to a new temp file; on any failure the file is removed and the error rethrown. */
  async write(stream: Readable): Promise<{ path: string; size: number }> {
    const path = this.newPath();
    try {
      await pipeline(stream, createWriteStream(path, { flags: 'wx' }));
      return { path, size: (await stat(path)).size };
    } catch (err) {
      await discardTempFile(path);
      throw err;
    }
  }

  /** Removes temp files older than the cutoff: leftovers of requests cut short by a crash. */
  async sweep(olderThan: Date): Promise<number> {
    return sweepDir(this.dir, olderThan);
  }
}

export async function discardTempFile(path: string | undefined): Promise<void> {
  if (path) await rm(path, { force: true });
}

export async function sweepDir(dir: string, olderThan: Date): Promise<number> {
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const p = join(dir, name);
    const st = await stat(p).catch(() => null);
    if (st?.isFile() && st.mtime < olderThan) {
      await rm(p, { force: true });
      removed++;
    }
  }
  return removed;
}
