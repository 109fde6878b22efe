/**
 * Pictures in chat (docs/chat.md) against real PostgreSQL, NATS and the kit's local storage: a member's upload is
 * re-encoded (WebP, no metadata) and kept for that group; a message names it and members read it through the group;
 * a non-member (also with a guessed group id) is refused with 404 and nothing is stored; bad bytes, a wrong content
 * type and a too-large file are localized 4xx with nothing stored; a picture is sent only by its uploader in its
 * group; a hidden message's picture is gone for members, not for staff.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { CHAT_LIMITS, type ChatImageView, ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { membership, processed, publish } from './helpers';

describe('chat pictures', () => {
  const ns = createTestNamespace();
  let node: RunningService;
  let auth: RunningService;
  let uploadDir: string;
  const challenge = { kind: 'challenge' as const, id: randomUUID() };
  const other = { kind: 'training' as const, id: randomUUID() };
  const aigerim = randomUUID();
  const nurlan = randomUUID();
  const stranger = randomUUID();
  const tokens: Record<string, string> = {};
  let groupId: string;
  let otherGroupId: string;
  let photo: Buffer;

  const as = (who: string, locale = 'en') => ({ authorization: `Bearer ${tokens[who]}`, 'x-locale': locale });
  const upload = (who: string, group: string, file: Buffer, opts: { name?: string; type?: string; locale?: string } = {}) =>
    request(node.url).post(`/api/chat/groups/${group}/images`).set(as(who, opts.locale))
      .attach('image', file, { filename: opts.name ?? 'photo.jpg', contentType: opts.type ?? 'image/jpeg' });
  const send = (who: string, group: string, body: Record<string, unknown>) =>
    request(node.url).post(`/api/chat/groups/${group}/messages`).set(as(who)).send({ clientId: randomUUID().replace(/-/g, ''), ...body });
  const readImage = (who: string, url: string) => request(node.url).get(url).set(as(who)).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  const stored = async () => ({
    rows: Number(((await node.app.get(DataSource).query('SELECT COUNT(*) AS n FROM chat_images')) as { n: string }[])[0].n),
    files: (await readdir(join(uploadDir, 'images')).catch(() => [])).length,
  });

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'chat-images-'));
    auth = await startAuth(ns.envFor('auth'));
    node = await startNotifications(ns.envFor('notifications', { UPLOAD_DIR: uploadDir }));
    for (const id of [aigerim, nurlan, stranger]) tokens[id] = await testToken({ userId: id });
    tokens.admin = await testToken({ roleId: ROLE.admin });
    const now = new Date();
    const ids = await publish(node, 'learning.membership.changed', [
      membership(challenge, aigerim, 'Aigerim S.', true, now),
      membership(challenge, nurlan, 'Nurlan A.', true, now),
      membership(other, aigerim, 'Aigerim S.', true, now),
    ]);
    await waitFor(async () => (await Promise.all(ids.map((id) => processed(node, id)))).every(Boolean), { what: 'the members in' });
    const groups = (await request(node.url).get('/api/chat/groups').set(as(aigerim))).body.data as { id: string; kind: string }[];
    groupId = groups.find((g) => g.kind === 'challenge')?.id as string;
    otherGroupId = groups.find((g) => g.kind === 'training')?.id as string;
    // A JPEG carrying EXIF (a camera's, with the place it was taken): none of it may survive.
    photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .jpeg().withExif({ IFD0: { Copyright: 'secret-place', Artist: 'Aigerim Seitova' } }).toBuffer();
  }, 60_000);

  afterAll(async () => {
    await node?.close();
    await auth?.close();
    await ns.cleanup();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('a member uploads a picture: re-encoded to WebP within the side limit, metadata gone; a message shows it to members', async () => {
    const res = await upload(aigerim, groupId, photo);
    expect(res.status).toBe(201);
    const view = res.body.data as ChatImageView;
    expect(view).toMatchObject({ mime: 'image/webp', width: CHAT_LIMITS.imageMaxSide, height: CHAT_LIMITS.imageMaxSide / 2 });
    expect(view.url).toBe(`/api/chat/groups/${groupId}/images/${view.image}`);

    const sent = await send(aigerim, groupId, { text: 'Менің суретім', image: view.image });
    expect(sent.status).toBe(201);
    expect(sent.body.data.image).toEqual({ url: view.url });

    const bytes = await readImage(nurlan, view.url);
    expect([bytes.status, bytes.headers['content-type']]).toEqual([200, 'image/webp']);
    const meta = await sharp(bytes.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', CHAT_LIMITS.imageMaxSide, undefined]);
    expect((bytes.body as Buffer).includes('secret-place')).toBe(false);
    // Through the history too: the member who did not send it sees the picture's address.
    const history = await request(node.url).get(`/api/chat/groups/${groupId}/messages`).set(as(nurlan));
    expect(history.body.data.at(-1).image).toEqual({ url: view.url });
  });

  it('a non-member, also with a guessed group id, is refused with 404 and nothing is stored; anonymous is 401', async () => {
    const before = await stored();
    for (const id of [groupId, randomUUID()]) {
      const res = await upload(stranger, id, photo, { locale: 'ru' });
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
      expect(res.body.message).toMatch(/[а-я]/);
    }
    const anonymous = await request(node.url).post(`/api/chat/groups/${groupId}/images`).attach('image', photo, 'photo.jpg');
    expect(anonymous.status).toBe(401);
    expect(await stored()).toEqual(before);

    // Nor can a stranger read a member's picture, or a member read it through another group of theirs.
    const mine = (await upload(aigerim, groupId, photo)).body.data as ChatImageView;
    await send(aigerim, groupId, { image: mine.image });
    expect((await readImage(stranger, mine.url)).status).toBe(404);
    expect((await readImage(aigerim, `/api/chat/groups/${otherGroupId}/images/${mine.image}`)).status).toBe(404);
    expect((await readImage(aigerim, `/api/chat/groups/${groupId}/images/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('bad bytes, a wrong content type and a too-large file are localized 4xx, and nothing is stored', async () => {
    const before = await stored();
    const messages: string[] = [];
    for (const locale of ['kk', 'ru', 'en']) {
      const fake = await upload(aigerim, groupId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { name: 'cat.png', type: 'image/png', locale });
      expect([fake.status, fake.body.code]).toEqual([400, 'UPLOAD_TYPE_NOT_ALLOWED']);
      messages.push(fake.body.message as string);
    }
    expect(new Set(messages).size).toBe(3);
    // A PNG's magic number with garbage after it: it does not decode.
    const broken = await upload(aigerim, groupId, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]), { name: 'x.png', type: 'image/png' });
    expect(broken.status).toBe(400);
    expect(['IMAGE_UNREADABLE', 'UPLOAD_TYPE_NOT_ALLOWED']).toContain(broken.body.code);
    const json = await request(node.url).post(`/api/chat/groups/${groupId}/images`).set(as(aigerim)).send({ image: photo.toString('base64') });
    expect([json.status, json.body.code]).toEqual([400, 'UPLOAD_FORM_INVALID']);
    const wrongField = await request(node.url).post(`/api/chat/groups/${groupId}/images`).set(as(aigerim)).attach('file', photo, 'photo.jpg');
    expect([wrongField.status, wrongField.body.code]).toEqual([400, 'UPLOAD_FORM_INVALID']);
    const big = await upload(aigerim, groupId, Buffer.concat([photo, Buffer.alloc(CHAT_LIMITS.imageMaxBytes)]), { locale: 'kk' });
    expect([big.status, big.body.code]).toEqual([413, 'UPLOAD_TOO_LARGE']);
    expect(big.body.message).toContain('5');
    const empty = await upload(aigerim, groupId, Buffer.alloc(0));
    expect([empty.status, empty.body.code]).toEqual([400, 'UPLOAD_EMPTY']);
    expect(await stored()).toEqual(before);
  });

  it("a message sends only its sender's picture of that group; a hidden message's picture is gone for members, not for staff", async () => {
    const mine = (await upload(aigerim, groupId, photo)).body.data as ChatImageView;
    const count = async () => Number(((await node.app.get(DataSource).query('SELECT COUNT(*) AS n FROM chat_messages')) as { n: string }[])[0].n);
    const before = await count();
    const others = await send(nurlan, groupId, { image: mine.image });
    expect([others.status, others.body.code]).toEqual([400, 'CHAT_IMAGE_NOT_FOUND']);
    const elsewhere = await send(aigerim, otherGroupId, { image: mine.image });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'CHAT_IMAGE_NOT_FOUND']);
    const guessed = await send(aigerim, groupId, { image: `${randomUUID()}.webp` });
    expect([guessed.status, guessed.body.code]).toEqual([400, 'CHAT_IMAGE_NOT_FOUND']);
    expect(await count()).toBe(before);
    // Not sent yet: only its uploader reads it.
    expect((await readImage(nurlan, mine.url)).status).toBe(404);
    expect((await readImage(aigerim, mine.url)).status).toBe(200);

    const sent = await send(aigerim, groupId, { image: mine.image });
    expect(sent.status).toBe(201);
    expect((await readImage(nurlan, mine.url)).status).toBe(200);
    const hidden = await request(node.url).post(`/api/chat/admin/messages/${sent.body.data.id}/hide`).set(as('admin')).send({});
    expect(hidden.status).toBe(200);
    expect((await readImage(nurlan, mine.url)).status).toBe(404);
    expect((await readImage('admin', mine.url)).status).toBe(200);
    // Staff still see what the hidden message showed (moderation); members see nothing of it.
    const staffHistory = await request(node.url).get(`/api/chat/admin/groups/${groupId}/messages`).set(as('admin'));
    const staffView = (staffHistory.body.data as { id: string; image: unknown; originalImage: unknown }[]).find((x) => x.id === sent.body.data.id);
    expect(staffView).toMatchObject({ image: null, originalImage: { url: mine.url } });
  });

  it('a moderator pins an announcement with a picture they uploaded to the group; another picture name is refused', async () => {
    const staffPicture = (await upload('admin', groupId, photo)).body.data as ChatImageView;
    const others = (await upload(aigerim, groupId, photo)).body.data as ChatImageView;
    const refused = await request(node.url).post(`/api/chat/admin/groups/${groupId}/announcements`).set(as('admin', 'ru')).send({ text: 'Назар аударыңыз', image: others.image });
    expect([refused.status, refused.body.code]).toEqual([400, 'CHAT_IMAGE_NOT_FOUND']);
    expect(refused.body.message).toMatch(/[а-я]/);
    const pinned = await request(node.url).post(`/api/chat/admin/groups/${groupId}/announcements`).set(as('admin')).send({ text: 'Назар аударыңыз', image: staffPicture.image });
    expect(pinned.status).toBe(201);
    expect(pinned.body.data).toMatchObject({ pinned: true, image: { url: staffPicture.url } });
    const group = await request(node.url).get(`/api/chat/groups/${groupId}`).set(as(nurlan));
    expect(group.body.data.pinned.image).toEqual({ url: staffPicture.url });
    expect((await readImage(nurlan, staffPicture.url)).status).toBe(200);
  });
});
