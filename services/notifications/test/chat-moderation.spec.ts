/**
 * Chat moderation (docs/chat.md): a member reports a message, staff see it with the author, hide it (it disappears
 * for every member, live), mute, close and reopen the group, make an extra group from the thing's members, and pin
 * an announcement that every member also gets as a notice. Every staff action is in the service's audit log.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { io } from 'socket.io-client';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { type ChatMessageView, type NoticeView, ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { type Client, membership, processed, publish } from './helpers';

describe('chat moderation', () => {
  const ns = createTestNamespace();
  let node: RunningService;
  let auth: RunningService;
  const course = { kind: 'course_group' as const, id: randomUUID() };
  const pupils = { aruzhan: randomUUID(), timur: randomUUID(), madina: randomUUID() };
  const tokens: Record<string, string> = {};
  const sockets: Client[] = [];
  let groupId: string;

  const api = (method: 'get' | 'post' | 'patch', path: string, who: string, locale = 'en') =>
    request(node.url)[method](`/api${path}`).set('authorization', `Bearer ${tokens[who]}`).set('x-locale', locale);
  const listen = async (who: string) => {
    const socket: Client = io(node.url, { path: '/socket.io', transports: ['websocket'], auth: { token: tokens[who], locale: 'ru' }, reconnection: false, forceNew: true });
    sockets.push(socket);
    const got = { updates: [] as ChatMessageView[], messages: [] as ChatMessageView[], notices: [] as NoticeView[], closed: [] as (string | null)[] };
    socket.on('chat:updated', (m) => got.updates.push(m));
    socket.on('chat:message', (m) => got.messages.push(m));
    socket.on('notice', (n) => got.notices.push(n));
    socket.on('chat:group', (g) => got.closed.push(g.closedAt));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(5000).emitWithAck('chat:join', { groupId })).toMatchObject({ ok: true });
    return got;
  };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    node = await startNotifications(ns.envFor('notifications'));
    for (const [name, id] of Object.entries(pupils)) tokens[name] = await testToken({ userId: id });
    tokens.admin = await testToken({ roleId: ROLE.admin });
    tokens.manager = await testToken({ roleId: ROLE.manager });
    tokens.contentMaker = await testToken({ roleId: ROLE.contentMaker });
    const at = new Date(Date.now() - 60_000);
    const ids = await publish(node, 'learning.membership.changed', [
      membership(course, pupils.aruzhan, 'Aruzhan B.', true, at),
      membership(course, pupils.timur, 'Timur K.', true, at),
      membership(course, pupils.madina, 'Madina O.', true, at),
    ]);
    await waitFor(async () => (await Promise.all(ids.map((id) => processed(node, id)))).every(Boolean), { what: 'members in' });
    groupId = (await api('get', `/chat/admin/groups?kind=course_group&refId=${course.id}`, 'admin')).body.data[0].id;
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await node?.close();
    await auth?.close();
    await ns.cleanup();
  });

  it('a reported message hidden by staff disappears for every member at once; the report is resolved and audited', async () => {
    const aruzhan = await listen('aruzhan');
    const timur = await listen('timur');
    const bad = (await api('post', `/chat/groups/${groupId}/messages`, 'timur').send({ clientId: 'bad-message-1', text: 'rude words' })).body.data as ChatMessageView;
    await waitFor(() => aruzhan.messages.some((m) => m.id === bad.id), { what: 'the message delivered' });

    const report = await api('post', `/chat/messages/${bad.id}/report`, 'aruzhan').send({ reason: 'Rude' });
    expect(report.status).toBe(201);
    const repeat = await api('post', `/chat/messages/${bad.id}/report`, 'aruzhan').send({ reason: 'Rude again' });
    expect(repeat.body.data.id).toBe(report.body.data.id);

    const listed = await api('get', `/chat/admin/groups/${groupId}/reports`, 'manager');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ reason: 'Rude', reporterName: 'Aruzhan B.', resolvedAt: null, message: expect.objectContaining({ id: bad.id, authorId: pupils.timur, originalText: 'rude words' }) }),
    ]);
    expect((await api('get', `/chat/admin/groups/${groupId}`, 'manager')).body.data.openReports).toBe(1);
    // A content maker has no chat key.
    expect((await api('post', `/chat/admin/messages/${bad.id}/hide`, 'contentMaker').send({})).status).toBe(403);

    const hidden = await api('post', `/chat/admin/messages/${bad.id}/hide`, 'manager').send({ reason: 'insult' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ text: null, originalText: 'rude words' });
    for (const who of [aruzhan, timur]) {
      await waitFor(() => who.updates.some((m) => m.id === bad.id && m.text === null && m.hiddenAt !== null), { what: 'the hide pushed' });
    }
    const history = await api('get', `/chat/groups/${groupId}/messages`, 'aruzhan');
    expect(history.body.data.find((m: ChatMessageView) => m.id === bad.id)).toMatchObject({ text: null });
    expect((await api('get', `/chat/admin/groups/${groupId}/reports`, 'manager')).body.data[0].resolvedAt).not.toBeNull();
    const replyToHidden = await api('post', `/chat/groups/${groupId}/messages`, 'aruzhan', 'ru').send({ clientId: 'reply-to-hidden', text: 'why', replyTo: bad.id });
    expect(replyToHidden.status).toBe(409);
    expect(replyToHidden.body.message).toMatch(/скрыто/);

    const log = await api('get', '/logs/notifications', 'admin').query({ 'filter[0]': 'action||$eq||chat.message.hide' });
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ resourceId: bad.id });
  });

  it('closes and reopens a group: members read but cannot write while it is closed', async () => {
    const madina = await listen('madina');
    expect((await api('post', `/chat/admin/groups/${groupId}/close`, 'manager').send({})).body.data.closedAt).not.toBeNull();
    await waitFor(() => madina.closed.at(-1), { what: 'closed pushed' });
    const refused = await api('post', `/chat/groups/${groupId}/messages`, 'madina', 'kk').send({ clientId: 'while-closed', text: 'hello' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CHAT_GROUP_CLOSED');
    expect(refused.body.message).toContain('жапты');
    expect((await api('get', `/chat/groups/${groupId}/messages`, 'madina')).status).toBe(200);
    expect((await api('post', `/chat/admin/groups/${groupId}/reopen`, 'manager').send({})).body.data.closedAt).toBeNull();
    expect((await api('post', `/chat/groups/${groupId}/messages`, 'madina').send({ clientId: 'after-reopen', text: 'hello' })).status).toBe(201);
  });

  it('pins an announcement that every member also gets as a notice', async () => {
    const aruzhan = await listen('aruzhan');
    const res = await api('post', `/chat/admin/groups/${groupId}/announcements`, 'manager').send({ text: 'Ертең сабақ 10:00-де' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ pinned: true, author: { role: 'staff', name: null } });
    const notice = await waitFor(() => aruzhan.notices.find((n) => n.kind === 'chat.announcement'), { what: 'the notice' });
    expect(notice).toMatchObject({ toast: 'info', title: 'Объявление в «Олимпиада»', text: 'Ертең сабақ 10:00-де' });
    const group = await api('get', `/chat/groups/${groupId}`, 'timur');
    expect(group.body.data.pinned).toMatchObject({ id: res.body.data.id, text: 'Ертең сабақ 10:00-де' });
    for (const who of ['aruzhan', 'timur', 'madina']) {
      const list = await api('get', '/notices', who);
      expect(list.body.data.filter((n: NoticeView) => n.kind === 'chat.announcement')).toHaveLength(1);
    }
  });

  it('makes an extra group from the thing\'s members only; mutes are audited', async () => {
    const created = await api('post', '/chat/admin/groups', 'manager').send({ kind: 'course_group', refId: course.id, title: { kk: '5 сынып', ru: '5 класс', en: 'Grade 5' } });
    expect(created.status).toBe(201);
    const extra = created.body.data.id as string;
    expect((await api('post', `/chat/admin/groups/${extra}/members`, 'manager').send({ userId: pupils.timur, active: true })).status).toBe(200);
    const outsider = await api('post', `/chat/admin/groups/${extra}/members`, 'manager', 'ru').send({ userId: randomUUID(), active: true });
    expect(outsider.status).toBe(400);
    expect(outsider.body.code).toBe('CHAT_NOT_A_MEMBER');
    expect((await api('get', `/chat/groups/${extra}`, 'timur')).status).toBe(200);
    expect((await api('get', `/chat/groups/${extra}`, 'aruzhan')).status).toBe(404);
    const mine = await api('get', '/chat/groups?kind=course_group', 'timur');
    expect(mine.body.data.map((g: { id: string }) => g.id).sort()).toEqual([groupId, extra].sort());

    expect((await api('post', `/chat/admin/groups/${groupId}/mute`, 'manager').send({ userId: pupils.madina, minutes: 30 })).status).toBe(200);
    const members = await api('get', `/chat/admin/groups/${groupId}/members`, 'manager');
    expect(members.body.data.find((m: { userId: string }) => m.userId === pupils.madina).mutedUntil).not.toBeNull();
    const log = await api('get', '/logs/notifications', 'admin').query({ 'filter[0]': 'action||$in||chat.member.mute,chat.group.create,chat.member.add,chat.group.close,chat.announce' });
    expect((log.body as { action: string }[]).map((e: { action: string }) => e.action).sort()).toEqual(['chat.announce', 'chat.group.close', 'chat.group.create', 'chat.member.add', 'chat.member.mute']);
  });
});
