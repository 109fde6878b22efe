/**
 * Uploads on a real service (learning, which serves /api/upload*), with permissions from the real auth service over
 * NATS, real PostgreSQL and a temp UPLOAD_DIR of this file: images (type from the bytes, size limit, generated
 * names, delete by name) and resumable chunked uploads (offsets, resume, restart, abort, the assembled type).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { ROLE, type RoleId } from '@olymp/proto';
import { IMAGE_MAX_SIDE, type RunningService, UploadSweeper } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { holdsWordStream } from '../src/uploads/sniff';

const KIB = 1024;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');
const TEXT = Buffer.from('just some text, not an image\n'.repeat(20));
/** A PDF as far as its bytes go: the signature, then 150 KiB of noise (3 chunks of at most 64 KiB). */
const pdf = (bytes = 150 * KIB) => Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), randomBytes(bytes - 15)]);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A photo as phones take them: EXIF with the author, the phone and where it was taken (GPS). */
const exifJpeg = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } }).jpeg().withExif({
    IFD0: { Copyright: 'Aigerim Secret', Make: 'PhoneCo' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 15/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '76/1 57/1 0/1' },
  }).toBuffer();
/** 6000x6000 pixels in a few KiB (two colours). */
const hugePng = () => sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } }).png({ palette: true, colours: 2 }).toBuffer();
/** A decompression bomb: a valid 1-bit PNG of 10000x10000 (100 megapixels) in ~12 KiB. */
const pngBomb = (side = 10_000) => {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([len, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth 1, greyscale
  const rows = deflateSync(Buffer.alloc((1 + side / 8) * side), { level: 9 });
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
};

describe('uploads', () => {
  const ns = createTestNamespace();
  const uploadDir = mkdtempSync(join(tmpdir(), 'olymp-uploads-'));
  const env = ns.envFor('learning', {
    UPLOAD_DIR: uploadDir,
    UPLOAD_MAX_BYTES: String(128 * KIB),
    UPLOAD_IMAGE_MAX_BYTES: String(64 * KIB),
    UPLOAD_CHUNK_BYTES: String(64 * KIB),
    UPLOAD_FILE_MAX_BYTES: String(1024 * KIB),
  });
  let auth: RunningService;
  let learning: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('learning');

  /** Tokens of people: two pupils and a content maker (granted upload rights below), an observer without them. */
  const people = {
    pupil: { userId: randomUUID(), roleId: ROLE.student as RoleId },
    otherPupil: { userId: randomUUID(), roleId: ROLE.student as RoleId },
    contentMaker: { userId: randomUUID(), roleId: ROLE.contentMaker as RoleId },
    observer: { userId: randomUUID(), roleId: ROLE.examObserver as RoleId },
  };
  const tokens = {} as Record<keyof typeof people, string>;
  const as = (who: keyof typeof people) => `Bearer ${tokens[who]}`;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    // Staff give rights in the admin area; here straight in auth's tables, before any request caches them.
    const grant = (roleId: number, names: string[]) =>
      pg.query(
        `INSERT INTO "${ns.schemaOf('auth')}".role_permissions (role_id, permission_id)
         SELECT $1, id FROM "${ns.schemaOf('auth')}".permissions WHERE name = ANY($2) ON CONFLICT DO NOTHING`,
        [roleId, names],
      );
    await grant(ROLE.student, ['upload:create', 'upload:delete']);
    await grant(ROLE.contentMaker, ['upload:create', 'upload:delete', 'upload:delete_any']);
    for (const [who, p] of Object.entries(people)) tokens[who as keyof typeof people] = await testToken(p);
    learning = await startLearning(env);
  }, 60_000);

  afterAll(async () => {
    await pg?.end();
    await learning?.close();
    await auth?.close();
    await ns.cleanup();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const rowCount = async () => (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".upload`)).rows[0].n as number;
  const ownerOf = async (id: string) => (await pg.query(`SELECT owner_id FROM "${schema}".upload WHERE id = $1`, [id])).rows[0]?.owner_id as string | undefined;
  const listDir = (dir: string) => readdirSync(join(uploadDir, dir)).sort();
  const partialPath = (id: string) => join(uploadDir, '.partial', id);

  const postImage = (who: keyof typeof people, bytes: Buffer, filename: string, contentType: string) =>
    request(learning.url).post('/api/upload-image').set('authorization', as(who)).set('x-locale', 'en')
      .attach('image', bytes, { filename, contentType });

  const startUpload = (who: keyof typeof people, body: Record<string, unknown>) =>
    request(learning.url).post('/api/upload').set('authorization', as(who)).set('x-locale', 'en').send(body);

  const sendChunk = (who: keyof typeof people, id: string, offset: number, bytes: Buffer) =>
    request(learning.url).post('/api/upload').set('authorization', as(who)).set('x-locale', 'en')
      .field('id', id).field('offset', String(offset)).attach('chunk', bytes, { filename: 'blob', contentType: 'application/octet-stream' });

  /** GET a stored file or image as bytes, as `who` (a file is served to its uploader only) or without a token. */
  const download = async (url: string, who?: keyof typeof people) => {
    const req = request(learning.url).get(url);
    if (who) void req.set('authorization', as(who));
    const res = await req.buffer(true).parse((r, cb) => {
      const parts: Buffer[] = [];
      r.on('data', (c: Buffer) => parts.push(c));
      r.on('end', () => cb(null, Buffer.concat(parts)));
    });
    return { status: res.status, body: res.body as Buffer, type: res.headers['content-type'] as string | undefined };
  };

  describe('access', () => {
    it('answers 401 without a token on every upload route', async () => {
      const id = randomUUID();
      const results = await Promise.all([
        request(learning.url).post('/api/upload-image').attach('image', PNG, 'a.png'),
        request(learning.url).delete(`/api/upload-image/${id}.png`),
        request(learning.url).post('/api/upload').send({ name: 'a.pdf', size: 10 }),
        request(learning.url).get(`/api/upload/${id}`),
        request(learning.url).delete(`/api/upload/${id}`),
      ]);
      expect(results.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
      expect(results.map((r) => r.body.code)).toEqual(Array(5).fill('UNAUTHENTICATED'));
    });

    it('answers 403 to a signed-in user without the upload permissions, and stores nothing', async () => {
      const before = await rowCount();
      const id = randomUUID();
      const results = await Promise.all([
        postImage('observer', PNG, 'a.png', 'image/png'),
        request(learning.url).delete(`/api/upload-image/${id}.png`).set('authorization', as('observer')),
        startUpload('observer', { name: 'a.pdf', size: 10 }),
        request(learning.url).delete(`/api/upload/${id}`).set('authorization', as('observer')),
      ]);
      expect(results.map((r) => r.status)).toEqual([403, 403, 403, 403]);
      expect(await rowCount()).toBe(before);
      expect(listDir('images')).toEqual([]);
    });

    it('serves a stored file to its uploader (and who manages all uploads) only: anyone else gets 404, as for no file', async () => {
      const file = pdf(10 * KIB);
      const id = (await startUpload('pupil', { name: 'recording.pdf', size: file.length })).body.data.id as string;
      const done = await sendChunk('pupil', id, 0, file);
      expect(done.body.data).toMatchObject({ status: 'stored', url: `/api/upload/files/${id}.pdf` });
      const url = done.body.data.url as string;
      // A stranger without a token, another pupil, a signed-in observer: 404, the same answer as a name never stored.
      const refused = [await download(url), await download(url, 'otherPupil'), await download(url, 'observer')];
      const missing = await download(`/api/upload/files/${randomUUID()}.pdf`, 'otherPupil');
      expect([...refused, missing].map((r) => r.status)).toEqual([404, 404, 404, 404]);
      expect(refused.every((r) => !r.body.includes(file.subarray(0, 64)))).toBe(true);
      // Bytes under files/ that no upload of this service stored (a certificate, another service's file): 404.
      const foreign = `${randomUUID()}.pdf`;
      writeFileSync(join(uploadDir, 'files', foreign), file);
      expect((await download(`/api/upload/files/${foreign}`, 'contentMaker')).status).toBe(404);
      // The uploader and staff who look after all uploads read it.
      const own = await download(url, 'pupil');
      expect([own.status, sha256(own.body)]).toEqual([200, sha256(file)]);
      expect((await download(url, 'contentMaker')).status).toBe(200);
      rmSync(join(uploadDir, 'files', foreign));
      expect((await request(learning.url).delete(`/api/upload/${id}`).set('authorization', as('pupil'))).status).toBe(200);
    });

    it('the public image route serves only images stored through upload-image, not other bytes under images/', async () => {
      const res = await postImage('contentMaker', PNG, 'product.png', 'image/png');
      expect(res.status).toBe(201);
      expect((await download(res.body.data.url)).status).toBe(200);
      // A chat picture or an avatar lies in the same storage (shared by the services), stored without a row here.
      const chatPicture = `${randomUUID()}.webp`;
      writeFileSync(join(uploadDir, 'images', chatPicture), readFileSync(join(uploadDir, 'images', res.body.data.filename)));
      expect((await download(`/api/upload-image/${chatPicture}`)).status).toBe(404);
      expect((await download(`/api/upload-image/${chatPicture}`, 'contentMaker')).status).toBe(404);
      expect((await request(learning.url).delete(res.body.data.url).set('authorization', as('contentMaker'))).status).toBe(200);
      rmSync(join(uploadDir, 'images', chatPicture));
    });
  });

  describe('images', () => {
    it('decides the type from the bytes: a PNG named .txt is stored re-encoded as WebP under a generated name', async () => {
      const res = await postImage('contentMaker', PNG, 'notes.txt', 'text/plain');
      expect(res.status).toBe(201);
      const stored = readFileSync(join(uploadDir, 'images', res.body.data.filename));
      expect(res.body.data).toEqual({
        filename: expect.stringMatching(new RegExp(`^${UUID}\\.webp$`)),
        url: `/api/upload-image/${res.body.data.filename}`,
        size: stored.length,
        mime: 'image/webp',
        width: 1,
        height: 1,
      });
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
      expect(await ownerOf(res.body.data.filename.slice(0, 36))).toBe(people.contentMaker.userId);
      const served = await download(res.body.data.url);
      expect(served).toMatchObject({ status: 200, type: 'image/webp' });
      expect(served.body).toEqual(stored);
    });

    it('never uses the client name: a path-like name ends up as <uuid>.webp', async () => {
      const res = await postImage('contentMaker', PNG, '../../etc/passwd.png', 'image/png');
      expect(res.status).toBe(201);
      expect(res.body.data.filename).toMatch(new RegExp(`^${UUID}\\.webp$`));
      expect(listDir('images').every((n) => new RegExp(`^${UUID}\\.webp$`).test(n))).toBe(true);
      expect(existsSync(join(uploadDir, 'etc'))).toBe(false);
    });

    it('re-encodes a phone photo: EXIF (author, GPS) gone, stored as WebP', async () => {
      const photo = await exifJpeg();
      expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('Aigerim Secret');
      const res = await postImage('contentMaker', photo, 'IMG_0001.jpg', 'image/jpeg');
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ mime: 'image/webp', width: 300, height: 200 });
      const stored = (await download(res.body.data.url)).body;
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif, meta.xmp]).toEqual(['webp', 300, 200, undefined, undefined]);
      expect(stored.toString('latin1')).not.toContain('Aigerim Secret');
      expect(stored.toString('latin1')).not.toContain('PhoneCo');
    });

    it(`scales a 6000x6000 picture down to ${IMAGE_MAX_SIDE} px a side`, async () => {
      const res = await postImage('contentMaker', await hugePng(), 'poster.png', 'image/png');
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ mime: 'image/webp', width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE });
      const meta = await sharp((await download(res.body.data.url)).body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', IMAGE_MAX_SIDE, IMAGE_MAX_SIDE]);
    });

    it('refuses bytes that only start like a JPEG (a PNG behind a JPEG header) with 400, storing nothing', async () => {
      const before = { rows: await rowCount(), images: listDir('images') };
      const fake = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), PNG]);
      const res = await postImage('contentMaker', fake, 'photo.jpg', 'image/jpeg');
      expect([res.status, res.body.code]).toEqual([400, 'UPLOAD_TYPE_NOT_ALLOWED']);
      expect({ rows: await rowCount(), images: listDir('images') }).toEqual(before);
      expect(listDir('.tmp')).toEqual([]);
    });

    it('refuses a decompression bomb (100 megapixels in 12 KiB) with 400 in the caller language, never a 5xx, storing nothing', async () => {
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(64 * KIB);
      const before = { rows: await rowCount(), images: listDir('images') };
      const en = await postImage('contentMaker', bomb, 'bomb.png', 'image/png');
      expect([en.status, en.body.code, en.body.message]).toEqual([
        400, 'IMAGE_UNREADABLE',
        'The image could not be read: it is damaged, not really a picture, or larger than 40 megapixels. Choose another JPEG, PNG, WebP or GIF picture.',
      ]);
      const ru = await request(learning.url).post('/api/upload-image').set('authorization', as('contentMaker')).set('x-locale', 'ru')
        .attach('image', bomb, { filename: 'bomb.png', contentType: 'image/png' });
      expect([ru.status, ru.body.message]).toEqual([
        400, 'Не удалось прочитать изображение: оно повреждено, на самом деле не картинка или больше 40 мегапикселей. Выберите другое изображение JPEG, PNG, WebP или GIF.',
      ]);
      expect({ rows: await rowCount(), images: listDir('images') }).toEqual(before);
      expect(listDir('.tmp')).toEqual([]);
    });

    it('refuses a text file named .png with 400, naming the allowed types, and stores nothing', async () => {
      const before = { rows: await rowCount(), images: listDir('images') };
      const res = await postImage('contentMaker', TEXT, 'photo.png', 'image/png');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'UPLOAD_TYPE_NOT_ALLOWED',
        message: 'This type of file cannot be uploaded. Allowed types: JPEG, PNG, WebP, GIF. Choose a file of one of these types.',
      });
      expect({ rows: await rowCount(), images: listDir('images') }).toEqual(before);
      expect(listDir('.tmp')).toEqual([]);
    });

    it('refuses an SVG (it can carry scripts), in the caller language', async () => {
      const before = listDir('images');
      const [kk, ru] = await Promise.all(
        ['kk', 'ru'].map((locale) =>
          request(learning.url).post('/api/upload-image').set('authorization', as('contentMaker')).set('x-locale', locale)
            .attach('image', SVG, { filename: 'logo.svg', contentType: 'image/svg+xml' }),
        ),
      );
      expect([kk.status, ru.status]).toEqual([400, 400]);
      expect(kk.body.message).toBe('Мұндай түрдегі файлды жүктеуге болмайды. Рұқсат етілген түрлер: JPEG, PNG, WebP, GIF. Осы түрлердің бірінің файлын таңдаңыз.');
      expect(ru.body.message).toBe('Файл такого типа загрузить нельзя. Допустимые типы: JPEG, PNG, WebP, GIF. Выберите файл одного из этих типов.');
      expect(listDir('images')).toEqual(before);
    });

    it('refuses an image over the limit with 413 naming the limit, and stores nothing', async () => {
      const before = { rows: await rowCount(), images: listDir('images') };
      const big = Buffer.concat([PNG, randomBytes(64 * KIB)]);
      const res = await postImage('contentMaker', big, 'big.png', 'image/png');
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: 'The file is too large: the limit is 0.063 MB. Choose a smaller file.' });
      expect({ rows: await rowCount(), images: listDir('images') }).toEqual(before);
      expect(listDir('.tmp')).toEqual([]);
    });

    it('accepts an image of exactly the limit', async () => {
      const exact = Buffer.concat([PNG, Buffer.alloc(64 * KIB - PNG.length)]);
      const res = await postImage('contentMaker', exact, 'exact.png', 'image/png');
      expect([res.status, res.body.data.mime]).toEqual([201, 'image/webp']);
      // What is stored is the re-encoded picture (the trailing bytes are gone); the record keeps what was received.
      expect(res.body.data.size).toBeLessThan(1024);
      const row = await pg.query(`SELECT received FROM "${schema}".upload WHERE id = $1`, [res.body.data.filename.slice(0, 36)]);
      expect(Number(row.rows[0].received)).toBe(64 * KIB);
    });

    it('refuses a form without the image, or with the file in another field, or not multipart', async () => {
      const noFile = await request(learning.url).post('/api/upload-image').set('authorization', as('contentMaker')).set('x-locale', 'en').field('x', '1');
      const otherField = await request(learning.url).post('/api/upload-image').set('authorization', as('contentMaker')).set('x-locale', 'en').attach('file', PNG, 'a.png');
      const json = await request(learning.url).post('/api/upload-image').set('authorization', as('contentMaker')).set('x-locale', 'en').send({ image: 'x' });
      expect([noFile.status, otherField.status, json.status]).toEqual([400, 400, 400]);
      expect(otherField.body).toMatchObject({ code: 'UPLOAD_FORM_INVALID', message: 'Send the request as multipart/form-data with one file in the field "image".' });
      expect(json.body.code).toBe('UPLOAD_FORM_INVALID');
      expect(noFile.body.code).toBe('UNKNOWN_FIELD');
      expect(listDir('.tmp')).toEqual([]);
    });

    it('deletes by the generated name; the file and its record go, and a second delete is 404', async () => {
      const up = await postImage('contentMaker', PNG, 'a.png', 'image/png');
      const { filename } = up.body.data as { filename: string };
      const del = await request(learning.url).delete(`/api/upload-image/${filename}`).set('authorization', as('contentMaker'));
      expect(del.status).toBe(200);
      expect(del.body.data).toEqual({ filename, deleted: true });
      expect(existsSync(join(uploadDir, 'images', filename))).toBe(false);
      expect(await ownerOf(filename.slice(0, 36))).toBeUndefined();
      expect((await download(`/api/upload-image/${filename}`)).status).toBe(404);
      const again = await request(learning.url).delete(`/api/upload-image/${filename}`).set('authorization', as('contentMaker'));
      expect(again.status).toBe(404);
    });

    it('answers 400 to a name the server did not generate (traversal included) and 404 to an unknown one', async () => {
      const del = (name: string) => request(learning.url).delete(`/api/upload-image/${name}`).set('authorization', as('contentMaker')).set('x-locale', 'en');
      const traversal = await del('..%2F..%2Fetc%2Fpasswd');
      expect(traversal.status).toBe(400);
      expect(traversal.body).toMatchObject({ code: 'UPLOAD_INVALID_NAME', message: '"../../etc/passwd" is not a file name given by this server. Use the filename from the upload answer.' });
      const others = await Promise.all([del('photo.png'), del(`${randomUUID()}.svg`), del(`${randomUUID()}.png%00.txt`), del(`${randomUUID().toUpperCase()}.png`)]);
      expect(others.map((r) => r.status)).toEqual([400, 400, 400, 400]);
      const unknown = await del(`${randomUUID()}.png`);
      expect(unknown.status).toBe(404);
      const read = await request(learning.url).get('/api/upload-image/..%2F..%2Fetc%2Fpasswd');
      expect(read.status).toBe(400);
    });

    it('lets a pupil delete only what they uploaded; staff with upload:delete_any may delete anyone\'s', async () => {
      const mine = await postImage('pupil', PNG, 'a.png', 'image/png');
      expect(mine.status).toBe(201);
      const name = mine.body.data.filename as string;
      const byOther = await request(learning.url).delete(`/api/upload-image/${name}`).set('authorization', as('otherPupil'));
      expect(byOther.status).toBe(403);
      expect(existsSync(join(uploadDir, 'images', name))).toBe(true);
      const byStaff = await request(learning.url).delete(`/api/upload-image/${name}`).set('authorization', as('contentMaker'));
      expect(byStaff.status).toBe(200);
      const own = await postImage('pupil', PNG, 'b.png', 'image/png');
      const byOwner = await request(learning.url).delete(`/api/upload-image/${own.body.data.filename}`).set('authorization', as('pupil'));
      expect(byOwner.status).toBe(200);
    });
  });

  describe('chunked uploads', () => {
    /** Starts an upload of `file` and sends it in chunks of `chunk` bytes from `from`; returns the last answer. */
    const sendAll = async (who: keyof typeof people, id: string, file: Buffer, from = 0, chunk = 64 * KIB) => {
      let last: request.Response | undefined;
      for (let offset = from; offset < file.length; offset += chunk) {
        last = await sendChunk(who, id, offset, file.subarray(offset, offset + chunk));
        expect(last.status).toBe(200);
        expect(last.body.data.offset).toBe(Math.min(offset + chunk, file.length));
      }
      return last!;
    };

    it('assembles 3 chunks byte for byte and stores the file under <id>.pdf', async () => {
      const file = pdf();
      const start = await startUpload('pupil', { name: 'Эссе.pdf', size: file.length, type: 'application/pdf' });
      expect(start.status).toBe(201);
      expect(start.body.data).toEqual({
        id: expect.stringMatching(new RegExp(`^${UUID}$`)),
        status: 'receiving',
        name: 'Эссе.pdf',
        size: file.length,
        offset: 0,
        chunkSize: 64 * KIB,
        maxChunkBytes: 128 * KIB,
        expiresAt: expect.any(String),
      });
      const id = start.body.data.id as string;
      const c1 = await sendChunk('pupil', id, 0, file.subarray(0, 64 * KIB));
      expect(c1.status).toBe(200);
      expect(c1.body.data).toMatchObject({ status: 'receiving', offset: 64 * KIB });
      const c2 = await sendChunk('pupil', id, 64 * KIB, file.subarray(64 * KIB, 128 * KIB));
      expect(c2.body.data).toMatchObject({ status: 'receiving', offset: 128 * KIB });
      const c3 = await sendChunk('pupil', id, 128 * KIB, file.subarray(128 * KIB));
      expect(c3.status).toBe(200);
      expect(c3.body.data).toEqual({
        id, status: 'stored', name: 'Эссе.pdf', size: file.length, offset: file.length,
        filename: `${id}.pdf`, url: `/api/upload/files/${id}.pdf`, mime: 'application/pdf',
      });
      expect(sha256(readFileSync(join(uploadDir, 'files', `${id}.pdf`)))).toBe(sha256(file));
      const served = await download(c3.body.data.url, 'pupil');
      expect(served).toMatchObject({ status: 200, type: 'application/pdf' });
      expect(sha256(served.body)).toBe(sha256(file));
      expect(existsSync(partialPath(id))).toBe(false);
      expect(await ownerOf(id)).toBe(people.pupil.userId);
    });

    it('refuses a chunk at the wrong offset with 409 and the expected offset, changes nothing, and resuming works', async () => {
      const file = pdf();
      const id = (await startUpload('pupil', { name: 'a.pdf', size: file.length })).body.data.id as string;
      expect((await sendChunk('pupil', id, 0, file.subarray(0, 64 * KIB))).status).toBe(200);
      const partialBefore = sha256(readFileSync(partialPath(id)));

      const skipped = await sendChunk('pupil', id, 128 * KIB, file.subarray(128 * KIB));
      expect(skipped.status).toBe(409);
      expect(skipped.headers['upload-offset']).toBe(String(64 * KIB));
      expect(skipped.body).toMatchObject({
        statusCode: 409,
        code: 'UPLOAD_OFFSET_MISMATCH',
        expectedOffset: 64 * KIB,
        message: `This chunk starts at byte ${128 * KIB}, but the upload continues from byte ${64 * KIB}. Send the chunk that starts at byte ${64 * KIB}.`,
      });
      const repeated = await sendChunk('pupil', id, 0, file.subarray(0, 64 * KIB));
      expect(repeated.status).toBe(409);
      expect(repeated.body.expectedOffset).toBe(64 * KIB);

      expect(sha256(readFileSync(partialPath(id)))).toBe(partialBefore);
      const status = await request(learning.url).get(`/api/upload/${id}`).set('authorization', as('pupil'));
      expect(status.body.data).toMatchObject({ status: 'receiving', offset: 64 * KIB });

      const done = await sendAll('pupil', id, file, skipped.body.expectedOffset as number);
      expect(done.body.data.status).toBe('stored');
      expect(sha256(readFileSync(join(uploadDir, 'files', `${id}.pdf`)))).toBe(sha256(file));
    });

    it('takes one of two chunks sent at once for the same offset and refuses the other with 409', async () => {
      const file = pdf();
      const id = (await startUpload('pupil', { name: 'a.pdf', size: file.length })).body.data.id as string;
      const first = file.subarray(0, 64 * KIB);
      const both = await Promise.all([sendChunk('pupil', id, 0, first), sendChunk('pupil', id, 0, first)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(statSync(partialPath(id)).size).toBe(64 * KIB);
      const done = await sendAll('pupil', id, file, 64 * KIB);
      expect(sha256(readFileSync(join(uploadDir, 'files', `${id}.pdf`)))).toBe(sha256(file));
      expect(done.body.data.status).toBe('stored');
    });

    it('finishes an upload begun before the service restarted', async () => {
      const file = pdf();
      const id = (await startUpload('pupil', { name: 'a.pdf', size: file.length })).body.data.id as string;
      await sendAll('pupil', id, file.subarray(0, 64 * KIB));

      await learning.close();
      learning = await startLearning(env);

      const status = await request(learning.url).get(`/api/upload/${id}`).set('authorization', as('pupil'));
      expect(status.status).toBe(200);
      expect(status.body.data).toMatchObject({ status: 'receiving', offset: 64 * KIB });
      const done = await sendAll('pupil', id, file, status.body.data.offset as number);
      expect(done.body.data).toMatchObject({ status: 'stored', filename: `${id}.pdf` });
      expect(sha256((await download(done.body.data.url as string, 'pupil')).body)).toBe(sha256(file));
    });

    it('aborts an upload in progress: its temporary data and session go', async () => {
      const file = pdf();
      const id = (await startUpload('pupil', { name: 'a.pdf', size: file.length })).body.data.id as string;
      await sendChunk('pupil', id, 0, file.subarray(0, 64 * KIB));
      expect(statSync(partialPath(id)).size).toBe(64 * KIB);

      const byOther = await request(learning.url).delete(`/api/upload/${id}`).set('authorization', as('otherPupil'));
      expect(byOther.status).toBe(403);
      const abort = await request(learning.url).delete(`/api/upload/${id}`).set('authorization', as('pupil'));
      expect(abort.status).toBe(200);
      expect(abort.body.data).toEqual({ id, status: 'aborted' });
      expect(existsSync(partialPath(id))).toBe(false);
      expect(await ownerOf(id)).toBeUndefined();
      expect((await request(learning.url).get(`/api/upload/${id}`).set('authorization', as('pupil'))).status).toBe(404);
      expect((await sendChunk('pupil', id, 64 * KIB, file.subarray(64 * KIB, 128 * KIB))).status).toBe(404);
      expect(listDir('.tmp')).toEqual([]);
    });

    it('deletes a stored file by its upload id', async () => {
      const file = pdf(10 * KIB);
      const id = (await startUpload('pupil', { name: 'a.pdf', size: file.length })).body.data.id as string;
      const done = await sendChunk('pupil', id, 0, file);
      expect(done.body.data.status).toBe('stored');
      const del = await request(learning.url).delete(`/api/upload/${id}`).set('authorization', as('pupil'));
      expect(del.body.data).toEqual({ id, status: 'deleted' });
      expect(existsSync(join(uploadDir, 'files', `${id}.pdf`))).toBe(false);
      expect((await download(`/api/upload/files/${id}.pdf`)).status).toBe(404);
    });

    it('enforces the sizes: declared total, chunk past the declared size, chunk over the chunk limit', async () => {
      const tooBig = await startUpload('pupil', { name: 'film.mp4', size: 1024 * KIB + 1 });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: 'The file is too large: the limit is 1 MB. Choose a smaller file.' });

      const file = pdf(100 * KIB);
      const id = (await startUpload('pupil', { name: 'a.pdf', size: 80 * KIB })).body.data.id as string;
      const past = await sendChunk('pupil', id, 0, file);
      expect(past.status).toBe(413);
      expect(past.body).toMatchObject({
        code: 'UPLOAD_SIZE_EXCEEDED',
        message: `This chunk goes past the declared file size of ${80 * KIB} bytes. Send only the remaining ${80 * KIB} bytes.`,
      });
      const huge = await sendChunk('pupil', id, 0, pdf(128 * KIB + 1));
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ code: 'UPLOAD_CHUNK_TOO_LARGE', message: 'The chunk is too large: a chunk may be at most 0.125 MB. Send the file in smaller chunks.' });
      const status = await request(learning.url).get(`/api/upload/${id}`).set('authorization', as('pupil'));
      expect(status.body.data.offset).toBe(0);
      expect(statSync(partialPath(id)).size).toBe(0);
      expect(listDir('.tmp')).toEqual([]);
    });

    it('checks the type of the assembled bytes: text sent as a PDF is refused at the last chunk and nothing is kept', async () => {
      const text = Buffer.from('plain text pretending to be a document\n'.repeat(3000));
      const id = (await startUpload('pupil', { name: 'essay.pdf', size: text.length, type: 'application/pdf' })).body.data.id as string;
      const before = listDir('files');
      let offset = 0;
      for (; offset + 64 * KIB < text.length; offset += 64 * KIB) {
        expect((await sendChunk('pupil', id, offset, text.subarray(offset, offset + 64 * KIB))).status).toBe(200);
      }
      const last = await sendChunk('pupil', id, offset, text.subarray(offset));
      expect(last.status).toBe(400);
      expect(last.body).toMatchObject({
        code: 'UPLOAD_TYPE_NOT_ALLOWED',
        message: expect.stringContaining('Allowed types: JPEG, PNG, WebP, GIF, PDF, MP4, WebM, MP3, M4A, DOCX, DOC, XLSX, PPTX.'),
      });
      expect(listDir('files')).toEqual(before);
      expect(existsSync(partialPath(id))).toBe(false);
      expect(await ownerOf(id)).toBeUndefined();
    });

    it('re-encodes a picture sent in chunks like upload-image (EXIF gone, WebP), and refuses a bomb sent so', async () => {
      const photo = await exifJpeg();
      const id = (await startUpload('pupil', { name: 'IMG_0002.jpg', size: photo.length, type: 'image/jpeg' })).body.data.id as string;
      const done = await sendChunk('pupil', id, 0, photo);
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ status: 'stored', filename: `${id}.webp`, mime: 'image/webp' });
      const stored = await download(done.body.data.url, 'pupil');
      expect(stored.type).toBe('image/webp');
      const meta = await sharp(stored.body).metadata();
      expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 300, undefined]);
      expect(stored.body.toString('latin1')).not.toContain('Aigerim Secret');

      const bomb = pngBomb();
      const before = listDir('files');
      const bombId = (await startUpload('pupil', { name: 'bomb.png', size: bomb.length })).body.data.id as string;
      const refused = await sendChunk('pupil', bombId, 0, bomb);
      expect([refused.status, refused.body.code]).toEqual([400, 'IMAGE_UNREADABLE']);
      expect(listDir('files')).toEqual(before);
      expect(existsSync(partialPath(bombId))).toBe(false);
      expect(await ownerOf(bombId)).toBeUndefined();
      expect(listDir('.tmp')).toEqual([]);
    });

    it('refuses a declared type that is not allowed before any byte is sent', async () => {
      const res = await startUpload('pupil', { name: 'logo.svg', size: 100, type: 'image/svg+xml' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('UPLOAD_TYPE_NOT_ALLOWED');
    });

    it('validates the start and chunk fields, and answers 404 for an unknown upload', async () => {
      const bad = await startUpload('pupil', { name: '', size: 0, extra: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('UNKNOWN_FIELD');
      const noSize = await startUpload('pupil', { name: 'a.pdf' });
      expect(noSize.status).toBe(400);
      expect(noSize.body.code).toBe('VALIDATION_FAILED');
      const badOffset = await sendChunk('pupil', randomUUID(), -1, pdf(10 * KIB));
      expect(badOffset.status).toBe(400);
      const unknown = await sendChunk('pupil', randomUUID(), 0, pdf(10 * KIB));
      expect(unknown.status).toBe(404);
      const badId = await request(learning.url).get('/api/upload/not-a-uuid').set('authorization', as('pupil'));
      expect(badId.status).toBe(400);
      expect(listDir('.tmp')).toEqual([]);
    });

    it('lets only the owner continue an upload', async () => {
      const file = pdf(10 * KIB);
      const id = (await startUpload('pupil', { name: 'a.pdf', size: file.length })).body.data.id as string;
      const other = await sendChunk('otherPupil', id, 0, file);
      expect(other.status).toBe(403);
      expect((await request(learning.url).get(`/api/upload/${id}`).set('authorization', as('otherPupil'))).status).toBe(403);
      expect(statSync(partialPath(id)).size).toBe(0);
    });

    it('sweeps an upload left idle longer than the TTL, with its temporary data', async () => {
      const file = pdf();
      const id = (await startUpload('pupil', { name: 'a.pdf', size: file.length })).body.data.id as string;
      await sendChunk('pupil', id, 0, file.subarray(0, 64 * KIB));
      const sweeper = learning.app.get(UploadSweeper);
      expect(await sweeper.sweep(new Date())).toBe(0);
      expect(existsSync(partialPath(id))).toBe(true);

      const removed = await sweeper.sweep(new Date(Date.now() + 25 * 3600_000));
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(existsSync(partialPath(id))).toBe(false);
      expect(await ownerOf(id)).toBeUndefined();
    });
  });
});

/**
 * A compound file is a Word 97-2003 document only when a 128-byte directory entry names a `WordDocument` stream
 * (sniff.ts): found whatever the chunks the bytes arrive in, not when the name is only in the data or in another place.
 */
describe('Word 97-2003 documents among compound files', () => {
  const file = (name: string, at: number, type = 2) => {
    const b = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
    const n = Buffer.from(`${name}\0`, 'utf16le');
    n.copy(b, at);
    b.writeUInt16LE(n.length, at + 0x40);
    b[at + 0x42] = type;
    return b;
  };
  const inChunks = (b: Buffer, size: number) => Readable.from(Array.from({ length: Math.ceil(b.length / size) }, (_, i) => b.subarray(i * size, (i + 1) * size)));

  it.each([1, 7, 100, 128, 1000, 4096])('reads the directory entry across chunks of %i bytes', async (size) => {
    expect(await holdsWordStream(inChunks(file('WordDocument', 1536), size))).toBe(true);
    expect(await holdsWordStream(inChunks(file('Workbook', 1536), size))).toBe(false);
    // The name off the 128-byte grid (inside some stream's data), or a storage rather than a stream, is no entry.
    expect(await holdsWordStream(inChunks(file('WordDocument', 1536 + 64), size))).toBe(false);
    expect(await holdsWordStream(inChunks(file('WordDocument', 1536, 1), size))).toBe(false);
  });
});
