/**
 * Media (issue 16 "Materials, videos, social media"; issue 15 "Recordings"): materials of the four owners through the
 * kit's chunked uploads, reorder, the readers' media and links lists, videos' info (read by mp4box) and play with
 * range requests (206/416, through the gateway too), a lesson's recording for its group's pupils on day 59 and not
 * on day 61 (the kit's Clock), the social-media links. Every route x every role, localized 4xx, nothing changed by a
 * refused request; the migration matches the entities. Real PostgreSQL and NATS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startGateway } from '@olymp/gateway';
import { type MaterialOwnerKind, ROLE, type RoleId } from '@olymp/proto';
import { Clock, pendingSchemaChanges } from '@olymp/server-kit';
import { OWNER_KEYS } from '../src/media/owners';
import { type Pupil, learningStack } from './support';
import { bankQuiz, createTraining } from './trainings-fixture';
import { chunkedUpload, mp4, pdf } from './media-fixtures';

const DAY = 86_400_000;
const T0 = new Date('2026-12-01T14:00:00.000Z');
const titles = (en: string) => ({ titleKk: `${en} (kk)`, titleRu: `${en} (ru)`, titleEn: en });
/** Reads a response body as bytes whatever its type (supertest parses only text and JSON itself). */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const parts: Buffer[] = [];
  stream.on('data', (c: Buffer) => parts.push(c));
  stream.on('end', () => cb(null, Buffer.concat(parts)));
};

describe('media: materials, videos, recordings, social media', () => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'olymp-media-'));
  const s = learningStack();
  const clock = () => s.learning.app.get(Clock);
  const permissionsOf = new Map<RoleId, Set<string>>();
  const tokens = new Map<RoleId, string>();
  const owners = {} as Record<MaterialOwnerKind, string>;
  let lessonB = '';
  let teacher: Pupil;
  let pupilA: Pupil;
  let pupilB: Pupil;
  let stranger: Pupil;
  let video: Buffer;
  let videoId = '';
  const ok = (res: { status: number; text: string }, status = 200) => expect([res.status, res.text]).toEqual([status, expect.any(String)]);
  const materials = () => s.sql('SELECT * FROM {learning}.materials ORDER BY id');
  const as = (token: string) => ({
    get: (p: string) => s.http().get(p).set('Authorization', token).set('X-Locale', 'en'),
    post: (p: string, body: object) => s.http().post(p).set('Authorization', token).set('X-Locale', 'en').send(body),
  });

  beforeAll(async () => {
    await s.start({ UPLOAD_DIR: uploadDir });
    clock().set(T0.getTime() - DAY);
    const rows = await s.sql<{ role_id: number; name: string }>('SELECT rp.role_id, p.name FROM {auth}.role_permissions rp JOIN {auth}.permissions p ON p.id = rp.permission_id');
    for (const id of Object.values(ROLE)) {
      permissionsOf.set(id, new Set(rows.filter((r) => r.role_id === id).map((r) => r.name)));
      tokens.set(id, (await s.pupil(null, { roleId: id })).token);
    }
    teacher = await s.pupil(null, { roleId: ROLE.contentMaker, firstName: 'Мұғалім' });
    [pupilA, pupilB, stranger] = [await s.pupil(5), await s.pupil(5), await s.pupil(5)];
    const admin = as(s.admin);
    const course = await admin.post('/api/courses', { kind: 'live', ...titles('Preparation course') });
    ok(course, 201);
    const group = async (name: string) => {
      const g = await admin.post('/api/groups', { courseId: course.body.id, name });
      ok(g, 201);
      const l = await admin.post('/api/lessons', { groupId: g.body.id, ...titles(`Lesson of ${name}`), startsAt: T0.toISOString() });
      ok(l, 201);
      return { group: g.body.id as string, lesson: l.body.id as string };
    };
    const a = await group('A');
    const b = await group('B');
    owners.lesson = a.lesson;
    lessonB = b.lesson;
    ok(await admin.post(`/api/groups/${a.group}/members`, { userId: teacher.id, role: 'teacher' }), 201);
    ok(await admin.post(`/api/groups/${a.group}/members`, { userId: pupilA.id, role: 'pupil' }), 201);
    ok(await admin.post(`/api/groups/${b.group}/members`, { userId: pupilB.id, role: 'pupil' }), 201);
    const training = await createTraining(s, { quizzes: [await bankQuiz(s, 1, 1)], publish: true });
    owners['training-subchapter'] = training.subchapters[0].id;
    const library = await admin.post('/api/library', { subject: 'math', grade: 5, ...titles('Mathematics 5') });
    ok(library, 201);
    const chapter = await admin.post('/api/chapters', { libraryId: library.body.id, ...titles('Fractions') });
    ok(chapter, 201);
    owners['library-chapter'] = chapter.body.id;
    const event = await admin.post('/api/events', {
      ...titles('Webinar'), descriptionKk: '', descriptionRu: '', descriptionEn: '',
      startsAt: '2026-12-05T19:00:00+05:00', endsAt: '2026-12-05T20:30:00+05:00', onlineUrl: 'https://meet.example.kz/w',
    });
    ok(event, 201);
    owners.event = event.body.id;
    // One link per owner, so reorder and the lists have something of each owner.
    for (const [ownerKind, ownerId] of Object.entries(owners)) {
      ok(await admin.post('/api/materials', { ownerKind, ownerId, kind: 'link', ...titles('Reading'), linkUrl: 'https://example.kz/read' }), 201);
    }
    video = mp4(12.5, 300_000);
  }, 120_000);

  afterAll(async () => {
    await s.stop();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('has a migration that matches its entities', async () => {
    expect(await pendingSchemaChanges(s.learning.app.get(DataSource))).toEqual([]);
  });

  const callers: { name: string; roleId: RoleId | null }[] = [
    { name: 'anonymous', roleId: null },
    ...Object.entries(ROLE).map(([name, roleId]) => ({ name, roleId: roleId as RoleId })),
  ];

  it.each(callers)('$name gets exactly what the owner\'s keys and its permissions allow, and a refused call changes nothing', async ({ roleId }) => {
    const before = await materials();
    const wrong: string[] = [];
    const may = (key: string) => roleId === ROLE.admin || !!permissionsOf.get(roleId as RoleId)?.has(key);
    for (const [ownerKind, ownerId] of Object.entries(owners) as [MaterialOwnerKind, string][]) {
      const keys = OWNER_KEYS[ownerKind];
      const q = `ownerKind=${ownerKind}&ownerId=${ownerId}`;
      const [existing] = await s.sql<{ id: string }>('SELECT id FROM {learning}.materials WHERE owner_id = $1 LIMIT 1', [ownerId]);
      // Let through, each call fails on its input after the owner's check (a missing upload, an order naming nothing),
      // or changes nothing (an empty edit), so a let-in call writes nothing either.
      const calls = [
        { method: 'get', path: `/api/materials?${q}`, allowed: may(keys.read) || may(keys.write) },
        { method: 'get', path: `/api/materials/${existing.id}`, allowed: may(keys.read) || may(keys.write) },
        // A link has no file: who may see the owner gets 400 MATERIAL_IS_LINK, anyone else 403/404.
        { method: 'get', path: `/api/materials/${existing.id}/file`, allowed: may(keys.read) || may(keys.write) },
        { method: 'post', path: '/api/materials', body: { ownerKind, ownerId, kind: 'file', ...titles('x'), uploadId: randomUUID() }, allowed: may(keys.write) },
        { method: 'patch', path: `/api/materials/${existing.id}`, body: {}, allowed: may(keys.write) },
        { method: 'put', path: `/api/materials/${existing.id}`, body: {}, allowed: may(keys.write) },
        { method: 'post', path: '/api/materials/reorder', body: { ownerKind, ownerId, ids: [] }, allowed: may(keys.write) },
      ] as const;
      for (const call of calls) {
        let req = s.http()[call.method](call.path).set('X-Locale', 'en');
        if (roleId !== null) req = req.set('Authorization', tokens.get(roleId) as string);
        const res = 'body' in call ? await req.send(call.body) : await req;
        const want = roleId === null ? 401 : call.allowed ? 'let-in' : 'refused';
        const got = res.status === 401 ? 401 : res.status === 403 || res.status === 404 ? 'refused' : 'let-in';
        if (got !== want) wrong.push(`${call.method.toUpperCase()} ${call.path}: expected ${want}, got ${res.status} ${res.body.code}`);
        expect(res.status).toBeLessThan(500);
      }
    }
    const social = roleId === null ? await s.http().put('/api/social-media').send({ nope: 1 }) : await s.http().put('/api/social-media').set('Authorization', tokens.get(roleId) as string).send({ nope: 1 });
    const socialWant = roleId === null ? 401 : may('setting:update') ? 400 : 403;
    if (social.status !== socialWant) wrong.push(`PUT /api/social-media: expected ${socialWant}, got ${social.status}`);
    const read = await s.http().get('/api/social-media');
    if (read.status !== 200) wrong.push(`GET /api/social-media: ${read.status}`);
    expect(wrong).toEqual([]);
    expect(await materials()).toEqual(before);
  });

  it('attaches a file, a link and a video to a lesson; reorders them; pupils of the group list media and links', async () => {
    const admin = as(s.admin);
    const pdfUpload = await chunkedUpload(s, s.admin, pdf(20_000), 'notes.pdf');
    const file = await admin.post('/api/materials', { ownerKind: 'lesson', ownerId: owners.lesson, kind: 'file', ...titles('Notes'), uploadId: pdfUpload });
    ok(file, 201);
    expect(file.body.data).toMatchObject({ kind: 'file', mime: 'application/pdf', size: 20_000, position: 1, isRecording: false });
    const videoUpload = await chunkedUpload(s, s.admin, video, 'lesson.mp4');
    const made = await admin.post('/api/materials', { ownerKind: 'lesson', ownerId: owners.lesson, kind: 'video', ...titles('Walkthrough'), uploadId: videoUpload });
    ok(made, 201);
    videoId = made.body.data.id;
    expect(made.body.data).toMatchObject({ kind: 'video', mime: 'video/mp4', size: video.length, durationSeconds: 12.5, position: 2 });

    // A PDF is not a video; a link needs its address; someone else's upload cannot be attached (nothing written).
    const before = await materials();
    for (const locale of ['kk', 'ru', 'en']) {
      const notVideo = await s.http().post('/api/materials').set('Authorization', s.admin).set('X-Locale', locale)
        .send({ ownerKind: 'lesson', ownerId: owners.lesson, kind: 'video', ...titles('x'), uploadId: pdfUpload });
      expect([notVideo.status, notVideo.body.code]).toEqual([400, 'MATERIAL_NOT_A_VIDEO']);
    }
    expect((await admin.post('/api/materials', { ownerKind: 'lesson', ownerId: owners.lesson, kind: 'link', ...titles('x') })).body.code).toBe('MATERIAL_KIND_FIELDS');
    expect((await admin.post('/api/materials', { ownerKind: 'lesson', ownerId: randomUUID(), kind: 'link', ...titles('x'), linkUrl: 'https://a.kz' })).status).toBe(404);
    expect((await admin.post('/api/materials', { ownerKind: 'lesson', ownerId: owners.lesson, kind: 'link', ...titles('x'), linkUrl: 'javascript:alert(1)' })).body.code).toBe('VALIDATION_FAILED');
    const unfinished = await s.http().post('/api/upload').set('Authorization', s.admin).send({ name: 'half.pdf', size: 1000 });
    ok(unfinished, 201);
    for (const uploadId of [unfinished.body.data.id, randomUUID()]) {
      const refused = await admin.post('/api/materials', { ownerKind: 'lesson', ownerId: owners.lesson, kind: 'file', ...titles('x'), uploadId });
      expect([refused.status, refused.body.code]).toEqual([400, 'MATERIAL_UPLOAD_NOT_READY']);
    }
    expect(await materials()).toEqual(before);

    const list = await admin.get(`/api/materials?ownerKind=lesson&ownerId=${owners.lesson}`);
    ok(list);
    const ids = (list.body.data as { id: string }[]).map((m) => m.id);
    expect(ids).toHaveLength(3);
    const reversed = [...ids].reverse();
    expect((await admin.post('/api/materials/reorder', { ownerKind: 'lesson', ownerId: owners.lesson, ids: ids.slice(1) })).body.code).toBe('MATERIAL_REORDER_MISMATCH');
    const reordered = await admin.post('/api/materials/reorder', { ownerKind: 'lesson', ownerId: owners.lesson, ids: reversed });
    ok(reordered);
    expect((reordered.body.data as { id: string; position: number }[]).map((m) => [m.id, m.position])).toEqual(reversed.map((id, i) => [id, i]));

    // The group's pupil reads media (files, videos: play addresses, never the stored name) and links; others cannot.
    const media = await as(pupilA.token).get(`/api/materials/media?ownerKind=lesson&ownerId=${owners.lesson}`);
    ok(media);
    expect(media.body.data).toEqual([
      expect.objectContaining({ id: videoId, kind: 'video', url: `/api/videos/${videoId}/play`, durationSeconds: 12.5, title: { kk: 'Walkthrough (kk)', ru: 'Walkthrough (ru)', en: 'Walkthrough' } }),
      expect.objectContaining({ id: file.body.data.id, kind: 'file', url: `/api/materials/${file.body.data.id}/file` }),
    ]);
    // The file through its material: the group's pupil reads it; another group's pupil and no token cannot. The kit's
    // file address (the upload's name) is the uploader's only: 404 for the pupil, another pupil and no token alike.
    const pdfBytes = await as(pupilA.token).get(`/api/materials/${file.body.data.id}/file`).buffer(true).parse(binary);
    expect([pdfBytes.status, pdfBytes.headers['content-type'], pdfBytes.headers['cache-control']]).toEqual([200, 'application/pdf', 'private, no-store']);
    expect((pdfBytes.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await as(pupilB.token).get(`/api/materials/${file.body.data.id}/file`)).body.code).toBe('NOT_GROUP_MEMBER');
    expect((await s.http().get(`/api/materials/${file.body.data.id}/file`)).status).toBe(401);
    for (const locale of ['kk', 'ru', 'en']) {
      const linkFile = await s.http().get(`/api/materials/${(await s.sql<{ id: string }>("SELECT id FROM {learning}.materials WHERE owner_id = $1 AND kind = 'link'", [owners.lesson]))[0].id}/file`)
        .set('Authorization', pupilA.token).set('X-Locale', locale);
      expect([linkFile.status, linkFile.body.code]).toEqual([400, 'MATERIAL_IS_LINK']);
    }
    const uploaded = `/api/upload/files/${pdfUpload}.pdf`;
    const byName = [await s.http().get(uploaded), await s.http().get(uploaded).set('Authorization', pupilA.token), await s.http().get(uploaded).set('Authorization', pupilB.token)];
    expect(byName.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(JSON.stringify(media.body)).not.toContain(videoUpload);
    const links = await as(pupilA.token).get(`/api/materials/links?ownerKind=lesson&ownerId=${owners.lesson}`);
    expect(links.body.data).toEqual([expect.objectContaining({ kind: 'link', url: 'https://example.kz/read' })]);
    expect((await as(pupilB.token).get(`/api/materials/media?ownerKind=lesson&ownerId=${owners.lesson}`)).body.code).toBe('NOT_GROUP_MEMBER');
    expect((await as(stranger.token).get(`/api/materials?ownerKind=lesson&ownerId=${owners.lesson}`)).status).toBe(403);

    // The other owners: a published library's chapter is for anyone signed in; an unjoined training's is not;
    // an unpublished event is not; staff edit and remove.
    expect((await as(stranger.token).get(`/api/materials/links?ownerKind=library-chapter&ownerId=${owners['library-chapter']}`)).status).toBe(404);
    const library = (await s.sql<{ library_id: string }>('SELECT library_id FROM {learning}.library_chapters WHERE id = $1', [owners['library-chapter']]))[0];
    ok(await admin.post(`/api/library/${library.library_id}/publish`, {}));
    expect((await as(stranger.token).get(`/api/materials/links?ownerKind=library-chapter&ownerId=${owners['library-chapter']}`)).body.data).toHaveLength(1);
    expect((await as(stranger.token).get(`/api/materials/links?ownerKind=training-subchapter&ownerId=${owners['training-subchapter']}`)).status).toBe(404);
    expect((await as(stranger.token).get(`/api/materials/links?ownerKind=event&ownerId=${owners.event}`)).status).toBe(404);
    ok(await admin.post(`/api/events/${owners.event}/publish`, {}));
    expect((await as(stranger.token).get(`/api/materials/links?ownerKind=event&ownerId=${owners.event}`)).body.data).toHaveLength(1);
    const link = (links.body.data as { id: string }[])[0].id;
    const edited = await s.http().patch(`/api/materials/${link}`).set('Authorization', s.admin).send({ titleEn: 'Read this', linkUrl: 'https://example.kz/new' });
    ok(edited);
    expect(edited.body.data).toMatchObject({ titleEn: 'Read this', titleKk: 'Reading (kk)', linkUrl: 'https://example.kz/new' });
    expect((await s.http().patch(`/api/materials/${videoId}`).set('Authorization', s.admin).send({ linkUrl: 'https://a.kz' })).body.code).toBe('MATERIAL_KIND_FIELDS');
    expect((await s.http().patch(`/api/materials/${videoId}`).set('Authorization', s.admin).send({ ownerId: randomUUID() })).body.code).toBe('UNKNOWN_FIELD');
    const removed = await s.http().delete(`/api/materials/${file.body.data.id}`).set('Authorization', s.admin).set('X-Locale', 'ru');
    ok(removed);
    expect(removed.body.message).toBe('Материал удалён.');
    expect((await s.http().delete(`/api/materials/${file.body.data.id}`).set('Authorization', s.admin)).status).toBe(404);
    expect((await s.http().get('/api/materials/not-a-uuid').set('Authorization', s.admin)).status).toBe(400);
  });

  it('plays a video with range requests: 206 and the right bytes, 416 outside the file; a stranger is refused', async () => {
    const pupil = as(pupilA.token);
    const info = await pupil.get(`/api/videos/${videoId}/info`);
    ok(info);
    expect(info.body.data).toMatchObject({ id: videoId, mime: 'video/mp4', size: video.length, durationSeconds: 12.5, width: 640, height: 360, availableUntil: null });
    const size = video.length;
    const ranged = await pupil.get(`/api/videos/${videoId}/play`).set('Range', 'bytes=100-1099').buffer(true).parse(binary);
    expect([ranged.status, ranged.headers['content-range'], ranged.headers['accept-ranges'], ranged.headers['content-length'], ranged.headers['content-type']])
      .toEqual([206, `bytes 100-1099/${size}`, 'bytes', '1000', 'video/mp4']);
    expect(Buffer.compare(ranged.body as Buffer, video.subarray(100, 1100))).toBe(0);
    const tail = await pupil.get(`/api/videos/${videoId}/play`).set('Range', 'bytes=-500').buffer(true).parse(binary);
    expect([tail.status, tail.headers['content-range']]).toEqual([206, `bytes ${size - 500}-${size - 1}/${size}`]);
    expect(Buffer.compare(tail.body as Buffer, video.subarray(size - 500))).toBe(0);
    const whole = await pupil.get(`/api/videos/${videoId}/play`).buffer(true).parse(binary);
    expect([whole.status, whole.headers['accept-ranges'], Number(whole.headers['content-length'])]).toEqual([200, 'bytes', size]);
    expect(Buffer.compare(whole.body as Buffer, video)).toBe(0);
    for (const locale of ['kk', 'ru', 'en']) {
      const outside = await s.http().get(`/api/videos/${videoId}/play`).set('Authorization', pupilA.token).set('X-Locale', locale).set('Range', `bytes=${size + 10}-`);
      expect([outside.status, outside.body.code, outside.headers['content-range']]).toEqual([416, 'RANGE_NOT_SATISFIABLE', `bytes */${size}`]);
    }
    // A <video> element sends the ticket from info instead of a token; nothing at all is 401.
    const ticketUrl = info.body.data.playUrl as string;
    expect(ticketUrl).toMatch(new RegExp(`^/api/videos/${videoId}/play\\?ticket=[A-Za-z0-9_-]{32}$`));
    const byTicket = await s.http().get(ticketUrl).set('Range', 'bytes=0-9').buffer(true).parse(binary);
    expect([byTicket.status, Buffer.compare(byTicket.body as Buffer, video.subarray(0, 10))]).toEqual([206, 0]);
    expect((await s.http().get(`/api/videos/${videoId}/play?ticket=forged`)).status).toBe(401);
    expect((await s.http().get(`/api/videos/${videoId}/play`)).status).toBe(401);
    expect((await s.http().get(`/api/videos/${videoId}/info`)).status).toBe(401);
    // Strangers: another group's pupil, a pupil of no group.
    expect((await as(pupilB.token).get(`/api/videos/${videoId}/play`).set('Range', 'bytes=0-9')).status).toBe(403);
    expect((await as(stranger.token).get(`/api/videos/${videoId}/info`)).status).toBe(403);
    expect((await as(s.admin).get(`/api/videos/${randomUUID()}/info`)).status).toBe(404);

    // Through the gateway: the Range header goes up, the 206 and its headers come back, the bytes streamed.
    const gateway = await startGateway({
      NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0',
      AUTH_URL: s.auth.url, LEARNING_URL: s.learning.url, NOTIFICATIONS_URL: 'http://127.0.0.1:9', SHOP_URL: 'http://127.0.0.1:9', FINANCE_URL: 'http://127.0.0.1:9',
    });
    try {
      const via = await request(gateway.url).get(`/api/videos/${videoId}/play`).set('Authorization', pupilA.token).set('Range', 'bytes=200000-200999').buffer(true).parse(binary);
      expect([via.status, via.headers['content-range'], via.headers['accept-ranges'], via.headers['content-length']]).toEqual([206, `bytes 200000-200999/${size}`, 'bytes', '1000']);
      expect(Buffer.compare(via.body as Buffer, video.subarray(200_000, 201_000))).toBe(0);
      const bad = await request(gateway.url).get(`/api/videos/${videoId}/play`).set('Authorization', pupilA.token).set('Range', `bytes=${size}-`);
      expect([bad.status, bad.headers['content-range']]).toEqual([416, `bytes */${size}`]);
      expect((await request(gateway.url).get('/api/social-media')).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  it('a teacher uploads a lesson recording in chunks; the group\'s pupils play it on day 59, not on day 61; another group never', async () => {
    const recording = mp4(5400, 400_000);
    const upload = await chunkedUpload(s, teacher.token, recording, 'lesson-1.mp4', 100_000);
    // Only a teacher of this lesson's group (or staff with group:update) attaches it.
    expect((await as(teacher.token).post(`/api/lessons/${lessonB}/recording`, { uploadId: upload })).body.code).toBe('NOT_GROUP_TEACHER');
    expect((await as(pupilA.token).post(`/api/lessons/${owners.lesson}/recording`, { uploadId: upload })).status).toBe(403);
    expect((await as(teacher.token).post(`/api/lessons/${randomUUID()}/recording`, { uploadId: upload })).status).toBe(404);
    const attached = await as(teacher.token).post(`/api/lessons/${owners.lesson}/recording`, { uploadId: upload });
    ok(attached, 201);
    expect(attached.body.data).toMatchObject({ isRecording: true, kind: 'video', titleEn: 'Lesson of A', durationSeconds: 5400 });
    const id = attached.body.data.id as string;
    // The recording's stored name is no way in: 404 (not 403: nothing confirms it exists) without a token, for the
    // group's own pupil, another group's pupil and a stranger; its uploader (the teacher) still reads their upload.
    const byName = `/api/upload/files/${upload}.mp4`;
    const leaks = [await s.http().get(byName), ...(await Promise.all([pupilA, pupilB, stranger].map((p) => s.http().get(byName).set('Authorization', p.token))))];
    expect(leaks.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([404, 'NOT_FOUND']));
    expect((await s.http().get(byName).set('Authorization', teacher.token).set('Range', 'bytes=0-9')).status).toBe(200);
    const play = (who: Pupil) => s.http().get(`/api/videos/${id}/play`).set('Authorization', who.token).set('X-Locale', 'en').set('Range', 'bytes=1000-1999');
    const read = (who: Pupil) => play(who).buffer(true).parse(binary);

    // Before the lesson: not yet. Day 59: the pupil plays it, and sees until when.
    clock().set(T0.getTime() - 60_000);
    expect((await play(pupilA)).body.code).toBe('RECORDING_NOT_STARTED');
    clock().set(T0.getTime() + 59 * DAY);
    const info = await as(pupilA.token).get(`/api/lessons/${owners.lesson}/recording`);
    ok(info);
    expect(info.body.data).toMatchObject({ id, durationSeconds: 5400, availableUntil: new Date(T0.getTime() + 60 * DAY).toISOString() });
    const day59 = await read(pupilA);
    expect([day59.status, day59.headers['content-range']]).toEqual([206, `bytes 1000-1999/${recording.length}`]);
    expect(Buffer.compare(day59.body as Buffer, recording.subarray(1000, 2000))).toBe(0);
    const media = await as(pupilA.token).get(`/api/materials/media?ownerKind=lesson&ownerId=${owners.lesson}`);
    expect((media.body.data as { id: string }[]).map((m) => m.id)).toContain(id);
    expect((await play(pupilB)).body.code).toBe('NOT_GROUP_MEMBER');

    // Day 61: gone for the pupil (a ticket from day 59 too), in their language; the teacher and staff keep it.
    clock().set(T0.getTime() + 61 * DAY);
    const messages = new Set<string>();
    for (const locale of ['kk', 'ru', 'en']) {
      const day61 = await s.http().get(`/api/videos/${id}/play`).set('Authorization', pupilA.token).set('X-Locale', locale).set('Range', 'bytes=0-99');
      expect([day61.status, day61.body.code]).toEqual([403, 'RECORDING_EXPIRED']);
      messages.add(day61.body.message);
    }
    expect([...messages]).toContain('This recording was available for 60 days after the lesson and is closed now.');
    expect(messages.size).toBe(3);
    expect((await s.http().get(info.body.data.playUrl).set('Range', 'bytes=0-9')).status).toBeGreaterThanOrEqual(401);
    expect((await as(pupilA.token).get(`/api/lessons/${owners.lesson}/recording`)).body.code).toBe('RECORDING_EXPIRED');
    const after = await as(pupilA.token).get(`/api/materials/media?ownerKind=lesson&ownerId=${owners.lesson}`);
    expect((after.body.data as { id: string }[]).map((m) => m.id)).not.toContain(id);
    expect((await read(teacher)).status).toBe(206);
    expect((await s.http().get(`/api/videos/${id}/play`).set('Authorization', s.admin).set('Range', 'bytes=0-9')).status).toBe(206);

    // A new recording replaces the old one; removing it leaves the lesson without one.
    const again = await as(s.admin).post(`/api/lessons/${owners.lesson}/recording`, { uploadId: upload, titleEn: 'Lesson 1, take 2' });
    ok(again, 201);
    expect(await s.sql('SELECT id FROM {learning}.materials WHERE owner_id = $1 AND is_recording', [owners.lesson])).toEqual([{ id: again.body.data.id }]);
    ok(await s.http().delete(`/api/lessons/${owners.lesson}/recording`).set('Authorization', teacher.token));
    expect((await as(s.admin).get(`/api/lessons/${owners.lesson}/recording`)).status).toBe(404);
  });

  it('social media: anyone reads the footer links without a token; staff who change settings set them, audited', async () => {
    const empty = await s.http().get('/api/social-media');
    ok(empty);
    expect(empty.body.data).toEqual({ instagram: null, telegram: null, youtube: null, tiktok: null, updatedAt: null });
    for (const locale of ['kk', 'ru', 'en']) {
      const bad = await s.http().put('/api/social-media').set('Authorization', s.admin).set('X-Locale', locale).send({ instagram: 'http://instagram.com/x' });
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await s.http().put('/api/social-media').set('Authorization', pupilA.token).send({ instagram: 'https://instagram.com/x' })).status).toBe(403);
    expect((await s.http().get('/api/social-media')).body.data.instagram).toBeNull();
    const saved = await s.http().put('/api/social-media').set('Authorization', s.admin).set('X-Locale', 'kk')
      .send({ instagram: 'https://www.instagram.com/altynsaqa', telegram: 'https://t.me/altynsaqa' });
    ok(saved);
    expect(saved.body.message).toBe('Сақталды.');
    ok(await s.http().put('/api/social-media').set('Authorization', s.admin).send({ telegram: null, youtube: 'https://www.youtube.com/@altynsaqa' }));
    const read = await s.http().get('/api/social-media');
    expect(read.body.data).toMatchObject({ instagram: 'https://www.instagram.com/altynsaqa', telegram: null, youtube: 'https://www.youtube.com/@altynsaqa', tiktok: null });
    expect(await s.sql("SELECT action FROM {learning}.audit_log WHERE resource = 'social-media'")).toHaveLength(2);
  });
});
