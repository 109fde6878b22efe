import { z } from 'zod';
import { numeral } from '../validation/zod-validation';

/**
 * Request and answer shapes of the upload routes (see uploads.module.ts for the protocol). Multipart text fields
 * arrive as strings, so numbers are read from decimal text (`numeral`); an array or anything else is refused.
 */
export const startUploadBody = z.strictObject({
  /** The client's file name, shown back to people; never used to build a path. */
  name: z.string().trim().min(1).max(255),
  /** Total size in bytes. */
  size: numeral(z.number().int().min(1)),
  /** The declared MIME type (optional; the stored type is decided from the bytes). */
  type: z.string().trim().max(100).optional(),
});
export type StartUploadBody = z.output<typeof startUploadBody>;

export const chunkFields = z.strictObject({
  /** The upload id from the first call. */
  id: z.uuid().transform((v) => v.toLowerCase()),
  /** Where this chunk starts: must equal the bytes received so far. */
  offset: numeral(z.number().int().min(0)),
});
export type ChunkFields = z.output<typeof chunkFields>;

/** Any text fields; the chunked route decides which schema applies once it knows whether a file came. */
export const anyFields = z.record(z.string(), z.unknown());

/** POST /api/upload-image takes the file and nothing else. */
export const imageFields = z.strictObject({});

export interface ImageView {
  filename: string;
  url: string;
  /** Of the stored (re-encoded) image. */
  size: number;
  mime: string;
  width: number;
  height: number;
}

export interface UploadView {
  id: string;
  status: 'receiving' | 'stored';
  /** The client's file name. */
  name: string;
  size: number;
  /** Bytes received: where the next chunk starts (equals size once stored). */
  offset: number;
  /** While receiving: the chunk size to use, the largest chunk accepted, when an idle upload is dropped. */
  chunkSize?: number;
  maxChunkBytes?: number;
  expiresAt?: string;
  /** Once stored. */
  filename?: string;
  url?: string;
  mime?: string;
}
