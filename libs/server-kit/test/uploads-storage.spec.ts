/**
 * Upload storage without an S3 server (there is none on this machine): how config is validated at boot, how keys
 * are built and refused by both adapters, and which S3 requests the S3 adapter makes (recorded by a fake request
 * handler in place of the network, so addressing and the multipart sequence are checked, not S3 itself).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { ConfigError, LocalStorage, S3Storage, UploadUrls, loadConfig, s3ClientConfig } from '@olymp/server-kit';

const S3_ENV = {
  UPLOAD_STORAGE: 's3',
  S3_BUCKET: 'olymp-files',
  S3_REGION: 'kz-ala-1',
  S3_ENDPOINT: 'https://s3.example.kz',
  S3_ACCESS_KEY_ID: 'AKIATEST',
  S3_SECRET_ACCESS_KEY: 'secret-test',
  S3_FORCE_PATH_STYLE: 'true',
  S3_KEY_PREFIX: 'olymp/',
};

describe('upload config', () => {
  it('defaults to local storage with limits that fit together', () => {
    const c = loadConfig('learning', {});
    expect(c).toMatchObject({
      UPLOAD_STORAGE: 'local',
      UPLOAD_MAX_BYTES: 20 * 1024 * 1024,
      UPLOAD_IMAGE_MAX_BYTES: 5 * 1024 * 1024,
      UPLOAD_CHUNK_BYTES: 5 * 1024 * 1024,
      UPLOAD_FILE_MAX_BYTES: 1024 * 1024 * 1024,
      UPLOAD_SESSION_TTL_HOURS: 24,
      S3_FORCE_PATH_STYLE: false,
      S3_KEY_PREFIX: '',
    });
    expect(c.S3_BUCKET).toBeUndefined();
  });

  it('refuses to boot with s3 chosen but no bucket or credentials, naming what is missing', () => {
    expect(() => loadConfig('learning', { UPLOAD_STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig('learning', { UPLOAD_STORAGE: 's3' })).toThrow(
      'invalid upload configuration for learning: UPLOAD_STORAGE=s3 needs S3_BUCKET; UPLOAD_STORAGE=s3 needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig('learning', { ...S3_ENV, S3_SECRET_ACCESS_KEY: '' })).toThrow('needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(() => loadConfig('learning', { ...S3_ENV, S3_BUCKET: '' })).toThrow('needs S3_BUCKET');
  });

  it('refuses chunks smaller than S3 parts may be, and limits that do not fit in one request', () => {
    expect(() => loadConfig('learning', { ...S3_ENV, UPLOAD_CHUNK_BYTES: String(1024 * 1024) })).toThrow(
      'UPLOAD_CHUNK_BYTES must be at least 5242880 with UPLOAD_STORAGE=s3',
    );
    expect(() => loadConfig('learning', { UPLOAD_MAX_BYTES: '1000', UPLOAD_IMAGE_MAX_BYTES: '2000', UPLOAD_CHUNK_BYTES: '500' })).toThrow(
      'UPLOAD_IMAGE_MAX_BYTES must not exceed UPLOAD_MAX_BYTES',
    );
    expect(() => loadConfig('learning', { UPLOAD_MAX_BYTES: '1000', UPLOAD_IMAGE_MAX_BYTES: '500', UPLOAD_CHUNK_BYTES: '2000' })).toThrow(
      'UPLOAD_CHUNK_BYTES must not exceed UPLOAD_MAX_BYTES',
    );
    expect(() => loadConfig('learning', { ...S3_ENV, S3_ENDPOINT: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig('learning', { ...S3_ENV, S3_KEY_PREFIX: '../up/' })).toThrow(ConfigError);
    expect(() => loadConfig('learning', { UPLOAD_STORAGE: 'ftp' })).toThrow(ConfigError);
  });

  it('builds the S3 client from the settings (endpoint, region, path style, credentials)', async () => {
    const c = loadConfig('learning', S3_ENV);
    const cfg = s3ClientConfig(c);
    expect(cfg).toEqual({
      region: 'kz-ala-1',
      endpoint: 'https://s3.example.kz',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIATEST', secretAccessKey: 'secret-test' },
    });
    const client = new S3Client(cfg);
    expect(client.config.forcePathStyle).toBe(true);
    expect(await client.config.region()).toBe('kz-ala-1');
    expect(await client.config.endpoint?.()).toMatchObject({ hostname: 's3.example.kz', protocol: 'https:' });
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'AKIATEST', secretAccessKey: 'secret-test' });
    client.destroy();
    expect(s3ClientConfig({ ...c, S3_ENDPOINT: undefined })).not.toHaveProperty('endpoint');
  });
});

describe('file addresses', () => {
  const name = `${randomUUID()}.png`;
  it('are the service routes by default; images under UPLOAD_PUBLIC_URL when a CDN serves them, files never (private)', () => {
    const own = new UploadUrls(loadConfig('learning', {}));
    expect([own.of('image', name), own.of('file', name)]).toEqual([`/api/upload-image/${name}`, `/api/upload/files/${name}`]);
    const cdn = new UploadUrls(loadConfig('learning', { UPLOAD_PUBLIC_URL: 'https://cdn.example.kz/olymp/' }));
    expect([cdn.of('image', name), cdn.of('file', name)]).toEqual([`https://cdn.example.kz/olymp/images/${name}`, `/api/upload/files/${name}`]);
  });
});

describe('storage keys', () => {
  const id = randomUUID();
  const bad = ['../etc/passwd', `images/../${id}.png`, `/images/${id}.png`, `images/${id}.png/..`, `images/${id}`, `other/${id}.png`, `images/${id}.png\0.txt`, 'images/x.png', ''];

  it('S3: a stored file is <prefix><folder>/<uuid>.<ext>, a chunked upload <prefix>partial/<uuid>; anything else is refused', () => {
    const s3 = new S3Storage(new S3Client(s3ClientConfig(loadConfig('learning', S3_ENV))), { S3_BUCKET: 'olymp-files', S3_KEY_PREFIX: 'olymp/' });
    expect(s3.objectKey(`images/${id}.png`)).toBe(`olymp/images/${id}.png`);
    expect(s3.objectKey(`files/${id}.docx`)).toBe(`olymp/files/${id}.docx`);
    expect(s3.partialKey(id)).toBe(`olymp/partial/${id}`);
    for (const key of bad) expect(() => s3.objectKey(key)).toThrow('refusing storage key');
    for (const value of ['..', `${id}/..`, 'x', `../${id}`]) expect(() => s3.partialKey(value)).toThrow('refusing session id');
    s3.client.destroy();
  });

  it('local: keys resolve inside UPLOAD_DIR only', () => {
    const local = new LocalStorage('/srv/uploads');
    expect(local.pathOf(`images/${id}.png`)).toBe(`/srv/uploads/images/${id}.png`);
    expect(local.partialPathOf(id)).toBe(`/srv/uploads/.partial/${id}`);
    for (const key of bad) expect(() => local.pathOf(key)).toThrow('refusing storage key');
    expect(() => local.partialPathOf('../../etc/passwd')).toThrow('refusing session id');
  });
});

describe('S3 adapter requests (fake request handler, no S3 server)', () => {
  interface Seen {
    method: string;
    host: string;
    path: string;
    query: Record<string, unknown>;
    copySource?: string;
    contentType?: string;
  }
  const dir = mkdtempSync(join(tmpdir(), 'olymp-s3-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Answers like S3 would, as far as the SDK needs to parse the answer; records every request. */
  const fakeS3 = (content: Buffer) => {
    const seen: Seen[] = [];
    const handler = {
      handle: async (req: { method: string; hostname: string; path: string; query: Record<string, unknown>; headers: Record<string, string>; body?: unknown }) => {
        seen.push({ method: req.method, host: req.hostname, path: req.path, query: req.query, copySource: req.headers['x-amz-copy-source'], contentType: req.headers['content-type'] });
        if (req.body instanceof Readable) req.body.resume();
        let body: Buffer = Buffer.alloc(0);
        if ('uploads' in req.query) body = Buffer.from('<InitiateMultipartUploadResult><UploadId>UPLOAD-1</UploadId></InitiateMultipartUploadResult>');
        else if (req.method === 'POST' && req.query.uploadId) body = Buffer.from('<CompleteMultipartUploadResult><ETag>"all"</ETag></CompleteMultipartUploadResult>');
        else if (req.headers['x-amz-copy-source']) body = Buffer.from('<CopyObjectResult><ETag>"copy"</ETag></CopyObjectResult>');
        else if (req.method === 'GET') body = content;
        return { response: { statusCode: req.method === 'DELETE' ? 204 : 200, headers: { etag: '"part-etag"', 'content-length': String(body.length) }, body: Readable.from([body]) } };
      },
    };
    return { seen, handler };
  };

  const storageWith = (handler: unknown, forcePathStyle: boolean) =>
    new S3Storage(
      new S3Client({ ...s3ClientConfig(loadConfig('learning', { ...S3_ENV, S3_FORCE_PATH_STYLE: String(forcePathStyle) })), requestHandler: handler as never }),
      { S3_BUCKET: 'olymp-files', S3_KEY_PREFIX: 'olymp/' },
    );

  const tempFile = (bytes: Buffer) => {
    const p = join(dir, randomUUID());
    writeFileSync(p, bytes);
    return p;
  };

  it('addresses the bucket path-style or virtual-hosted as configured', async () => {
    const id = randomUUID();
    const pathStyle = fakeS3(Buffer.alloc(0));
    await storageWith(pathStyle.handler, true).put(`images/${id}.png`, tempFile(Buffer.from('png')), 'image/png');
    expect(pathStyle.seen).toEqual([
      expect.objectContaining({ method: 'PUT', host: 's3.example.kz', path: `/olymp-files/olymp/images/${id}.png`, contentType: 'image/png' }),
    ]);
    const hosted = fakeS3(Buffer.alloc(0));
    await storageWith(hosted.handler, false).put(`images/${id}.png`, tempFile(Buffer.from('png')), 'image/png');
    expect(hosted.seen).toEqual([expect.objectContaining({ method: 'PUT', host: 'olymp-files.s3.example.kz', path: `/olymp/images/${id}.png` })]);
  });

  it('runs a chunked upload as one S3 multipart upload, then copies it to its final key', async () => {
    const id = randomUUID();
    const fake = fakeS3(Buffer.from('%PDF-1.4 ...'));
    const s3 = storageWith(fake.handler, true);
    const { s3UploadId } = await s3.startChunked(id);
    expect(s3UploadId).toBe('UPLOAD-1');
    const part1 = await s3.writeChunk({ id, received: 0, s3UploadId, parts: [] }, tempFile(Buffer.alloc(10)), 10);
    const part2 = await s3.writeChunk({ id, received: 10, s3UploadId, parts: [part1] }, tempFile(Buffer.alloc(5)), 5);
    expect([part1, part2]).toEqual([{ n: 1, etag: '"part-etag"', size: 10 }, { n: 2, etag: '"part-etag"', size: 5 }]);
    const assembled = await s3.assemble({ id, received: 15, s3UploadId, parts: [part1, part2] });
    const head = await assembled.open();
    head.destroy();
    await assembled.storeAs(`files/${id}.pdf`, 'application/pdf');
    const partial = `/olymp-files/olymp/partial/${id}`;
    expect(fake.seen.map((s) => [s.method, s.path, s.query.partNumber ?? s.query.uploadId ?? ('uploads' in s.query ? 'uploads' : ''), s.copySource ?? ''])).toEqual([
      ['POST', partial, 'uploads', ''],
      ['PUT', partial, '1', ''],
      ['PUT', partial, '2', ''],
      ['POST', partial, 'UPLOAD-1', ''],
      ['GET', partial, '', ''],
      ['PUT', `/olymp-files/olymp/files/${id}.pdf`, '', `olymp-files/olymp/partial/${id}`],
      ['DELETE', partial, '', ''],
    ]);
  });

  it('aborts the multipart upload of an abandoned session', async () => {
    const id = randomUUID();
    const fake = fakeS3(Buffer.alloc(0));
    await storageWith(fake.handler, true).abortChunked({ id, received: 10, s3UploadId: 'UPLOAD-9', parts: [] });
    expect(fake.seen).toEqual([expect.objectContaining({ method: 'DELETE', path: `/olymp-files/olymp/partial/${id}`, query: expect.objectContaining({ uploadId: 'UPLOAD-9' }) })]);
  });
});
