/**
 * A person's own data in the auth service on real PostgreSQL and NATS (spec section 7, "Students" and "Profile"):
 * personal info, school, home and school addresses, parents by relative, avatars. Every route passes the endpoint
 * checklist (401 without a token, 403 for another student or staff without `user:update` with nothing changed,
 * 404 for a person who does not exist); bodies are strict; avatars are re-encoded to WebP of at most 512 px.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { Client } from 'pg';
import sharp from 'sharp';
import { startAuth } from '@olymp/auth';
import { ROLE } from '@olymp/proto';
import { type RunningService, UPLOAD_STORAGE, type UploadStorage } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';

type Method = 'get' | 'post' | 'put' | 'delete';

describe('people: personal info, school, addresses, parents, avatars', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  let uploadDir: string;
  const schema = ns.schemaOf('auth');
  let aigerim = ''; // student +77000000105
  let nurlan = ''; // student +77000000106
  let managerId = '';
  const bearer: Record<'aigerim' | 'nurlan' | 'manager' | 'content', string> = { aigerim: '', nurlan: '', manager: '', content: '' };
  let place: { province: number; district: number; school: number };
  let otherPlace: { province: number; district: number; school: number };

  const idOf = async (phone: string) => (await pg.query(`SELECT id FROM "${schema}".users WHERE phone = $1`, [phone])).rows[0].id as string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'people-uploads-'));
    auth = await startAuth(ns.envFor('auth', { SEED_DEMO: 'true', UPLOAD_DIR: uploadDir }));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    aigerim = await idOf('+77000000105');
    nurlan = await idOf('+77000000106');
    managerId = await idOf('+77000000003');
    bearer.aigerim = `Bearer ${await testToken({ roleId: ROLE.student, userId: aigerim })}`;
    bearer.nurlan = `Bearer ${await testToken({ roleId: ROLE.student, userId: nurlan })}`;
    bearer.manager = `Bearer ${await testToken({ roleId: ROLE.manager, userId: managerId })}`;
    bearer.content = `Bearer ${await testToken({ roleId: ROLE.contentMaker, userId: await idOf('+77000000010') })}`;
    const places = (await pg.query(
      `SELECT s.id AS school, s.district_id AS district, d.province_id AS province
         FROM "${schema}".schools s JOIN "${schema}".districts d ON d.id = s.district_id ORDER BY s.id LIMIT 2`,
    )).rows as { province: number; district: number; school: number }[];
    [place, otherPlace] = places;
  });

  afterAll(async () => {
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  const call = (method: Method, path: string, auth_?: string) => {
    const r = request(auth.url)[method](path).set('x-locale', 'en');
    return auth_ ? r.set('authorization', auth_) : r;
  };

  /** Everything the people routes may change about a person, plus the audit log's size. */
  const snapshot = async (userId: string) => {
    const q = async (sql: string) => (await pg.query(sql, [userId])).rows;
    return {
      user: await q(`SELECT * FROM "${schema}".users WHERE id = $1`),
      addresses: await q(`SELECT * FROM "${schema}".user_addresses WHERE user_id = $1 ORDER BY kind`),
      parents: await q(`SELECT * FROM "${schema}".user_parents WHERE user_id = $1 ORDER BY relative`),
      avatars: await q(`SELECT * FROM "${schema}".user_avatars WHERE user_id = $1 ORDER BY created_at`),
      audit: (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".audit_log`)).rows[0].n as number,
    };
  };

  const address = { region: 'Алматы облысы', city: 'Қонаев', street: 'Абай даңғылы', house: '12А', apartment: '7', postalCode: '040800' };
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#2a7' } }).png().withExif({ IFD0: { Copyright: 'GPS-SECRET-42' } }).toBuffer();

  /** Every route with a valid body (multipart routes send none: they are refused before the body is read). */
  const routes = (u: string): { method: Method; path: string; body?: object }[] => [
    { method: 'put', path: `/api/students/${u}/update-personal-info`, body: { firstName: 'X', lastName: 'Y', parentPhone: '+77011112233' } },
    { method: 'put', path: `/api/students/${u}/update-school`, body: { ...otherPlace } },
    { method: 'put', path: `/api/students/${u}/update-home-address`, body: address },
    { method: 'get', path: `/api/users/${u}/school-address` },
    { method: 'put', path: `/api/users/${u}/school-address`, body: address },
    { method: 'get', path: `/api/users/${u}/home-address` },
    { method: 'put', path: `/api/users/${u}/home-address`, body: address },
    { method: 'get', path: `/api/users/${u}/parents` },
    { method: 'post', path: `/api/users/${u}/parents`, body: { relative: 'guardian', fullName: 'Z', phone: '87011112233' } },
    { method: 'put', path: `/api/users/${u}/parents/mother`, body: { fullName: 'Z', phone: '87011112233' } },
    { method: 'delete', path: `/api/users/${u}/parents/mother` },
    { method: 'post', path: `/api/users/${u}/avatar` },
    { method: 'get', path: `/api/users/${u}/avatars` },
    { method: 'delete', path: `/api/users/${u}/avatar` },
  ];
  const send = (req: request.Test, body?: object) => (body ? req.send(body) : req);

  describe('the endpoint checklist on every route', () => {
    beforeAll(async () => {
      // Aigerim has something of everything, so a refused request would have something to change.
      await call('post', `/api/users/${aigerim}/parents`, bearer.aigerim).send({ relative: 'mother', fullName: 'Гүлнар Бесінші', phone: '+77012223344' }).expect(201);
      await call('put', `/api/users/${aigerim}/home-address`, bearer.aigerim).send(address).expect(200);
      await call('post', `/api/users/${aigerim}/avatar`, bearer.aigerim).attach('avatar', await png(64, 64), 'a.png').expect(201);
    });

    it('401 without a token', async () => {
      const wrong: string[] = [];
      for (const r of routes(aigerim)) {
        const res = await send(call(r.method, r.path), r.body);
        if (res.status !== 401 || res.body.code !== 'UNAUTHENTICATED') wrong.push(`${r.method} ${r.path}: ${res.status}`);
      }
      expect(wrong).toEqual([]);
    });

    it('403 for another student and for staff without user:update, and nothing changes', async () => {
      const before = await snapshot(aigerim);
      const wrong: string[] = [];
      for (const who of [bearer.nurlan, bearer.content]) {
        for (const r of routes(aigerim)) {
          const res = await send(call(r.method, r.path, who), r.body);
          if (res.status !== 403 || res.body.code !== 'FORBIDDEN') wrong.push(`${r.method} ${r.path}: ${res.status}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await snapshot(aigerim)).toEqual(before);
    });

    it('403 comes before validation: a bad body from another student is still 403', async () => {
      const res = await call('put', `/api/students/${aigerim}/update-personal-info`, bearer.nurlan).send({ roleId: 1 });
      expect(res.status).toBe(403);
    });

    it('404 for a person who does not exist (staff with user:update)', async () => {
      const wrong: string[] = [];
      for (const r of routes(randomUUID())) {
        const res = await send(call(r.method, r.path, bearer.manager), r.body);
        if (res.status !== 404 || res.body.code !== 'NOT_FOUND') wrong.push(`${r.method} ${r.path}: ${res.status} ${res.body.code}`);
      }
      expect(wrong).toEqual([]);
    });

    it('students/{user} names pupils only: a manager there is 404', async () => {
      const res = await call('put', `/api/students/${managerId}/update-school`, bearer.manager).send(place);
      expect(res.status).toBe(404);
    });

    it('400 for a path id that is not a uuid', async () => {
      const res = await call('get', '/api/users/not-a-uuid/parents', bearer.manager);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_ID');
    });

    it('400 for an unknown field, with the Kazakh message, and nothing changes', async () => {
      const before = await snapshot(aigerim);
      const res = await request(auth.url).put(`/api/students/${aigerim}/update-personal-info`).set('authorization', bearer.aigerim).set('x-locale', 'kk')
        .send({ firstName: 'Айгерім', lastName: 'Бесінші', parentPhone: '+77011112233', roleId: 1 });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('UNKNOWN_FIELD');
      expect(res.body.message).toBe('Белгісіз өріс «roleId»: оны сұраныстан алып тастаңыз.');
      expect(await snapshot(aigerim)).toEqual(before);
    });

    it('400 for bad bodies on every body route, and nothing changes', async () => {
      const before = await snapshot(aigerim);
      const bad: [Method, string, object][] = [
        ['put', `/api/students/${aigerim}/update-personal-info`, { firstName: '', lastName: 'Y', parentPhone: '+77011112233' }],
        ['put', `/api/students/${aigerim}/update-personal-info`, { firstName: 'X', lastName: 'Y', parentPhone: '123' }],
        ['put', `/api/students/${aigerim}/update-school`, { province: 'x', district: 1, school: 1 }],
        ['put', `/api/students/${aigerim}/update-home-address`, { ...address, postalCode: '12' }],
        ['put', `/api/users/${aigerim}/school-address`, { ...address, city: '' }],
        ['put', `/api/users/${aigerim}/home-address`, { ...address, floor: 3 }],
        ['post', `/api/users/${aigerim}/parents`, { relative: 'uncle', fullName: 'Z', phone: '87011112233' }],
        ['post', `/api/users/${aigerim}/parents`, { relative: 'father', fullName: 'Z', phone: 'call me' }],
        ['put', `/api/users/${aigerim}/parents/mother`, { fullName: 'Z' }],
        ['put', `/api/users/${aigerim}/parents/uncle`, { fullName: 'Z', phone: '87011112233' }],
        ['delete', `/api/users/${aigerim}/parents/uncle`, {}],
      ];
      const wrong: string[] = [];
      for (const [method, path, body] of bad) {
        const res = await call(method, path, bearer.aigerim).send(body);
        if (res.status !== 400) wrong.push(`${method} ${path} ${JSON.stringify(body)}: ${res.status}`);
      }
      expect(wrong).toEqual([]);
      expect(await snapshot(aigerim)).toEqual(before);
    });
  });

  describe('students', () => {
    it('updates personal info and normalizes the parent phone; the same grade is accepted', async () => {
      const grade = (await pg.query(`SELECT grade FROM "${schema}".users WHERE id = $1`, [aigerim])).rows[0].grade as number;
      const res = await call('put', `/api/students/${aigerim}/update-personal-info`, bearer.aigerim)
        .send({ firstName: ' Айгерім ', lastName: 'Бесінші-Жаңа', parentPhone: '8 (701) 555-66-77', grade });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Saved.');
      expect(res.body.data).toMatchObject({ uuid: aigerim, firstName: 'Айгерім', lastName: 'Бесінші-Жаңа', parentPhone: '+77015556677', grade });
      const audit = (await pg.query(`SELECT actor_id, action FROM "${schema}".audit_log WHERE resource_id = $1 AND action = 'update-personal-info'`, [aigerim])).rows;
      expect(audit).toEqual([{ actor_id: aigerim, action: 'update-personal-info' }]);
    });

    it('refuses a changed grade with GRADE_LOCKED and changes nothing', async () => {
      const before = await snapshot(aigerim);
      const res = await call('put', `/api/students/${aigerim}/update-personal-info`, bearer.aigerim)
        .send({ firstName: 'Other', lastName: 'Name', parentPhone: '+77015556677', grade: 11 });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('GRADE_LOCKED');
      expect(await snapshot(aigerim)).toEqual(before);
    });

    it('updates the school when region, district and school fit together', async () => {
      const res = await call('put', `/api/students/${aigerim}/update-school`, bearer.aigerim).send(place);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ provinceId: place.province, districtId: place.district, schoolId: place.school });
    });

    it('refuses a school of another district and an unknown school, changing nothing', async () => {
      const before = await snapshot(aigerim);
      const other = (await pg.query(
        `SELECT s.id FROM "${schema}".schools s WHERE s.district_id <> $1 LIMIT 1`, [place.district],
      )).rows[0].id as number;
      const mismatch = await call('put', `/api/students/${aigerim}/update-school`, bearer.aigerim).send({ ...place, school: other });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.code).toBe('ADDRESS_MISMATCH');
      const unknown = await call('put', `/api/students/${aigerim}/update-school`, bearer.aigerim).send({ ...place, school: 99_999_999 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('RELATED_NOT_FOUND');
      expect(await snapshot(aigerim)).toEqual(before);
    });

    it('staff with user:update edit a pupil', async () => {
      const res = await call('put', `/api/students/${nurlan}/update-personal-info`, bearer.manager)
        .send({ firstName: 'Нұрлан', lastName: 'Алтыншы', parentPhone: '+77017778899' });
      expect(res.status).toBe(200);
      const audit = (await pg.query(`SELECT actor_id FROM "${schema}".audit_log WHERE resource_id = $1 AND action = 'update-personal-info'`, [nurlan])).rows;
      expect(audit).toEqual([{ actor_id: managerId }]);
    });

    it('update-home-address writes the same home address as users/{user}/home-address', async () => {
      const res = await call('put', `/api/students/${nurlan}/update-home-address`, bearer.nurlan).send({ city: 'Астана', street: 'Сарайшық', house: '5' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ kind: 'home', city: 'Астана', street: 'Сарайшық', house: '5', region: null, apartment: null, postalCode: null });
      const read = await call('get', `/api/users/${nurlan}/home-address`, bearer.nurlan);
      expect(read.body.data).toMatchObject({ city: 'Астана', street: 'Сарайшық', house: '5' });
    });
  });

  describe('addresses', () => {
    it('school and home addresses are separate rows; none saved is null', async () => {
      const none = await call('get', `/api/users/${nurlan}/school-address`, bearer.nurlan);
      expect(none.status).toBe(200);
      expect(none.body.data).toBeNull();
      const saved = await call('put', `/api/users/${nurlan}/school-address`, bearer.nurlan).send({ ...address, city: 'Алматы' });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ kind: 'school', city: 'Алматы', postalCode: '040800' });
      const again = await call('put', `/api/users/${nurlan}/school-address`, bearer.nurlan).send({ city: 'Шымкент', street: 'Тәуке хан', house: '1' });
      expect(again.body.data).toMatchObject({ city: 'Шымкент', region: null, apartment: null, postalCode: null });
      const rows = (await pg.query(`SELECT kind, city FROM "${schema}".user_addresses WHERE user_id = $1 ORDER BY kind`, [nurlan])).rows;
      expect(rows).toEqual([{ kind: 'home', city: 'Астана' }, { kind: 'school', city: 'Шымкент' }]);
    });
  });

  describe('parents by relative', () => {
    it('adds, lists, refuses a second of the same relative, updates and deletes', async () => {
      const add = await call('post', `/api/users/${nurlan}/parents`, bearer.nurlan).send({ relative: 'father', fullName: 'Ерлан Алтыншы', phone: '8 701 222 33 44' });
      expect(add.status).toBe(201);
      expect(add.body.data).toMatchObject({ relative: 'father', fullName: 'Ерлан Алтыншы', phone: '+77012223344' });
      await call('post', `/api/users/${nurlan}/parents`, bearer.nurlan).send({ relative: 'mother', fullName: 'Сәуле Алтыншы', phone: '+77013334455' }).expect(201);

      const before = await snapshot(nurlan);
      const dup = await call('post', `/api/users/${nurlan}/parents`, bearer.nurlan).send({ relative: 'father', fullName: 'Басқа', phone: '+77019998877' });
      expect(dup.status).toBe(409);
      expect(dup.body.code).toBe('PARENT_EXISTS');
      expect(await snapshot(nurlan)).toEqual(before);

      const list = await call('get', `/api/users/${nurlan}/parents`, bearer.nurlan);
      expect(list.body.data.map((p: { relative: string }) => p.relative)).toEqual(['mother', 'father']);

      const upd = await call('put', `/api/users/${nurlan}/parents/father`, bearer.manager).send({ fullName: 'Ерлан Алтыншы', phone: '+7 701 000 11 22' });
      expect(upd.status).toBe(200);
      expect(upd.body.data).toMatchObject({ relative: 'father', phone: '+77010001122' });

      const missing = await call('put', `/api/users/${nurlan}/parents/guardian`, bearer.nurlan).send({ fullName: 'X', phone: '+77010001122' });
      expect(missing.status).toBe(404);

      const del = await call('delete', `/api/users/${nurlan}/parents/father`, bearer.nurlan);
      expect(del.status).toBe(200);
      expect(del.body.data).toEqual({ relative: 'father', deleted: true });
      expect((await call('delete', `/api/users/${nurlan}/parents/father`, bearer.nurlan)).status).toBe(404);
      const after = await call('get', `/api/users/${nurlan}/parents`, bearer.nurlan);
      expect(after.body.data).toEqual([expect.objectContaining({ relative: 'mother', phone: '+77013334455' })]);
    });
  });

  describe('avatars', () => {
    const storage = () => auth.app.get<UploadStorage>(UPLOAD_STORAGE);
    const storedBytes = async (filename: string) => {
      const found = await storage().get(`images/${filename}`);
      if (!found) return null;
      const chunks: Buffer[] = [];
      for await (const c of found.stream) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    };

    it('re-encodes a PNG to WebP of at most 512 px without metadata, shows it in the profile and serves it', async () => {
      const source = await png(1200, 800);
      expect((await sharp(source).metadata()).exif).toBeDefined();
      // A polyglot: bytes after the PNG's end that a browser could be tricked into reading.
      const polyglot = Buffer.concat([source, Buffer.from('<script>alert(1)</script>')]);
      const res = await call('post', `/api/users/${nurlan}/avatar`, bearer.nurlan).attach('avatar', polyglot, { filename: 'me.png', contentType: 'image/png' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ mime: 'image/webp', width: 512, height: 341, current: true });
      const filename = (res.body.data.url as string).split('/').pop()!;
      expect(filename).toMatch(/^[0-9a-f-]{36}\.webp$/);

      const bytes = (await storedBytes(filename))!;
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes('GPS-SECRET-42')).toBe(false);
      expect(bytes.includes('<script>')).toBe(false);

      const profile = await call('get', '/api/profile', bearer.nurlan);
      expect(profile.body.data.avatar).toBe(res.body.data.url);

      const served = await request(auth.url).get(res.body.data.url).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
    });

    it('keeps the history newest first; the newest is current; delete removes the current one and its bytes', async () => {
      const second = await call('post', `/api/users/${nurlan}/avatar`, bearer.manager).attach('avatar', await png(100, 300), 'b.png');
      expect(second.status).toBe(201);
      expect(second.body.data).toMatchObject({ width: 100, height: 300 }); // never enlarged

      const history = await call('get', `/api/users/${nurlan}/avatars`, bearer.nurlan);
      expect(history.status).toBe(200);
      expect(history.body.data).toHaveLength(2);
      expect(history.body.data[0]).toMatchObject({ id: second.body.data.id, current: true });
      expect(history.body.data[1]).toMatchObject({ current: false });
      expect(history.body.data[1].url).toEqual(expect.any(String));

      const del = await call('delete', `/api/users/${nurlan}/avatar`, bearer.nurlan);
      expect(del.status).toBe(200);
      expect(del.body.data).toEqual({ id: second.body.data.id, deleted: true });
      const filename = (second.body.data.url as string).split('/').pop()!;
      expect(await storedBytes(filename)).toBeNull();
      expect((await request(auth.url).get(second.body.data.url)).status).toBe(404);
      expect((await call('get', '/api/profile', bearer.nurlan)).body.data.avatar).toBeNull();
      const after = await call('get', `/api/users/${nurlan}/avatars`, bearer.nurlan);
      expect(after.body.data[0]).toMatchObject({ id: second.body.data.id, current: false, url: null });
      expect(after.body.data[0].removedAt).toEqual(expect.any(String));
      expect((await call('delete', `/api/users/${nurlan}/avatar`, bearer.nurlan)).status).toBe(404);
    });

    it('refuses a text file named .png, a GIF and an oversize file, storing nothing', async () => {
      const before = await snapshot(nurlan);
      const text = await call('post', `/api/users/${nurlan}/avatar`, bearer.nurlan)
        .attach('avatar', Buffer.from('just some text, not a picture\n'.repeat(20)), { filename: 'photo.png', contentType: 'image/png' });
      expect(text.status).toBe(400);
      expect(text.body.code).toBe('UPLOAD_TYPE_NOT_ALLOWED');
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
      const gifRes = await call('post', `/api/users/${nurlan}/avatar`, bearer.nurlan).attach('avatar', gif, 'a.png');
      expect(gifRes.status).toBe(400);
      expect(gifRes.body.code).toBe('UPLOAD_TYPE_NOT_ALLOWED');
      const big = Buffer.concat([await png(8, 8), Buffer.alloc(2 * 1024 * 1024)]);
      const bigRes = await call('post', `/api/users/${nurlan}/avatar`, bearer.nurlan).attach('avatar', big, 'big.png');
      expect(bigRes.status).toBe(413);
      expect(bigRes.body.code).toBe('UPLOAD_TOO_LARGE');
      const wrongField = await call('post', `/api/users/${nurlan}/avatar`, bearer.nurlan).attach('image', await png(8, 8), 'a.png');
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.code).toBe('UPLOAD_FORM_INVALID');
      const json = await call('post', `/api/users/${nurlan}/avatar`, bearer.nurlan).send({});
      expect(json.status).toBe(400);
      expect(await snapshot(nurlan)).toEqual(before);
      expect(await readdir(join(uploadDir, '.tmp'))).toEqual([]); // no temp file left behind
      const kept = (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".user_avatars WHERE removed_at IS NULL`)).rows[0].n as number;
      expect((await readdir(join(uploadDir, 'images'))).length).toBe(kept); // only the bytes of avatars not removed
    });

    it('refuses a damaged picture and a decompression bomb with AVATAR_UNREADABLE', async () => {
      const before = await snapshot(nurlan);
      const whole = await png(300, 300);
      const cut = await call('post', `/api/users/${nurlan}/avatar`, bearer.nurlan).attach('avatar', whole.subarray(0, Math.floor(whole.length / 2)), 'cut.png');
      expect(cut.status).toBe(400);
      expect(cut.body.code).toBe('AVATAR_UNREADABLE');
      const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const big = await call('post', `/api/users/${nurlan}/avatar`, bearer.nurlan).attach('avatar', bomb, 'bomb.png');
      expect(big.status).toBe(400);
      expect(big.body.code).toBe('AVATAR_UNREADABLE');
      expect(await snapshot(nurlan)).toEqual(before);
    });

    it('an avatar is served only under its owner, and a made-up name is 404', async () => {
      const up = await call('post', `/api/users/${nurlan}/avatar`, bearer.nurlan).attach('avatar', await png(32, 32), 'c.png');
      const filename = (up.body.data.url as string).split('/').pop()!;
      expect((await request(auth.url).get(`/api/users/${aigerim}/avatars/${filename}`)).status).toBe(404);
      expect((await request(auth.url).get(`/api/users/${nurlan}/avatars/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
      expect((await request(auth.url).get(`/api/users/${nurlan}/avatars/${randomUUID()}.webp`)).status).toBe(404);
    });
  });
});
