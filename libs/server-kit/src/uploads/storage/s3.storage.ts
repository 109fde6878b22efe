import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { KitConfig } from '../../config/config';
import { DomainError } from '../../errors/domain-error';
import type { UploadPart } from '../upload.entity';
import { SESSION_ID, STORAGE_KEY } from '../upload.types';
import type { AssembledFile, ByteRange, ChunkTarget, StoredObject, UploadStorage } from './storage.port';

/**
 * An S3-compatible bucket (AWS, MinIO, Ceph, a cloud's S3 API). A chunked upload is an S3 multipart upload at
 * `<prefix>partial/<session id>`, one chunk per part (so every chunk but the last is at least 5 MiB, which config
 * enforces for UPLOAD_CHUNK_BYTES); its upload id and part ETags live in the upload row, so any replica can
 * continue it. When the last part is in, the upload is completed, its first bytes are checked, and it is copied
 * to its final key. Parts of sessions abandoned without the sweeper (a crash) are left to the bucket's lifecycle
 * rule `AbortIncompleteMultipartUpload`, which operators should set (e.g. 2 days).
 */
export type S3Settings = Pick<
  KitConfig,
  'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_KEY_PREFIX'
>;

export function s3ClientConfig(c: S3Settings): S3ClientConfig {
  if (!c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY) throw new Error('S3 credentials are not configured');
  return {
    region: c.S3_REGION,
    ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY },
  };
}

export class S3Storage implements UploadStorage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly prefix: string;

  constructor(
    readonly client: S3Client,
    settings: Pick<S3Settings, 'S3_BUCKET' | 'S3_KEY_PREFIX'>,
  ) {
    if (!settings.S3_BUCKET) throw new Error('S3_BUCKET is not configured');
    this.bucket = settings.S3_BUCKET;
    this.prefix = settings.S3_KEY_PREFIX;
  }

  /**
   * The AWS SDK (~1 MB of code) loads with the first S3Storage, not with every service: most runs (local disk,
   * every test but the S3 adapter's) never touch it.
   */
  private readonly sdk = import('@aws-sdk/client-s3');

  static async fromConfig(c: S3Settings): Promise<S3Storage> {
    const { S3Client } = await import('@aws-sdk/client-s3');
    return new S3Storage(new S3Client(s3ClientConfig(c)), c);
  }

  async init(): Promise<void> {
    // Nothing to create; a wrong bucket or credentials show on the first upload (and in its error log).
  }

  /** The object key of a stored file; throws for anything that is not a server-built key. */
  objectKey(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`refusing storage key ${JSON.stringify(key)}`);
    return `${this.prefix}${key}`;
  }

  /** The object key of a chunked upload in progress. */
  partialKey(id: string): string {
    if (!SESSION_ID.test(id)) throw new Error(`refusing session id ${JSON.stringify(id)}`);
    return `${this.prefix}partial/${id}`;
  }

  async put(key: string, localPath: string, mime: string): Promise<void> {
    const { size } = await stat(localPath);
    await this.client.send(
      new (await this.sdk).PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: createReadStream(localPath),
        ContentLength: size,
        ContentType: mime,
      }),
    );
    await rm(localPath, { force: true });
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new (await this.sdk).GetObjectCommand({
        Bucket: this.bucket, Key: this.objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }));
      if (!(res.Body instanceof Readable)) throw new Error('S3 returned no readable body');
      // A ranged answer's Content-Range ends in the whole object's size ("bytes 0-99/1234").
      const total = range && res.ContentRange ? Number(res.ContentRange.split('/')[1]) : NaN;
      return { stream: res.Body, size: Number.isFinite(total) ? total : (res.ContentLength ?? 0) };
    } catch (err) {
      if (isS3Error(err, 'NoSuchKey', 'NotFound')) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (await this.sdk).DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async startChunked(id: string): Promise<{ s3UploadId: string }> {
    const res = await this.client.send(new (await this.sdk).CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.partialKey(id) }));
    if (!res.UploadId) throw new Error('S3 returned no multipart upload id');
    return { s3UploadId: res.UploadId };
  }

  async writeChunk(target: ChunkTarget, localPath: string, size: number): Promise<UploadPart> {
    if (!target.s3UploadId) throw new DomainError('UPLOAD_DATA_LOST');
    const n = target.parts.length + 1;
    try {
      const res = await this.client.send(
        new (await this.sdk).UploadPartCommand({
          Bucket: this.bucket,
          Key: this.partialKey(target.id),
          UploadId: target.s3UploadId,
          PartNumber: n,
          Body: createReadStream(localPath),
          ContentLength: size,
        }),
      );
      if (!res.ETag) throw new Error('S3 returned no ETag for a part');
      return { n, etag: res.ETag, size };
    } catch (err) {
      if (isS3Error(err, 'NoSuchUpload')) throw new DomainError('UPLOAD_DATA_LOST');
      throw err;
    } finally {
      await rm(localPath, { force: true });
    }
  }

  async assemble(target: ChunkTarget): Promise<AssembledFile> {
    const partial = this.partialKey(target.id);
    try {
      await this.client.send(
        new (await this.sdk).CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: partial,
          UploadId: target.s3UploadId ?? undefined,
          MultipartUpload: { Parts: target.parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) },
        }),
      );
    } catch (err) {
      if (isS3Error(err, 'NoSuchUpload')) throw new DomainError('UPLOAD_DATA_LOST');
      throw err;
    }
    const remove = async () => {
      await this.client.send(new (await this.sdk).DeleteObjectCommand({ Bucket: this.bucket, Key: partial }));
    };
    return {
      open: async () => {
        const res = await this.client.send(new (await this.sdk).GetObjectCommand({ Bucket: this.bucket, Key: partial }));
        if (!(res.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return res.Body;
      },
      storeAs: async (key, mime) => {
        await this.client.send(
          new (await this.sdk).CopyObjectCommand({
            Bucket: this.bucket,
            Key: this.objectKey(key),
            CopySource: `${this.bucket}/${encodeURIComponent(partial).replaceAll('%2F', '/')}`,
            ContentType: mime,
            MetadataDirective: 'REPLACE',
          }),
        );
        await remove();
      },
      discard: remove,
    };
  }

  async abortChunked(target: ChunkTarget): Promise<void> {
    if (!target.s3UploadId) return;
    try {
      await this.client.send(
        new (await this.sdk).AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.partialKey(target.id), UploadId: target.s3UploadId }),
      );
    } catch (err) {
      if (!isS3Error(err, 'NoSuchUpload')) throw err;
    }
  }

  async sweep(): Promise<number> {
    return 0;
  }
}

function isS3Error(err: unknown, ...names: string[]): boolean {
  return err instanceof Error && names.includes(err.name);
}
