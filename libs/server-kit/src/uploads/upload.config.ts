import type { KitConfig } from '../config/config';

/**
 * How the upload settings must fit together; `loadConfig` refuses to boot on any problem listed here. Kept next to
 * the uploads so the rules live with the code that relies on them.
 */
export const MIB = 1024 * 1024;
/** S3 refuses multipart parts below 5 MiB (except the last one), so with s3 every non-final chunk is one part. */
export const S3_MIN_PART_BYTES = 5 * MIB;

type UploadSettings = Pick<
  KitConfig,
  | 'UPLOAD_STORAGE'
  | 'UPLOAD_MAX_BYTES'
  | 'UPLOAD_IMAGE_MAX_BYTES'
  | 'UPLOAD_CHUNK_BYTES'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;

export function uploadConfigProblems(c: UploadSettings): string[] {
  const problems: string[] = [];
  if (c.UPLOAD_IMAGE_MAX_BYTES > c.UPLOAD_MAX_BYTES) {
    problems.push('UPLOAD_IMAGE_MAX_BYTES must not exceed UPLOAD_MAX_BYTES (the largest file one request may carry)');
  }
  if (c.UPLOAD_CHUNK_BYTES > c.UPLOAD_MAX_BYTES) {
    problems.push('UPLOAD_CHUNK_BYTES must not exceed UPLOAD_MAX_BYTES (the largest file one request may carry)');
  }
  if (c.UPLOAD_STORAGE === 's3') {
    if (!c.S3_BUCKET) problems.push('UPLOAD_STORAGE=s3 needs S3_BUCKET');
    if (!c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY) {
      problems.push('UPLOAD_STORAGE=s3 needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    }
    if (c.UPLOAD_CHUNK_BYTES < S3_MIN_PART_BYTES) {
      problems.push(`UPLOAD_CHUNK_BYTES must be at least ${S3_MIN_PART_BYTES} with UPLOAD_STORAGE=s3 (S3's smallest multipart part)`);
    }
  }
  return problems;
}

/** A byte count as megabytes for messages, without trailing zeros: 20, 5, 1.5, 0.125. */
export function toMb(bytes: number): string {
  const mb = bytes / MIB;
  return String(Number(mb.toFixed(mb >= 10 ? 0 : mb >= 1 ? 1 : 3)));
}
