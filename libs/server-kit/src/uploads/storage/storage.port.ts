import type { Readable } from 'node:stream';
import type { UploadPart } from '../upload.entity';

/**
 * Where uploaded bytes live. Two adapters: local disk under UPLOAD_DIR (default) and an S3-compatible bucket,
 * chosen by UPLOAD_STORAGE. Keys are built by the server (`images/<uuid>.<ext>`, `files/<uuid>.<ext>`) and every
 * adapter checks them again, so nothing a client sends can name a path or an object.
 *
 * A finished file is written once, atomically: readers see the whole file or nothing. A chunked upload writes
 * each chunk at the offset the database says it is at (`target.received`), so a chunk retried after a crash
 * overwrites rather than duplicates.
 */
export const UPLOAD_STORAGE = Symbol('UPLOAD_STORAGE');

export type StorageKind = 'local' | 's3';

/** What a chunked upload's row tells the storage. */
export interface ChunkTarget {
  id: string;
  /** Bytes already stored; the chunk goes here. */
  received: number;
  s3UploadId: string | null;
  parts: UploadPart[];
}

export interface StoredObject {
  stream: Readable;
  /** The whole object's size, also when only a range is read. */
  size: number;
}

/** Bytes `start` to `end`, both included (an HTTP Range's numbers), within the object. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The bytes of a chunked upload once the last chunk is in, before they are accepted or refused. */
export interface AssembledFile {
  /** Reads from the first byte (for type detection); the caller destroys the stream when done. */
  open(): Promise<Readable>;
  /** Moves the bytes to their final key, atomically. */
  storeAs(key: string, mime: string): Promise<void>;
  /** Deletes the bytes (a refused file). */
  discard(): Promise<void>;
}

export interface UploadStorage {
  readonly kind: StorageKind;
  init(): Promise<void>;
  /** Stores a complete local temp file under key; the temp file is gone afterwards. */
  put(key: string, localPath: string, mime: string): Promise<void>;
  /** The stored bytes (only `range` of them when given: video seeking), or null when there is no such key. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Deletes a key; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Prepares a chunked upload; returns the S3 multipart upload id (null for local). */
  startChunked(id: string): Promise<{ s3UploadId: string | null }>;
  /** Writes one chunk (a complete local temp file) at `target.received`; returns the S3 part (null for local). */
  writeChunk(target: ChunkTarget, localPath: string, size: number): Promise<UploadPart | null>;
  /** Puts the chunks together once all bytes are in. */
  assemble(target: ChunkTarget): Promise<AssembledFile>;
  /** Deletes what a chunked upload has written so far. */
  abortChunked(target: ChunkTarget): Promise<void>;
  /** Deletes chunk data untouched since the cutoff whose session is gone (local; S3 relies on a bucket rule). */
  sweep(olderThan: Date): Promise<number>;
}
